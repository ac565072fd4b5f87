import { assignedCrew, unassignedCrew } from './resolve-boarding';
import { sailingCrewRequired, sailingMasts } from './movement-reads';
import { pumpsNeeded } from './task-reads';
import type { Sheet } from './sheet';
import { CREW_REQUIREMENTS, SAIL_SETTINGS, type Maneuver, type SailLevel } from './tables';

// Privateers Phase 2's crew check (C.4.3, C.3.12), apart from the turn's phases (resolve-turn.ts)
// that every step reads: only the crew panel and its move read it, and with it the boarding
// rules' crew counts (issue 40: not on a battle's first screen).

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
