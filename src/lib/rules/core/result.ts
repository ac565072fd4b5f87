/**
 * A value or an error, for everything that can fail on user input (typed-in dice, dice expressions,
 * imported data). Pure code returns these instead of throwing, so the UI can show the message.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
