/**
 * Backup and sharing files. One tolerant boundary (as Excalidraw's `restore`): size limit, JSON
 * parse, strict zod schemas at every level, checksum, consistency of each battle log, and only
 * then one transaction. Any failure changes nothing and names the field and the reason.
 *
 * The file format is in backup-file.ts, writing files in backup-export.ts, reading and checking
 * them in backup-validate.ts, and importing, replacing and snapshots in backup-import.ts; this
 * module is the one import path for all of it.
 */

export {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFileSchema,
  canonicalJson,
  payloadChecksum,
  sha256Hex,
  type BackupFile,
  type BackupScope
} from './backup-file';
export {
  exportAll,
  exportBattle,
  exportBattleShip,
  exportDamagedBattle,
  exportShip,
  type ExportedAll,
  type ExportedFile
} from './backup-export';
export type { LeftOut } from './backup-salvage';
export { MAX_IMPORT_BYTES, consistencyIssues, parseBackup, sheetIssues } from './backup-validate';
export {
  MAX_SNAPSHOTS,
  importBackup,
  listSnapshots,
  restoreSnapshot,
  type ImportOptions,
  type ImportSummary,
  type SnapshotInfo
} from './backup-import';
