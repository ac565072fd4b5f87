// The battle a Master and Commander calculator answers on (issue 31: the calculators' odds come
// through the move): two captains' fleets set up by the game's own set-up move, each ship's Prize
// Disks set by the battle's sheet edit, as a referee would. The calculator then reads the move's
// own `preview`, so its figures are exactly the battle's.
import { INITIAL_STATE, type BattleState } from '../../engine/events';
import { playScratch, playScratchDraft, scratchContext, setUpLater } from '../../battle/scratch';
import type { Move } from '../../engine/move';
import type * as Setup from './calculator-setup';
import { err, ok, type Result } from '../../engine/result';
import type { Rational } from '../../engine/rational';
import type { DiceRoll } from '../../engine/dice';
import { fleetStaysPutMove, moveShipMove, movementRollMove } from './moves-movement';
import { hourglassMove, stormMove, windMove } from './moves-wind';
import { attackMove } from './moves-engagement';
import { endTurnMove } from './moves-turn';
import { hourglassEndsAt, isSandRunOut, type Hourglass } from './hourglass';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import { defaultSystemState, type CardsState, type Sheet, type WindState } from './sheet';
import {
  MAX_PRIZE_DISKS,
  SHIP_COLOURS,
  WIND_DIE,
  type Compass,
  type GameVariant,
  type WindFace
} from './tables';
import { findShip, viewOf } from './view';

/** A calculator's battle: the state, and the first ship of each captain (the two sides). */
export interface CalculatorBattle {
  state: BattleState;
  /** The first captain's ship (the attacker, the raider, the boarder). */
  ours: string;
  /** The second captain's ship (the defender, the target). */
  theirs: string;
}

/** The set-up, the first-player and card moves and the sheet edit (calculator-setup.ts), loaded
 *  apart (issue 40: not in the page's first render); until then every battle here says the odds
 *  are being worked out. */
type Kit = typeof Setup;
const later = setUpLater(
  () => import('./calculator-setup'),
  (kit: Kit) => ok(kit)
);

/** Loads what the battles are set up and edited with: a calculator asks while the page is idle. */
export const prepareCalculatorBattle = later.prepare;

/** The loaded kit (`prepareCalculatorBattle`), or that the odds are still being worked out. */
export const calculatorKit: () => Result<Kit> = later.battle;
const kit = calculatorKit;

/** Each game's battle, set up once: the states are never changed, only read and built upon. */
const BUILT = new Map<GameVariant, Result<CalculatorBattle>>();

/**
 * Two captains, Homeports north and south, their fleets set up as a new battle sets them up (with
 * the default readings: set-up reads none a calculator changes). Built once per game; a calculator
 * may build the game it does not show while the page is idle, so switching costs no set-up.
 */
export function calculatorBattle(variant: GameVariant): Result<CalculatorBattle> {
  const k = kit();
  if (!k.ok) return k;
  const built = BUILT.get(variant) ?? setUp(k.value, variant, DEFAULT_OPTIONS);
  BUILT.set(variant, built);
  return built;
}

function setUp(kit: Kit, variant: GameVariant, opts: McOptions): Result<CalculatorBattle> {
  const start: BattleState = {
    ...INITIAL_STATE,
    system: defaultSystemState({
      variant,
      unusedHomeportsHaveCards: opts.unusedHomeportsHaveCards
    })
  };
  const set = playScratch(
    kit.setupFleetsMove,
    start,
    {
      players: [
        { id: 'ours', name: 'Attacker', homeport: 'N' },
        { id: 'theirs', name: 'Defender', homeport: 'S' }
      ],
      // The Advanced modules a calculator answers for (boarding, raids, ramming); not the cards, whose
      // draw comes before each engagement, nor the Mist.
      modules: variant === 'advanced' ? { boarding: true, raids: true, ramming: true } : {}
    },
    scratchContext(opts, variant)
  );
  if (!set.ok) return set;
  const first = (player: string) =>
    Object.values(set.value.ships).find((s) => s.player === player)?.id;
  const ours = first('ours');
  const theirs = first('theirs');
  if (ours === undefined || theirs === undefined) return err('The fleets were not set up.');
  // Read once as every move reads it (the reading is kept with the state), so a calculator's
  // first question is answered without reading the battle again.
  const view = viewOf(set.value);
  return view.ok ? ok({ state: set.value, ours, theirs }) : view;
}

