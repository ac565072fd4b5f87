import * as z from 'zod/mini';
import { CLOCK_PATTERN } from './clock';
import { diceRollSchema } from './dice-schema';
import type { BattleEvent, Op, RollRecord } from './events';
import { idSchema, jsonSchema, timeSchema } from './state-schema';
import { CATEGORIES, type Meaning } from './meaning';

/**
 * The zod schema of a log event (issue 40): what reads an event from outside — an import file, a
 * merged live event, the database's full read and every write — parses it with this. It is apart
 * from events.ts, which the first screen of a battle reads for the types, the JSON check and the
 * fold, so that screen does not carry it: the quick open reads plain events with the hand-written
 * check (db/event-check.ts isPlainEvent) and hands anything else to the full read, which loads this.
 */

const pathSchema = z.array(z.union([z.string(), z.int().check(z.gte(0))]));

export const opSchema: z.ZodMiniType<Op> = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('set'),
    path: pathSchema,
    value: jsonSchema,
    prev: z.optional(jsonSchema)
  }),
  z.strictObject({ op: z.literal('del'), path: pathSchema, prev: jsonSchema })
]);

export const clockSchema = z.string().check(z.regex(CLOCK_PATTERN));

export const rollRecordSchema = z.strictObject({
  procedure: z.string().check(z.minLength(1), z.maxLength(200)),
  inputs: jsonSchema,
  dice: diceRollSchema,
  odds: z.optional(jsonSchema),
  outcome: jsonSchema
});

export const kindSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9-]*)*$/), z.maxLength(100));

/**
 * What every log entry holds after its id and its owner's (a battle's; a campaign's, whose log has
 * the very shape of a battle's, issue 36): the gap-free seq, the device that wrote it, the time,
 * the permanent kind, one log line and the ops. Spread where they stand, so the fields keep their
 * order.
 */
export const LOG_ENTRY_FIELDS = {
  seq: z.int().check(z.gte(1)),
  deviceId: idSchema,
  at: timeSchema,
  kind: kindSchema,
  summary: z.string().check(z.maxLength(2000)),
  ops: z.array(opSchema)
};

const meaningIdSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const diceGroupSchema = z.strictObject({
  count: z.int().check(z.gte(0), z.lte(10_000)),
  sides: z.int().check(z.gte(1), z.lte(1000)),
  ship: z.nullable(meaningIdSchema),
  side: z.string().check(z.maxLength(200)),
  isHighGood: z.boolean(),
  zeroFace: z.optional(z.int().check(z.gte(1), z.lte(1000)))
});

export const meaningSchema = z.strictObject({
  move: z.string().check(z.minLength(1), z.maxLength(100)),
  category: z.enum(CATEGORIES),
  actor: z.nullable(meaningIdSchema),
  target: z.nullable(meaningIdSchema),
  dice: z.array(diceGroupSchema).check(z.maxLength(1000)),
  hits: z.optional(z.int().check(z.gte(0), z.lte(10_000)))
});

export const battleEventSchema = z.strictObject({
  id: idSchema,
  battleId: idSchema,
  ...LOG_ENTRY_FIELDS,
  roll: z.optional(rollRecordSchema),
  target: z.optional(idSchema),
  clock: z.optional(clockSchema),
  input: z.optional(jsonSchema),
  meaning: z.optional(meaningSchema)
});

// Pin each schema to its type (a field added to one and not the other fails the type check).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _pins: [
  Same<z.infer<typeof meaningSchema>, Meaning>,
  Same<z.infer<typeof rollRecordSchema>, RollRecord>,
  Same<z.infer<typeof battleEventSchema>, BattleEvent>
] = [true, true, true];
void _pins;
