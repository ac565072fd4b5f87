// Master and Commander's battle state read as the engine's types, and what every move shares: the
// ship of the captain whose turn it is, the turn's bookkeeping, names for the log. Pure.
import type { BattleShip, BattleState, EventDraft, Json } from '../../engine/events';
import { applyOps } from '../../battle/fold';
import {
  defineMove,
  draftOf,
  refuse,
  type Guard,
  type Move,
  type MoveContext,
  type MoveSpec
} from '../../battle/move';
import { sideOfShip, type Category, type DiceOwner, type MeaningParts } from '../../engine/meaning';
import { sheetOf, shipsInOrder, systemOf, withSheets } from '../../battle/sheets';
import type { DiceRoll } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import type { EngagementRules } from './resolve-combat';
import { isFleetTurnLost, winnerId } from './resolve-fleet';
import { EMPTY_TURN_ACTS, type Sheet, type SystemState, type TurnActs } from './sheet';
import { COMPONENTS, DICE_BY_PRIZE_DISKS, type PrizeDisks } from './tables';

export interface McShip {
  id: string;
  playerId: string;
  side: string;
  order: number;
  sheet: Sheet;
}

export interface McView {
  system: SystemState;
  /** Ships whose log parses, in roster order. */
  ships: McShip[];
  /** Ships whose log does not parse (the referee fixes them on the ship page). */
  invalidShipIds: string[];
}

/** Reads the battle as the engine's types; null while the system state is missing or unreadable. */
export function readBattle(state: BattleState): McView | null {
  const known = views.get(state);
  if (known !== undefined) return known;
  const system = systemOf<SystemState | null>(state, noSystem);
  let view: McView | null = null;
  if (system !== null) {
    const ships: McShip[] = [];
    const invalidShipIds: string[] = [];
    for (const s of shipsInOrder(state)) {
      const ship = mcShipOf(s);
      if (ship !== null) ships.push(ship);
      else invalidShipIds.push(s.id);
    }
    view = Object.freeze({
      system,
      ships: Object.freeze(ships) as McShip[],
      invalidShipIds: Object.freeze(invalidShipIds) as string[]
    });
  }
  views.set(state, view);
  return view;
}

// Issue 39: one view per state (the panels, the turn model and the moves each read it several
// times an event) and one entry per stored ship, so an event on one ship hands the panels the
// very same entry for every other ship. Frozen: shared by every reader.
const views = new WeakMap<BattleState, McView | null>();
/** A battle before its set-up has no system state (systemOf keeps one answer per fallback). */
const noSystem = (): null => null;
const mcShips = new WeakMap<BattleShip, McShip | null>();

function mcShipOf(s: BattleShip): McShip | null {
  let ship = mcShips.get(s);
  if (ship === undefined) {
    const sheet = sheetOf<Sheet>(s);
    ship =
      sheet === null
        ? null
        : Object.freeze({ id: s.id, playerId: s.player, side: s.side, order: s.order, sheet });
    mcShips.set(s, ship);
  }
  return ship;
}

/** The battle as the engine's types, or the refusal every move gives when it cannot be read. */
export function viewOf(state: BattleState): Result<McView> {
  const v = readBattle(state);
  return v === null ? err('The game has not been set up yet.') : ok(v);
}

export function playerName(system: SystemState, playerId: string): string {
  const p = system.players.find((x) => x.id === playerId);
  return p ? p.name || p.id : playerId || 'no player';
}

/**
 * The side a captain's own dice are credited to when no ship rolls them (the first-player roll, a
 * Homeport's dice, the storm roll): the side the captain's ships are given at set-up (the name,
 * else the id: `setupFleets`), read as `sideOfShip` reads a ship's, so both always name one side.
 */
export function captainSide(system: SystemState, playerId: string | null): string {
  const id = playerId ?? '';
  const p = system.players.find((x) => x.id === id);
  return sideOfShip({ side: p?.name || id, player: id });
}

/** A captain's own dice (no ship rolls them), each better high (every M&C die is, SPEC A.4.2–A.4.6). */
export function captainDice(
  system: SystemState,
  playerId: string | null,
  count: number
): DiceOwner {
  return { ship: null, side: captainSide(system, playerId), count, isHighGood: true };
}

/** A new state with the system state replaced (the engine's own shape). */
export function withMcSystem(state: BattleState, system: SystemState): BattleState {
  return { ...state, system: system };
}

