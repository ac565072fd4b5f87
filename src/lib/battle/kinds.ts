import type { RuleSystem } from '../engine/system';

/**
 * Stored names are permanent: an event kind or roll-procedure id written by an earlier release is
 * never rewritten in the log. Readers that switch on them (log lines, the report, the turn model)
 * canonicalise through the system's `legacyIds` map first.
 */
export function canonicalId(system: Pick<RuleSystem, 'legacyIds'> | null, id: string): string {
  return system?.legacyIds?.[id] ?? id;
}
