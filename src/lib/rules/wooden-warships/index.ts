import { catalogEntry } from '../../engine/catalog';
import type { RuleSystem } from '../../engine/system';
import { LEGACY_IDS } from './legacy-ids';
import { nextStep } from './moves-turn';
import { readOptions } from './options';
import { turnStatus } from './turn';
import { crippledAreas, startTurn } from './turn-reads';
import { defaultSheet, defaultSystemState, type Sheet } from './sheet';
import { AMMUNITION, BATTERIES, BATTERY_NAMES, PHASES, SAIL_SETTING_TEXT } from './tables';
import { commissionPrize, repairTrack, tracks } from './tracks';

export { defaultSheet, defaultSystemState } from './sheet';
export type { Sheet, SystemState } from './sheet';
export { readOptions, DEFAULT_OPTIONS } from './options';
export { PHASES } from './tables';
export type { WwOptions } from './options';

function summarize(s: Sheet): ReturnType<RuleSystem<Sheet>['summarize']> {
  const loaded = BATTERIES.filter((b) => s.loaded[b] !== null)
    .map((b) => `${BATTERY_NAMES[b]}: ${AMMUNITION[s.loaded[b] ?? 'round'].name.toLowerCase()}`)
    .join(', ');
  const lines = [
    `Hull ${s.hull.current}/${s.hull.original}`,
    `Crew ${s.crew.current}/${s.crew.original} (${s.crewSkill})`,
    `Rigging ${s.rigging.current}/${s.rigging.original}`,
    s.speedSetting ? SAIL_SETTING_TEXT[s.speedSetting].name : 'No sail set',
    loaded ? `Loaded ${loaded}` : 'Guns empty',
    // The example label belongs to the chart's figures, not to the ship's state (issue 33): a line
    // beside them, never a status word the report tells as the ship's fate or a paper log ticks.
    ...(s.chart.isExample ? ['EXAMPLE chart (invented numbers)'] : [])
  ];
  const status: string[] = [];
  if (s.status !== 'active') status.push(s.status);
  if (s.boarding) status.push(`boarding (${s.boarding.party} aboard the enemy)`);
  if (s.isRaisingAnchor) status.push('raising anchor');
  if (s.status === 'active' && crippledAreas(s).length > 0) status.push('crippled');
  return { lines, status, isOut: s.status !== 'active' };
}

export const woodenWarships: RuleSystem<Sheet> = {
  // Names and variants are the catalog's, so the Battles list can show them without the engine.
  ...catalogEntry('wooden-warships'),
  // The schemas, loaded where a log enters the battle (issue 40: reading one does not parse).
  loadSchemas: () => import('./sheet-schema').then((m) => m.SCHEMAS),
  defaultSheet,
  tracks,
  repairTrack,
  commissionPrize,
  // The printed log's sections, loaded when printing (issue 40).
  loadPaper: () => import('./paper').then((m) => m.paper),
  summarize,
  // SPEC B.4.2: "Each turn is divided into multiple steps" (Movement, Maintenance 1, Attack,
  // Boarding, Maintenance 2); turn 1 runs only the maintenance steps.
  phases: PHASES,
  // Players join (with £7,000 each) in the battle's set-up; charts and cards are user data.
  initialSystemState: () => defaultSystemState(),
  // "At the start of each turn, clear attackedThisTurn and firedThisTurn" (SPEC B.4.2).
  onTurnStart: startTurn,
  readOptions,
  // Turn 1 runs only the maintenance steps; with player turns the steps pass player by player.
  nextStep,
  turnStatus,
  // Every move, loaded when first needed (issue 40): each panel imports its own.
  loadMoves: () => import('./moves').then((m) => m.MOVES),
  legacyIds: LEGACY_IDS
};
