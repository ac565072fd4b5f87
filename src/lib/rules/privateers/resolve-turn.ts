import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { moraleChecksDue } from './morale-reads';
import { applyWeighAnchorTurn, canDropAnchor, speedCap } from './movement-reads';
import { pumpsNeeded } from './task-reads';
import type { Sheet } from './sheet';
import { CREW_REQUIREMENTS, TURN_PHASES, type PhaseId } from './tables';

// Privateers turn (SPEC C.1): the six phases, the procedures each offers and the end-of-turn
// bookkeeping. The crew-assignment check (C.4.3, C.3.12) is crew-check.ts.

export const PROCEDURES = {
  orders: { label: 'Sail setting and maneuver', ruleRef: 'SPEC C.4.2' },
  crewAssignments: { label: 'Crew assignments', ruleRef: 'SPEC C.4.3' },
  weighAnchor: { label: 'Weigh anchor', ruleRef: 'SPEC C.4.6.7' },
  initiative: { label: 'Initiative', ruleRef: 'SPEC C.4.4' },
  reload: { label: 'Reload', ruleRef: 'SPEC C.4.5' },
  movement: { label: 'Movement', ruleRef: 'SPEC C.4.6' },
  drift: { label: 'Drift', ruleRef: 'SPEC C.4.6.1 step 3' },
  tack: { label: 'Tacking roll', ruleRef: 'SPEC C.4.6.5' },
  dropAnchor: { label: 'Drop anchor', ruleRef: 'SPEC C.4.6.6' },
  boats: { label: "Ship's boats", ruleRef: 'SPEC C.4.6.8' },
  collision: { label: 'Collision', ruleRef: 'SPEC C.4.11' },
  cannonFire: { label: 'Cannon fire', ruleRef: 'SPEC C.4.7' },
  marksmen: { label: 'Marksmen', ruleRef: 'SPEC C.4.12' },
  grappling: { label: 'Grappling', ruleRef: 'SPEC C.4.14' },
  boarding: { label: 'Boarding round', ruleRef: 'SPEC C.4.15' },
  fire: { label: 'Fight the fire', ruleRef: 'SPEC C.4.16 step 1' },
  pumping: { label: 'Pumping', ruleRef: 'SPEC C.4.16 step 2' },
  damageControl: { label: 'Damage control', ruleRef: 'SPEC C.4.16 step 3' },
  juryRig: { label: 'Jury rigging', ruleRef: 'SPEC C.4.16 step 4' },
  morale: { label: 'Morale check', ruleRef: 'SPEC C.4.17' },
  sinking: { label: 'Sinking', ruleRef: 'SPEC C.4.18' }
} as const satisfies Record<string, { label: string; ruleRef: string }>;

/** A procedure of the turn (C.1), named as the table above names it. */
export type ProcedureId = keyof typeof PROCEDURES;

/** Phase 4's movement procedures (C.4.6): a ship offered one of them has still to move. */
const MOVEMENT = ['movement', 'drift', 'tack', 'dropAnchor', 'boats'] as const;

export function isMovementProcedure(p: ProcedureId): boolean {
  return (MOVEMENT as readonly ProcedureId[]).includes(p);
}

/** The six phases with the procedures each may offer (C.1 table; fires, pumping, damage control and
 *  jury rigging at the start of Phase 6 [DEFAULT]). */
export const PHASES: readonly {
  id: PhaseId;
  number: number;
  name: string;
  procedures: readonly ProcedureId[];
}[] = TURN_PHASES.map((p) => ({
  ...p,
  procedures: (
    {
      orders: ['orders'],
      crew: ['crewAssignments', 'weighAnchor'],
      initiativeReload: ['initiative', 'reload'],
      movementFiring: [...MOVEMENT, 'collision', 'cannonFire', 'marksmen'],
      grapplingBoarding: ['grappling', 'boarding'],
      moraleSinkings: ['fire', 'pumping', 'damageControl', 'juryRig', 'morale', 'sinking']
    } as const
  )[p.id]
}));

/** [APP] Procedures of a vessel under way: a fortification ("vessel or fortification", C.4.13)
 *  gives no orders, takes no part in the movement order, never moves, anchors, grapples or boards,
 *  and has no pumps or masts. It still assigns gun crews, reloads, fires and fights fires. */
