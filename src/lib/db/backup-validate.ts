import type { BattleEvent } from '../engine/events';
import { battleStateSchema } from '../engine/state-schema';
import { fold } from '../battle/fold';
import { historyProblems } from '../battle/actions';
import { ImportInvalidError, type ImportIssue } from './errors';
import type { BackupPayload } from './records-logs';
import { zodIssues } from './parse';
import { formatIssue } from '../engine/issues';
import { logIssue, sheetIssue } from '../battle/sheet-check';
import type { SystemId, SystemSchemas } from '../engine/system';
import { campaignIssues } from './backup-campaigns';
import { SCHEMA_VERSION } from './schema';
import { loadSystem, loadedSystem } from '../rules/engines';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFileSchema,
  payloadChecksum,
  type BackupFile
} from './backup-file';

/**
 * Reading a backup or shared file: the tolerant boundary (as Excalidraw's `restore`) — size limit,
 * JSON parse, strict zod schemas at every level, checksum, consistency of each battle log — that
 * every file passes before backup-import.ts opens its one transaction. Any failure changes nothing
 * and names the field and the reason.
 */

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export function invalid(path: string, reason: string): ImportInvalidError {
  return new ImportInvalidError([{ path, reason }]);
}

/** Reads, parses and checks a file; throws ImportInvalidError naming what is wrong. */
export async function parseBackup(
  input: string | Blob,
  maxBytes = MAX_IMPORT_BYTES
): Promise<BackupFile> {
  const size = typeof input === 'string' ? input.length : input.size;
  if (size > maxBytes) {
    throw invalid('', `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  const text = typeof input === 'string' ? input : await input.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw invalid('', `not a JSON file (${e instanceof Error ? e.message : 'parse error'})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid('', 'not a Quarterdeck backup file (expected a JSON object)');
  }
  const envelope = data as Record<string, unknown>;
  if (envelope.format !== BACKUP_FORMAT) {
    throw invalid('format', `not a Quarterdeck backup file (expected "${BACKUP_FORMAT}")`);
  }
  // Only a whole number above ours is a newer format; 1.5 is simply not a format we know.
  if (
    typeof envelope.formatVersion === 'number' &&
    Number.isInteger(envelope.formatVersion) &&
    envelope.formatVersion > BACKUP_FORMAT_VERSION
  ) {
    throw invalid(
      'formatVersion',
      'made by a newer Quarterdeck; update the app, then import again'
    );
  }
  const parsed = backupFileSchema.safeParse(data);
  if (!parsed.success) {
    // A newer schema adds fields this release does not know: say so rather than "unexpected field".
    if (
      typeof envelope.schemaVersion === 'number' &&
      Number.isInteger(envelope.schemaVersion) &&
      envelope.schemaVersion > SCHEMA_VERSION
    ) {
      throw invalid(
        'schemaVersion',
        `made by a newer Quarterdeck (data version ${envelope.schemaVersion}; this one reads ` +
          `version ${SCHEMA_VERSION}): update the app, then import again`
      );
    }
    throw new ImportInvalidError(zodIssues(parsed.error, '', data).slice(0, 20));
  }
  const file = parsed.data;
  if ((await payloadChecksum(file.payload)) !== file.checksum) {
    throw invalid('checksum', 'does not match the content: the file is damaged or was edited');
  }
  // The schemas of the file's systems (loaded on demand: issues 18 and 40).
  const schemas = await schemasOf(file.payload);
  const issues = [
    ...sheetIssues(file.payload, schemas),
    ...consistencyIssues(file.payload, schemas),
    ...campaignIssues(file.payload)
  ];
  if (issues.length > 0) throw new ImportInvalidError(issues.slice(0, 20));
  return file;
}

function duplicates<T>(
  items: readonly T[],
  key: (t: T) => string,
  path: string,
  issues: ImportIssue[]
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) issues.push({ path: `${path}[${i}]`, reason: `duplicate id "${k}"` });
    seen.add(k);
  });
}

/** The schemas of every system the file's ships and battles are of, by id. */
export type SchemasById = ReadonlyMap<SystemId, SystemSchemas>;

/** The schemas of the file's systems, each engine loaded on demand (issue 18). */
export async function schemasOf(p: BackupPayload): Promise<SchemasById> {
  const ids = new Set([...p.ships.map((s) => s.systemId), ...p.battles.map((b) => b.systemId)]);
  const out = new Map<SystemId, SystemSchemas>();
  for (const id of ids) out.set(id, await (await loadSystem(id)).loadSchemas());
  return out;
}

