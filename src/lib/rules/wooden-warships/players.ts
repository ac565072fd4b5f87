import type { BattleShip, BattleState } from '../../engine/events';
import type { Guard } from '../../battle/move';
import type { WwOptions } from './options';
import { battleShips, sheetOf, systemOf, type WwShip } from './ships';

// Whose turn it is in Wooden Warships (SPEC B.5 #17, option `turnStructure`): with player turns
// [DEFAULT] "each player runs Steps 1–5 for all their own ships", then the next player still
// afloat. The turn model, the moves' guard and the step panels read it from here.

/** The players in the order they joined, then any player of a ship who did not join the purchase. */
export function playersInOrder(state: BattleState): string[] {
  const out = Object.keys(systemOf(state).players);
  for (const s of battleShips(state))
    if (s.ship.player && !out.includes(s.ship.player)) out.push(s.ship.player);
  return out;
}

/** The players with a ship still in the fight. */
export function playersAfloat(state: BattleState): string[] {
  const afloat = new Set(battleShips(state, true).map((s) => s.ship.player));
  return playersInOrder(state).filter((p) => afloat.has(p));
}

/** Whose turn it is when turns go by player: the stored player while afloat, else the next one. */
export function activePlayer(state: BattleState, options: WwOptions): string | null {
  if (options.turnStructure !== 'playerTurns') return null;
  const all = playersInOrder(state);
  const afloat = playersAfloat(state);
  if (afloat.length === 0) return null;
  const stored = systemOf(state).activePlayer ?? null;
  if (stored === null || !all.includes(stored)) return afloat[0];
  if (afloat.includes(stored)) return stored;
  // The stored player has nothing afloat: the turn passes to the next one still afloat.
  const from = all.indexOf(stored);
  for (let i = 1; i <= all.length; i++) {
    const p = all[(from + i) % all.length];
    if (afloat.includes(p)) return p;
  }
  return afloat[0];
}

/**
 * Does this ship act in `player`'s turn? Every ship does when the steps are taken together (no
 * player), and a ship whose log names no player belongs to no one's turn but is not refused.
 */
export function isInTurn(ship: Pick<BattleShip, 'player'>, player: string | null): boolean {
  return player === null || ship.player === '' || ship.player === player;
}

/** The ships still in the fight that act in this turn (the step panels list only these). */
export function shipsInTurn(state: BattleState, player: string | null): WwShip[] {
  return battleShips(state, true).filter((s) => isInTurn(s.ship, player));
}

/**
 * The guard of every move a ship makes in her own player's steps (move, island, upgrade, sail,
 * fire, board, reload): in Anne's turn Ben's ship is refused (issue 32 #5), worded for the table.
 */
export function ownTurn<I>(shipIdOf: (input: I) => string): Guard<I, WwOptions> {
  return {
    id: 'own-turn',
    check: (state, input, ctx) => {
      const player = activePlayer(state, ctx.options);
      const ship = state.ships[shipIdOf(input)];
      // A missing ship is the move's own refusal ("not a Wooden Warships ship of this battle").
      if (!ship || player === null || isInTurn(ship, player)) return null;
      const name = sheetOf(ship)?.name ?? 'That ship';
      return `It is ${player}'s turn: ${name} is ${ship.player}'s ship and acts in ${ship.player}'s turn (each player runs Steps 1–5 for their own ships).`;
    }
  };
}
