import { Dexie, type Table } from 'dexie';
import type {
  BattleRecord,
  MetaRecord,
  SettingRecord,
  ShipClassRecord,
  ShipRecord
} from './records';
import type { CampaignRecord, SnapshotRecord } from './records-logs';
import type { CheckpointRecord } from './checkpoints';
import type { BattleEvent } from '../engine/events';
import type { CampaignEvent } from '../campaign/events';

/** The IndexedDB schema; its version and the rule for changing it are in identity.ts. */
export { SCHEMA_VERSION } from './identity';

/** Version 1 (released with Quarterdeck 0.1). */
export const STORES_V1 = {
  battles: 'id, updatedAt',
  // battleId null = ship library template (null is not indexable; the library is a filter).
  ships: 'id, battleId, systemId',
  // The unique compound index makes a duplicate sequence number impossible even if two writers race.
  events: 'id, &[battleId+seq]',
  shipClasses: 'id, systemId',
  settings: 'key',
  meta: 'key',
  snapshots: 'id, takenAt'
} as const;

/**
 * Version 2 (issue 18) adds only a table: checkpoints of a battle's folded state, so opening a long
 * battle folds only the log's tail (checkpoints.ts). Dexie keeps every version-1 table as it is.
 */
export const STORES_V2 = {
  checkpoints: '[battleId+seq]'
} as const;

/**
 * Version 3 (issue 36) adds only tables: campaigns and their logs, keyed as battles and their
 * events are (the unique [campaignId+seq] keeps a campaign's sequence numbers from colliding).
 */
export const STORES_V3 = {
  campaigns: 'id, updatedAt',
  campaignEvents: 'id, &[campaignId+seq]'
} as const;

export type TableName = keyof typeof STORES_V1 | keyof typeof STORES_V2 | keyof typeof STORES_V3;
export const TABLE_NAMES = [
  ...Object.keys(STORES_V1),
  ...Object.keys(STORES_V2),
  ...Object.keys(STORES_V3)
] as TableName[];

export interface Tables {
  battles: Table<BattleRecord, string>;
  ships: Table<ShipRecord, string>;
  events: Table<BattleEvent, string>;
  shipClasses: Table<ShipClassRecord, string>;
  settings: Table<SettingRecord, string>;
  meta: Table<MetaRecord, string>;
  snapshots: Table<SnapshotRecord, string>;
  checkpoints: Table<CheckpointRecord, [string, number]>;
  campaigns: Table<CampaignRecord, string>;
  campaignEvents: Table<CampaignEvent, string>;
}

export interface IdbDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

export class QuarterdeckDexie extends Dexie {
  declare battles: Tables['battles'];
  declare ships: Tables['ships'];
  declare events: Tables['events'];
  declare shipClasses: Tables['shipClasses'];
  declare settings: Tables['settings'];
  declare meta: Tables['meta'];
  declare snapshots: Tables['snapshots'];
  declare checkpoints: Tables['checkpoints'];
  declare campaigns: Tables['campaigns'];
  declare campaignEvents: Tables['campaignEvents'];

  constructor(name: string, deps: IdbDeps) {
    super(name, { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange, autoOpen: false });
    this.version(1).stores(STORES_V1);
    this.version(2).stores(STORES_V2);
    this.version(3).stores(STORES_V3);
  }
}
