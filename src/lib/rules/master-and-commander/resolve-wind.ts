// Master and Commander: wind, hourglass, first player, turn order and movement (SPEC A.4.2–A.4.4,
// A.4.15). Pure: the clock (`now`, ms epoch) and every die face are parameters.
import { err, ok, type Result } from '../../engine/result';
import { isSandRunOut } from './hourglass';
import type { McOptions } from './options';
import { EMPTY_TURN_ACTS, type Sheet, type SystemState, type WindState } from './sheet';
import {
  MOVEMENT_ALLOWANCE,
  MOVEMENT_DIE_SIDES,
  OPPOSITE,
  TURN_LEFT,
  TURN_RIGHT,
  WIND_DIE,
  type Compass,
  type GameVariant,
  type PointOfSail,
  type WindFace
} from './tables';

function isD6(face: number): boolean {
  return Number.isInteger(face) && face >= 1 && face <= 6;
}

// ---------------------------------------------------------------------------------------------
// Wind (SPEC A.4.3)

/** A d6 rolled in place of the Wind Die, mapped through WIND_DIE. */
export function windFaceFromPip(pip: number): Result<WindFace> {
  const row = WIND_DIE.find((r) => r.pip === pip);
  return row ? ok(row.face) : err(`${pip} is not a face of the Wind Die (1–6).`);
}

export type WindOutcome =
  | { kind: 'set'; face: WindFace; wind: WindState; isChange: boolean; text: string }
  | { kind: 'reroll'; face: WindFace; text: string };

export function describeWind(wind: WindState | null): string {
  if (wind === null) return 'No wind yet';
  if ('storm' in wind) return 'Storm';
  const names: Record<Compass, string> = {
    N: 'Northerly (from the north)',
    S: 'Southerly (from the south)',
    E: 'Easterly (from the east)',
    W: 'Westerly (from the west)'
  };
  return names[wind.from];
}

/**
 * Resolves one roll of the Wind Die (SPEC A.4.3 step 2): N/S/E/W set the wind "from" that side; the
 * Storm Icon starts a storm; Steady keeps the wind ("the wind direction remains the same"). A Steady
 * with no wind yet is rolled again ([DEFAULT] `steadyWithNoPriorWind`); during a storm it keeps the
 * storm ([DEFAULT] `steadyAfterStorm='stormContinues'`) or is rolled again.
 */
export function resolveWind(
  current: WindState | null,
  face: WindFace,
  opts: Pick<McOptions, 'steadyAfterStorm'>
): WindOutcome {
  if (face === 'STEADY') {
    if (current === null) {
      return { kind: 'reroll', face, text: 'Steady with no wind yet: roll the Wind Die again.' };
    }
    if ('storm' in current && opts.steadyAfterStorm === 'reroll') {
      return { kind: 'reroll', face, text: 'Steady during a storm: roll the Wind Die again.' };
    }
    return {
      kind: 'set',
      face,
      wind: current,
      isChange: false,
      text: `Steady: the wind stays ${describeWind(current).toLowerCase()}.`
    };
  }
  const wind: WindState = face === 'STORM' ? { storm: true } : { from: face };
  const isChange =
    current === null ||
    ('storm' in wind ? !('storm' in current) : 'storm' in current || current.from !== wind.from);
  const text =
    face === 'STORM'
      ? 'Storm! Each player rolls one die for movement on their turn.'
      : `${describeWind(wind)} wind.`;
  return { kind: 'set', face, wind, isChange, text };
}

/**
 * Applies a wind roll: the new wind, and "Once the wind direction has been determined, the hourglass
 * is turned over" (SPEC A.4.3 step 3) at `now`. A re-roll changes nothing. The wind is rolled before
 * a player's turn, so any storm roll is cleared: in a storm that player now rolls for movement (step 6).
 */
export function applyWind(state: SystemState, outcome: WindOutcome, now: number): SystemState {
  if (outcome.kind === 'reroll') return state;
  return {
    ...state,
    wind: outcome.wind,
    lastWindFace: outcome.face,
    hourglass: { ...state.hourglass, startedAt: now },
    windRollPending: false,
    stormRoll: null
  };
}

// ---------------------------------------------------------------------------------------------
// When the Wind Die is due (SPEC A.4.3 steps 3–5); the sand is read by hourglass.ts.

/**
 * Must the player about to move roll the Wind Die first? "When the sand has run through, the next
 * player to move rolls the Wind Die and turns over the hourglass before taking his or her turn."
 * Also before the first turn ([DEFAULT] A.5 #26). Never in the Beginner game.
 */