/** The battle with these ships at these Prize Disks (the sheet edit a referee makes). */
export function withPrizeDisks(
  battle: BattleState,
  disks: Readonly<Record<string, number>>,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  let state = battle;
  for (const [shipId, prizeDisks] of Object.entries(disks)) {
    const next = withSheet(state, shipId, { prizeDisks }, `Prize Disks ${prizeDisks}`, opts);
    if (!next.ok) return next;
    state = next.value;
  }
  return ok(state);
}

/** The battle with one ship's sheet so (the sheet edit a referee makes); none when it says so. */
export function withSheet(
  battle: BattleState,
  shipId: string,
  patch: Partial<Sheet>,
  summary: string,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const ship = battle.ships[shipId];
  if (!ship) return err('That ship is not in the battle.');
  const had = ship.sheet as unknown as Sheet;
  // A sheet that already says so needs no edit (a new fleet's ships have all their disks).
  if (Object.entries(patch).every(([k, v]) => had[k as keyof Sheet] === v)) return ok(battle);
  const sheet = { ...had, ...patch };
  const k = kit();
  if (!k.ok) return k;
  return playScratch(
    k.value.sheetEdit,
    battle,
    { shipId, sheet, summary },
    scratchContext(opts, '')
  );
}

/** A die typed in, as a referee types a roll the table made. */
const typedFaces = (faces: readonly number[]): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ sides: 6, face }))
});

/**
 * The battle at the first captain's engagements, as a turn reaches them: he wins the first-player
 * roll, the Wind Die is rolled (Basic and Advanced), and his fleet stays put (a Beginner ship first
 * rolls its die for movement). A calculator then plays the engagement it answers for with the dice
 * the referee rolls, and asks the next move (the counter-attack, the Homeport's) its preview.
 */
export function atEngagements(
  battle: BattleState,
  variant: GameVariant,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const ctx = scratchContext(opts, variant);
  const first = playScratch(
    k.value.firstPlayerMove,
    battle,
    { playerIds: ['ours', 'theirs'], roll: typedFaces([6, 1]) },
    ctx
  );
  if (!first.ok) return first;
  if (variant !== 'beginner') {
    // Pip 4 sets a wind (the Wind Die's faces, SPEC A.4.3); the engagement reads none of it.
    const wind = playScratch(windMove, first.value, { roll: typedFaces([4]) }, ctx);
    return wind.ok ? playScratch(fleetStaysPutMove, wind.value, {}, ctx) : wind;
  }
  // A Beginner ship rolls its die and moves exactly that (SPEC A.4.4): a one, one square ahead.
  let state = first.value;
  const v = viewOf(state);
  if (!v.ok) return v;
  for (const s of v.value.ships.filter((x) => x.playerId === 'ours')) {
    const rolled = playScratch(
      movementRollMove,
      state,
      { shipId: s.id, roll: typedFaces([1]) },
      ctx
    );
    if (!rolled.ok) return rolled;
    const { heading, location } = s.sheet;
    const ahead = { shipId: s.id, forward: 1, turns: 0, heading, location, isObstructed: false };
    const moved = playScratch(moveShipMove, rolled.value, ahead, ctx);
    if (!moved.ok) return moved;
    state = moved.value;
  }
  return ok(state);
}

/**
 * The calculator's battle of `variant` at the first captain's engagements (`atEngagements`), the
 * two captains' ships at these Prize Disks (one not given: as set up): where the engagement, the
 * boarding, the raid and the ram calculators ask their move and play the roll typed in.
 */
