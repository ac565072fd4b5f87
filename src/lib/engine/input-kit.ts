import * as zod from 'zod/mini';
import type { DiceRoll } from './dice';
import { diceRollSchema } from './dice-schema';

/**
 * What a move's input schema is built with (issue 31; issue 40): zod and the pieces every
 * system's inputs share. A move states its input as a function of this kit (`MoveSpec.input`,
 * `input: ({ z, idInput }) => z.strictObject({ shipId: idInput })`), so a module a battle's first
 * screen loads builds no schema and loads no zod; the session loads the kit for the first tap
 * (battle/move-input.ts loadInputKit). A module off the first screen may import these directly.
 */

/**
 * The zod builders move inputs are made of, by name: not zod's namespace, which would keep all of
 * zod in the bundle (a namespace a module hands out cannot be tree-shaken; issue 40).
 */
export const z = {
  array: zod.array,
  boolean: zod.boolean,
  enum: zod.enum,
  gte: zod.gte,
  int: zod.int,
  literal: zod.literal,
  lte: zod.lte,
  maxLength: zod.maxLength,
  minLength: zod.minLength,
  nullable: zod.nullable,
  number: zod.number,
  optional: zod.optional,
  partialRecord: zod.partialRecord,
  record: zod.record,
  string: zod.string,
  strictObject: zod.strictObject,
  union: zod.union
};

/** An id a move takes: a ship, a player, a card, a gun (the log's ids are at most 64 characters;
 *  a few systems key ids by a prefix, `homeport:N`). */
export const idInput = zod.string().check(zod.minLength(1), zod.maxLength(100));

/** Free text a move takes (a name, a side, a log line), at most `max` characters. */
/*@__NO_SIDE_EFFECTS__*/
export const textInput = (max = 200) => zod.string().check(zod.maxLength(max));

/** A whole number from `min` to `max`. */
/*@__NO_SIDE_EFFECTS__*/
export const intInput = (min: number, max: number) => zod.int().check(zod.gte(min), zod.lte(max));

/** A finite number from `min` to `max`. */
/*@__NO_SIDE_EFFECTS__*/
export const numberInput = (min: number, max: number) =>
  zod.number().check(zod.gte(min), zod.lte(max));

/** The dice of one roll, every face within its die (core/dice's schema, the log's own). */
export const diceInput: zod.ZodMiniType<DiceRoll> = diceRollSchema;

/** The input of a move that takes none ("Next step", "Decline"). */
export const noInput: zod.ZodMiniType<Record<string, never>> = zod.strictObject({});