export function isWindRollDue(state: SystemState, now: number): boolean {
  if (state.variant === 'beginner') return false;
  return state.wind === null || state.windRollPending || isSandRunOut(state.hourglass, now);
}

// ---------------------------------------------------------------------------------------------
// First player and turn order (SPEC A.4.2)

export type FirstPlayerOutcome =
  | { kind: 'first'; playerId: string; high: number }
  | { kind: 'reroll'; playerIds: string[]; high: number };

/** "The player with the highest roll goes first." [DEFAULT] tied highest rollers roll again. */
export function resolveFirstPlayer(
  rolls: readonly { playerId: string; face: number }[]
): Result<FirstPlayerOutcome> {
  if (rolls.length === 0) return err('No rolls.');
  const bad = rolls.find((r) => !isD6(r.face));
  if (bad) return err(`${bad.face} is not a face of a d6.`);
  const high = Math.max(...rolls.map((r) => r.face));
  const top = rolls.filter((r) => r.face === high).map((r) => r.playerId);
  return ok(
    top.length === 1
      ? { kind: 'first', playerId: top[0], high }
      : { kind: 'reroll', playerIds: top, high }
  );
}

/** "Turn passes to the left": the next seat clockwise whose player is still in the game. */
export function nextPlayerId(state: SystemState, fromId: string | null): string | null {
  const live = [...state.players].filter((p) => !p.isEliminated).sort((a, b) => a.seat - b.seat);
  if (live.length === 0) return null;
  const from = state.players.find((p) => p.id === fromId);
  if (!from) return live[0].id;
  return (live.find((p) => p.seat > from.seat) ?? live[0]).id;
}

/**
 * Passes the turn (SPEC A.4.15 step 4, A.4.3 steps 4–6): the next player, the turn number, and whether
 * the sand ran out ("If the hourglass empties in the middle of a player's turn, the wind remains the
 * same until this player has finished his or her turn"). A storm roll belongs to one player's turn.
 */
export function passTurn(state: SystemState, now: number): SystemState {
  const next = nextPlayerId(state, state.activePlayerId);
  return {
    ...state,
    activePlayerId: next,
    turn: state.activePlayerId === null ? state.turn : state.turn + 1,
    windRollPending:
      state.variant !== 'beginner' &&
      (state.wind === null || state.windRollPending || isSandRunOut(state.hourglass, now)),
    stormRoll: null,
    turnActs: EMPTY_TURN_ACTS
  };
}

/** The first player starts the game (SPEC A.4.2). */
export function applyFirstPlayer(state: SystemState, playerId: string): SystemState {
  return { ...state, activePlayerId: playerId, turn: 1, turnActs: EMPTY_TURN_ACTS };
}

/**
 * "If wind.storm holds at the start of a player's turn, that player rolls 1d6 … one roll for the
 * player's whole fleet" (SPEC A.4.3 step 6).
 */
export function applyStormRoll(state: SystemState, face: number): Result<SystemState> {
  if (!isD6(face)) return err(`${face} is not a face of a d6.`);
  if (typeof state !== 'object' || state === null) return err('There is no battle state.');
  if (state.wind === null || !('storm' in state.wind)) return err('There is no storm.');
  return ok({ ...state, stormRoll: face });
}

// ---------------------------------------------------------------------------------------------
// Movement (SPEC A.3.2, A.4.4)

/** Upwind if the bow faces where the wind comes from, downwind if opposite, else a reach. */
export function pointOfSail(heading: Compass, windFrom: Compass): PointOfSail {
  if (heading === windFrom) return 'upwind';
  if (heading === OPPOSITE[windFrom]) return 'downwind';
  return 'reach';
}

export interface AllowanceInput {
  variant: GameVariant;
  heading: Compass;
  wind: WindState | null;
  /** The storm roll of this player's turn (Basic/Advanced in a storm). */
  stormRoll?: number | null;
  /** The Beginner's roll for this ship. */
  beginnerRoll?: number | null;
}

export interface Allowance {
  squares: number;
  basis: PointOfSail | 'storm' | 'beginnerRoll';
  /** True when the rules read as "move exactly" (Beginner, `beginnerMoveExact`). */
  isExact: boolean;
  text: string;
}

