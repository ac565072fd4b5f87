import { describe, expect, it } from 'vitest';
import { scriptedRoller } from '$lib/engine/dice';
import { fightToEnd } from '$lib/rules/wooden-warships/moves';
import { pounds } from '$lib/rules/wooden-warships/ships';
import { batteriesFor, boardingDiceSpecs, damageDiceSpecs, loadAllWith, splitFaces } from './ww-ui';
import { exampleChart } from '$lib/rules/wooden-warships/example-charts';
import { DEFAULT_OPTIONS } from '$lib/rules/wooden-warships/options';
import { reload as reloadSheet } from '$lib/rules/wooden-warships/resolve-turn';
import { sheetFromChart } from '$lib/rules/wooden-warships/sheet';

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

describe('loading a ship in one action (issue 15 #11)', () => {
  const ship = sheetFromChart({ name: 'Swift', chart: exampleChart('Brig') });

  it('every battery takes the shot, in one set of loads for one move', () => {
    const loads = loadAllWith(ship, 'round', 'wholeShip');
    expect(loads).toEqual({
      foreChase: 'round',
      aftChase: 'round',
      zone1: 'round',
      zone2: 'round',
      zone3: 'round',
      zone4: 'round'
    });
    const r = reloadSheet(ship, loads, DEFAULT_OPTIONS);
    expect(r.ok && Object.values(r.value.loaded)).toEqual(Array(6).fill('round'));
  });

  it('leaves out what already holds that shot, and what may not load now', () => {
    const half = { ...ship, loaded: { ...ship.loaded, zone1: 'round' as const } };
    expect(Object.keys(loadAllWith(half, 'round', 'wholeShip'))).not.toContain('zone1');
    const fired = { ...ship, firedThisTurn: ['zone3' as const] };
    expect(loadAllWith(fired, 'grape', 'wholeShip')).toEqual({});
    expect(Object.keys(loadAllWith(fired, 'grape', 'perBattery'))).toEqual([
      'foreChase',
      'aftChase',
      'zone1',
      'zone2',
      'zone4'
    ]);
  });
});
