/**
 * A page whose code did not arrive (issue: the bench's calculators page lost its Calculators chunk
 * to a request aborted on its way, once in three quiet runs). The browser keeps a failed module
 * import failed for the life of the document, so nothing in the page can try it again: the page
 * is loaded again, once, and if it still fails it says so and offers the reload itself, instead
 * of "Internal Error".
 */

/** How each browser words a module that could not be fetched (Chromium, Firefox, Safari) and
 *  Vite's preload of a chunk's styles. */
const FAILED_FETCH =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether `error` is a module (or its styles) that did not load, not a fault of the code. */
export function isModuleLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return FAILED_FETCH.test(message);
}

/** What a page that did not load says (App.Error's message; the error page offers the reload). */
export const NOT_LOADED = 'This page did not load completely (a file did not arrive).';

/** Where the last reload for a module that did not load is remembered: the page and when. */
const KEY = 'quarterdeck.module-reload';
/** A second failure of the same page within this time is left to the referee (no reload loop). */
const AGAIN_MS = 60_000;

/**
 * Loads `url` again once (`reload`), unless it was already loaded again for this within
 * `AGAIN_MS`; remembers it in `storage` (sessionStorage: this tab). Whether it reloads.
 */
export function reloadOnce(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  url: string,
  now: number,
  reload: () => void
): boolean {
  if (!storage) return false;
  try {
    const [at, time] = (storage.getItem(KEY) ?? '').split('\n');
    if (at === url && now - Number(time) < AGAIN_MS) return false;
    storage.setItem(KEY, `${url}\n${now}`);
  } catch {
    // No session storage (blocked): no way to know it already tried, so it does not try.
    return false;
  }
  reload();
  return true;
}
