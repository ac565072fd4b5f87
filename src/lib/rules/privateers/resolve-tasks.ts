import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { applyCrewLosses } from './ship-losses';
import { commanderRole } from './morale-reads';
import { applySinkingFlag, applySpeedCap, isFace } from './movement-reads';
import type { Sheet } from './sheet';
import type { OfficerRole } from './tables';
import { OFFICER_HITS, TASK_CHECKS } from './tables-play';
import {
  fireAttemptDue,
  firePhaseStep,
  pumpsNeeded,
  reloadGunsOf,
  type ReloadGun
} from './task-reads';

export { fireAttemptDue, firePhaseStep, pumpsNeeded, reloadGunsOf, type ReloadGun };

// Privateers d12 task checks (C.3.11): reload (C.4.5), fires, pumping, damage
// control, jury rigging (C.4.16), grappling (C.4.14), marksmen (C.4.12).

// ---- Reload ------------------------------------------------------------------------------------

export interface ReloadOutcome {
  roll: number;
  modified: number;
  loaded: { id: string; doubleShot: boolean }[];
  notLoaded: string[];
}

/** C.4.5: one d12 per vessel (or independent battery) + reloadMod; 7+ loads all, the Gunner's gun
 *  6+, double shot 10+. */
export function resolveReload(
  guns: readonly ReloadGun[],
  mod: number,
  face: number,
  options: PvOptions = DEFAULT_OPTIONS
): Result<ReloadOutcome> {
  if (!isFace(face, 12)) return err('Reload needs a d12 face 1–12.');
  const list: unknown = guns;
  if (!Array.isArray(list)) return err('No guns to reload.');
  if (!Number.isInteger(mod) || Math.abs(mod) > 20)
    return err('The reload modifier must be a whole number from −20 to 20.');
  const r = face + mod;
  const loaded: ReloadOutcome['loaded'] = [];
  const notLoaded: string[] = [];
  for (const g of guns) {
    const outcome = reloadOne(g, face, r, options);
    if (outcome === null) notLoaded.push(g.id);
    else loaded.push({ id: g.id, doubleShot: outcome === 'double' });
  }
  return ok({ roll: face, modified: r, loaded, notLoaded });
}

/** The outcome for one gun: 'double', 'single' or null (not loaded). */
export function reloadOne(
  g: Pick<ReloadGun, 'gunnerSighted' | 'doubleShotOrdered'>,
  face: number,
  r: number,
  options: PvOptions
): 'double' | 'single' | null {
  if (g.doubleShotOrdered) {
    if (r >= TASK_CHECKS.reloadDoubleShot) return 'double';
    if (options.doubleShotFailedRoll === 'notLoaded') return null;
  }
  if (g.gunnerSighted) {
    const v = options.gunnerReload === 'natural6' ? face : r;
    if (v >= TASK_CHECKS.reloadGunnerSighted) return 'single';
  }
  return r >= TASK_CHECKS.reload ? 'single' : null;
}

/** Reload inputs for a ship's unloaded, undestroyed guns. */
export function applyReload(s: Sheet, o: ReloadOutcome): Sheet {
  return {
    ...s,
    guns: s.guns.map((g) => {
      const l = o.loaded.find((x) => x.id === g.id);
      return l ? { ...g, loaded: true, doubleShot: l.doubleShot, doubleShotOrdered: false } : g;
    })
  };
}

// ---- Fire, pumping, damage control, jury rig (C.4.16) -----------------------------------------------

export function crewBonus(crew: number, kind: 'fire' | 'other', options: PvOptions): number {
  if (kind === 'fire') return crew;
  return options.crewModifiedChecks === 'plusOnePerCrew' ? crew : 0;
}

/** The modified roll needed to put out a fire at attempt 1–3 ("8 … 10 … 12"). */
export function fireTarget(attempt: 1 | 2 | 3): number {
  return TASK_CHECKS.fire[attempt - 1];
}

export interface FireOutcome {
  attempt: 1 | 2 | 3;
  roll: number;
  modified: number;
  extinguished: boolean;
  burnedUp: boolean;
  damage: number;
}

