import { describe, expect, it } from 'vitest';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction, rational } from '../../engine/rational';
import { fire, type FireSetup } from './moves';
import { fleets, must, play, rolled } from './moves.testkit';
import { fireOdds } from './odds-gunnery';
import { DEFAULT_OPTIONS } from './options';

// Issue 31 item 2: the attack's damage step (its odds and its dice pad) is the fire move's preview
// once the percentiles are in. The preview's odds are checked against every face played through
// the move itself, on the testkit's Pickle firing at Fleche.

const o = DEFAULT_OPTIONS;

function setup(batteries: FireSetup['batteries']): FireSetup {
  return {
    firerId: 'pickle',
    targetId: 'fleche',
    mode: batteries.length === 1 ? 'halfBroadside' : 'fullBroadside',
    batteries,
    distanceInches: 3,
    area: 'hull',
    isExposedSide: false,
    hasLineOfSight: true
  };
}

/** Every combination of faces of `sides`-sided dice, `count` of them. */
function* allFaces(count: number, sides: number): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (const rest of allFaces(count - 1, sides))
    for (let f = 1; f <= sides; f++) yield [...rest, f];
}

const roll = (faces: readonly number[], sides: number): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ sides, face }))
});

describe('the attack before its rolls: odds counted face by face through the move', () => {
  it('one percentile from Zone 1: its 100 faces, played by the move, hit as often as the preview says', () => {
    const s = fleets();
    const aim = setup(['zone1']);
    const outlook = must(fire.preview.odds(s, aim, o));
    const hitDice = must(fire.preview.dice(s, aim, o));
    expect(hitDice.map((d) => [d.count, d.sides])).toEqual([[1, 100]]);
    let hits = 0;
    for (let face = 1; face <= 100; face++) {
      const faces = [face];
      const damage = must(fire.preview.dice(s, { ...aim, hitFaces: faces }, o));
      const after = must(fire.preview.odds(s, { ...aim, hitFaces: faces }, o));
      const event = play(fire, s, {
        ...aim,
        hitRoll: roll(faces, 100),
        damageRoll: after.hits?.hits ? rolled(damage, 1) : null
      });
      hits += (event.roll?.outcome as { hits: number }).hits;
    }
    expect(formatFraction(fireOdds(outlook.plan).perRoll)).toBe(
      formatFraction(rational(hits, 100))
    );
  });

  for (const batteries of [['zone1'], ['zone1', 'zone2']] as FireSetup['batteries'][]) {
    it(`every hit from ${batteries.join(' and ')}: the damage odds and the dice pad are what the move deals`, () => {
      const s = fleets();
      const aim = setup(batteries);
      const hitFaces = rolled(must(fire.preview.dice(s, aim, o)), 1).dice.map((d) => d.face);
      const outlook = must(fire.preview.odds(s, { ...aim, hitFaces }, o));
      expect(outlook.hits?.hits).toBe(batteries.length);
      const plan = outlook.damagePlan;
      if (!plan) throw new Error('every roll hit: a damage plan is due');
      const dice = must(fire.preview.dice(s, { ...aim, hitFaces }, o));
      const sides = dice[0].sides;
      expect(dice.every((d) => d.sides === sides && d.ship === 'pickle' && d.isHighGood)).toBe(
        true
      );
      const count = dice.reduce((n, d) => n + d.count, 0);
      const tally = new Map<number, number>();
      let total = 0;
      for (const faces of allFaces(count, sides)) {
        const event = play(fire, s, {
          ...aim,
          hitRoll: roll(hitFaces, 100),
          damageRoll: roll(faces, sides)
        });
        const damage = (event.roll?.outcome as { damage: number }).damage;
        tally.set(damage, (tally.get(damage) ?? 0) + 1);
        total++;
      }
      const odds = fireOdds(plan).damage;
      expect(odds.values().sort((a, b) => a - b)).toEqual([...tally.keys()].sort((a, b) => a - b));
      for (const [damage, n] of tally) {
        expect(formatFraction(odds.prob(damage))).toBe(formatFraction(rational(n, total)));
      }
    });
  }

  it('every roll missed: no damage plan and no damage dice', () => {
    const s = fleets();
    const aim = setup(['zone1', 'zone2']);
    const hitFaces = [99, 99];
    const outlook = must(fire.preview.odds(s, { ...aim, hitFaces }, o));
    expect(outlook.hits?.hits).toBe(0);
    expect(outlook.damagePlan).toBeNull();
    expect(must(fire.preview.dice(s, { ...aim, hitFaces }, o))).toEqual([]);
  });
});
