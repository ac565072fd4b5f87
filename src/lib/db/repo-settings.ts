import type { Json } from '../engine/events';
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