/** C.4.16 step 1: d12 + crew ≥ 8/10/12; not out: 5 hull; attempt 3 failing burns the ship up. */
export function resolveFire(
  attempt: 1 | 2 | 3,
  crew: number,
  face: number,
  options: PvOptions = DEFAULT_OPTIONS
): Result<FireOutcome> {
  if (attempt !== 1 && attempt !== 2 && attempt !== 3) return err('The attempt must be 1, 2 or 3.');
  if (!Number.isInteger(crew) || crew < 0 || crew > 1000)
    return err('The crew fighting the fire must be a whole number from 0 to 1000.');
  if (!isFace(face, 12)) return err('Fire fighting needs a d12 face 1–12.');
  const modified = face + crewBonus(crew, 'fire', options);
  const extinguished = modified >= fireTarget(attempt);
  return ok({
    attempt,
    roll: face,
    modified,
    extinguished,
    burnedUp: !extinguished && attempt === 3,
    damage: !extinguished || options.fireDamageOnExtinguishTurn ? TASK_CHECKS.fireDamage : 0
  });
}

export function applyFire(s: Sheet, o: FireOutcome, options: PvOptions = DEFAULT_OPTIONS): Sheet {
  const next: Sheet = {
    ...s,
    hull: { ...s.hull, damage: s.hull.damage + o.damage },
    onFire: o.extinguished
      ? { burning: false, attempt: 0, ignitedOnTurn: null }
      : { ...s.onFire, attempt: o.attempt },
    burnedUp: s.burnedUp || o.burnedUp,
    turnEvents: { ...s.turnEvents, wasOnFire: true }
  };
  return applySinkingFlag(applySpeedCap(next, options), options);
}

/** Ignition-turn damage (Errata 3): 5 hull points, no attempt. */
export function applyFireIgnitionDamage(s: Sheet, options: PvOptions = DEFAULT_OPTIONS): Sheet {
  return applySinkingFlag(
    applySpeedCap(
      { ...s, hull: { ...s.hull, damage: s.hull.damage + TASK_CHECKS.fireDamage } },
      options
    ),
    options
  );
}

/** C.4.16 step 2: fewer than 2 crew on the pumps when they are needed → 5 hull points. */
/** [DEFAULT] the 5 points start on the turn after the condition first arises (`pumpsNeededSince`
 *  is set at the end of that turn by `applyEndOfTurn`). */
export function pumpingDamage(s: Sheet, pumpCrew: number): number {
  return pumpsNeeded(s) && s.pumpsNeededSince !== null && pumpCrew < 2 ? TASK_CHECKS.pumpDamage : 0;
}

export function applyPumping(
  s: Sheet,
  pumpCrew: number,
  options: PvOptions = DEFAULT_OPTIONS
): Sheet {
  const d = pumpingDamage(s, pumpCrew);
  if (d === 0) return s;
  return applySinkingFlag(
    applySpeedCap({ ...s, hull: { ...s.hull, damage: s.hull.damage + d } }, options),
    options
  );
}

export interface CheckOutcome {
  roll: number;
  modified: number;
  target: number;
  success: boolean;
}

function check(face: number, bonus: number, target: number, what: string): Result<CheckOutcome> {
  if (!isFace(face, 12)) return err(`${what} needs a d12 face 1–12.`);
  const modified = face + bonus;
  return ok({ roll: face, modified, target, success: modified >= target });
}

/** C.4.16 step 3: clear one wreckage item on d12 (+ crew [DEFAULT]) ≥ 10. */
export function resolveDamageControl(
  crew: number,
  face: number,
  options: PvOptions = DEFAULT_OPTIONS
) {
  return check(
    face,
    crewBonus(crew, 'other', options),
    TASK_CHECKS.damageControl,
    'Damage control'
  );
}

export function applyDamageControl(s: Sheet, o: CheckOutcome): Sheet {
  return o.success ? { ...s, wreckage: Math.max(0, s.wreckage - 1) } : s;
}

/** C.4.16 step 4: jury-rig one lost mast on d12 (+ crew [DEFAULT]) ≥ 12. */
export function resolveJuryRig(crew: number, face: number, options: PvOptions = DEFAULT_OPTIONS) {
  return check(face, crewBonus(crew, 'other', options), TASK_CHECKS.juryRig, 'Jury rigging');
}

