import { describe, expect, it } from 'vitest';
import { atLeast, Dist, mean } from '../../engine/dist';
import { toNumber } from '../../engine/rational';
import { forEachTuple } from '../../engine/brute.test-helpers';
import { damageDist, piecesDist } from './odds-gunnery';
import {
  atLeastBounds,
  boundedForDisplay,
  displayDist,
  boundedDamage,
  damagePools,
  damageWork,
  exactDamageSteps,
  givenHitsPlan,
  MAIN_THREAD_WORK
} from './odds-bounded';
import { damageDiceList, damagePieces, resolveDamage, type FirePlan } from './resolve-gunnery';
import type { MismatchedAmmo } from './options';

/** The reference: the damage once the hits are known, straight from the dice those hits earn. */
const damageDistGivenHits = (plan: FirePlan, hitsPerBattery: readonly number[]): Dist<number> =>
  piecesDist(damagePieces(plan, hitsPerBattery));

// Issue 17 #10: the damage odds at the chart schema's maximum (10 decks a zone, 50d100 a deck) in
// (timed in odds.bench.ts), each chance within a proven bound of the exact one; the exact steps match.

interface Bat {
  rolls: number;
  weight?: number;
  count: number;
  sides: number;
  isMatched?: boolean;
}

function plan(
  bats: Bat[],
  hitFaces: number,
  mismatchedAmmo: MismatchedAmmo = 'eachDieBecomesD4'
): FirePlan {
  const batteries: FirePlan['batteries'] = bats.map((b, i) => ({
    battery: i === 0 ? 'zone1' : 'zone2',
    ammo: 'round' as const,
    rolls: b.rolls,
    weight: b.weight ?? 1,
    dice: { count: b.count, sides: b.sides },
    isMatched: b.isMatched ?? true
  }));
  return {
    mode: bats.length > 1 ? 'fullBroadside' : 'halfBroadside',
    area: 'hull',
    basePercent: hitFaces,
    modifiers: [],
    needed: { n: BigInt(hitFaces), d: 1n },
    hitFaces,
    batteries,
    totalRolls: batteries.reduce((s, b) => s + b.rolls, 0),
    mismatchedAmmo,
    convention: '00to99_under'
  };
}

/** Every roll hit or missed, every damage die face, one by one. */
function bruteDamage(p: FirePlan): Dist<number> {
  const out = new Map<number, bigint>();
  const a = BigInt(p.hitFaces);
  const b = 100n - a;
  const rollOf = p.batteries.flatMap((bat, i) => Array.from({ length: bat.rolls }, () => i));
  for (let mask = 0; mask < 1 << rollOf.length; mask++) {
    const hits = p.batteries.map(() => 0);
    let w = 1n;
    rollOf.forEach((bat, r) => {
      const isHit = (mask >> r) & 1;
      if (isHit) hits[bat]++;
      w *= isHit ? a : b;
    });
    if (w === 0n) continue;
    const pieces = damagePieces(p, hits);
    const list = damageDiceList(pieces);
    const dice = list.map((d) => Dist.die(d.sides));
    const tupleTotal = list.reduce((t, d) => t * BigInt(d.sides), 1n);
    // Weight each tuple so every pattern's tuples sum to w (common denominator below).
    const lcm = 2n ** 12n * 3n ** 6n * 5n ** 6n;
    if (list.length === 0) {
      out.set(0, (out.get(0) ?? 0n) + w * lcm);
      continue;
    }
    forEachTuple(dice, (faces) => {
      const r = resolveDamage(pieces, faces);
      if (!r.ok) throw new Error(r.error);
      out.set(r.value, (out.get(r.value) ?? 0n) + (w * lcm) / tupleTotal);
    });
  }
  return Dist.of(out);
}

const probs = (d: Dist<number>) => d.entries().map((e) => [e.value, e.p]);

function expectWithin(p: FirePlan) {
  const exact = damageDist(p);
  const bounded = boundedDamage(p);
  expect(bounded.maxError).toBeLessThan(1e-9);
  const hi = Math.max(bounded.p.length, ...exact.values().map((v) => v + 1));
  for (let x = 0; x < hi; x++) {
    const e = toNumber(exact.prob(x));
    expect(Math.abs((bounded.p[x] ?? 0) - e)).toBeLessThanOrEqual(bounded.maxError);
  }
  for (const x of [1, 3, 7, 12]) {
    const { lo, hi: up } = atLeastBounds(bounded, x);
    const e = toNumber(atLeast(exact, x));
    expect(lo).toBeLessThanOrEqual(e);
    expect(up).toBeGreaterThanOrEqual(e);
  }
  expect(probs(exactDamageSteps(p))).toEqual(probs(exact));
}

