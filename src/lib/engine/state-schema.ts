import * as z from 'zod/mini';
import { MAX_TIME_MS, findJsonProblem, type BattleState, type Json } from './events';

/**
 * The zod schemas of the battle state and of the log's plain values (issue 40): apart from
 * events.ts, which the first screen of a battle reads for the types, the JSON check and the fold,
 * so that screen carries no zod. What reads a state or a record from outside (an import file, a
 * checkpoint through Dexie, a backup) parses it with these.
 */

/** Any JSON value (findJsonProblem's limits), its problem named with its path. */
export const jsonSchema = z.custom<Json>().check(
  z.superRefine((value, ctx) => {
    const problem = findJsonProblem(value);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem.reason,
        path: problem.path,
        input: value
      });
    }
  })
);

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const battleShipSchema = z.strictObject({
  id: idSchema,
  side: z.string().check(z.maxLength(200)),
  player: z.string().check(z.maxLength(200)),
  sheet: jsonSchema,
  order: z.number()
});

export const battleStateSchema = z.strictObject({
  turn: z.int(),
  phase: z.int().check(z.gte(0)),
  ships: z.record(z.string(), battleShipSchema),
  system: jsonSchema
});

/** A time field, bounded (MAX_TIME_MS). */
export const timeSchema = z.number().check(z.gte(0), z.lte(MAX_TIME_MS));

// Pins the schema to the interface: what the schema accepts must be a BattleState (a field the
// interface needs and the schema lacks, or one the two type apart, fails the type check).
const _statePin: (value: z.infer<typeof battleStateSchema>) => BattleState = (value) => value;
void _statePin;
