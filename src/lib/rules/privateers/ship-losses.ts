import { gunName, type Sheet } from './sheet';
import type { GunClass } from './tables';
import { GUN_CLASS_ORDER } from './tables-play';

// What cannon fire (C.4.8, C.4.9), a collision (C.4.11) and the Phase 5–6 tasks do to a ship's guns
// and crew: apart from resolve-gunnery.ts, so a deep link into a phase without gunnery loads none of
// its tables and procedures (issue 40).

/** C.4.9: the gun a Gun+ result destroys; the first hit goes to `facingSide`, later ones alternate
 *  (`gunHitsTaken` parity); "Heavy gun first then next largest"; an empty side passes to the other,
 *  then to bow and stern guns. Returns the gun id or null when none is left. */
export function gunToDestroy(s: Sheet, facingSide: 'starboard' | 'larboard'): string | null {
  const other = facingSide === 'starboard' ? 'larboard' : 'starboard';
  const side = s.gunHitsTaken % 2 === 0 ? facingSide : other;
  // A fortification's guns are all 'land' (C.2 PvFortification).
  const order = [side, side === 'starboard' ? 'larboard' : 'starboard', 'bow', 'stern', 'land'];
  for (const sd of order) {
    const live = s.guns.filter((g) => g.side === sd && !g.destroyed);
    if (live.length === 0) continue;
    live.sort((a, b) => GUN_CLASS_ORDER.indexOf(a.cls) - GUN_CLASS_ORDER.indexOf(b.cls));
    return live[0].id;
  }
  return null;
}

/**
 * The gun the Gunner goes to when his own is destroyed: [APP] the rules are silent, so by default
 * the heaviest manned gun still standing (GUN_CLASS_ORDER), the first of equals in the log's order
 * after his; none when no manned gun stands. The referee may put him elsewhere (`pv.gunner`).
 */
export function gunnerFallback(s: Sheet, destroyedId: string): string | null {
  const i = s.guns.findIndex((g) => g.id === destroyedId);
  const ring = i < 0 ? s.guns : [...s.guns.slice(i + 1), ...s.guns.slice(0, i)];
  const manned = ring.filter(
    (g) => g.id !== destroyedId && !g.destroyed && s.assignments.gunCrews.includes(g.id)
  );
  const rank = (cls: GunClass) => GUN_CLASS_ORDER.indexOf(cls);
  // A stable sort: equals keep the log's order after his gun.
  return [...manned].sort((a, b) => rank(a.cls) - rank(b.cls))[0]?.id ?? null;
}

/** Mark a gun destroyed. Its Gunner, if he sighted it, goes to `gunnerFallback` (#14 item 5, issue
 *  32 #10): a destroyed gun leaves the Gunner free. */
export function destroyGun(s: Sheet, id: string): Sheet {
  const guns = s.guns.map((g) => (g.id === id ? { ...g, destroyed: true, loaded: false } : g));
  if (s.assignments.gunnerSights !== id) return { ...s, guns };
  const next = gunnerFallback(s, id);
  return { ...s, guns, assignments: { ...s.assignments, gunnerSights: next } };
}

/** The app's reading of where the Gunner goes, as the log and the screen say it. */
export const GUNNER_FALLBACK_NOTE =
  "the heaviest manned gun left: the app's reading, as the rules do not say where he goes; the referee may choose another";

/** Where the Gunner went when his gun was destroyed, for the summary ("" when he did not move). */
export function gunnerMoveNote(before: Sheet, after: Sheet): string {
  const was = before.assignments.gunnerSights;
  const now = after.assignments.gunnerSights;
  if (was === null || was === now) return '';
  return now === null
    ? `; ${after.name}'s Gunner lost his gun and no manned gun is left for him to sight`
    : `; ${after.name}'s Gunner lost his gun and now sights ${gunName(after.guns, now)} (${GUNNER_FALLBACK_NOTE})`;
}

/** Crew casualties (C.4.8 step 5): from the crew; with the option, split evenly with marines (odd to
 *  the crew). Never below 0. */
export function applyCrewLosses(s: Sheet, n: number, includeMarines: boolean): Sheet {
  let toMarines = includeMarines ? Math.floor(n / 2) : 0;
  toMarines = Math.min(toMarines, s.marines.current);
  let toCrew = n - toMarines;
  if (toCrew > s.crew.current && includeMarines) {
    const spill = Math.min(toCrew - s.crew.current, s.marines.current - toMarines);
    toMarines += spill;
    toCrew -= spill;
  }
  return {
    ...s,
    crew: { ...s.crew, current: Math.max(0, s.crew.current - toCrew) },
    marines: { ...s.marines, current: Math.max(0, s.marines.current - toMarines) }
  };
}
