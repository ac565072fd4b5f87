import { createHash } from 'node:crypto';
import type { ScriptedLog } from '../src/lib/report/scripted.test-helpers';

// A scripted battle as a battle file the app imports (the report specs open their battles so).

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** The scripted battle as the battle file "Export" writes (format 1). */
export function battleFile(
  systemId: string,
  variant: string,
  name: string,
  log: ScriptedLog,
  /** The battle's stored readings (the options its moves were played under). */
  options: Record<string, string | number | boolean> = {}
): string {
  const payload = {
    battles: [
      {
        id: 'b1',
        name,
        systemId,
        variant,
        options,
        createdAt: 1_700_000_000_000,
        updatedAt: 1_700_000_000_000,
        isArchived: false,
        lastSeq: log.events.length,
        notes: ''
      }
    ],
    ships: [],
    events: log.events,
    shipClasses: [],
    settings: []
  };
  const checksum = `sha256:${createHash('sha256').update(canonicalJson(payload)).digest('hex')}`;
  return JSON.stringify({
    format: 'quarterdeck-backup',
    formatVersion: 1,
    appVersion: '0.1.0',
    schemaVersion: 1,
    exportedAt: 1_700_000_000_000,
    scope: 'battle',
    checksum,
    payload
  });
}
