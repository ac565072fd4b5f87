// Date and time formatting for lists and logs, in the reader's locale.
// The Intl formatters are created on first use, not when a page loads: building one costs tens of
// milliseconds on a phone (locale data), which would otherwise block the first render.

let dateTimeFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** "30 Nov 2026, 01:02" in the reader's locale. */
export function formatDateTime(ms: number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short'
  });
  return isValidTime(ms) ? dateTimeFormat.format(new Date(ms)) : 'unknown date';
}

/** "01:02" in the reader's locale. */
export function formatTime(ms: number): string {
  timeFormat ??= new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
  return isValidTime(ms) ? timeFormat.format(new Date(ms)) : 'unknown time';
}

/** A time a Date can hold: formatting anything else throws "Invalid time value" and blanks a page. */
function isValidTime(ms: number): boolean {
  return Number.isFinite(new Date(ms).getTime());
}
