import * as z from 'zod/mini';
import type { BattleDisplay } from '../battle/display';
import { jsonSchema, timeSchema } from '../engine/state-schema';
import { SYSTEM_IDS } from '../engine/catalog';
import { META_KEY } from './identity';

export { META_KEY };

/**
 * The zod schema of every stored record. Repositories parse on the way in and on the way out, so a
 * damaged record or a future field is caught at the boundary instead of deep in the UI.
 */

/** A record's id (UUIDv7 where the app made it). */
export const recordIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
const id = recordIdSchema;
const time = timeSchema;
const name = z.string().check(z.minLength(1), z.maxLength(200));

/** A rule system of the catalog (engine/catalog.ts, the one list); any other id is refused. */
export const systemIdSchema = z.enum(SYSTEM_IDS);

/**
 * What a battle and a campaign record both are: a named game of a rule system with its readings,
 * and the head of an append-only log.
 */
export const gameFields = {
  id,
  name,
  systemId: systemIdSchema,
  variant: z.string().check(z.maxLength(100)),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: time,
  updatedAt: time,
  /** seq of the latest event; the next event gets lastSeq + 1 (kept here so appends serialise). */
  lastSeq: z.int().check(z.gte(0)),
  notes: z.string().check(z.maxLength(10_000))
};

type GameFields = z.infer<z.ZodMiniObject<typeof gameFields>>;

/** A new game's fields: the heading it was created with, at `at`, its log still empty. */
export function newGameFields(
  input: Pick<GameFields, 'name' | 'systemId' | 'variant' | 'options'> & { notes?: string },
  id: string,
  at: number
): GameFields {
  const { name, systemId, variant, options } = input;
  return {
    id,
    name,
    systemId,
    variant,
    options,
    createdAt: at,
    updatedAt: at,
    lastSeq: 0,
    notes: input.notes ?? ''
  };
}

/** The battle list's display (battle/display.ts BattleDisplay). */
export const battleDisplaySchema: z.ZodMiniType<BattleDisplay> = z.strictObject({
  turn: z.int(),
  /** The phase or step label. */
  step: z.string().check(z.maxLength(200)),
  /** Whose turn it is (player or side name), when the system passes the turn. */
  active: z.optional(z.string().check(z.maxLength(200))),
  activeColor: z.optional(z.string().check(z.maxLength(50))),
  /** The ending's text ("Britain wins"), once the battle is decided. */
  ending: z.optional(z.string().check(z.maxLength(300)))
});

export const battleRecordSchema = z.strictObject({
  ...gameFields,
  isArchived: z.boolean(),
  /**
   * Where the battle stands (turn, step, whose turn, the ending) for the battle list; rewritten in
   * the transaction of each event. Optional: records written before it lack it.
   */
  display: z.optional(battleDisplaySchema),
  /** The campaign the battle was fought in (issue 36); absent for a battle of its own. */
  campaignId: z.optional(id)
});
export type BattleRecord = z.infer<typeof battleRecordSchema>;

/**
 * A ship sheet outside the battle log: a reusable template in the ship library (battleId null) or
 * a ship prepared for a battle's roster. Ships in play live in the battle state (ship.add events).
 */
export const shipRecordSchema = z.strictObject({
  id,
  battleId: z.nullable(id),
  systemId: systemIdSchema,
  name,
  side: z.string().check(z.maxLength(200)),
  player: z.string().check(z.maxLength(200)),
  sheet: jsonSchema,
  createdAt: time,
  updatedAt: time
});
export type ShipRecord = z.infer<typeof shipRecordSchema>;

/** A user-entered ship chart (the rule texts refer to these but do not contain them). */
export const shipClassRecordSchema = z.strictObject({
  id,
  systemId: systemIdSchema,
  name,
  data: jsonSchema,
  createdAt: time,
  updatedAt: time
});
export type ShipClassRecord = z.infer<typeof shipClassRecordSchema>;

export const settingRecordSchema = z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(100)),
  value: jsonSchema
});
export type SettingRecord = z.infer<typeof settingRecordSchema>;

export const metaRecordSchema = z.strictObject({
  key: z.literal(META_KEY),
  schemaVersion: z.int().check(z.gte(1)),
  appVersion: z.string().check(z.maxLength(50)),
  /** This browser profile's id, written into every event (logs from two devices merge later). */
  deviceId: id,
  createdAt: time
});
export type MetaRecord = z.infer<typeof metaRecordSchema>;
