/** One sentence for the screen from anything thrown: typed storage errors already carry it. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  return 'Something went wrong; nothing was changed.';
}
