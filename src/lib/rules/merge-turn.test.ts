import { describe, expect, it } from 'vitest';
import { privateers } from './privateers';
import { masterAndCommander } from './master-and-commander';
import type { RuleSystem } from '../engine/system';
import { withMoves } from './with-moves';
import { advanceMove, stepMark } from '../battle/advance';
import {
  INITIAL_STATE,
  stampEvent,
  type BattleEvent,
  type BattleState,
  type Json
} from '../engine/events';
import { applyEvent } from '../battle/fold';
import { foldMerged } from '../battle/merge-fold';
import { recheckFor } from '../battle/merge-recheck';
import { withInput, type MoveContext } from '../battle/move';
import { setupBattle } from '../battle/actions';
import type { Move } from '../battle/move';
import { firstPlayerMove, setupFleetsMove, windMove } from './master-and-commander/moves';
import { typed } from './master-and-commander/moves.testkit';
import type { McOptions } from './master-and-commander/options';

// Issue 31: a merged live log re-checks every move by its id, turn passing included. Two devices
// that both tap Next on the same step, offline from each other, pass it once: the later event
// (in merged order) is refused on the state the earlier one left, and flagged.

/** The variant each test plays: Privateers' one, Master and Commander's basic game. */
const variantOf = (system: RuleSystem): string =>
  system.variants.some((v) => v.id === 'basic') ? 'basic' : system.variants[0].id;

const ctxFor = (system: RuleSystem, now: number): MoveContext => ({
  options: system.readOptions ? system.readOptions({}, variantOf(system)) : {},
  storedOptions: {},
  variant: variantOf(system),
  now,
  newId: () => 'id'
});

/** Each device's Next on the same screen: the event it writes, clock-stamped as the live table does. */
function bothPass(system: RuleSystem, start: BattleState, at: number): BattleEvent[] {
  const ctx = ctxFor(system, at);
  const from = stepMark(system, start, { options: {}, variant: ctx.variant, now: at });
  const move = advanceMove(system);
  return ['tablet', 'phone'].map((device, i) => {
    const r = withInput(move.run(start, { from }, ctx), { from });
    if (!r.ok) throw new Error(r.error);
    return stampEvent(r.value, {
      id: `${device}-next`,
      battleId: 'b',
      seq: 2 + i,
      deviceId: device,
      at,
      clock: `00000000000${i + 1}0000`
    });
  });
}

function setup(system: RuleSystem): { event: BattleEvent; state: BattleState } {
  const draft = setupBattle(
    INITIAL_STATE,
    (system.initialSystemState?.(variantOf(system), {}) ?? null) as Json
  );
  // Written when the battle was made, before it was shared: no clock (a clocked event with changes
  // and no move is refused as forged, issue 34).
  const event = stampEvent(draft, {
    id: 'setup',
    battleId: 'b',
    seq: 1,
    deviceId: 'tablet',
    at: 0
  });
  return { event, state: applyEvent(INITIAL_STATE, event) };
}

describe('two devices pass the same step on a merged log', () => {
  it('Privateers: the phase passes once; the other Next is refused and flagged', async () => {
    const system = await withMoves(privateers as RuleSystem);
    const { event, state } = setup(system);
    const [first, second] = bothPass(system, state, 1000);
    // Each written alone is a next-step move, and says so by id (its kind is phase.advance).
    expect(first.meaning?.move).toBe(advanceMove(system).id);
    expect(first.kind).toBe('phase.advance');
    const check = recheckFor(system, {}, 'standard');
    const merged = foldMerged([event, first, second], check);
    expect(merged.state.phase).toBe(1);
    expect(merged.flags.get(second.id)?.text).toContain('already been passed');
    expect(merged.flags.has(first.id)).toBe(false);
    expect(merged.flags.get(second.id)?.applied).toBe(false);
    // Without the re-check (the old reading by kind found no move for phase.advance) the second
    // Next was applied over the first, only noted as a conflict.
    expect(foldMerged([event, first, second]).flags.get(second.id)?.applied).toBe(true);
  });

  it('Master and Commander: the captain’s Next is re-checked the same way', async () => {
    const system = await withMoves(masterAndCommander as RuleSystem);
    const { event, state: start } = setup(system);
    const ctx = {
      ...ctxFor(system, 0),
      newId: (() => {
        let n = 0;
        return () => `ship-${++n}`;
      })()
    };
    // The fleets, the first player and the wind, through the real moves, as one device wrote them.
    const played: BattleEvent[] = [event];
    let state = start;
    const play = <I>(move: Move<I, McOptions>, input: I) => {
      const r = withInput(move.run(state, input, ctx as MoveContext<McOptions>), input);
      if (!r.ok) throw new Error(r.error);
      const e = stampEvent(r.value, {
        id: `e${played.length}`,
        battleId: 'b',
        seq: played.length + 1,
        deviceId: 'tablet',
        at: 0,
        clock: `0000000000${String(played.length).padStart(2, '0')}0000`
      });
      played.push(e);
      state = applyEvent(state, e);
    };
    play(setupFleetsMove, {
      players: [
        { id: 'p-anna', name: 'Anna', colour: 'black', homeport: 'N' },
        { id: 'p-ben', name: 'Ben', colour: 'gold', homeport: 'S' }
      ],
      modules: {}
    });
    play(firstPlayerMove, { playerIds: ['p-anna', 'p-ben'], roll: typed([6, 1]) });
    play(windMove, { roll: typed([4]) });
    const [first, second] = bothPass(system, state, 1000).map((e, i) => ({
      ...e,
      seq: played.length + 1 + i,
      clock: `0000000000${String(played.length + i).padStart(2, '0')}0000`
    }));
    expect(first.meaning?.move).toBe('mc.next-step');
    const merged = foldMerged([...played, first, second], recheckFor(system, {}, 'basic'));
    expect(merged.state.phase).toBe(applyEvent(state, first).phase);
    expect(merged.flags.get(second.id)?.text).toContain('already been passed');
  });
});

describe('a merged move is parsed, not trusted (issue 31)', () => {
  it('a move from another device whose input is malformed is refused, flagged and changes nothing', async () => {
    const system = await withMoves(privateers as RuleSystem);
    const { event, state } = setup(system);
    const wind = system.moves.find((m) => m.id === 'pv.wind');
    if (!wind) throw new Error('pv.wind missing');
    // The phone's wind, made by the real move; its stored input then altered on the way (the ops
    // say 90°, the input a word): the re-check must not run the move on it.
    const r = withInput(wind.run(state, { windFromDeg: 90 }, ctxFor(system, 1000)), {
      windFromDeg: 90
    });
    if (!r.ok) throw new Error(r.error);
    const stamp = { battleId: 'b', deviceId: 'phone', at: 1000 };
    const sound = stampEvent(r.value, {
      ...stamp,
      id: 'wind-1',
      seq: 2,
      clock: '0000000000010000'
    });
    const tampered = stampEvent(
      { ...r.value, input: { windFromDeg: 'east' } },
      { ...stamp, id: 'wind-2', seq: 3, clock: '0000000000020000' }
    );
    const check = recheckFor(system, {}, 'standard');
    expect(foldMerged([event, sound], check).flags.size).toBe(0);
    const merged = foldMerged([event, tampered], check);
    expect(merged.flags.get(tampered.id)).toMatchObject({
      kind: 'refused',
      applied: false,
      text: '“Wind from 90°” not applied: Not a valid input for pv.wind (windFromDeg: expected a number); nothing was changed.'
    });
    expect(merged.state).toEqual(state);
  });
});