export function engagementBattle(
  variant: GameVariant,
  disks: CalculatorDisks,
  opts: McOptions = DEFAULT_OPTIONS
): Result<CalculatorBattle> {
  const k = kit();
  if (!k.ok) return k;
  const key = JSON.stringify([variant, disks.ours ?? null, disks.theirs ?? null, opts]);
  const built = AT_ENGAGEMENTS.get(key) ?? setUpEngagement(variant, disks, opts);
  AT_ENGAGEMENTS.set(key, built);
  return built;
}

/**
 * Each engagement battle asked for, by game, Prize Disks and readings (a few dozen at most: two
 * ships of up to two disks each): set up once, so a calculator set up while the page is idle (the
 * other game's, before a tap switches to it) answers its first change at once (issue 40), and the
 * five calculators on this battle share it.
 */
const AT_ENGAGEMENTS = new Map<string, Result<CalculatorBattle>>();

function setUpEngagement(
  variant: GameVariant,
  disks: CalculatorDisks,
  opts: McOptions
): Result<CalculatorBattle> {
  const battle = calculatorBattle(variant);
  if (!battle.ok) return battle;
  const { state, ours, theirs } = battle.value;
  const asked = { [ours]: disks.ours, [theirs]: disks.theirs };
  const given = Object.fromEntries(Object.entries(asked).filter(([, n]) => n !== undefined));
  const at = withPrizeDisks(state, given as Record<string, number>, opts);
  const ready = at.ok ? atEngagements(at.value, variant, opts) : at;
  return ready.ok ? ok({ state: ready.value, ours, theirs }) : ready;
}

/** Prize Disks asked of an engagement battle: the first captain's ship's, the second's. */
export interface CalculatorDisks {
  ours?: number;
  theirs?: number;
}

/**
 * The Prize Disks one tap of a stepper away from these (each given ship's one more or one fewer,
 * 0 to MAX_PRIZE_DISKS): the engagement battles a calculator's next change may ask for, which it
 * sets up while the page is idle (issue 40).
 */
export function disksNear(disks: CalculatorDisks): CalculatorDisks[] {
  const out: CalculatorDisks[] = [];
  for (const side of ['ours', 'theirs'] as const) {
    const now = disks[side];
    if (now === undefined) continue;
    for (const n of [now + 1, now - 1])
      if (n >= 0 && n <= MAX_PRIZE_DISKS) out.push({ ...disks, [side]: n });
  }
  return out;
}

/** Each battle where a ram is due, by the rammed ship's Prize Disks: set up once (issue 40). */
const RAM_DUE = new Map<number, Result<BattleState>>();

/**
 * The Advanced battle where a ram is due: the first captain's ship, at these Prize Disks, attacks
 * the second's from across its bow (not broadside to one another) and is repelled (every attack die
 * a one, every defence die a six, the target untouched), so the second may ram her.
 */
export function ramDueBattle(targetDisks: number): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const kept = RAM_DUE.get(targetDisks);
  if (kept) return kept;
  const due = setUpRamDue(targetDisks);
  RAM_DUE.set(targetDisks, due);
  return due;
}

function setUpRamDue(targetDisks: number): Result<BattleState> {
  const ready = engagementBattle('advanced', { ours: targetDisks });
  if (!ready.ok) return ready;
  const { state, ours, theirs } = ready.value;
  const across = { attackerId: ours, targetId: theirs, isMutualBroadside: false };
  const dice = attackMove.preview.dice(state, across, DEFAULT_OPTIONS);
  if (!dice.ok) return dice;
  const [a, d] = dice.value.map((n, i) => typedFaces(Array(n.count).fill(i === 0 ? 1 : 6)));
  const input = { ...across, side: null, attack: a, defence: d };
  const attacked = playRoll(attackMove, state, input, 'advanced');
  return attacked.ok ? ok(attacked.value.next) : attacked;
}

/** Two ships slugging it out: the chance each sinks the other first. */
export interface Duel {
  xWins: Rational;
  yWins: Rational;
}

/**
 * Each duel worked out, by game, Prize Disks and readings: the Slug it out calculator's table asks
 * the nine pairs again at each change, and works the other game's out while the page is idle, so
 * the first answer to a change of the game is looked up, not solved (issue 40).
 */
