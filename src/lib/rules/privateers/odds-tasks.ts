import { binomial, Dist, sumOf } from '../../engine/dist';
import { firstProblem, guarded, intIn, isBool, isRecord, oneOf } from '../../engine/inputs';
import { add, mul, ONE, rational, sub, ZERO, type Rational } from '../../engine/rational';
import { initiativeOpts, MAX_MEN, MAX_MODIFIER, men, modifier, opts } from './input-limits';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { moraleInputProblem, moraleResultsOf, type MoraleInput } from './resolve-morale';
import { fireTarget, reloadOne, type ReloadGun } from './resolve-tasks';
import { RATING_CHART, type MoraleResult } from './tables';
import { COLLISION, DAMAGE_DICE_TABLE, TASK_CHECKS, type DamageResult } from './tables-play';

// Exact odds for the Privateers morale, crew tasks and other checks (SPEC C.7.4–C.7.5), re-exported
// by odds.ts; the gunnery odds (C.7.1–C.7.3) are there.

const D12 = Dist.die(12);
const D6 = Dist.die(6);
const hullPointsOf = (r: DamageResult): number => (r.kind === 'hull' ? r.points : 0);

// ---- Morale (C.7.4) ----------------------------------------------------------------------------

function moraleOddsOf(m: MoraleInput): Dist<MoraleResult> {
  return moraleResultsOf(m, D12);
}

// ---- Reload, initiative, tacking, anchor, fire, other checks (C.7.5) -----------------------------

function reloadOddsOf(
  mod: number,
  gun: { gunnerSighted: boolean; doubleShotOrdered: boolean },
  options: PvOptions = DEFAULT_OPTIONS
): Dist<string> {
  return D12.map((f) => reloadOne(gun, f, f + mod, options) ?? 'notLoaded');
}

/** What the reload card shows (#14 item 10): the crew's chance for every gun (7+), the Gunner's gun
 *  (6+) when he sights one of the guns to load, and double shot (10+) when one is designated. */
export function reloadChances(
  guns: readonly ReloadGun[],
  mod: number,
  options: PvOptions = DEFAULT_OPTIONS
): { label: string; p: Rational }[] {
  const loads = (g: { gunnerSighted: boolean; doubleShotOrdered: boolean }) =>
    reloadOddsOf(mod, g, options).probWhere((x) => x !== 'notLoaded');
  const out = [
    {
      label: `every gun loads (${TASK_CHECKS.reload}+)`,
      p: loads({ gunnerSighted: false, doubleShotOrdered: false })
    }
  ];
  if (guns.some((g) => g.gunnerSighted))
    out.push({
      label: `the Gunner's gun loads (${TASK_CHECKS.reloadGunnerSighted}+)`,
      p: loads({ gunnerSighted: true, doubleShotOrdered: false })
    });
  if (guns.some((g) => g.doubleShotOrdered))
    out.push({
      label: `double shot (${TASK_CHECKS.reloadDoubleShot}+)`,
      p: reloadOddsOf(mod, { gunnerSighted: false, doubleShotOrdered: true }, options).prob(
        'double'
      )
    });
  return out;
}

/** P(A moves before B) for two ships (d12 or d6; ties re-rolled, or the higher modifier). */
function initiativeOddsOf(
  modA: number,
  modB: number,
  options: PvOptions = DEFAULT_OPTIONS
): Rational {
  const d = Dist.die(options.initiativeDie);
  const diff = d.combine(d, (a, b) => a + modA - (b + modB));
  const win = diff.probWhere((x) => x > 0);
  const tie = diff.probWhere((x) => x === 0);
  if (options.initiativeTies === 'higherModifier') {
    if (modA > modB) return add(win, tie);
    if (modA < modB) return win;
  }
  // ties re-rolled: P(win | not tie)
  const lose = sub(sub(ONE, win), tie);
  const decided = add(win, lose);
  return decided.n === 0n ? ZERO : rational(win.n * decided.d, win.d * decided.n);
}

function tackOddsOf(initiativeMod: number): { success: Rational; mastLost: Rational } {
  const fail = D12.probWhere((f) => f + initiativeMod < TASK_CHECKS.tack);
  return {
    success: sub(ONE, fail),
    mastLost: mul(
      fail,
      D12.probWhere((f) => f <= TASK_CHECKS.takenAbackMastLostUpTo)
    )
  };
}

function fireAttemptOddsOf(attempt: 1 | 2 | 3, crew: number): Rational {
  return D12.probWhere((f) => f + crew >= fireTarget(attempt));
}

/** Fire fought to the end with crew c_t on attempt t: P(burns up) and expected hull damage
 *  (default timeline: 5 on the ignition turn, then 5 per failed attempt). */
function fireChainOddsOf(crews: readonly [number, number, number]): {
  burnsUp: Rational;
  expectedDamage: Rational;
} {
  const q = ([1, 2, 3] as const).map((t, i) => sub(ONE, fireAttemptOddsOf(t, crews[i])));
  const burnsUp = mul(mul(q[0], q[1]), q[2]);
  const fails = add(add(q[0], mul(q[0], q[1])), burnsUp);
  return {
    burnsUp,
    expectedDamage: add(
      rational(TASK_CHECKS.fireDamage),
      mul(rational(TASK_CHECKS.fireDamage), fails)
    )
  };
}