/** A new state with some sheets and optionally the system state replaced. */
export function withMcSheets(
  state: BattleState,
  sheets: Record<string, Sheet>,
  system?: SystemState
): BattleState {
  return withSheets(state, sheets, system);
}

export function findShip(view: McView, id: string): Result<McShip> {
  const s = view.ships.find((x) => x.id === id);
  return s ? ok(s) : err('That ship is not in the battle (or its log needs fixing).');
}

/** The turn's bookkeeping; battles saved before it was kept start with nothing done. */
export function turnActsOf(system: SystemState): TurnActs {
  return system.turnActs ?? EMPTY_TURN_ACTS;
}

export function withActs(system: SystemState, change: Partial<TurnActs>): SystemState {
  return { ...system, turnActs: { ...turnActsOf(system), ...change } };
}

/** The system state of a BattleState a builder has just made (always the engine's own shape). */
export function mcSystemOf(state: BattleState): Result<SystemState> {
  const system = systemOf<SystemState | null>(state, noSystem);
  return system ? ok(system) : err('The game state cannot be read.');
}

/** "A repelled attack ends the turn" (`repelledAttackEndsTurn`): what is refused afterwards says why. */
export function turnOverText(endedBy: string): string {
  return `${endedBy} Only the defender's reply and the end of the turn remain.`;
}

/** The ship, which must belong to the captain whose turn it is. */
export function activeShip(view: McView, shipId: string): Result<McShip> {
  const s = findShip(view, shipId);
  if (!s.ok) return s;
  const active = view.system.activePlayerId;
  if (s.value.playerId !== active) {
    return err(
      `It is ${playerName(view.system, active ?? '')}'s turn; ${s.value.sheet.name} is ${playerName(view.system, s.value.playerId)}'s.`
    );
  }
  return s;
}

export function activeFleet(view: McView): McShip[] {
  return view.ships.filter((s) => s.playerId === view.system.activePlayerId && !s.sheet.isSunk);
}

/** `mistLoseTurnScope='player'`: a ship on its lost Mist turn costs the whole fleet the turn. */
export function fleetTurnLostText(
  view: McView,
  opts: Pick<McOptions, 'mistLoseTurnScope'>
): string | null {
  const fleet = activeFleet(view).map((s) => s.sheet);
  return isFleetTurnLost(fleet, opts)
    ? 'A ship of this fleet is losing its turn in the Mist, and under the reading "the player\'s whole fleet" no ship moves or fires this turn.'
    : null;
}

export function targetName(view: McView, target: string): string {
  if (target.startsWith('homeport:')) return `the ${target.slice('homeport:'.length)} Homeport`;
  return view.ships.find((s) => s.id === target)?.sheet.name ?? target;
}

/** A value as the log stores it (outcomes are plain data; this drops nothing but `undefined`). */
export function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json;
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Every move's context: the battle's readings as McOptions. */
export type McContext = MoveContext<McOptions>;

/** The engagement rules the resolver reads, from the battle's variant and readings. */
export function rulesOf(view: McView, opts: McOptions): EngagementRules {
  return {
    variant: view.system.variant,
    tieExhaustion: opts.tieExhaustion,
    beginnerTies: opts.beginnerTies
  };
}

/** The captain left with ships under sail once rivals are gone (SPEC A.4.7 step 4), else null. */
export function winnerOf(view: McView): string | null {
  if (view.system.players.length < 2) return null;
  return winnerId(view.ships.map((s) => ({ playerId: s.playerId, sheet: s.sheet })));
}

/**
 * A move of the game in progress: the battle read as the engine's types, and refused once the
 * battle is decided ("Be the last Captain with a ship under sail"); undo is the way back.
 */
/*@__NO_SIDE_EFFECTS__*/
export function mcMove<I>(spec: {
  id: string;
  category: Category;
  /** The input's schema (MoveSpec.input). */
  input: MoveSpec<I>['input'];
  run: (view: McView, state: BattleState, input: I, ctx: McContext) => Result<EventDraft>;
}): Move<I, McOptions> {
  return defineMove<I, McOptions>({
    id: spec.id,
    category: spec.category,
    input: spec.input,
    guards: [BATTLE_OVER],
    run: (state, input, ctx) => {
      const v = viewOf(state);
      if (!v.ok) return v;
      const r = spec.run(v.value, state, input, ctx);
      return r.ok ? ok(withEndingLogged(state, r.value)) : r;
    }
  });
}