const DUELS = new Map<string, Result<Duel>>();

/** Ship X (ours, moving first) at x Prize Disks against Y at y, as the attack move previews it. */
export function duelOf(variant: GameVariant, x: number, y: number, opts: McOptions): Result<Duel> {
  const k = kit();
  if (!k.ok) return k;
  const key = JSON.stringify([variant, x, y, opts]);
  const kept = DUELS.get(key);
  if (kept) return kept;
  const duel = solveDuel(variant, x, y, opts);
  DUELS.set(key, duel);
  return duel;
}

function solveDuel(variant: GameVariant, x: number, y: number, opts: McOptions): Result<Duel> {
  const battle = calculatorBattle(variant);
  if (!battle.ok) return battle;
  const { state, ours, theirs } = battle.value;
  const at = withPrizeDisks(state, { [ours]: x, [theirs]: y });
  if (!at.ok) return at;
  const aim = { attackerId: ours, targetId: theirs, isMutualBroadside: true };
  const outlook = attackMove.preview.odds(at.value, aim, opts);
  if (!outlook.ok) return outlook;
  const duel = outlook.value.duel;
  return duel === null ? err('These ships do not slug it out.') : ok(duel);
}

/** A roll played on a calculator's battle: the battle after it, the move's outcome and log line. */
export interface PlayedRoll<T> {
  next: BattleState;
  /** The outcome the move records in its roll (`roll.outcome`), as its resolver gave it. */
  outcome: T;
  summary: string;
}

/** Plays a rolled move on a calculator's battle, as the battle would play it, nothing written. */
export function playRoll<I, T>(
  move: Move<I, McOptions>,
  state: BattleState,
  input: I,
  variant: GameVariant,
  opts: McOptions = DEFAULT_OPTIONS
): Result<PlayedRoll<T>> {
  const played = playScratchDraft(move, state, input, scratchContext(opts, variant));
  if (!played.ok) return played;
  const { next, draft } = played.value;
  return ok({ next, outcome: draft.roll?.outcome as unknown as T, summary: draft.summary });
}

/** Each table's battle for the first-player roll, by the number of players, set up once. */
const ROLL_OFF = new Map<number, Result<BattleState>>();

/**
 * A Beginner battle of `players` captains, "Player 1" to "Player n" (the game for up to eight:
 * each seat its ship's colour, the second four banded), set up by the game's own set-up move, for
 * the first-player roll: its preview names each captain's die, and its play says who goes first.
 */
export function rollOffBattle(players: number): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const built = ROLL_OFF.get(players) ?? setUpRollOff(k.value, players);
  ROLL_OFF.set(players, built);
  return built;
}

/** The ids (and names) of a roll-off battle's captains, in seat order. */
export const seatIds = (players: number): string[] =>
  Array.from({ length: players }, (_, i) => `Player ${i + 1}`);

function setUpRollOff(kit: Kit, players: number): Result<BattleState> {
  const start: BattleState = {
    ...INITIAL_STATE,
    system: defaultSystemState({ variant: 'beginner' })
  };
  const seats = seatIds(players).map((id, i) => ({
    id,
    name: id,
    colour: SHIP_COLOURS[i % SHIP_COLOURS.length].id,
    isBanded: i >= SHIP_COLOURS.length,
    homeport: null
  }));
  return playScratch(
    kit.setupFleetsMove,
    start,
    { players: seats, modules: {} },
    scratchContext(DEFAULT_OPTIONS, 'beginner')
  );
}

// ---------------------------------------------------------------------------------------------
// The calculators page's wind and hourglass (its own panel, kept on the device)

/** The wind and the glass a paper table keeps on the calculators page (its stored panel). */
export interface TableWind {
  wind: WindState | null;
  hourglass: Hourglass;
  stormRoll: number | null;
}

/** The table's battle last built, and what it was built from (the panel asks four times a second). */
let lastTable: { table: TableWind; isOut: boolean; built: Result<BattleState> } | null = null;

