import * as z from 'zod/mini';
import type { DiceRoll } from '../engine/dice';
import { diceRollSchema } from '../engine/dice-schema';
import { err, ok, type Result } from '../engine/result';
import { formatIssue, zodIssues } from '../engine/issues';
import type { Move } from './move';

/**
 * A move's typed input (issue 31): every move states its input as a zod schema beside it
 * (`MoveSpec.input`), and an input that comes from outside — a tap through `session.perform`, a
 * move merged from another device and run again (merge-recheck) — is parsed with it before the
 * move runs. A malformed one is refused in one sentence that names the move and the field, and
 * nothing changes. The pieces here are the ones every system's inputs share.
 */

/** An id a move takes: a ship, a player, a card, a gun (the log's ids are at most 64 characters;
 *  a few systems key ids by a prefix, `homeport:N`). */
export const idInput = z.string().check(z.minLength(1), z.maxLength(100));

/** Free text a move takes (a name, a side, a log line), at most `max` characters. */
/*@__NO_SIDE_EFFECTS__*/
export const textInput = (max = 200) => z.string().check(z.maxLength(max));

/** A whole number from `min` to `max`. */
/*@__NO_SIDE_EFFECTS__*/
export const intInput = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

/** A finite number from `min` to `max`. */
/*@__NO_SIDE_EFFECTS__*/
export const numberInput = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));

/** The dice of one roll, every face within its die (core/dice's schema, the log's own). */
export const diceInput: z.ZodMiniType<DiceRoll> = diceRollSchema;

/** The input of a move that takes none ("Next step", "Decline"). */
export const noInput: z.ZodMiniType<Record<string, never>> = z.strictObject({});

/**
 * `raw` read through the move's input schema: the typed input, or why it is refused ("Not a
 * valid input for pv.reload (dice › dice › 0 › face: …); nothing was changed.").
 */
export function parseInput<I, O>(move: Move<I, O>, raw: unknown): Result<I> {
  const r = move.input.safeParse(raw);
  // The schema was checked against I where the move was defined (MoveSpec.input).
  if (r.success) return ok(r.data as I);
  return err(
    `Not a valid input for ${move.id} (${inputProblem(r.error, raw)}); nothing was changed.`
  );
}

/** The first problem of an input, in words ("dice.dice[0].face: expected at most 6"). */
export function inputProblem(error: Parameters<typeof zodIssues>[0], raw: unknown): string {
  const first = zodIssues(error, '', raw)[0];
  return first ? formatIssue(first) : 'unreadable';
}
