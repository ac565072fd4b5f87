import type { Json } from '$lib/engine/events';
import { rational, type Rational } from '$lib/engine/rational';

/**
 * The chances a roll had, read back from its record's `odds` for the table display (issue 37). The
 * moves keep their odds in a few shapes (below, each as a move writes it today); a record of any
 * other shape, or a figure that is not a chance (an expected count, a mean), gives nothing rather
 * than a number the table would misread. table-display.test.ts plays the real moves and fails when
 * a move's odds stop being read.
 */

export interface OddsLine {
  /** "any hit", "From the N", "boarders win" */
  label: string;
  p: Rational;
}

/**
 * The chances a move keeps under a name, in the table's words. Only probabilities: expectedCrew,
 * meanDamage and the like are counts, not chances.
 */
const NAMED_CHANCES: Readonly<Record<string, string>> = {
  // Privateers cannon fire (moves-gunnery oddsRecord) and the damage toss.
  pAnyHit: 'any hit',
  pCritical: 'a critical hit',
  // Wooden Warships gunnery (moves-gunnery).
  anyHit: 'any hit',
  perRoll: 'each roll hits',
  // Privateers boarding round (moves-boarding).
  boardersWin: 'boarders win',
  tie: 'a tie',
  defenderWins: 'defenders win',
  // Privateers marksmen (moves-boarding).
  anyOfficer: 'an officer hit',
  // Privateers tasks (moves-tasks): repairs and the jury rig; the fire put out.
  success: 'success',
  out: 'fire put out',
  // Privateers ramming (moves-movement).
  entangle: 'entangled',
  // Wooden Warships running aground (moves-movement).
  sinks: 'sinks'
};

/** "7/12", "1", "0" as the log stores a chance (formatFraction); null for anything else. */
export function chanceOf(value: Json | undefined): Rational | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,30})(?:\/(\d{1,30}))?$/.exec(value);
  if (!m) return null;
  const n = BigInt(m[1]);
  const d = BigInt(m[2] ?? '1');
  if (d === 0n || n > d) return null;
  return rational(n, d);
}

/** A labelled outcome list (`[{ label, p }]`: Master and Commander's oddsJson, a morale check). */
function labelledList(odds: Json[]): OddsLine[] {
  const out: OddsLine[] = [];
  for (const item of odds) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return [];
    const p = chanceOf(item.p);
    if (typeof item.label !== 'string' || p === null) return [];
    out.push({ label: item.label, p });
  }
  return out;
}

/** At most `limit` chances of a roll's record, in the order the move gave them; [] when unread. */
export function oddsLinesOf(odds: Json | undefined, limit = 4): OddsLine[] {
  if (odds === undefined || odds === null || typeof odds !== 'object') return [];
  if (Array.isArray(odds)) return labelledList(odds).slice(0, limit);
  const out: OddsLine[] = [];
  for (const [key, value] of Object.entries(odds)) {
    const label = Object.hasOwn(NAMED_CHANCES, key) ? NAMED_CHANCES[key] : undefined;
    const p = label === undefined ? null : chanceOf(value);
    if (label !== undefined && p !== null) out.push({ label, p });
  }
  return out.slice(0, limit);
}
