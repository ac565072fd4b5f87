/**
 * A value or an error, for everything that can fail on user input (typed-in dice, dice expressions,
 * imported data). Pure code returns these instead of throwing, so the UI can show the message.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

/** The value a Result carries when it is ok (to type a figure drawn from `typeof` a result). */
export type ValueOf<R> = R extends { ok: true; value: infer V } ? V : never;

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