const notValid = (id: SystemId): string => `not a valid ${loadedSystem(id).name} ship log`;

/**
 * Each ship record's sheet against its own system's schema (the file schema sees only JSON), so a
 * sheet the ship page cannot read is refused at import, with the rest of the file.
 */
export function sheetIssues(p: BackupPayload, schemas: SchemasById): ImportIssue[] {
  const issues: ImportIssue[] = [];
  p.ships.forEach((ship, i) => {
    const first = sheetIssue(schemas.get(ship.systemId)!, ship.sheet, `payload.ships[${i}].sheet`);
    if (first) issues.push({ ...first, reason: `${first.reason} (${notValid(ship.systemId)})` });
  });
  return issues;
}

/**
 * Every state of a battle's log checked against its system's schemas (`logIssue`): the fold reads
 * sheets without a parse (battle/sheets.ts), so an imported log that holds, or that an undo would
 * make, a sheet or system state that is not the system's is refused, the event and field named.
 */
function logSheetIssue(
  events: readonly { event: BattleEvent; index: number }[],
  systemId: SystemId,
  schemas: SchemasById
): ImportIssue | null {
  const found = logIssue(
    schemas.get(systemId)!,
    events.map((x) => x.event)
  );
  if (!found) return null;
  const { issue, isUndo } = found;
  return {
    path: `payload.events[${events[found.at].index}]`,
    reason:
      `${isUndo ? 'an undo of it would leave' : 'leaves'} ${formatIssue(issue)}` +
      ` (${issue.path.includes('.sheet') ? notValid(systemId) : 'not a valid battle state'})`
  };
}

/** What the schemas cannot see: references, gap-free sequences, an undo stack that adds up. */
export function consistencyIssues(p: BackupPayload, schemas: SchemasById): ImportIssue[] {
  const issues: ImportIssue[] = [];
  duplicates(p.battles, (b) => b.id, 'payload.battles', issues);
  duplicates(p.ships, (s) => s.id, 'payload.ships', issues);
  duplicates(p.events, (e) => e.id, 'payload.events', issues);
  duplicates(p.shipClasses, (c) => c.id, 'payload.shipClasses', issues);
  duplicates(p.settings, (s) => s.key, 'payload.settings', issues);
  const battleIds = new Set(p.battles.map((b) => b.id));
  p.ships.forEach((s, i) => {
    if (s.battleId !== null && !battleIds.has(s.battleId)) {
      issues.push({
        path: `payload.ships[${i}].battleId`,
        reason: 'refers to a battle not in the file'
      });
    }
  });
  const byBattle = new Map<string, { event: BattleEvent; index: number }[]>();
  p.events.forEach((event, index) => {
    if (!battleIds.has(event.battleId)) {
      issues.push({
        path: `payload.events[${index}].battleId`,
        reason: 'refers to a battle not in the file'
      });
      return;
    }
    const list = byBattle.get(event.battleId) ?? [];
    list.push({ event, index });
    byBattle.set(event.battleId, list);
  });
  p.battles.forEach((battle, bi) => {
    const list = (byBattle.get(battle.id) ?? []).sort((a, b) => a.event.seq - b.event.seq);
    for (let i = 0; i < list.length; i++) {
      if (list[i].event.seq !== i + 1) {
        issues.push({
          path: `payload.events[${list[i].index}].seq`,
          reason: `expected ${i + 1} (sequence numbers run 1, 2, 3… per battle without gaps)`
        });
        return;
      }
    }
    if (battle.lastSeq !== list.length) {
      issues.push({
        path: `payload.battles[${bi}].lastSeq`,
        reason: `expected ${list.length}, the number of its events`
      });
      return;
    }
    const events = list.map((x) => x.event);
    const problems = historyProblems(events);
    if (problems.length > 0) {
      issues.push({
        path: `payload.battles[${bi}]`,
        reason: `inconsistent undo history: ${problems[0]}`
      });
      return;
    }
    try {
      const bad = logSheetIssue(list, battle.systemId, schemas);
      if (bad) {
        issues.push(bad);
        return;
      }
      const state = fold(events);
      const r = battleStateSchema.safeParse(state);
      if (!r.success) {
        const first = zodIssues(r.error)[0];
        issues.push({
          path: `payload.battles[${bi}]`,
          reason: `the log leads to an invalid state (${first?.path ?? ''}: ${first?.reason ?? ''})`
        });
      }
    } catch (e) {
      issues.push({
        path: `payload.battles[${bi}]`,
        reason: `the log cannot be replayed (${e instanceof Error ? e.message : 'error'})`
      });
    }
  });
  return issues;
}
