import { describe, expect, it } from 'vitest';
import type { BattleState, EventDraft } from '$lib/battle/events';
import { err, ok } from '$lib/rules/core/result';
import { scriptedRoller } from '$lib/rules/core/dice';
import {
  batteriesFor,
  boardingDiceSpecs,
  damageDiceSpecs,
  fightToEnd,
  pounds,
  runBattleAction,
  splitFaces
} from './ww-ui';

describe('Wooden Warships calculator helpers', () => {
  it('the guns a fire mode uses, for the battle and the calculator alike (B.3.8)', () => {
    expect(batteriesFor('fullBroadside', '34', 'zone1', 'foreChase')).toEqual(['zone3', 'zone4']);
    expect(batteriesFor('halfBroadside', '12', 'zone2', 'foreChase')).toEqual(['zone2']);
    expect(batteriesFor('chase', '12', 'zone2', 'aftChase')).toEqual(['aftChase']);
  });

  it('damage dice specs follow the resolver order: full dice, then half dice', () => {
    expect(
      damageDiceSpecs([
        { sides: 6, count: 1, hasHalf: true, isMatched: true },
        { sides: 4, count: 2, hasHalf: false, isMatched: false }
      ])
    ).toEqual([
      { count: 1, sides: 6, label: 'damage' },
      { count: 2, sides: 4, label: 'damage' },
      { count: 1, sides: 6, label: 'half die' }
    ]);
  });

  it('boarding dice: three against two, fewer as the crews shrink, d8 for veterans', () => {
    expect(boardingDiceSpecs('Novice', 'Veteran', 10, 1)).toEqual([
      { count: 3, sides: 6, label: 'boarders' },
      { count: 1, sides: 8, label: 'defenders' }
    ]);
  });

  it('splits faces and fights to the end with scripted dice', () => {
    expect(
      splitFaces({ source: 'entered', dice: [1, 2, 3].map((face) => ({ sides: 6, face })) }, [2, 1])
    ).toEqual([[1, 2], [3]]);
    // 2 v 1 Novice: boarders 6,6 beat 1 at once.
    const r = fightToEnd(
      { attackerSkill: 'Novice', defenderSkill: 'Novice', attackers: 2, defenders: 1 },
      scriptedRoller([6, 6, 1])
    );
    expect(r.rounds).toHaveLength(1);
    expect(r.rounds[0].result).toBe('captured');
    expect(pounds(7000)).toBe('£7,000');
  });

  it('a battle action is refused on screen, or built again on the state it is written on', async () => {
    const onScreen = { turn: 1 } as unknown as BattleState;
    const writtenOn = { turn: 2 } as unknown as BattleState;
    const seen: BattleState[] = [];
    const writes: Promise<unknown>[] = [];
    const session = {
      state: onScreen,
      act: (make: (state: BattleState) => EventDraft) => {
        writes.push(Promise.resolve().then(() => make(writtenOn)));
        return Promise.resolve(null);
      }
    };
    const shown: string[] = [];
    const show = (m: string): void => {
      shown.push(m);
    };
    const draft = {} as EventDraft;

    expect(runBattleAction(session, () => err('Name the ship.'), show)).toBe(false);
    expect(shown).toEqual(['Name the ship.']);
    expect(writes).toHaveLength(0);

    const make = (state: BattleState) => {
      seen.push(state);
      return ok(draft);
    };
    expect(runBattleAction(session, make, show)).toBe(true);
    expect(shown).toEqual(['Name the ship.', '']);
    await expect(writes[0]).resolves.toBe(draft);
    expect(seen).toEqual([onScreen, writtenOn]);

    // The log moved on between the screen and the write: the write is refused, not made stale.
    const staleOnly = (state: BattleState) => (state === onScreen ? ok(draft) : err('Stale.'));
    expect(runBattleAction(session, staleOnly, show)).toBe(true);
    await expect(writes[1]).rejects.toThrow('Stale.');
  });
});
