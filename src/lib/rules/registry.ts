import type { RuleSystem, SystemId } from './system';
import { privateers } from './privateers';
import { woodenWarships } from './wooden-warships';
import { masterAndCommander } from './master-and-commander';

/** Every rule system, in the order the battle picker lists them. */
export const SYSTEMS: readonly RuleSystem[] = [privateers, woodenWarships, masterAndCommander];

export function getSystem(id: SystemId): RuleSystem {
  const system = SYSTEMS.find((s) => s.id === id);
  if (!system) throw new Error(`Unknown rule system: ${id}`);
  return system;
}

export function isSystemId(value: string): value is SystemId {
  return SYSTEMS.some((s) => s.id === value);
}
