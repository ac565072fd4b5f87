/**
 * Small things this device remembers outside IndexedDB (localStorage): the paper size of a print,
 * the wind, hourglass and card deck of a paper table, the backup reminders' marks. Never battle
 * data. The one place components' settings reach the storage (issue 35: components hold no
 * storage); a storage that is blocked (private mode) or full loses only the setting.
 */

/** The text kept under `key`, or null (none kept, or no storage). */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or forgets it when null. */
export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // No localStorage (private mode, blocked) or a full quota: only this setting is lost.
  }
}