/** The ship's allowance at the beginning of its turn (SPEC A.3.2, A.4.4 step 1). */
export function movementAllowance(
  input: AllowanceInput,
  opts: Pick<McOptions, 'beginnerMoveExact'>
): Result<Allowance> {
  if (input.variant === 'beginner') {
    const r = input.beginnerRoll;
    if (r === null || r === undefined) return err('Roll the die for this ship first.');
    if (!isD6(r)) return err(`${r} is not a face of a d6.`);
    return ok({
      squares: r,
      basis: 'beginnerRoll',
      isExact: opts.beginnerMoveExact,
      text: opts.beginnerMoveExact ? `Move ${r} squares` : `Move up to ${r} squares`
    });
  }
  if (input.wind === null) return err('Roll the Wind Die first.');
  if ('storm' in input.wind) {
    const r = input.stormRoll;
    if (r === null || r === undefined) return err('Storm: roll one die for movement first.');
    if (!isD6(r)) return err(`${r} is not a face of a d6.`);
    return ok({ squares: r, basis: 'storm', isExact: false, text: `Storm: up to ${r} squares` });
  }
  const pos = pointOfSail(input.heading, input.wind.from);
  const squares = MOVEMENT_ALLOWANCE[pos];
  const names: Record<PointOfSail, string> = {
    upwind: 'Upwind',
    downwind: 'Downwind',
    reach: 'On a reach'
  };
  return ok({ squares, basis: pos, isExact: false, text: `${names[pos]}: up to ${squares}` });
}

export { MOVEMENT_DIE_SIDES };

export type MoveStep = 'forward' | 'left' | 'right';

/**
 * One step inside the allowance (SPEC A.4.4 step 3, errata 4): forward along the bow, or a 90° turn
 * within the square, each costing one square. "After turning 90 degrees, a ship must move forward one
 * square before turning again, unless it is obstructed by land or another ship. In that case, a ship
 * may turn 90 degrees, turn another 90 degrees and then move forward." The map is the referee's, so
 * `isAheadBlocked` (land, a ship, or the map edge) is an input.
 */
export function moveStep(
  sheet: Sheet,
  step: MoveStep,
  ctx: { variant: GameVariant; isAheadBlocked: boolean },
  opts: Pick<McOptions, 'beginnerTurnRestriction'>
): Result<Sheet> {
  if (sheet.isSunk) return err('A sunk ship cannot move.');
  const m = sheet.movement;
  if (m.allowance === null) return err('Set the movement allowance first.');
  if (m.spent >= m.allowance) return err('No squares left this turn.');
  if (step === 'forward') {
    if (ctx.isAheadBlocked) return err('The square ahead is blocked.');
    return ok({ ...sheet, movement: { ...m, spent: m.spent + 1, turnsInRow: 0 } });
  }
  const isRestricted = ctx.variant !== 'beginner' || opts.beginnerTurnRestriction;
  if (isRestricted) {
    if (m.turnsInRow >= 2) return err('After two turns the ship must move forward.');
    if (m.turnsInRow === 1 && !ctx.isAheadBlocked) {
      return err(
        'After turning 90 degrees, a ship must move forward one square before turning again.'
      );
    }
  }
  const heading = step === 'left' ? TURN_LEFT[sheet.heading] : TURN_RIGHT[sheet.heading];
  return ok({
    ...sheet,
    heading,
    movement: { ...m, spent: m.spent + 1, turnsInRow: Math.min(2, m.turnsInRow + 1) }
  });
}

/** Sets the ship's allowance for this turn (resets the steps spent). */
export function applyAllowance(sheet: Sheet, squares: number): Sheet {
  return { ...sheet, movement: { allowance: squares, spent: 0, turnsInRow: 0 } };
}

/**
 * The start of the owning player's turn for one ship: fresh movement, the repair count reset
 * (`repairLimitPerTurn`), and the Mist clock (SPEC A.4.14 step 3: the turn after entering is lost).
 */
export function beginShipTurn(sheet: Sheet): Sheet {
  const mist = sheet.mist
    ? {
        ...sheet.mist,
        phase: sheet.mist.phase === 'entered' ? ('lostTurn' as const) : ('mustExit' as const)
      }
    : null;
  return {
    ...sheet,
    // A ship losing its Mist turn has no allowance at all.
    movement: { allowance: mist?.phase === 'lostTurn' ? 0 : null, spent: 0, turnsInRow: 0 },
    repairsThisTurn: 0,
    mist
  };
}

// ---------------------------------------------------------------------------------------------
// One ship's move as the referee reports it (no map): squares forward, 90° turns, where it ends.

export interface MoveReport {
  /** Squares moved forward along the bow. */
  forward: number;
  /** 90° turns made; "this counts as moving one square". */
  turns: number;
  heading: Compass;
  location: Sheet['location'];
  /** The referee's answer: land or a ship forced a second turn in a row (SPEC A.4.4 step 3), or
   *  stopped a Beginner ship short of the exact roll. */
  isObstructed: boolean;
}