/**
 * The calculators page's wind as a battle (issue 31: the page plays the real wind moves): the
 * calculator's Basic battle of two captains, the first to move decided, the table's wind set by the
 * Wind Die's face for it when the glass was turned over (or the glass turned by hand before any
 * wind), the turn passed once the sand has run out, so the next roll is due ("each time the
 * hourglass is emptied"), and this turn's storm roll. The page reads the wind and storm moves'
 * previews on it and plays their rolls on it. The glass holds the game's three minutes.
 */
export function windTableBattle(
  table: TableWind,
  now: number,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const isOut = isSandRunOut(table.hourglass, now);
  if (lastTable?.table === table && lastTable.isOut === isOut) return lastTable.built;
  const built = buildTable(k.value, table, isOut, opts);
  lastTable = { table, isOut, built };
  return built;
}

function buildTable(
  kit: Kit,
  table: TableWind,
  isOut: boolean,
  opts: McOptions
): Result<BattleState> {
  const battle = calculatorBattle('basic');
  if (!battle.ok) return battle;
  const ctx = scratchContext(opts, 'basic');
  const at = (now: number) => ({ ...ctx, now });
  let state = playScratch(
    kit.firstPlayerMove,
    battle.value.state,
    { playerIds: ['ours', 'theirs'], roll: typedFaces([6, 1]) },
    ctx
  );
  const turnedAt = table.hourglass.startedAt;
  if (state.ok && table.wind !== null) {
    const wind = table.wind;
    const face = 'storm' in wind ? 'STORM' : wind.from;
    const pip = WIND_DIE.find((r) => r.face === face)?.pip ?? 0;
    state = playScratch(windMove, state.value, { roll: typedFaces([pip]) }, at(turnedAt ?? 0));
    // The turn passes after the sand ran out: the next player rolls the Wind Die (A.4.3 step 5).
    const endsAt = hourglassEndsAt(table.hourglass);
    if (state.ok && isOut && endsAt !== null)
      state = playScratch(endTurnMove, state.value, {}, at(endsAt));
  } else if (state.ok && turnedAt !== null) {
    state = playScratch(hourglassMove, state.value, {}, at(turnedAt));
  }
  if (state.ok && table.stormRoll !== null && table.wind !== null && 'storm' in table.wind)
    state = playScratch(stormMove, state.value, { roll: typedFaces([table.stormRoll]) }, ctx);
  return state;
}

/** The table's wind and glass as a battle leaves them (what the page keeps). */
export function tableWindOf(
  state: BattleState
): Result<TableWind & { lastWindFace: WindFace | null }> {
  const v = viewOf(state);
  if (!v.ok) return v;
  const { wind, hourglass, stormRoll, lastWindFace } = v.value.system;
  return ok({ wind, hourglass, stormRoll, lastWindFace });
}

/** The wind a movement question names: from one side of the table, or a storm. */
export type CalculatorWind = Compass | 'STORM';

/**
 * The battle at the first captain's movement: his first ship's bow as asked at the start of the
 * turn (the sheet edit), he wins the first-player roll, and in the Basic game the Wind Die shows
 * the wind asked (by its pip, SPEC A.4.3). The ship's move then answers its allowance (a storm's
 * or a Beginner ship's roll first, played by its own move).
 */
export function atMovement(
  battle: CalculatorBattle,
  variant: GameVariant,
  heading: Compass,
  wind: CalculatorWind,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const ctx = scratchContext(opts, variant);
  const bow = withSheet(battle.state, battle.ours, { heading }, `Heading ${heading}`, opts);
  if (!bow.ok) return bow;
  const first = playScratch(
    k.value.firstPlayerMove,
    bow.value,
    { playerIds: ['ours', 'theirs'], roll: typedFaces([6, 1]) },
    ctx
  );
  if (!first.ok || variant === 'beginner') return first;
  const pip = WIND_DIE.find((w) => w.face === wind)?.pip;
  if (pip === undefined) return err('That is not a face of the Wind Die.');
  return playScratch(windMove, first.value, { roll: typedFaces([pip]) }, ctx);
}

