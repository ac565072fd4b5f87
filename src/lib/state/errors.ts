/** One sentence for the screen from anything thrown: typed storage errors already carry it. */
export function errorMessage(
  e: unknown,
  fallback = 'Something went wrong; nothing was changed.'
): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  return fallback;
}

/** A move's save failed with something that is not an Error. */
export const NOT_SAVED = 'Not saved: something went wrong; nothing was changed.';
