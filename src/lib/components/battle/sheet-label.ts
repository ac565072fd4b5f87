import type { Json } from '$lib/engine/events';

// Apart from sheet-change.ts (the sheet edit's log line, with the diff), which the battle's fleet
// list does not need (issue 40).

/** A sheet's `name` and `className` fields, whatever the system (every sheet has both). */
export function sheetLabel(sheet: Json): { name: string; className: string } {
  const record = sheet !== null && typeof sheet === 'object' && !Array.isArray(sheet) ? sheet : {};
  const name = typeof record.name === 'string' && record.name.trim() ? record.name : 'Unnamed ship';
  const className = typeof record.className === 'string' ? record.className : '';
  return { name, className };
}
