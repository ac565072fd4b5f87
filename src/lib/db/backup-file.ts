import * as z from 'zod/mini';
import { timeSchema } from '../engine/state-schema';
import { backupPayloadSchema, type BackupPayload } from './records-logs';
import { sha256HexSync } from '../engine/sha256';
import type { TableName } from './schema';

/** The backup file format: its envelope, its checksum, and the tables it carries. */

export const BACKUP_FORMAT = 'quarterdeck-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type BackupScope = 'all' | 'battle' | 'ship';

export const backupFileSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string().check(z.maxLength(50)),
  schemaVersion: z.int().check(z.gte(1)),
  exportedAt: timeSchema,
  scope: z.enum(['all', 'battle', 'ship']),
  checksum: z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/)),
  payload: backupPayloadSchema
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/**
 * The SHA-256 of a text, as hex. `crypto.subtle` exists only in a secure context: a phone on the
 * live table's plain-http page (#19) has none, and gets the same digest from the pure one.
 */
export async function sha256Hex(
  text: string,
  subtle: Pick<SubtleCrypto, 'digest'> | undefined = globalThis.crypto?.subtle
): Promise<string> {
  if (!subtle) return sha256HexSync(text);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function payloadChecksum(payload: BackupPayload): Promise<string> {
  return `sha256:${await sha256Hex(canonicalJson(payload))}`;
}

/** The data tables a backup carries (not meta, not snapshots). */
export const DATA_TABLES = [
  'battles',
  'ships',
  'events',
  'shipClasses',
  'settings',
  'campaigns',
  'campaignEvents'
] as const satisfies readonly TableName[];
