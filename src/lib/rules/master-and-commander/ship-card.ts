// What a Master and Commander ship's card in the fleet list shows beyond its log (issue 16 #12):
// the player's colour as the status bar shows it, the Repair Cards at the player's Homeport and the
// Master and Commander cards the player holds. Pure: read from the battle state (and, on the live
// table, this device's own hand from its seat's private document).
import type { BattleState } from '../../engine/events';
import { handsFor, type LiveViewer } from './cards-hands';
import { SEAT_COLOURS, SHIP_COLOURS } from './tables';
import type { Sheet } from './sheet';
import { plural, playerName, readBattle } from './view';

/** "Black ship", "Gold ship with a band" (the Beginner game tells the pairs apart by bands). */
export function shipColourText(sheet: Pick<Sheet, 'colour' | 'isBanded'>): string {
  const label = SHIP_COLOURS.find((c) => c.id === sheet.colour)?.label ?? sheet.colour;
  return `${label} ship${sheet.isBanded ? ' with a band' : ''}`;
}

/**
 * Live (`viewer` given): the held cards are counts ("Anna holds 2 Master and Commander cards"),
 * and on the holder's own phone also their texts, from its seat's document. The referee's tablet
 * sits on the table, so its fleet list shows counts too.
 */
export function shipCard(
  state: BattleState,
  shipId: string,
  viewer?: LiveViewer
): { colour?: string; lines: string[] } | null {
  const view = readBattle(state);
  if (view === null) return null;
  const ship = view.ships.find((s) => s.id === shipId);
  if (ship === undefined) return null;
  const sys = view.system;
  const player = sys.players.find((p) => p.id === ship.playerId);
  if (player === undefined) return { lines: [] };
  const lines: string[] = [];
  const name = playerName(sys, player.id);
  if (sys.variant !== 'beginner' && player.homeport !== null) {
    const cards = sys.homeports[player.homeport].repairCards;
    lines.push(`${name}: ${plural(cards, 'Repair Card')} at the ${player.homeport} Homeport`);
  }
  if (sys.modules.cards) {
    const hand = handsFor(sys.cards, viewer ?? null).find((h) => h.playerId === player.id);
    const count = `${name} holds ${plural(hand?.count ?? 0, 'Master and Commander card')}`;
    const texts = viewer && hand?.cards?.length ? hand.cards.map((c) => `"${c.text}"`) : [];
    lines.push(texts.length > 0 ? `${count}: ${texts.join(', ')}` : count);
  }
  return { colour: SEAT_COLOURS[player.seat % SEAT_COLOURS.length], lines };
}
