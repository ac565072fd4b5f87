import type * as InputKit from '../engine/input-kit';
import { err, ok, type Result } from '../engine/result';
import { formatIssue, zodIssues } from '../engine/issues';
import type { Move } from './move';

/**
 * A move's typed input (issue 31): every move states its input as a zod schema beside it
 * (`MoveSpec.input`), and an input that comes from outside — a tap through `session.perform`, a
 * move merged from another device and run again (merge-recheck) — is parsed with it before the
 * move runs. A malformed one is refused in one sentence that names the move and the field, and
 * nothing changes. The schemas are built from the input kit (engine/input-kit.ts), loaded here
 * when first needed, so the first screen of a battle carries no zod (issue 40).
 */

let kit: typeof InputKit | null = null;
let loading: Promise<typeof InputKit> | null = null;

/** The input kit once loaded, else null (a tap then awaits loadInputKit). */
export function loadedInputKit(): typeof InputKit | null {
  return kit;
}

/**
 * Loads the input kit (zod and the shared inputs) once; a failed load (offline before the files
 * were cached) is tried again by the next call.
 */
export function loadInputKit(): Promise<typeof InputKit> {
  return (loading ??= import('../engine/input-kit').then(
    (m) => (kit = m),
    (e: unknown) => {
      loading = null;
      throw e;
    }
  ));
}

/**
 * `raw` read through the move's input schema: the typed input, or why it is refused ("Not a
 * valid input for pv.reload (dice › dice › 0 › face: …); nothing was changed.").
 */
export function parseInput<I, O>(
  move: Move<I, O>,
  raw: unknown,
  inputKit: typeof InputKit
): Result<I> {
  const r = move.input(inputKit).safeParse(raw);
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