export function applyJuryRig(
  s: Sheet,
  o: CheckOutcome,
  options: PvOptions = DEFAULT_OPTIONS
): Sheet {
  if (!o.success || s.mastsJuryRigged >= s.mastsLost) return s;
  return applySpeedCap({ ...s, mastsJuryRigged: s.mastsJuryRigged + 1 }, options);
}

// ---- Grappling (C.4.14) ------------------------------------------------------------------------

/** One d12 per assigned crew; each 8+ adds (or, cutting, removes) one grapple. */
export function resolveGrapple(faces: readonly number[]): Result<{ successes: number }> {
  if (!faces.every((f) => isFace(f, 12))) return err('Grappling rolls are d12 faces 1–12.');
  return ok({ successes: faces.filter((f) => f >= TASK_CHECKS.grapple).length });
}

export function applyGrapples(s: Sheet, thrown: number, cut: number): Sheet {
  return { ...s, grapples: Math.max(0, s.grapples + thrown - cut) };
}

// ---- Marksmen (C.4.12) ---------------------------------------------------------------------------

export interface MarksmanShot {
  kind: 'crew' | 'marine';
  hitFace: number;
  /** d6 for damage, needed on a hit */
  damageFace?: number;
  /** d6 on the Officer Hits table, needed when damageFace is 6 */
  officerFace?: number;
}

export interface MarksmenOutcome {
  crewHits: number;
  officerRolls: { face: number; roles: OfficerRole[] }[];
  shots: { kind: 'crew' | 'marine'; hit: boolean; result: 'miss' | 'crew' | 'officer' }[];
}

/** Why marksmen may not fire at this range, or null: "They may only fire within short range" (12″). */
export function marksmenRangeProblem(rangeInches: number): string | null {
  return rangeInches > 12 ? 'Marksmen "may only fire within short range" (12″).' : null;
}

/** "They may only fire within short range, with 1- 3 on a 12-sided die needed for a hit (1 -4 for a
 *  marine). Roll a six sided dice for damage: 1-5 crew, 6 officer, roll for officer." */
export function resolveMarksmen(
  shots: readonly MarksmanShot[],
  rangeInches: number
): Result<MarksmenOutcome> {
  const range = marksmenRangeProblem(rangeInches);
  if (range !== null) return err(range);
  const out: MarksmenOutcome = { crewHits: 0, officerRolls: [], shots: [] };
  for (const s of shots) {
    if (!isFace(s.hitFace, 12)) return err('Marksman hit rolls are d12 faces.');
    const upTo =
      s.kind === 'marine' ? TASK_CHECKS.marksmanMarineUpTo : TASK_CHECKS.marksmanCrewUpTo;
    if (s.hitFace > upTo) {
      out.shots.push({ kind: s.kind, hit: false, result: 'miss' });
      continue;
    }
    if (s.damageFace === undefined || !isFace(s.damageFace, 6))
      return err('A marksman hit needs a d6 for damage.');
    if (s.damageFace < TASK_CHECKS.marksmanOfficerFace) {
      out.crewHits++;
      out.shots.push({ kind: s.kind, hit: true, result: 'crew' });
      continue;
    }
    if (s.officerFace === undefined || !isFace(s.officerFace, 6))
      return err('"6 officer, roll for officer": a d6 on the Officer Hits table.');
    out.officerRolls.push({ face: s.officerFace, roles: [...OFFICER_HITS[s.officerFace - 1]] });
    out.shots.push({ kind: s.kind, hit: true, result: 'officer' });
  }
  return ok(out);
}

export function applyMarksmen(
  s: Sheet,
  o: MarksmenOutcome,
  options: PvOptions = DEFAULT_OPTIONS
): Sheet {
  const before = commanderRole(s);
  let next = applyCrewLosses(s, o.crewHits, options.gunfireCrewLossesIncludeMarines);
  const officers = { ...next.officers };
  for (const r of o.officerRolls)
    for (const role of r.roles) officers[role] = { ...officers[role], present: false };
  next = { ...next, officers };
  if (before !== null && commanderRole(next) !== before)
    next = { ...next, turnEvents: { ...next.turnEvents, commanderHit: true } };
  return next;
}
