import { binomial, convolve, Dist, halfDie, mean, sumOf } from '../../engine/dist';
import { complement, pow, rational, type Rational } from '../../engine/rational';
import type { RamDice } from './sheet';
import { damagePieces, type DamagePiece, type FirePlan } from './resolve-gunnery';

// Exact gunnery odds (SPEC B.7 #1–2) from the same plan the resolver uses: the per-roll chance is
// the share of the 100 d100 faces that `isPercentileHit` accepts; hits per battery are binomial;
// damage is the exact mixture over the hits of the convolution of the dice they earn.

/** Per-roll hit chance p (B.7 #1). */
export function perRollHitChance(plan: FirePlan): Rational {
  return rational(plan.hitFaces, 100);
}

/** P(at least one hit) = 1 − (1 − p)^R. */
export function anyHitChance(plan: FirePlan): Rational {
  return complement(pow(complement(perRollHitChance(plan)), plan.totalRolls));
}

/** K, the number of rolls that hit: Binomial(R, p). */
export function hitsDist(plan: FirePlan): Dist<number> {
  return binomial(plan.totalRolls, perRollHitChance(plan));
}

const pieceCache = new Map<string, Dist<number>>();

/** Exact distribution of the damage dice of some pieces (full dice plus half dice). */
export function piecesDist(pieces: readonly DamagePiece[]): Dist<number> {
  let d: Dist<number> = Dist.constant(0);
  for (const p of pieces) {
    const key = `${p.count}d${p.sides}${p.hasHalf ? '+h' : ''}`;
    let pd = pieceCache.get(key);
    if (!pd) {
      pd = sumOf(p.count, Dist.die(p.sides));
      if (p.hasHalf) pd = convolve(pd, halfDie(p.sides));
      pieceCache.set(key, pd);
    }
    d = convolve(d, pd);
  }
  return d;
}

/** Joint distribution of the hits per battery, as keys "h1,h2" (independent binomials). */
function hitsPerBatteryDist(plan: FirePlan): Dist<string> {
  const p = perRollHitChance(plan);
  let d: Dist<string> = Dist.constant('');
  for (const b of plan.batteries) {
    const k = binomial(b.rolls, p);
    d = d.combine(k, (prefix, hits) => (prefix === '' ? `${hits}` : `${prefix},${hits}`));
  }
  return d;
}

/** P(D = x) = Σ_k P(hits = k) · P(S_k = x) (B.7 #2), exact; D = 0 when nothing hits. */
export function damageDist(plan: FirePlan): Dist<number> {
  return hitsPerBatteryDist(plan).flatMap((key) => {
    const hits = key === '' ? [] : key.split(',').map(Number);
    return piecesDist(damagePieces(plan, hits));
  });
}

export interface FireOdds {
  perRoll: Rational;
  rolls: number;
  anyHit: Rational;
  hits: Dist<number>;
  damage: Dist<number>;
  meanDamage: Rational;
}

/** Everything the attack calculator shows before the roll. */
export function fireOdds(plan: FirePlan): FireOdds {
  return fireOddsWith(plan, damageDist(plan));
}

/**
 * The plan's exact hit chances with a damage distribution worked out elsewhere (a worker's bounded
 * or exact figures for a large ship); its mean, when the worker gives it, saves a pass.
 */
export function fireOddsWith(
  plan: FirePlan,
  damage: Dist<number>,
  meanDamage?: Rational
): FireOdds {
  return {
    perRoll: perRollHitChance(plan),
    rolls: plan.totalRolls,
    anyHit: anyHitChance(plan),
    hits: hitsDist(plan),
    damage,
    meanDamage: meanDamage ?? mean(damage)
  };
}

/** Island collision damage: "roll the ram damage on your ship damage chart" (B.4.3 step 5). */
export function ramDamageDist(ram: RamDice): Dist<number> {
  return sumOf(ram.count, Dist.die(ram.sides)).map((v) => Math.max(0, v + ram.plus));
}