/**
 * A move that lets a due act go (the counter-attack, the ram): no die is rolled, so its category is
 * 'other' (a story counts no shot fired nor ram tried), and the act is no longer due.
 */
export function letGoMove<K extends 'reply' | 'ram'>(spec: {
  /** The move's id, also its event's kind. */
  id: string;
  act: K;
  /** The refusal when the act is not due. */
  notDue: string;
  /** The log line and the meaning of letting the act go. */
  said: (due: NonNullable<TurnActs[K]>, view: McView) => { summary: string; meaning: MeaningParts };
}): Move<Record<string, never>, McOptions> {
  return mcMove({
    id: spec.id,
    category: 'other',
    input: (kit) => kit.noInput,
    run: (view, state) => {
      const due = turnActsOf(view.system)[spec.act] ?? null;
      if (due === null) return refuse(spec.notDue);
      const { summary, meaning } = spec.said(due, view);
      const next = withMcSystem(state, withActs(view.system, { [spec.act]: null }));
      return draftOf(state, { kind: spec.id, summary, next, meaning });
    }
  });
}

/** "Be the last Captain with a ship under sail" (SPEC A.4.7 step 4): nothing after the win. */
const BATTLE_OVER: Guard<unknown, McOptions> = {
  id: 'battle-over',
  check: (state) => {
    const v = viewOf(state);
    if (!v.ok) return null; // the move's own read of the battle refuses with the reason
    const winner = winnerOf(v.value);
    if (winner === null || v.value.system.activePlayerId === null) return null;
    return `The battle is over: ${playerName(v.value.system, winner)} is the last captain with a ship under sail.`;
  }
};

/** The line that decides the battle also says who won (SPEC A.4.7 step 4: "Winning"). */
function withEndingLogged(state: BattleState, draft: EventDraft): EventDraft {
  const after = readBattle(applyOps(state as unknown as Json, draft.ops) as unknown as BattleState);
  const winner = after === null ? null : winnerOf(after);
  if (after === null || winner === null) return draft;
  return {
    ...draft,
    summary: `${draft.summary.replace(/\.$/, '')}. ${endingText(after.system, winner)}`
  };
}

export function endingText(system: SystemState, winner: string): string {
  return `${playerName(system, winner)} wins: the last captain with a ship under sail.`;
}

/** "2 disks (3 dice)", "sunk". */
export function strengthLabel(disks: number, isBeginner = false): string {
  if (disks < 0) return 'sunk';
  const dice = isBeginner ? 1 : DICE_BY_PRIZE_DISKS[disks as PrizeDisks];
  return `${disks} disk${disks === 1 ? '' : 's'} (${dice} ${dice === 1 ? 'die' : 'dice'})`;
}

export const HEADING_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' } as const;

/**
 * One pad's roll cut into the groups it asked for, in order (attacker's dice, then defender's):
 * each part keeps every die's own face, label and source.
 */
export function splitRoll(roll: DiceRoll, counts: readonly number[]): DiceRoll[] {
  const out: DiceRoll[] = [];
  let at = 0;
  for (const n of counts) {
    out.push({ source: roll.source, dice: roll.dice.slice(at, at + n) });
    at += n;
  }
  return out;
}

export const facesOf = (roll: DiceRoll): number[] => roll.dice.map((d) => d.face);

export interface DiskSupply {
  onShips: number;
  setAside: number;
  /** "There are four extra Prize Disks in your Sea Chest." */
  spare: number;
  /** The disks of the ships not in this game (fewer than four fleets), left in the box. */
  unused: number;
  total: number;
}

/** Where the 20 Prize Disks are (SPEC A.1): the parts always add up to the total. */
export function diskSupply(view: McView): DiskSupply {
  const onShips = view.ships.reduce((n, s) => n + (s.sheet.isSunk ? 0 : s.sheet.prizeDisks), 0);
  const setAside = view.system.discardedPrizeDisks;
  const spare = view.system.spareDisks;
  const total = COMPONENTS.prizeDisksTotal;
  return {
    onShips,
    setAside,
    spare,
    unused: Math.max(0, total - onShips - setAside - spare),
    total
  };
}
