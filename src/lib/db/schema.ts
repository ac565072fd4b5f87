import { Dexie, type Table } from 'dexie';
import type {
  BattleRecord,
  MetaRecord,
  SettingRecord,
  ShipClassRecord,
  ShipRecord,
  SnapshotRecord
} from './records';
import type { BattleEvent } from '../battle/events';

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

export type TableName = keyof typeof STORES_V1;
export const TABLE_NAMES = Object.keys(STORES_V1) as TableName[];

export interface Tables {
  battles: Table<BattleRecord, string>;
  ships: Table<ShipRecord, string>;
  events: Table<BattleEvent, string>;
  shipClasses: Table<ShipClassRecord, string>;
  settings: Table<SettingRecord, string>;
  meta: Table<MetaRecord, string>;
  snapshots: Table<SnapshotRecord, string>;
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

  constructor(name: string, deps: IdbDeps) {
    super(name, { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange, autoOpen: false });
    this.version(1).stores(STORES_V1);
  }
}
