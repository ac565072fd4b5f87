import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean } from '../../engine/dist';
import { compare, mul, ONE, rational, sum } from '../../engine/rational';
import { exampleChart } from './example-charts';
import { boardingRoundOdds as checkedRoundOdds } from './odds-boarding';
import { unchecked } from '../../engine/brute.test-helpers';
import { anyHitChance, damageDist, perRollHitChance } from './odds-gunnery';
import { DEFAULT_OPTIONS } from './options';
import { planFire } from './resolve-gunnery';
import { sheetFromChart } from './sheet';
import { CREW_SKILLS } from './tables';

const boardingRoundOdds = unchecked(checkedRoundOdds);

// Property tests (fast-check) on the exact odds: they are distributions, and they move the way the
// rules say they must.

const skill = fc.constantFrom(...CREW_SKILLS);

describe('boarding round odds', () => {
  it('sum to 1 and cost exactly min(dice) men per round', () => {
    fc.assert(
      fc.property(
        skill,
        skill,
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (sa, sd, a, d) => {
          const out = boardingRoundOdds(sa, sd, a, d);
          expect(sum(out.map((o) => o.p))).toEqual(ONE);
          const m = Math.min(3, a, 2, d);
          for (const o of out) expect(o.attackerLosses + o.defenderLosses).toBe(m);
        }
      ),
      { numRuns: 60 }
    );
  });
});

describe('gunnery odds', () => {
  const decks = fc.constantFrom(0.5, 1, 2, 3);
  it('damage is a distribution whose mean is R·p·b·w·E[die] with matching shot', () => {
    fc.assert(
      fc.property(
        decks,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (deckCount, diceCount, percent, isFull) => {
          const row = [percent];
          const chart = {
            ...exampleChart('Frigate'),
            decks: deckCount,
            damageDice: { count: diceCount, sides: 6 },
            hitTable: {
              bands: [{ upToInches: 10 }],
              percent: { ManOWar: row, Frigate: row, Brig: row, Corvette: row, BattleSchooner: row }
            }
          };
          const s = sheetFromChart({ name: 'p', chart });
          const firer = {
            ...s,
            loaded: { ...s.loaded, zone1: 'round' as const, zone2: 'round' as const }
          };
          const plan = planFire(
            {
              firer,
              mode: isFull ? 'fullBroadside' : 'halfBroadside',
              batteries: isFull ? ['zone1', 'zone2'] : ['zone1'],
              targetType: 'Brig',
              distanceInches: 3,
              area: 'hull'
            },
            DEFAULT_OPTIONS
          );
          if (!plan.ok) throw new Error(plan.error);
          const d = damageDist(plan.value);
          expect(sum(d.entries().map((e) => e.p))).toEqual(ONE);
          // B.7 #2: E[D] = R·p·b·E[die] for whole decks. A half die averages 2, not 3.5 / 2, so
          // half-deck ships are only checked for being a distribution here.
          const perHitDice = diceCount;
          if (deckCount >= 1) {
            const expected = mul(
              mul(rational(plan.value.totalRolls * perHitDice), perRollHitChance(plan.value)),
              rational(7, 2)
            );
            expect(mean(d)).toEqual(expected);
          }
          expect(compare(anyHitChance(plan.value), ONE)).toBeLessThanOrEqual(0);
        }
      ),
      { numRuns: 40 }
    );
  });

  it('a higher chart percentage never lowers the chance of a hit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (percent) => {
        const mk = (p: number) => {
          const row = [p];
          const chart = {
            ...exampleChart('Brig'),
            hitTable: {
              bands: [{ upToInches: 10 }],
              percent: { ManOWar: row, Frigate: row, Brig: row, Corvette: row, BattleSchooner: row }
            }
          };
          const s = sheetFromChart({ name: 'p', chart });
          const r = planFire(
            {
              firer: { ...s, loaded: { ...s.loaded, zone3: 'chain' as const } },
              mode: 'halfBroadside',
              batteries: ['zone3'],
              targetType: 'Brig',
              distanceInches: 1,
              area: 'rigging'
            },
            DEFAULT_OPTIONS
          );
          if (!r.ok) throw new Error(r.error);
          return anyHitChance(r.value);
        };
        expect(compare(mk(percent), mk(percent + 1))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 40 }
    );
  });
});
