import { err, ok, type Result } from '../../engine/result';
import { applyDamage } from './resolve-gunnery';
import type { RamDice, Sheet } from './sheet';

// Running onto an island (SPEC B.4.3 step 5): the ram damage rolled against the ship's own hull.
// Apart from resolve-turn.ts, whose sail and movement the Movement step's first screen reads, so
// that screen loads no gunnery damage with them (issue 40).

/** B.4.3 step 5: "roll the ram damage on your ship damage chart and apply it to your own ship". */
export function resolveIslandCollision(ram: RamDice, faces: readonly number[]): Result<number> {
  if (faces.length !== ram.count)
    return err(`${ram.count} ram damage dice expected, ${faces.length} given.`);
  if (faces.some((f) => !Number.isInteger(f) || f < 1 || f > ram.sides))
    return err(`Ram damage dice are d${ram.sides}.`);
  return ok(Math.max(0, faces.reduce((s, f) => s + f, 0) + ram.plus));
}

/** Island damage goes to the hull ([DEFAULT] `islandDamageArea`); the ship stops at the contact. */
export function applyIslandCollision(sheet: Sheet, damage: number): Sheet {
  return applyDamage(sheet, 'hull', damage);
}
