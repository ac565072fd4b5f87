// Issue 31: the movement panel's allowance is the ship move's own (`moveShipMove.preview`), drawn
// as the battle draws it, on battles set up through the real moves (the testkit).
import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import type { BattleSession } from '$lib/state/battle.svelte';
import {
  endTurnMove,
  moveShipMove,
  movementRollMove,
  windMove
} from '$lib/rules/master-and-commander/moves';
import {
  annaFirst,
  ctxOf,
  must,
  play,
  twoPlayerGame,
  typed,
  viewOf
} from '$lib/rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS } from '$lib/rules/master-and-commander/options';
import McMovement from './McMovement.svelte';

/** Each ship card's allowance line, by ship name. */
function allowances(state: BattleState): Record<string, string> {
  const session = {
    state,
    battle: { id: 'b' },
    history: { done: [] },
    isBusy: false
  } as unknown as BattleSession;
  const { body } = render(McMovement, {
    props: { session, view: viewOf(state), opts: DEFAULT_OPTIONS }
  });
  return Object.fromEntries(
    [
      ...body.matchAll(
        /data-testid="mc-move-([^"]+)"[\s\S]*?data-testid="mc-allowance"[^>]*>([^<]*)</g
      )
    ].map((m) => [m[1], m[2].trim()])
  );
}

const allowanceOf = (state: BattleState, shipId: string): string => {
  const a = moveShipMove.preview.odds(state, { shipId }, DEFAULT_OPTIONS);
  return a.ok ? a.value.text : a.error;
};

describe('the movement panel’s allowance is the ship move’s preview (issue 31)', () => {
  it('a westerly: each of Anna’s ships heading south is on a reach, as the move checks it', () => {
    const s = annaFirst(twoPlayerGame('basic'), [6, 1], 4);
    expect(allowances(s)).toEqual({
      'Anna 1': allowanceOf(s, 'ship-1'),
      'Anna 2': allowanceOf(s, 'ship-2')
    });
    expect(allowanceOf(s, 'ship-1')).toBe('On a reach: up to 5');
  });

  it('the sand ran out and the turn passed: no allowance until the Wind Die is rolled again', () => {
    // The old panel showed Ben's allowance in the wind about to be rolled again ('On a reach: up
    // to 5'); the move takes no report until the roll ("before taking his or her turn", A.4.3).
    let s = annaFirst(twoPlayerGame('basic'), [6, 1], 4);
    s = must(play(endTurnMove, s, {}, ctxOf(DEFAULT_OPTIONS, 200_000))).next;
    expect(moveShipMove.preview.odds(s, { shipId: 'ship-3' }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(allowances(s)).toEqual({ 'Ben 1': 'No move now', 'Ben 2': 'No move now' });
    // Rolled: a northerly, and Ben's ships heading north are upwind.
    s = must(play(windMove, s, { roll: typed([1]) }, ctxOf(DEFAULT_OPTIONS, 200_000))).next;
    expect(allowances(s)['Ben 1']).toBe(allowanceOf(s, 'ship-3'));
    expect(allowanceOf(s, 'ship-3')).toBe('Upwind: up to 1');
  });

  it('a storm before its roll, and a Beginner ship after its roll, as the move says', () => {
    const storm = annaFirst(twoPlayerGame('basic'), [6, 1], 5);
    expect(allowances(storm)['Anna 1']).toBe(allowanceOf(storm, 'ship-1'));
    expect(allowanceOf(storm, 'ship-1')).toBe('Storm: roll one die for movement first.');
    let b = annaFirst(twoPlayerGame('beginner'));
    b = must(play(movementRollMove, b, { shipId: 'ship-1', roll: typed([3]) })).next;
    const name = viewOf(b).ships.find((x) => x.id === 'ship-1')?.sheet.name ?? '';
    expect(allowances(b)[name]).toBe(allowanceOf(b, 'ship-1'));
    expect(allowanceOf(b, 'ship-1')).toBe('Move 3 squares');
  });
});
