import { describe, expect, it } from 'vitest';
import { scriptedRoller } from '$lib/engine/dice';
import { padOf } from '$lib/components/dice/dice-pad';
import { batteriesFor, damageDiceSpecs, loadAllWith, splitFaces } from './ww-ui';
import type { BattleState } from '$lib/engine/events';
import { DEFAULT_OPTIONS, type WwOptions } from '$lib/rules/wooden-warships/options';
import { fightToEnd, fire, reload, roundDice } from '$lib/rules/wooden-warships/moves';
import type { CrewSkill } from '$lib/rules/wooden-warships/tables';
import { fleets, must, played, rolled } from '$lib/rules/wooden-warships/moves.testkit';
import { pounds, sheetOf } from '$lib/rules/wooden-warships/ships';

/** A boarding round's pad as the round's preview asks for it (`roundDice`), the ships unnamed or
 *  named. */
const roundPad = (
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number,
  names = { attacker: '', defender: '' }
) =>
  padOf(
    roundDice(
      { skill: attackerSkill, men: attackers, name: names.attacker, ship: null },
      { skill: defenderSkill, men: defenders, name: names.defender, ship: null }
    )
  );

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

  it('every die says what it is for and whose it is (attacker or defender)', () => {
    expect(roundPad('Novice', 'Novice', 5, 4, { attacker: 'Swift', defender: 'Sophie' })).toEqual([
      { count: 3, sides: 6, label: "Swift's boarders", group: 'Attacker: Swift' },
      { count: 2, sides: 6, label: "Sophie's defenders", group: 'Defender: Sophie' }
    ]);
  });

  it('boarding dice: three against two, fewer as the crews shrink, d8 for veterans', () => {
    expect(roundPad('Novice', 'Veteran', 10, 1)).toEqual([
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
});

describe('loading a ship in one action (issue 15 #11)', () => {
  // The batteries and what may load now are the reload move's preview, on a battle built through
  // the real moves: Pickle holds round shot in zones 1 and 2.
  const batteries = (s: BattleState, o: WwOptions = DEFAULT_OPTIONS) =>
    must(reload.preview.odds(s, { shipId: 'pickle' }, o)).batteries;

  it('every battery takes the shot, in one set of loads for one move', () => {
    const s = fleets();
    const loads = loadAllWith(batteries(s), 'grape');
    expect(loads).toEqual({
      foreChase: 'grape',
      aftChase: 'grape',
      zone1: 'grape',
      zone2: 'grape',
      zone3: 'grape',
      zone4: 'grape'
    });
    const after = played(s, reload, { shipId: 'pickle', loads });
    expect(Object.values(sheetOf(after.ships.pickle)?.loaded ?? {})).toEqual(
      Array(6).fill('grape')
    );
  });

  it('leaves out what already holds that shot, and what may not load now', () => {
    const s = fleets();
    expect(Object.keys(loadAllWith(batteries(s), 'round'))).toEqual([
      'foreChase',
      'aftChase',
      'zone3',
      'zone4'
    ]);
    const setup = {
      firerId: 'pickle',
      targetId: 'fleche',
      mode: 'fullBroadside' as const,
      batteries: ['zone1' as const, 'zone2' as const],
      distanceInches: 3,
      area: 'hull' as const,
      isExposedSide: false,
      hasLineOfSight: true
    };
    const misses = rolled(must(fire.preview.dice(s, setup, DEFAULT_OPTIONS)), 99);
    const fired = played(s, fire, { ...setup, hitRoll: misses, damageRoll: null });
    expect(loadAllWith(batteries(fired), 'grape')).toEqual({});
    const per = { ...DEFAULT_OPTIONS, reloadScope: 'perBattery' as const };
    expect(Object.keys(loadAllWith(batteries(fired, per), 'grape'))).toEqual([
      'foreChase',
      'aftChase',
      'zone3',
      'zone4'
    ]);
  });
});
