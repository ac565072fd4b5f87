// Date and time formatting: lists in the reader's locale, the battle log on a ship's 24-hour clock.
// The Intl formatters are created on first use, not when a page loads: building one costs tens of
// milliseconds on a phone (locale data), which would otherwise block the first render.

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "30 Nov 2026, 01:02" in the reader's locale. */
export function formatDateTime(ms: number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short'
  });
  return isValidTime(ms) ? dateTimeFormat.format(new Date(ms)) : 'unknown date';
}

/**
 * "13:05": the battle log's clock, the device's local time on the 24-hour dial, as a ship's log
 * keeps it. Written by hand rather than through Intl: a page's first Intl formatter loads the
 * locale's data (65 ms at 4x CPU on a fresh page, measured), and the log is on a battle's first
 * screen, inside the render's task.
 */
export function formatTime(ms: number): string {
  if (!isValidTime(ms)) return 'unknown time';
  const at = new Date(ms);
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** A time a Date can hold: formatting anything else throws "Invalid time value" and blanks a page. */
function isValidTime(ms: number): boolean {
  return Number.isFinite(new Date(ms).getTime());
}
