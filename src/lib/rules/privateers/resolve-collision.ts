import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { applyCrewLosses, destroyGun, gunToDestroy } from './ship-losses';
import { applySinkingFlag, applySpeedCap, isFace } from './movement-reads';
import type { Sheet } from './sheet';
import type { SailLevel } from './tables';
import { COLLISION, DAMAGE_DICE_TABLE } from './tables-play';

// Privateers collisions (SPEC C.4.11, C.3.14, C.5 #30).

/** Damage from one ship's collision dice: a face sum to hull [DEFAULT], or each die read on the
 *  Ball Low column (`collisionDiceAsFaceSum=false`). */
export interface CollisionDamage {
  hull: number;
  crew: number;
  guns: number;
}

export interface CollisionOutcome {
  rammer: CollisionDamage;
  rammed: CollisionDamage;
  entangled: boolean;
}

/** "Rammed boat throws ace per ramming ship's speed: 1 /fighting sail, 2/medium sail, and 3/full
 *  sail"; a drifting rammer (No Sail) counts as 1 [DEFAULT]. */
export function collisionDice(rammerSail: SailLevel): number {
  return COLLISION.rammedDiceBySail[rammerSail];
}

export function collisionDamage(faces: readonly number[], options: PvOptions): CollisionDamage {
  if (options.collisionDiceAsFaceSum)
    return { hull: faces.reduce((a, b) => a + b, 0), crew: 0, guns: 0 };
  const out: CollisionDamage = { hull: 0, crew: 0, guns: 0 };
  for (const f of faces) {
    const r = DAMAGE_DICE_TABLE.ballLow[f - 1];
    if (r.kind === 'hull') out.hull += r.points;
    else if (r.kind === 'crew') out.crew++;
    else if (r.kind === 'gun') out.guns++;
  }
  return out;
}

/** Faces: [rammer d6, rammer d12 (entanglement on 8–12), ...rammed d6s]. */
export function resolveCollision(
  rammerSail: SailLevel,
  faces: readonly number[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<CollisionOutcome> {
  const n = collisionDice(rammerSail);
  if (faces.length !== 2 + n) return err(`A collision needs 1d6, 1d12 and ${n}d6.`);
  const [d6, d12, ...rammed] = faces;
  if (!isFace(d6, 6) || !isFace(d12, 12) || !rammed.every((f) => isFace(f, 6)))
    return err('Collision dice: d6 faces 1–6, d12 faces 1–12.');
  return ok({
    rammer: collisionDamage([d6], options),
    rammed: collisionDamage(rammed, options),
    entangled: d12 >= COLLISION.entangleFrom
  });
}

/** Applies a collision to both logs; ids are the ships' battle ids for `entangledWith`. Under
 *  `rollerInflictsOnOther` each ship's dice damage the other ship (C.5 #30 reading (b)). */
export function applyCollision(
  rammer: Sheet,
  rammed: Sheet,
  o: CollisionOutcome,
  ids: {
    rammer: string;
    rammed: string;
    rammerFacing?: 'starboard' | 'larboard';
    rammedFacing?: 'starboard' | 'larboard';
  },
  options: PvOptions = DEFAULT_OPTIONS
): { rammer: Sheet; rammed: Sheet } {
  const swap = options.collisionDamageReading === 'rollerInflictsOnOther';
  const hit = (
    s: Sheet,
    d: CollisionDamage,
    other: string,
    facing: 'starboard' | 'larboard'
  ): Sheet => {
    let next: Sheet = {
      ...s,
      hull: { ...s.hull, damage: s.hull.damage + d.hull },
      entangledWith:
        o.entangled && !s.entangledWith.includes(other)
          ? [...s.entangledWith, other]
          : s.entangledWith
    };
    next = applyCrewLosses(next, d.crew, options.gunfireCrewLossesIncludeMarines);
    for (let i = 0; i < d.guns; i++) {
      const id = gunToDestroy(next, facing);
      next = {
        ...(id === null ? next : destroyGun(next, id)),
        gunHitsTaken: next.gunHitsTaken + 1
      };
    }
    return applySinkingFlag(applySpeedCap(next, options), options);
  };
  return {
    rammer: hit(rammer, swap ? o.rammed : o.rammer, ids.rammed, ids.rammerFacing ?? 'starboard'),
    rammed: hit(rammed, swap ? o.rammer : o.rammed, ids.rammer, ids.rammedFacing ?? 'starboard')
  };
}