function checkOddsOf(bonus: number, target: number): Rational {
  return D12.probWhere((f) => f + bonus >= target);
}

function grappleOddsOf(crew: number): Dist<number> {
  return binomial(
    crew,
    D12.probWhere((f) => f >= TASK_CHECKS.grapple)
  );
}

function marksmanOddsOf(kind: 'crew' | 'marine'): {
  crew: Rational;
  officer: Rational;
  miss: Rational;
} {
  const upTo = kind === 'marine' ? TASK_CHECKS.marksmanMarineUpTo : TASK_CHECKS.marksmanCrewUpTo;
  const hit = D12.probWhere((f) => f <= upTo);
  const officer = mul(
    hit,
    D6.probWhere((f) => f >= TASK_CHECKS.marksmanOfficerFace)
  );
  return { crew: sub(hit, officer), officer, miss: sub(ONE, hit) };
}

interface CollisionOdds {
  entangle: Rational;
  rammer: Dist<number>;
  rammed: Dist<number>;
}

/**
 * The collision odds by their two inputs, at most eight: the same odds keep their identity, so the
 * collision panel's charts are not drawn again after every event of Phase 4 (issue 39).
 */
const collisionCache = new Map<string, CollisionOdds>();

/** C.7.5 collisions: entanglement 5/12; hull damage per ship (face sum, or Ball Low hull points). */
function collisionOddsOf(
  rammerSail: 0 | 1 | 2 | 3,
  options: PvOptions = DEFAULT_OPTIONS
): CollisionOdds {
  const key = `${rammerSail} ${options.collisionDiceAsFaceSum}`;
  const kept = collisionCache.get(key);
  if (kept) return kept;
  const die = options.collisionDiceAsFaceSum
    ? D6
    : D6.map((f) => hullPointsOf(DAMAGE_DICE_TABLE.ballLow[f - 1]));
  const odds = {
    entangle: D12.probWhere((f) => f >= COLLISION.entangleFrom),
    rammer: die,
    rammed: sumOf(COLLISION.rammedDiceBySail[rammerSail], die)
  };
  collisionCache.set(key, odds);
  return odds;
}

/** C.3.1: a rating rolled on the chart (2/6, 3/6, 1/6). */
export function ratingOdds(): Dist<number> {
  return D6.map((f) => RATING_CHART.find((r) => r.faces.includes(f))?.rating ?? 0);
}
// The exported odds, each behind its input check (issue 17 #9): see odds.ts.

export const moraleOdds = guarded(moraleInputProblem, moraleOddsOf);
export const reloadOdds = guarded(
  (mod: number, gun: { gunnerSighted: boolean; doubleShotOrdered: boolean }, o?: PvOptions) =>
    modifier('The reload modifier', mod) ??
    isRecord('The gun', gun) ??
    firstProblem(
      isBool('Gunner sighted', gun.gunnerSighted),
      isBool('Double shot', gun.doubleShotOrdered),
      opts(o)
    ),
  reloadOddsOf
);
export const initiativeOdds = guarded(
  (a: number, b: number, o?: PvOptions) =>
    firstProblem(
      modifier('Ship A’s modifier', a),
      modifier('Ship B’s modifier', b),
      initiativeOpts(o)
    ),
  initiativeOddsOf
);
export const tackOdds = guarded(
  (mod: number) => modifier('The initiative modifier', mod),
  tackOddsOf
);
export const fireAttemptOdds = guarded(
  (attempt: 1 | 2 | 3, crew: number) =>
    oneOf('The attempt', attempt, [1, 2, 3]) ?? men('The crew fighting the fire', crew),
  fireAttemptOddsOf
);
export const fireChainOdds = guarded(
  (crews: readonly [number, number, number]) =>
    Array.isArray(crews) && crews.length === 3
      ? firstProblem(...crews.map((c) => men('The crew fighting the fire', c)))
      : 'Give the crew fighting the fire on each of the three attempts',
  fireChainOddsOf
);
export const checkOdds = guarded(
  (bonus: number, target: number) =>
    intIn('The crew bonus', bonus, -MAX_MODIFIER, MAX_MEN) ??
    intIn('The check’s target', target, 1, 12 + MAX_MODIFIER),
  checkOddsOf
);
export const grappleOdds = guarded((crew: number) => men('Grapples thrown', crew), grappleOddsOf);
export const marksmanOdds = guarded(
  (kind: 'crew' | 'marine') => oneOf('The marksman', kind, ['crew', 'marine']),
  marksmanOddsOf
);
export const collisionOdds = guarded(
  (sail: 0 | 1 | 2 | 3, o?: PvOptions) => oneOf('The rammer’s sail', sail, [0, 1, 2, 3]) ?? opts(o),
  collisionOddsOf
);
export { weighAnchorOdds } from './anchor-preview';
