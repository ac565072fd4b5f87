import type { RuleSystem } from '../system';
import { OPTIONS } from './options';
import { crippledAreas } from './resolve-boarding';
import { defaultSheet, sheetSchema, type Sheet } from './sheet';
import { AMMUNITION, BATTERIES, SAIL_SETTING_TEXT } from './tables';

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
  id: 'wooden-warships',
  name: 'Wooden Warships',
  tagline: 'Miniatures: percentile gunnery by decks, ammunition, fleet purchase and boarding',
  variants: [
    { id: 'standard', name: 'Standard', description: 'Fleet purchase with £7,000 a player' }
  ],
  options: OPTIONS,
  sheetSchema,
  defaultSheet,
  summarize
};
