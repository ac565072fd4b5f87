import { diff } from '$lib/battle/diff';
import type { Json } from '$lib/engine/events';

/** "hull.damage" → "hull damage"; camelCase split, array indices as "#2". */
function fieldName(path: readonly (string | number)[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `#${p + 1}` : p.replace(/([a-z])([A-Z])/g, '$1 $2')))
    .join(' ')
    .toLowerCase();
}

function show(value: Json | undefined): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'object') return '…';
  const text = String(value);
  return text.length > 24 ? `${text.slice(0, 23)}…` : text;
}

/**
 * One log line for a sheet edit, naming what changed: "Surprise: hull damage 3 → 5".
 * More than two changes are counted rather than listed, so the line stays readable.
 * `describeField` (the system's `RuleSystem.describeField`) names a field in the rules' words;
 * where it returns null (or is absent) the field path is spelled out.
 */
export function describeSheetChange(
  shipName: string,
  before: Json,
  after: Json,
  describeField?: (path: readonly (string | number)[]) => string | null
): string {
  const ops = diff(before, after);
  if (ops.length === 0) return `${shipName}: no change`;
  const parts = ops.slice(0, 2).map((op) => {
    const to = op.op === 'set' ? op.value : undefined;
    const name = describeField?.(op.path) ?? fieldName(op.path);
    return `${name} ${show(op.prev)} → ${show(to)}`;
  });
  const more = ops.length > 2 ? ` and ${ops.length - 2} more` : '';
  return `${shipName}: ${parts.join(', ')}${more}`;
}
