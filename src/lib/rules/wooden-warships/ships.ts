import type { BattleShip, BattleState, EventDraft } from '../../engine/events';
import { shipDice, type DiceOwner } from '../../engine/meaning';
import { groupThousands } from '../../format/numbers';
import { draftOf, type DraftInput, type Guard } from '../../battle/move';
import type { WwOptions } from './options';
import type { DieFace } from '../../engine/dice';
import {
  sheetOf as parseSheet,
  shipsInOrder,
  systemOf as parseSystem,
  withSheets
} from '../../battle/sheets';
import { err, ok, type Result } from '../../engine/result';
import { victor } from './turn-reads';
import { defaultSystemState, type Sheet, type SystemState } from './sheet';

// Wooden Warships ships of a battle state, for the moves, the turn model and the panels: the one
// typed wrapper of `$lib/battle/sheets` (sheetOf, systemOf) and the lookups every move shares.

/** The ship's log, or null when the stored sheet is not a Wooden Warships sheet. */
export function sheetOf(ship: BattleShip | undefined): Sheet | null {
  return parseSheet<Sheet>(ship);
}

/** Made once: systemOf keeps one default per fallback. */
const defaultState = (): SystemState => defaultSystemState();

/** The battle's system state (funds, charts, cards); a battle made before it existed starts empty. */
export function systemOf(state: BattleState): SystemState {
  return parseSystem(state, defaultState);
}

export interface WwShip {
  id: string;
  ship: BattleShip;
  sheet: Sheet;
}

/**
 * The battle's Wooden Warships ships in table order, each with her log; with `isActiveOnly`, only
 * those still in the fight (neither sunk nor captured), the ones a step acts for.
 */
export function battleShips(state: BattleState, isActiveOnly = false): readonly WwShip[] {
  let lists = listsByShips.get(state.ships);
  if (!lists) listsByShips.set(state.ships, (lists = {}));
  const key = isActiveOnly ? 'active' : 'all';
  return (lists[key] ??= Object.freeze(
    shipsInOrder(state).flatMap((ship) => {
      const entry = entryOf(ship);
      if (!entry || (isActiveOnly && entry.sheet.status !== 'active')) return [];
      return [entry];
    })
  ));
}

// Issue 39: one list per ships record and one entry per stored ship, so an event on one ship
// hands the panels the very same entry for every other ship (and the same list when no ship
// changed), and a keyed list or a derived skips them by reference. Frozen: shared by every reader.
const listsByShips = new WeakMap<object, { all?: readonly WwShip[]; active?: readonly WwShip[] }>();
const entries = new WeakMap<BattleShip, WwShip | null>();

function entryOf(ship: BattleShip): WwShip | null {
  let entry = entries.get(ship);
  if (entry === undefined) {
    const sheet = sheetOf(ship);
    entry = sheet ? Object.freeze({ id: ship.id, ship, sheet }) : null;
    entries.set(ship, entry);
  }
  return entry;
}

export interface ShipAndSheet {
  ship: BattleShip;
  sheet: Sheet;
}

export function shipAndSheet(state: BattleState, id: string): Result<ShipAndSheet> {
  const ship = state.ships[id];
  const sheet = sheetOf(ship);
  if (!ship || !sheet) return err('That ship is not a Wooden Warships ship of this battle.');
  return ok({ ship, sheet });
}

/** A ship that can still act: afloat and not taken ("nothing to or for a sunk or captured ship"). */
export function activeShip(state: BattleState, id: string): Result<ShipAndSheet> {
  const s = shipAndSheet(state, id);
  if (!s.ok) return s;
  if (s.value.sheet.status !== 'active') {
    return err(`${s.value.sheet.name} is ${s.value.sheet.status}: she takes no part any more.`);
  }
  return s;
}

/** The two ships an action involves: firer and target, boarder and boarded, captor and prize. */
export function shipPair(
  state: BattleState,
  firstId: string,
  secondId: string,
  /** The refusal when both ids name the same ship (a ship cannot fire at or board herself). */
  sameShip?: string
): Result<[ShipAndSheet, ShipAndSheet]> {
  if (sameShip !== undefined && firstId === secondId) return err(sameShip);
  const first = shipAndSheet(state, firstId);
  if (!first.ok) return first;
  const second = shipAndSheet(state, secondId);
  if (!second.ok) return second;
  return ok([first.value, second.value]);
}

/** The ships boarding the given one. */
export function boardersOf(
  state: BattleState,
  targetId: string
): { id: string; sheet: Sheet; player: string }[] {
  const out: { id: string; sheet: Sheet; player: string }[] = [];
  for (const ship of shipsInOrder(state)) {
    const sheet = sheetOf(ship);
    if (sheet?.boarding?.targetShipId === targetId)
      out.push({ id: ship.id, sheet, player: ship.player });
  }
  return out;
}

/** "You need to sink the rest of them that aren't yours" (B.4.9 step 3): the winning player. */
export function victorOf(state: BattleState): string | null {
  const ships = shipsInOrder(state).flatMap((s) => {
    const sheet = sheetOf(s);
    return sheet && s.player ? [{ player: s.player, status: sheet.status }] : [];
  });
  const players = new Set(ships.map((s) => s.player));
  return players.size > 1 || ships.some((s) => s.status !== 'active') ? victor(ships) : null;
}

/** The moves of the fight are refused once the battle is decided (B.4.9 step 3, the turn model's
 *  `ending`): a guard, as data the turn model and the screens can read, like the other systems'. */
export const BATTLE_DECIDED: Guard<unknown, WwOptions> = {
  id: 'battle-over',
  check: (state) => {
    const winner = victorOf(state);
    return winner ? `The battle is over: ${winner} has the only ships afloat.` : null;
  }
};

/**
 * The common event of the moves: some ship logs (and the system state) replaced. When the event
 * decides the battle, its log line names the winner (B.4.9 step 3).
 */
export function sheetsDraft(
  state: BattleState,
  input: Omit<DraftInput, 'next'> & { sheets: Record<string, Sheet>; system?: SystemState }
): Result<EventDraft> {
  const { sheets, system, ...rest } = input;
  return draftWithVictor(state, { ...rest, next: withSheets(state, sheets, system) });
}

/** `draftOf`, with "Nelson wins" added to the summary when this event leaves one player afloat. */
export function draftWithVictor(state: BattleState, input: DraftInput): Result<EventDraft> {
  const before = victorOf(state);
  const after = victorOf(input.next);
  const summary =
    after && after !== before
      ? `${input.summary}. ${after} wins: the only ships afloat`
      : input.summary;
  return draftOf(state, { ...input, summary });
}

/**
 * "Whose dice" for one ship's run of dice in a roll, one group per die type in the order rolled: a
 * shot's damage dice may mix the ship's own die and the d4 of the wrong shot (B.3.5, B.4.6), and
 * the meaning reads each group's die type from its first die.
 */
export function shipDiceRuns(
  ship: string,
  dice: readonly Pick<DieFace, 'sides'>[],
  isHighGood: boolean,
  zeroFace?: number
): DiceOwner[] {
  const out: DiceOwner[] = [];
  let prev: number | null = null;
  for (const d of dice) {
    const last = out[out.length - 1];
    if (last && d.sides === prev) last.count++;
    else {
      const owner = shipDice(ship, 1, isHighGood);
      if (zeroFace !== undefined && zeroFace === d.sides) owner.zeroFace = zeroFace;
      out.push(owner);
    }
    prev = d.sides;
  }
  return out;
}

/** "£7,000". */
export function pounds(n: number): string {
  return `£${groupThousands(n)}`;
}

/** "1 round", "3 rounds". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