describe('bounded gunnery damage odds', () => {
  it('the brute force agrees with the exact odds the bounds are checked against', () => {
    const small = plan(
      [
        { rolls: 2, count: 1, sides: 4 },
        { rolls: 1, count: 1, sides: 4, isMatched: false }
      ],
      40
    );
    expect(probs(bruteDamage(small))).toEqual(probs(damageDist(small)));
    const schooner = plan([{ rolls: 1, weight: 0.5, count: 3, sides: 6 }], 55);
    expect(probs(bruteDamage(schooner))).toEqual(probs(damageDist(schooner)));
  });

  it('every chance is within its bound of the exact one, and the exact steps equal damageDist', () => {
    expectWithin(plan([{ rolls: 3, count: 2, sides: 6 }], 37));
    expectWithin(
      plan(
        [
          { rolls: 2, count: 3, sides: 8 },
          { rolls: 2, count: 3, sides: 8 }
        ],
        71
      )
    );
    expectWithin(
      plan(
        [
          { rolls: 2, count: 2, sides: 6 },
          { rolls: 2, count: 2, sides: 6, isMatched: false }
        ],
        50
      )
    );
    expectWithin(
      plan(
        [
          { rolls: 3, count: 2, sides: 6 },
          { rolls: 3, count: 2, sides: 6, isMatched: false }
        ],
        50,
        'oneD4Total'
      )
    );
    expectWithin(plan([{ rolls: 1, weight: 0.5, count: 3, sides: 6 }], 55));
    expectWithin(plan([{ rolls: 4, count: 5, sides: 20 }], 100));
    expectWithin(plan([{ rolls: 4, count: 5, sides: 20 }], 0));
  });

  it('pools the two zones of a full broadside that roll the same dice', () => {
    const full = plan(
      [
        { rolls: 10, count: 50, sides: 100 },
        { rolls: 10, count: 50, sides: 100 }
      ],
      50
    );
    expect(damagePools(full)).toEqual([
      { sides: 100, rolls: 20, halvesPerHit: 100, isOneDieTotal: false }
    ]);
  });

  it('at the schema maximum (10 decks of 50d100 a zone) every chance, tightly bounded (its time is in odds.bench.ts)', () => {
    const full = plan(
      [
        { rolls: 10, count: 50, sides: 100 },
        { rolls: 10, count: 50, sides: 100 }
      ],
      63
    );
    let last = 0;
    const b = boundedDamage(full, (f) => (last = f));
    expect(last).toBe(1);
    expect(b.p.length).toBe(100_001);
    const mass = b.p.reduce((s, x) => s + x, 0);
    expect(Math.abs(mass - 1)).toBeLessThan(1e-9);
    // Displayed to 0.1%: the bound on any tail is far below that.
    expect(b.entryError * b.p.length + b.l1Error).toBeLessThan(1e-4);
    const shown = boundedForDisplay(b);
    expect(shown.figureError).toBeLessThan(1e-4);
    expect(displayDist(shown).values()[0]).toBe(0);
    const mismatched = plan(
      [
        { rolls: 10, count: 50, sides: 100 },
        { rolls: 10, count: 50, sides: 100, isMatched: false }
      ],
      63
    );
    const m = boundedDamage(mismatched);
    expect(Math.abs(m.p.reduce((s, x) => s + x, 0) - 1)).toBeLessThan(1e-9);
  });
});

describe('bounded damage odds as shown', () => {
  it('every figure shown — a value, a tail — is within figureError of the exact chance', () => {
    const p = plan(
      [
        { rolls: 3, count: 2, sides: 6 },
        { rolls: 3, count: 2, sides: 6, isMatched: false }
      ],
      45
    );
    const exact = damageDist(p);
    const shown = boundedForDisplay(boundedDamage(p));
    const d = displayDist(shown);
    for (const x of [0, 1, 2, 5, 9, 14, 20, 30]) {
      expect(Math.abs(toNumber(d.prob(x)) - toNumber(exact.prob(x)))).toBeLessThanOrEqual(
        shown.figureError
      );
      expect(Math.abs(toNumber(atLeast(d, x)) - toNumber(atLeast(exact, x)))).toBeLessThanOrEqual(
        shown.figureError
      );
    }
    const m = toNumber({ n: shown.mean.n, d: shown.mean.d });
    expect(Math.abs(m - toNumber(mean(exact)))).toBeLessThan(1e-6);
  });
});

/** Every hits-per-battery vector up to each battery's rolls. */
function hitVectors(rolls: readonly number[]): number[][] {
  return rolls.reduce<number[][]>(
    (acc, r) => acc.flatMap((v) => Array.from({ length: r + 1 }, (_, h) => [...v, h])),
    [[]]
  );
}

describe('damage once the hits are known (the damage step)', () => {
  it('the given-hits plan has exactly the damage of those hits, for every kind of battery', () => {
    const cases: { bats: Bat[]; ammo?: MismatchedAmmo }[] = [
      { bats: [{ rolls: 3, count: 2, sides: 6 }] },
      {
        bats: [
          { rolls: 2, weight: 0.5, count: 3, sides: 6 },
          { rolls: 2, count: 1, sides: 10 }
        ]
      },
      {
        bats: [
          { rolls: 2, count: 2, sides: 6 },
          { rolls: 3, count: 2, sides: 6, isMatched: false }
        ]
      },
      {
        bats: [
          { rolls: 2, count: 2, sides: 6 },
          { rolls: 3, count: 2, sides: 6, isMatched: false }
        ],
        ammo: 'oneD4Total'
      }
    ];
    for (const { bats, ammo } of cases) {
      const p = plan(bats, 45, ammo);
      for (const hits of hitVectors(bats.map((b) => b.rolls))) {
        const exact = damageDistGivenHits(p, hits);
        expect(probs(damageDist(givenHitsPlan(p, hits)))).toEqual(probs(exact));
      }
    }
  });

  it('at the schema maximum the damage step goes the bounded way, every figure tightly bounded', () => {
    const full = plan(
      [
        { rolls: 10, count: 50, sides: 100 },
        { rolls: 10, count: 50, sides: 100 }
      ],
      63
    );
    const given = givenHitsPlan(full, [10, 10]);
    // Above this the projection never sums on the page: bounded first, exact in a worker.
    expect(damageWork(given)).toBeGreaterThan(MAIN_THREAD_WORK);
    const shown = boundedForDisplay(boundedDamage(given));
    expect(shown.figureError).toBeLessThan(1e-4);
    // 1,000 d100: a mean of 1,000 × 50.5.
    expect(Number(shown.mean.n) / Number(shown.mean.d)).toBeCloseTo(50_500, 3);
  });
});
