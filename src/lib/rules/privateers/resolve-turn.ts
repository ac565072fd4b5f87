import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { assignedCrew, unassignedCrew } from './resolve-boarding';
import { moraleChecksDue } from './resolve-morale';
import {
  applyWeighAnchorTurn,
  canDropAnchor,
  sailingCrewRequired,
  sailingMasts,
  speedCap
} from './resolve-movement';
import { pumpsNeeded } from './task-reads';
import type { Sheet } from './sheet';
import {
  CREW_REQUIREMENTS,
  SAIL_SETTINGS,
  TURN_PHASES,
  type Maneuver,
  type PhaseId,
  type SailLevel
} from './tables';

// Privateers turn (SPEC C.1): the six phases, the procedures each offers, the crew-assignment
// check (C.4.3, C.3.12) and the end-of-turn bookkeeping.

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

export interface CrewIssue {
  task: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface CrewCheck {
  sailingRequired: number;
  assigned: number;
  unassigned: number;
  /** the highest sail setting the assigned sailing crew can support */
  maxSailForCrew: SailLevel;
  issues: CrewIssue[];
}

/** C.4.3 Phase 2: what cannot be done with the crew available. */
export function checkCrewAssignments(
  s: Sheet,
  orders: { sail: SailLevel; maneuver: Maneuver; isMoving?: boolean }
): CrewCheck {
  const a = s.assignments;
  const issues: CrewIssue[] = [];
  const error = (task: string, message: string) =>
    issues.push({ task, severity: 'error', message });
  const warn = (task: string, message: string) =>
    issues.push({ task, severity: 'warning', message });
  const sailingRequired = sailingCrewRequired(s, orders.sail);
  let maxSailForCrew: SailLevel = 0;
  for (const lvl of [1, 2, 3] as const)
    if (a.sailing >= sailingCrewRequired(s, lvl)) maxSailForCrew = lvl;
  if (a.sailing < sailingRequired)
    error(
      'sailing',
      `${SAIL_SETTINGS[orders.sail].label} needs ${sailingRequired} crew (${SAIL_SETTINGS[orders.sail].crewPerMast} per mast × ${sailingMasts(s)}); "If crew numbers needed are not available, the maneuver cannot be done." Best possible: ${SAIL_SETTINGS[maxSailForCrew].label}.`
    );
  for (const id of a.gunCrews) {
    const g = s.guns.find((x) => x.id === id);
    if (!g) error('guns', `No gun ${id} on this ship.`);
    else if (g.destroyed) warn('guns', `Gun ${id} is destroyed; its crew is wasted.`);
  }
  if (new Set(a.gunCrews).size !== a.gunCrews.length)
    error('guns', 'A gun is listed twice; one crew mans one gun.');
  if (a.gunnerSights !== null) {
    if (!s.officers.gunner.present)
      error('gunner', 'The Gunner is out of action and cannot sight a gun.');
    else if (!a.gunCrews.includes(a.gunnerSights))
      error(
        'gunner',
        'The Gunner sights a gun that is not manned ("Guns that are unmanned cannot be fired").'
      );
  }
  if (pumpsNeeded(s) && a.pumps < CREW_REQUIREMENTS.pumps)
    warn(
      'pumps',
      'Two crew must man the pumps "or the ship suffers an additional 5 points damage to the hull".'
    );
  if (s.onFire.burning && a.fireFighters === 0)
    warn('fire', 'The ship is on fire and no crew fight it.');
  if (!s.onFire.burning && a.fireFighters > 0) warn('fire', 'No fire to fight.');
  if (a.damageControl > 0 && s.wreckage === 0) warn('damageControl', 'No wreckage to clear.');
  if (a.juryRig > 0 && s.mastsLost <= s.mastsJuryRigged)
    warn('juryRig', 'No lost mast to jury rig.');
  const mastsStanding = Math.max(0, s.masts - s.mastsLost + s.mastsJuryRigged);
  const marksmen = a.marksmen.crew + a.marksmen.marines;
  if (marksmen > mastsStanding * CREW_REQUIREMENTS.marksmenPerMast)
    error(
      'marksmen',
      `"One crew man may be assigned to each mast to act as a marksman": at most ${mastsStanding}.`
    );
  if (a.marksmen.marines > s.marines.current)
    error('marksmen', 'More marine marksmen than marines aboard.');
  if (a.marksmen.crew > 0 && a.marksmen.marines < s.marines.current)
    warn('marksmen', '"marines will be used for this task if available".');
  const needsTiller = s.helmHit.tillerCrewRequired && orders.maneuver !== 'straight';
  if (needsTiller && a.tiller < CREW_REQUIREMENTS.tiller)
    error('tiller', 'Helm/Tiller damage: "must assign 2 crew to tiller deck" to alter course.');
  if (a.boats % CREW_REQUIREMENTS.perBoat !== 0)
    error('boats', 'It takes two crew to lower or recover each boat.');
  if (a.boats > 0 && (orders.isMoving ?? (orders.sail > 0 && !s.anchored)))
    error('boats', 'Boats "may never be attempted on any turn the ship is moving".');
  if (a.anchor > 0 && !s.anchored) warn('anchor', 'The ship is not at anchor.');
  // C.4.6.7 step 3 [DEFAULT]: the crew raising the anchor stay assigned until it is up.
  if (s.weighAnchor && a.anchor < s.weighAnchor.crew)
    error(
      'anchor',
      `The ${s.weighAnchor.crew} crew raising the anchor stay on it until it is up (${s.weighAnchor.turnsLeft} turn${s.weighAnchor.turnsLeft === 1 ? '' : 's'} left).`
    );
  const used = assignedCrew(s);
  if (used > s.crew.current)
    error('total', `${used} crew assigned but only ${s.crew.current} aboard.`);
  return {
    sailingRequired,
    assigned: used,
    unassigned: unassignedCrew(s),
    maxSailForCrew,
    issues
  };
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
