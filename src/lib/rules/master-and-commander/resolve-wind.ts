// Master and Commander: wind, hourglass, first player, turn order and movement (SPEC A.4.2–A.4.4,
// A.4.15). Pure: the clock (`now`, ms epoch) and every die face are parameters.
import { err, ok, type Result } from '../core/result';
import type { McOptions } from './options';
import type { Sheet, SystemState, WindState } from './sheet';
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
// Hourglass (SPEC A.4.3 steps 3–5). Only the start time is stored, so a reload keeps the right time.

export interface Hourglass {
  seconds: number;
  startedAt: number | null;
}

/** Milliseconds of sand left at `now`; null when the hourglass has not been turned. A clock that went
 *  backwards (now < startedAt) counts as a freshly turned glass rather than more than full. */
export function hourglassRemainingMs(h: Hourglass, now: number): number | null {
  if (h.startedAt === null) return null;
  const total = h.seconds * 1000;
  const elapsed = Math.max(0, now - h.startedAt);
  return Math.max(0, total - elapsed);
}

/** True once all the sand has run through. */
export function isSandRunOut(h: Hourglass, now: number): boolean {
  const left = hourglassRemainingMs(h, now);
  return left !== null && left === 0;
}

/** "2:59", rounding up so the glass reads 0:00 only when it is empty. */
export function formatHourglass(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The instant the sand runs out, for scheduling the alert; null when not turned. */
export function hourglassEndsAt(h: Hourglass): number | null {
  return h.startedAt === null ? null : h.startedAt + h.seconds * 1000;
}

/** Turns the hourglass over at `now` (standalone use, or after a wind roll). */
export function turnHourglass(h: Hourglass, now: number): Hourglass {
  return { ...h, startedAt: now };
}

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
    stormRoll: null
  };
}

/** The first player starts the game (SPEC A.4.2). */
export function applyFirstPlayer(state: SystemState, playerId: string): SystemState {
  return { ...state, activePlayerId: playerId, turn: 1 };
}

/**
 * "If wind.storm holds at the start of a player's turn, that player rolls 1d6 … one roll for the
 * player's whole fleet" (SPEC A.4.3 step 6).
 */
export function applyStormRoll(state: SystemState, face: number): Result<SystemState> {
  if (!isD6(face)) return err(`${face} is not a face of a d6.`);
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
