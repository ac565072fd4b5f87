import { catalogEntry } from '../../engine/catalog';
import type { RuleSystem } from '../../engine/system';
import { speedCap } from './movement-reads';
import { commanderRole } from './morale-reads';
import { LEGACY_IDS } from './legacy-ids';
import { readOptions } from './options';
import { turnStatus } from './turn';
import { applyEndOfTurn, PHASES } from './resolve-turn';
import { defaultSheet, defaultSystemState, type Sheet } from './sheet';
import { SAIL_SETTINGS } from './tables';
import { commissionPrize, repairTrack, startOfGame, tracks } from './tracks';
import { describeField } from './describe-field';

// Privateers (Hal Thinglum, MWAN #108): the system object. The engine lives beside it:
// tables.ts (C.3), sheet.ts (C.2), options.ts (C.2/C.5), resolve-*.ts (C.4), odds*.ts (C.7).

export { defaultSheet };
export type { Sheet };
export { PHASES, proceduresForPhase, PROCEDURES } from './resolve-turn';
export { DEFAULT_OPTIONS, readOptions } from './options';
export type { PvOptions } from './options';
export { turnStatus } from './turn';
export { LEGACY_IDS } from './legacy-ids';

function summarize(s: Sheet) {
  const status: string[] = [];
  if (s.sunk) status.push('sunk');
  else if (s.sinking) status.push('sinking');
  if (s.burnedUp) status.push('burned up');
  if (s.struck) status.push('struck');
  if (s.disordered) status.push('disordered');
  if (s.onFire.burning) status.push('on fire');
  if (s.anchored) status.push('anchored');
  if (s.waterline) status.push('water line');
  if (s.rudderHit) status.push('rudder');
  if (s.helmHit.tillerCrewRequired) status.push('helm/tiller');
  if (s.grapples > 0 || s.entangledWith.length > 0) status.push('grappled');
  if (commanderRole(s) === null) status.push('no officers');
  const live = s.guns.filter((g) => !g.destroyed);
  const cap = speedCap(s).cap;
  return {
    lines: [
      `Hull ${Math.max(0, s.hull.points - s.hull.damage)}/${s.hull.points}`,
      `Rigging ${Math.max(0, s.rigging.points - s.rigging.damage)}/${s.rigging.points}`,
      `Crew ${s.crew.current}/${s.crew.initial}` +
        (s.marines.initial ? `, marines ${s.marines.current}` : ''),
      `Guns ${live.filter((g) => g.loaded).length} loaded of ${live.length}`,
      `${SAIL_SETTINGS[s.sail].label}` + (cap < 3 ? ` (max ${SAIL_SETTINGS[cap].label})` : '')
    ],
    status,
    isOut: s.sunk || s.struck || s.burnedUp
  };
}

export const privateers: RuleSystem<Sheet> = {
  // Names and variants are the catalog's, so the Battles list can show them without the engine.
  ...catalogEntry('privateers'),
  // The schemas, loaded where a log enters the battle (issue 40: reading one does not parse).
  loadSchemas: () => import('./sheet-schema').then((m) => m.SCHEMAS),
  defaultSheet,
  tracks,
  repairTrack,
  commissionPrize,
  startOfGame,
  // The printed log's sections, loaded when printing (issue 40).
  loadPaper: () => import('./paper').then((m) => m.paper),
  summarize,
  // C.1 "Turn Sequence": the six phases, by their names in the text.
  phases: PHASES.map((p) => p.name),
  // The wind starts from the north until the referee sets it (the text has no wind rule, C.6).
  initialSystemState: () => defaultSystemState(),
  // End of Phase 6 (C.4.18) as the next turn begins: the turn's morale triggers cleared,
  // Helm/Tiller "next turn" passes, pumps noted, a sinking ship sinks.
  onTurnStart: (s, ctx) => applyEndOfTurn(s, ctx.endedTurn, readOptions(ctx.options)),
  readOptions,
  turnStatus,
  // Every move, loaded when first needed (issue 40): each panel imports its own.
  loadMoves: () => import('./moves').then((m) => m.MOVES),
  legacyIds: LEGACY_IDS,
  describeField
};