const SAILING_ONLY: ReadonlySet<ProcedureId> = new Set<ProcedureId>([
  'orders',
  'weighAnchor',
  'initiative',
  ...MOVEMENT,
  'collision',
  'grappling',
  'boarding',
  'pumping',
  'juryRig'
]);

export interface PhaseContext {
  turn: number;
  options?: PvOptions;
}

/** The procedures a ship is offered in the given phase (index 0–5), in order. */
export function proceduresForPhase(phaseIndex: number, s: Sheet, ctx: PhaseContext): ProcedureId[] {
  const phase = PHASES[phaseIndex];
  if (!phase) return [];
  const options = ctx.options ?? DEFAULT_OPTIONS;
  const out = s.sunk || s.burnedUp;
  if (out) return [];
  const struck = s.struck;
  const has = (p: ProcedureId): boolean => {
    if (s.isFortification && SAILING_ONLY.has(p)) return false;
    switch (p) {
      case 'orders':
      case 'crewAssignments':
      case 'initiative':
        return !struck && !s.sinking;
      case 'weighAnchor':
        return !struck && s.anchored && s.weighAnchor === null;
      case 'reload':
        return !struck && s.guns.some((g) => !g.loaded && !g.destroyed);
      case 'movement':
        return !struck && !s.anchored && s.sail > 0 && speedCap(s).cap > 0;
      case 'drift':
        return !s.anchored && s.sail === 0;
      case 'tack':
        return !struck && s.rig === 'squareRigged' && s.tack !== 'none';
      case 'dropAnchor':
        return !struck && canDropAnchor(s);
      case 'boats':
        // "It takes two crew men to lower or recover a ship's boat" (C.3.12)
        return !struck && s.boats.total > 0 && s.assignments.boats >= CREW_REQUIREMENTS.perBoat;
      case 'collision':
        return !struck;
      case 'cannonFire':
        return !struck && !s.sinking && s.sail < 3 && s.guns.some((g) => g.loaded && !g.destroyed);
      case 'marksmen':
        return !struck && s.assignments.marksmen.crew + s.assignments.marksmen.marines > 0;
      case 'grappling':
        return !struck && s.assignments.grapplers + s.assignments.grappleCutters > 0;
      case 'boarding':
        return !struck && (s.grapples > 0 || s.entangledWith.length > 0);
      case 'fire':
        return s.onFire.burning;
      case 'pumping':
        return pumpsNeeded(s);
      case 'damageControl':
        return s.wreckage > 0 && s.assignments.damageControl > 0;
      case 'juryRig':
        return s.mastsLost > s.mastsJuryRigged && s.assignments.juryRig > 0;
      case 'morale':
        return moraleChecksDue(s, options) > 0;
      case 'sinking':
        return s.sinking;
    }
  };
  return phase.procedures.filter(has);
}

/** End of Phase 6: the turn's triggers are cleared, the Helm/Tiller "next turn" passes, the sail
 *  becomes last turn's, a weighing anchor advances, sinking ships sink (C.4.18). */
export function applyEndOfTurn(
  s: Sheet,
  turn: number,
  options: PvOptions = DEFAULT_OPTIONS
): Sheet {
  let helmHit = s.helmHit;
  if (helmHit.straightNextTurn && helmHit.hitOnTurn !== null && helmHit.hitOnTurn < turn) {
    helmHit = {
      ...helmHit,
      straightNextTurn: false,
      tillerCrewRequired:
        options.helmTillerDuration === 'permanent' ? helmHit.tillerCrewRequired : false
    };
  }
  // A weighing anchor advances a turn (C.4.6.7 step 3); when it is up the ship starts the next
  // turn at Fighting Sail.
  return applyWeighAnchorTurn({
    ...s,
    helmHit,
    prevSail: s.sail,
    pumpsNeededSince: pumpsNeeded(s) ? (s.pumpsNeededSince ?? turn) : null,
    sunk: s.sunk || s.sinking,
    turnEvents: {
      commanderHit: false,
      wasOnFire: false,
      sternRakeTaken: false,
      boardingLost: false
    }
  });
}
