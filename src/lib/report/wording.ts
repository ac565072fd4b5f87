import type { ShipTrack } from '../engine/system';
import type { ReportShip } from './model';
import { boardingsOf, shotsOf } from './effects';
import type { ShipChange } from './effects';

/** The report in words: one ship's change in an event, points and tracks, and each ship's story. */

/** "hull 30 → 24, crew 120 → 115; struck" — what an event did to one ship, in the sheet's words. */
export function describeChange(c: ShipChange): string {
  if (c.joined) return `${c.name} joins${c.side ? ` (${c.side})` : ''}`;
  if (c.left) return `${c.name} leaves the battle`;
  const parts: string[] = [];
  const t = c.tracks
    .filter((x) => x.before !== x.after)
    .map((x) => `${x.label.toLowerCase()} ${x.before} → ${x.after}`);
  if (t.length) parts.push(t.join(', '));
  if (c.gained.length) parts.push(c.gained.join(', '));
  if (c.lost.length) parts.push(`no longer ${c.lost.join(', ')}`);
  if (c.newSide) parts.push(`now ${c.newSide}'s`);
  return `${c.name}: ${parts.join('; ')}`;
}

/** "once", "twice", "3 times". */
export function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The tracks as the sheet reads them: "Hull 24/30, Crew 115/120". A track with no points at all
 * (a fort's hull and rigging, a ship without marines) is not the ship's to lose: left out.
 */
export function describeTracks(tracks: readonly ShipTrack[]): string {
  return tracks
    .filter((t) => t.max > 0)
    .map((t) => `${t.label} ${t.value}/${t.max}`)
    .join(', ');
}

/**
 * How many entries the log holds, counted as the battle page's "Log (n)" counts them (every entry,
 * undo and redo included), and which of them the report leaves out.
 */
export function describeLogCount(r: {
  logCount: number;
  eventCount: number;
  voidedCount: number;
}): string {
  const all = plural(r.logCount, 'entry', 'entries');
  const undos = r.logCount - r.eventCount - r.voidedCount;
  const out = [
    r.voidedCount > 0 ? `${r.voidedCount} undone` : '',
    undos > 0 ? `${plural(undos, 'undo or redo', 'undos and redos')}` : ''
  ].filter(Boolean);
  return `${all} in the log${out.length ? ` (${out.join(' and ')} left out)` : ''}`;
}

/** "6 hull and 3 crew", "2 prize disks" — points in the sheet's own words. */
export function describePoints(rows: readonly { label: string; points: number }[]): string {
  const parts = rows
    .filter((r) => r.points > 0)
    .map((r) => {
      const word = r.label.toLowerCase();
      // "Prize disks" counts things: one prize disk, two prize disks.
      if (word.endsWith('s') && word !== 'guns') {
        return r.points === 1 ? `1 ${word.slice(0, -1)}` : `${r.points} ${word}`;
      }
      if (word === 'guns') return r.points === 1 ? '1 gun' : `${r.points} guns`;
      return `${r.points} ${word}`;
    });
  if (parts.length === 0) return 'nothing';
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** One paragraph per ship, as a referee would tell it. */
export function shipStory(ship: ReportShip): string {
  const fights = shotsOf(ship.story, ship.id).length;
  const boardings = boardingsOf(ship.story, ship.id).length;
  const who = `${ship.name} (${ship.startSide}${ship.side !== ship.startSide ? `, taken by ${ship.side}` : ''})`;
  const acts: string[] = [];
  if (fights > 0) {
    // Older logs may not say a shot's hits: say so rather than count them as misses.
    const hits =
      ship.shotsWithoutHits === 0
        ? `scored ${plural(ship.hitsScored, 'hit')}`
        : ship.shotsWithoutHits === fights
          ? 'the log does not say how many hits she scored'
          : `scored at least ${plural(ship.hitsScored, 'hit')} (the log does not say for ${plural(ship.shotsWithoutHits, 'shot')})`;
    acts.push(`opened fire ${times(fights)} and ${hits}`);
  }
  if (boardings > 0) acts.push(`boarded ${times(boardings)}`);
  const did = acts.length ? acts.join(' and ') : 'did not open fire';
  const dealt =
    ship.damageDealt > 0 ? `, taking ${describePoints(ship.dealtByTrack)} from the enemy` : '';
  const lost = ship.damageTaken > 0 ? `; she lost ${describePoints(ship.lossesByTrack)}` : '';
  const fate = ship.isRemoved
    ? 'was removed from the battle'
    : ship.status.length
      ? `ended ${ship.status.join(', ')}`
      : 'ended the battle still fighting';
  // A removed ship has no sheet left to read, and a fort no tracks: no empty ": ." after the fate.
  const figures = describeTracks(ship.end);
  return `${who} ${did}${dealt}${lost}, and ${fate}${figures ? `: ${figures}` : ''}.`;
}