/** Where a repair is asked: at the ship's own Homeport, or at sea on an anchor icon. */
export type RepairPlace = 'homeport' | 'anchor';

/**
 * The battle at the first captain's repairs (Basic), his first ship at `prizeDisks`, lost as a
 * battle loses them: the second captain goes first and his ships hit her, each hit a Prize Disk
 * "placed to one side" (SPEC A.4.7), then the turn passes to the first captain. His ship starts in
 * her Homeport (set-up, A.4.1); at an anchor icon she reports her move there (A.4.9 step 2).
 */
export function atRepairs(
  battle: CalculatorBattle,
  place: RepairPlace,
  prizeDisks: number,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const ctx = scratchContext(opts, 'basic');
  const { ours } = battle;
  const hits = MAX_PRIZE_DISKS - prizeDisks;
  if (!Number.isInteger(hits) || hits < 0 || hits > MAX_PRIZE_DISKS)
    return err(`A ship has 0 to ${MAX_PRIZE_DISKS} Prize Disks.`);
  const first = playScratch(
    k.value.firstPlayerMove,
    battle.state,
    { playerIds: ['theirs', 'ours'], roll: typedFaces([6, 1]) },
    ctx
  );
  if (!first.ok) return first;
  const wind = playScratch(windMove, first.value, { roll: typedFaces([4]) }, ctx);
  if (!wind.ok) return wind;
  let state = playScratch(fleetStaysPutMove, wind.value, {}, ctx);
  if (!state.ok) return state;
  const v = viewOf(state.value);
  if (!v.ok) return v;
  const theirShips = v.value.ships.filter((s) => s.playerId === 'theirs');
  if (theirShips.length < hits) return err('The second captain has too few ships.');
  for (const by of theirShips.slice(0, hits)) {
    // Every attack die a six, every defence die a one: a hit (A.4.6). Not broadside to one
    // another, so no counter-attack is due.
    const aim = { attackerId: by.id, targetId: ours, isMutualBroadside: false };
    const dice = attackMove.preview.dice(state.value, aim, opts);
    if (!dice.ok) return dice;
    const [a, d] = dice.value.map((n, i) => typedFaces(Array(n.count).fill(i === 0 ? 6 : 1)));
    const input = { ...aim, side: null, attack: a, defence: d };
    state = playScratch(attackMove, state.value, input, ctx);
    if (!state.ok) return state;
  }
  state = playScratch(endTurnMove, state.value, {}, ctx);
  if (!state.ok || place === 'homeport') return state;
  const at = viewOf(state.value);
  if (!at.ok) return at;
  if (at.value.system.windRollPending) {
    state = playScratch(windMove, state.value, { roll: typedFaces([4]) }, ctx);
    if (!state.ok) return state;
  }
  const sheet = findShip(at.value, ours);
  if (!sheet.ok) return sheet;
  const { heading } = sheet.value.sheet;
  const toAnchor = { shipId: ours, forward: 1, turns: 0, heading, location: 'anchor' as const };
  return playScratch(moveShipMove, state.value, { ...toAnchor, isObstructed: false }, ctx);
}

/**
 * The turn passed round to the first captain again (each captain ends his turn): his ships begin
 * a new turn, their repairs this turn counted afresh (`repairLimitPerTurn`).
 */
export function nextRound(
  state: BattleState,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const ctx = scratchContext(opts, 'basic');
  const theirs = playScratch(endTurnMove, state, {}, ctx);
  return theirs.ok ? playScratch(endTurnMove, theirs.value, {}, ctx) : theirs;
}

/**
 * The calculators page's card deck (a paper table's, kept on the device) on the table of a
 * calculator's battle, put there by the card move itself (its input the deck as it stands): the
 * card pad's changes are then played by the same move as in a battle (issue 31).
 */
export function deckBattle(
  cards: CardsState,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const k = kit();
  if (!k.ok) return k;
  const battle = calculatorBattle('advanced');
  if (!battle.ok) return battle;
  return playScratch(
    k.value.cardsMove,
    battle.value.state,
    { cards },
    scratchContext(opts, 'advanced')
  );
}