export interface MoveOutcome {
  allowance: Allowance;
  spent: number;
  text: string;
}

/** Quarter turns clockwise from `a` to `b` (0–3). */
function quarterTurns(a: Compass, b: Compass): number {
  const order: readonly Compass[] = ['N', 'E', 'S', 'W'];
  return (order.indexOf(b) - order.indexOf(a) + 4) % 4;
}

/**
 * Checks a ship's whole move for the turn against its allowance (SPEC A.3.2, A.4.4): the allowance
 * comes from the heading at the beginning of the turn (the sheet's heading, not yet changed), the
 * wind, the storm roll or the Beginner roll; forward squares and turns each cost one square; "A
 * player does not have to move all spaces", except in the Beginner game under `beginnerMoveExact`
 * (errata 15: "move your ship the number of squares that you rolled"). The end heading must be one
 * the turns can reach, and "After turning 90 degrees, a ship must move forward one square before
 * turning again, unless it is obstructed" (not in the Beginner game unless
 * `beginnerTurnRestriction`, errata 11). The Mist (A.4.14): no move on the lost turn; afterwards the
 * ship must leave, or [DEFAULT] spend its whole allowance moving toward the exit.
 */
export function resolveMove(
  input: {
    variant: GameVariant;
    sheet: Sheet;
    wind: WindState | null;
    stormRoll: number | null;
    hasMist: boolean;
  },
  move: MoveReport,
  opts: Pick<McOptions, 'beginnerMoveExact' | 'beginnerTurnRestriction'>
): Result<MoveOutcome> {
  const { sheet, variant } = input;
  if (sheet.isSunk) return err('A sunk ship cannot move.');
  if (sheet.mist?.phase === 'lostTurn')
    return err('A ship entering the mist must lose one turn before exiting: this is that turn.');
  for (const [n, what] of [
    [move.forward, 'Squares forward'],
    [move.turns, 'Turns']
  ] as const) {
    if (!Number.isInteger(n) || n < 0) return err(`${what} must be a whole number, 0 or more.`);
  }
  const allowance = movementAllowance(
    {
      variant,
      heading: sheet.heading,
      wind: input.wind,
      stormRoll: input.stormRoll,
      beginnerRoll: sheet.movement.allowance
    },
    opts
  );
  if (!allowance.ok) return allowance;
  const a = allowance.value;
  const spent = move.forward + move.turns;
  const cost = `${move.forward} forward + ${move.turns} turn${move.turns === 1 ? '' : 's'} = ${spent}`;
  if (spent > a.squares)
    return err(`${cost} squares, but the allowance is ${a.squares} (${a.text.toLowerCase()}).`);
  // A ship that land or another ship stops short cannot move the full roll: the referee says so.
  if (a.isExact && (spent > a.squares || (spent < a.squares && !move.isObstructed))) {
    return err(
      `Beginner game: move exactly the ${a.squares} rolled ("move your ship the number of squares that you rolled"); ${cost}. Turns count as one square each; tick "obstructed" if land or a ship stops it short.`
    );
  }
  const q = quarterTurns(sheet.heading, move.heading);
  const isHeadingReachable =
    move.turns === 0 ? q === 0 : move.turns % 2 === 1 ? q % 2 === 1 : q % 2 === 0;
  if (!isHeadingReachable) {
    return err(
      `${move.turns} turn${move.turns === 1 ? '' : 's'} of 90° cannot take a ship heading ${sheet.heading} to ${move.heading}.`
    );
  }
  const isRestricted = variant !== 'beginner' || opts.beginnerTurnRestriction;
  const maxTurns = move.isObstructed ? 2 * (move.forward + 1) : move.forward + 1;
  if (isRestricted && move.turns > maxTurns) {
    return err(
      'After turning 90 degrees, a ship must move forward one square before turning again, unless it is obstructed by land or another ship.'
    );
  }
  if (move.location === 'mist' && !input.hasMist && sheet.location !== 'mist')
    return err('The Mist is an Advanced module this battle does not use.');
  if (sheet.mist?.phase === 'mustExit' && move.location === 'mist' && spent < a.squares) {
    return err(
      'After losing one turn, a player must exit the Mist: leave it, or spend the whole allowance moving toward the exit.'
    );
  }
  if (sheet.mist?.phase === 'entered' && move.location !== 'mist')
    return err('A ship entering the mist must lose one turn before exiting.');
  return ok({ allowance: a, spent, text: `${cost} of ${a.squares}` });
}
