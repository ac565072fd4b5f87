/**
 * Drafts: what a referee has typed or tapped but not yet recorded (a dice pad's faces, an M&C
 * panel's moves and engagement). Not rule state, so they stay out of the log: sessionStorage, one
 * tab, until it closes; a reload keeps them. The one place components' drafts reach the storage
 * (issue 35: components hold no storage). Anything unreadable starts afresh, and a storage that is
 * full or blocked loses only the draft.
 */

/** This tab's session storage, or null where there is none (a worker, a blocked storage). */
export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key` if it still fits `fits` (a check by hand: the panels that keep drafts
 *  load no zod, issue 40), else `fallback`. */
export function loadDraft<T>(key: string, fits: (v: unknown) => v is T, fallback: T): T {
  const raw = sessionStore()?.getItem(key) ?? null;
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return fits(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Keeps the draft (or forgets it when `value` is null); a full or blocked storage loses only it. */
export function saveDraft(key: string, value: unknown): void {
  const store = sessionStore();
  if (store === null) return;
  try {
    const json = value === null ? null : JSON.stringify(value);
    // A step's panel saves its draft as it is drawn, unchanged: nothing is written then (issue 39:
    // sessionStorage's setItem in each Next into M&C's engagements; getItem is the tab's own copy).
    if (store.getItem(key) === json) return;
    if (json === null) store.removeItem(key);
    else store.setItem(key, json);
  } catch {
    // Private mode or a full quota: the draft is a convenience, the log is what matters.
  }
}
