import { catalogEntry } from '../catalog';
import type { RuleSystem } from '../system';
import { OPTIONS } from './options';
import { crippledAreas } from './resolve-boarding';
import { startTurn } from './resolve-turn';
import { defaultSheet, defaultSystemState, sheetSchema, type Sheet } from './sheet';
import { AMMUNITION, BATTERIES, SAIL_SETTING_TEXT, STEPS } from './tables';
import { tracks } from './tracks';

export { sheetSchema, defaultSheet, systemStateSchema, defaultSystemState } from './sheet';
export type { Sheet, SystemState } from './sheet';
export { OPTIONS, readOptions, DEFAULT_OPTIONS } from './options';
export type { WwOptions } from './options';

function summarize(s: Sheet): ReturnType<RuleSystem<Sheet>['summarize']> {
  const loaded = BATTERIES.filter((b) => s.loaded[b] !== null)
    .map((b) => `${b}: ${AMMUNITION[s.loaded[b] ?? 'round'].marker}`)
    .join(', ');
  const lines = [
    `Hull ${s.hull.current}/${s.hull.original}`,
    `Crew ${s.crew.current}/${s.crew.original} (${s.crewSkill})`,
    `Rigging ${s.rigging.current}/${s.rigging.original}`,
    s.speedSetting ? SAIL_SETTING_TEXT[s.speedSetting].name : 'No sail set',
    loaded ? `Loaded ${loaded}` : 'Guns empty'
  ];
  const status: string[] = [];
  if (s.status !== 'active') status.push(s.status);
  if (s.boarding) status.push(`boarding (${s.boarding.party} aboard the enemy)`);
  if (s.isRaisingAnchor) status.push('raising anchor');
  if (s.status === 'active' && crippledAreas(s).length > 0) status.push('crippled');
  if (s.chart.isExample) status.push('EXAMPLE chart');
  return { lines, status, isOut: s.status !== 'active' };
}

export const woodenWarships: RuleSystem<Sheet> = {
  // Names and variants are the catalog's, so the Battles list can show them without the engine.
  ...catalogEntry('wooden-warships'),
  options: OPTIONS,
  sheetSchema,
  defaultSheet,
  tracks,
  summarize,
  // SPEC B.4.2: "Each turn is divided into multiple steps" (Movement, Maintenance 1, Attack,
  // Boarding, Maintenance 2); turn 1 runs only the maintenance steps.
  phases: STEPS.map((s) => s.name),
  // Players join (with £7,000 each) in the battle's set-up; charts and cards are user data.
  initialSystemState: () => defaultSystemState(),
  // "At the start of each turn, clear attackedThisTurn and firedThisTurn" (SPEC B.4.2).
  onTurnStart: startTurn
};
