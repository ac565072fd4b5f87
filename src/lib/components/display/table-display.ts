import type { BattleEvent, BattleState } from '$lib/engine/events';
import { sheetOf } from '$lib/battle/sheets';
import type { RuleSystem, ShipTrack } from '$lib/engine/system';
import { formatTailPercent } from '$lib/components/dice/luck';
import { sideColour, type TurnStatus } from '$lib/engine/turn-status';
import { oddsLinesOf } from './roll-odds';

/**
 * What the table display shows (issue 37): the public face of a battle, read from the state and the
 * log every device holds. Nothing here reads a private document or a hand: a ship's card is asked
 * for without a viewer (counts, never card texts), and hidden orders are in no sheet before their
 * reveal. Pure, so the unit tests play real moves through it. It imports nothing the battle page
 * keeps in its own chunk (the status wording is the turn model's, the percent the luck module's),
 * so a display route splits none of the page's code into new chunks.
 */

export interface DisplayShip {
  id: string;
  name: string;
  side: string;
  player: string;
  colour: string;
  tracks: ShipTrack[];
  /** The ship's fate, in capitals on the display: sunk, struck, captured, burned up. */
  fate: string[];
  /** Every other status word (on fire, grappled, in the Mist…). */
  status: string[];
  isOut: boolean;
  /** What the ship still has to do in this step ("Move, Reload"), or null. */
  due: string | null;
  /** Public lines the system adds (Repair Cards at a Homeport, how many cards a player holds). */
  lines: string[];
}

/** A status word that tells a ship's fate (the display marks these, not just lists them). */
const FATES: ReadonlySet<string> = new Set(['sunk', 'struck', 'captured', 'burned up']);

export function displayShips(
  system: RuleSystem,
  state: BattleState,
  status: TurnStatus | null
): DisplayShip[] {
  const due = new Map(
    status?.toAct.map((s) => [s.shipId, s.needs.map((n) => n.label).join(', ')]) ?? []
  );
  return Object.values(state.ships)
    .sort((a, b) => a.order - b.order)
    .map((ship) => {
      const sheet = sheetOf<object>(ship);
      const summary = sheet === null ? null : system.summarize(sheet);
      const name =
        sheet !== null && 'name' in sheet && typeof sheet.name === 'string' && sheet.name.trim()
          ? sheet.name
          : 'Unnamed ship';
      // No viewer: the public card (a hand is a count on every device).
      const card = system.shipCard?.(state, ship.id) ?? null;
      const words = summary?.status ?? [];
      return {
        id: ship.id,
        name,
        side: ship.side,
        player: ship.player,
        colour: card?.colour ?? sideColour(ship.side),
        tracks: sheet !== null && system.tracks ? system.tracks(sheet) : [],
        fate: words.filter((w) => FATES.has(w)),
        status: words.filter((w) => !FATES.has(w)),
        isOut: summary?.isOut ?? false,
        due: due.get(ship.id) ?? null,
        lines: card?.lines ?? []
      };
    });
}

export interface DisplayDie {
  face: number;
  sides: number;
  /** What the die was for ("Hit die 1", "attack die"), else "d12". */
  label: string;
  /** The side (or captain) that rolled it, from the move's meaning; null when unowned. */
  side: string | null;
  colour: string | null;
}

export interface DisplayRoll {
  id: string;
  /** The move's own words for what happened: the roll's result. */
  result: string;
  dice: DisplayDie[];
  /** The chances the roll had ("any hit 58%"; a rare one "0.5%", never a possible one as 0%). */
  odds: { label: string; percent: string }[];
}

/**
 * The last roll still in effect: the newest event of the log (in its merged order) with dice,
 * neither undone nor refused by the live table's merge.
 */
export function lastRoll(
  events: readonly BattleEvent[],
  voided: ReadonlySet<string>,
  refused: ReadonlySet<string> = new Set(),
  /** The colour the display gives a side's ships (sideColours), so its dice wear the same. */
  colourOf: (side: string) => string = sideColour
): DisplayRoll | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    const roll = e.roll;
    if (!roll || roll.dice.dice.length === 0 || voided.has(e.id) || refused.has(e.id)) continue;
    const owners = (e.meaning?.dice ?? []).flatMap((g) => Array.from({ length: g.count }, () => g));
    return {
      id: e.id,
      result: e.summary,
      dice: roll.dice.dice.map((d, k) => {
        const owner = owners.length === roll.dice.dice.length ? owners[k] : undefined;
        return {
          face: d.face,
          sides: d.sides,
          label: d.label ?? `d${d.sides}`,
          side: owner?.side || null,
          colour: owner?.side ? colourOf(owner.side) : null
        };
      }),
      odds: oddsLinesOf(roll.odds).map((o) => ({ label: o.label, percent: formatTailPercent(o.p) }))
    };
  }
  return null;
}

/** "Turn 3", "2/6 Cannon fire", and who must act, in the display's words. */
export function mustAct(status: TurnStatus): string {
  const blocking = status.pending.filter((p) => p.isBlocking);
  if (blocking.length > 0) return blocking.map((p) => p.label).join('; ');
  if (status.toAct.length > 0) return `To act: ${status.toAct.map((s) => s.name).join(', ')}`;
  if (status.pending.length > 0) return status.pending.map((p) => p.label).join('; ');
  return 'All done in this step';
}

/** Each side's colour as its ships show it (a Master and Commander captain's seat colour). */
export function sideColours(ships: readonly DisplayShip[]): (side: string) => string {
  const bySide = new Map(ships.map((s) => [s.side, s.colour]));
  return (side) => bySide.get(side) ?? sideColour(side);
}
