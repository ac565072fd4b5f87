import type { Json } from '../battle/events';
import type { Db } from './db';
import { settingRecordSchema } from './records';
import { checkRecord, parseRecord } from './parse';

/** App settings as key → JSON value; each screen owns the schema of its own keys. */

export async function getSetting(db: Db, key: string): Promise<Json | undefined> {
  const raw = await db.read(['settings'], () => db.table('settings').get(key));
  return raw === undefined ? undefined : parseRecord(settingRecordSchema, 'setting', raw).value;
}

export async function setSetting(db: Db, key: string, value: Json): Promise<void> {
  const record = checkRecord(settingRecordSchema, { key, value });
  await db.write(['settings'], async () => {
    await db.table('settings').put(record);
  });
}

export async function listSettings(db: Db): Promise<Record<string, Json>> {
  const raw = await db.read(['settings'], () => db.table('settings').toArray());
  const out: Record<string, Json> = {};
  for (const r of raw) {
    const s = parseRecord(settingRecordSchema, 'setting', r);
    Object.defineProperty(out, s.key, {
      value: s.value,
      enumerable: true,
      writable: true,
      configurable: true
    });
  }
  return out;
}
