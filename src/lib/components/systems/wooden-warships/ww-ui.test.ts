import { describe, expect, it } from 'vitest';
import { scriptedRoller } from '$lib/rules/core/dice';
import { fightToEnd } from '$lib/rules/wooden-warships/moves';
import { pounds } from '$lib/rules/wooden-warships/ships';
import {
  batteriesFor,
  boardingDiceSpecs,
  damageDiceSpecs,
  hitDiceSpecs,
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

  it('every die says what it is for and whose it is (attacker or defender)', () => {
    expect(
      boardingDiceSpecs('Novice', 'Novice', 5, 4, { attacker: 'Swift', defender: 'Sophie' })
    ).toEqual([
      { count: 3, sides: 6, label: "Swift's boarders", group: 'Attacker: Swift' },
      { count: 2, sides: 6, label: "Sophie's defenders", group: 'Defender: Sophie' }
    ]);
    expect(
      hitDiceSpecs(
        [
          { battery: 'zone1', rolls: 2 },
          { battery: 'zone2', rolls: 1 }
        ],
        'Pickle',
        'Attacker: Pickle'
      )
    ).toEqual([
      { count: 2, sides: 100, label: 'Pickle, Zone 1: to hit', group: 'Attacker: Pickle' },
      { count: 1, sides: 100, label: 'Pickle, Zone 2: to hit', group: 'Attacker: Pickle' }
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
});
