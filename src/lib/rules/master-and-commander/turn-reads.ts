import type { McOptions } from './options';
import { hourglassRemainingMs, formatHourglass, isSandRunOut } from './hourglass';
import { moveProblem } from './movement-preview';
import { applyEliminations, isCardDrawRequired } from './resolve-fleet';
import { describeWind, nextPlayerId } from './resolve-wind';
import type { Engaged, SystemState, WindState } from './sheet';
import { COMPASS, shipDiceOf, type Compass, type GameVariant, type WindFace } from './tables';
import { playerName, turnActsOf, type McShip, type McView } from './view';

// What the turn model and the battle's status read of the turn so far (the phase a turn starts in,
// the wind and the sand, the counter-attack and card owed, the ships still to move, who plays next),
// apart from the moves that write it: the battle's first screen reads these and loads no move but
// the Next step's own (issue 40). The moves and previews read them too, and re-export them where
// they were (moves-setup, moves-wind, wind-preview, previews, moves-engagement, moves-movement,
// moves-turn).

const VARIANT_IDS: readonly GameVariant[] = ['beginner', 'basic', 'advanced'];

export function variantOf(id: string): GameVariant {
  return VARIANT_IDS.find((v) => v === id) ?? 'basic';
}

/** The phase a player's turn starts in: the Beginner game has no Wind Die, so no Wind phase. */
export function firstPhase(variant: GameVariant): number {
  return variant === 'beginner' ? 1 : 0;
}

/** How the log names a face of the Wind Die: the compass letter, "Storm" or "Steady". */
export function windFaceText(face: WindFace): string {
  return face === 'STORM' ? 'Storm' : face === 'STEADY' ? 'Steady' : face;
}

/**
 * Why the Wind Die may not be rolled now, or null when it is due: before the first turn, and before
 * a player's turn when the sand ran out ("each time the hourglass is emptied"). Mid-turn the wind
 * holds: "If the hourglass empties in the middle of a player's turn, the wind remains the same until
 * this player has finished his or her turn."
 */
export function windRollRefusal(sys: SystemState, now: number): string | null {
  if (sys.variant === 'beginner')
    return 'The Beginner game has no Wind Die: each ship rolls a die for its movement.';
  if (sys.wind === null || sys.windRollPending) return null;
  if (isSandRunOut(sys.hourglass, now))
    return `The sand ran out during ${playerName(sys, sys.activePlayerId ?? '')}'s turn: the wind holds until it ends, then the next player rolls the Wind Die.`;
  const left = hourglassRemainingMs(sys.hourglass, now) ?? 0;
  return `The sand is still running (${formatHourglass(left)} left): the Wind Die is rolled "each time the hourglass is emptied". Undo a mis-roll instead.`;
}

/** The wind now and the sand in the glass at `now`: what the wind move's preview and the battle's
 *  status both show. */
export interface WindNow {
  /** The wind now, and its name ("Southerly (from the south)", "Storm", "No wind yet"). */
  wind: WindState | null;
  windName: string;
  /** The sand held by the glass, its milliseconds left at `now` (null: not turned), run out. */
  glass: { durationMs: number; remainingMs: number | null; isRunOut: boolean };
}

export function windNow(sys: SystemState, now: number): WindNow {
  return {
    wind: sys.wind,
    windName: describeWind(sys.wind),
    glass: {
      durationMs: sys.hourglass.seconds * 1000,
      remainingMs: hourglassRemainingMs(sys.hourglass, now),
      isRunOut: isSandRunOut(sys.hourglass, now)
    }
  };
}

/** The counter-attack due now: who fires back at whom, with how many dice each. */
export function counterDue(
  view: McView
): { by: McShip; against: McShip; attackDice: number; defenceDice: number } | null {
  const r = turnActsOf(view.system).reply ?? null;
  if (r === null || r.kind !== 'counter') return null;
  const by = view.ships.find((s) => s.id === r.by);
  const against = view.ships.find((s) => s.id === r.against);
  if (!by || !against || by.sheet.isSunk || against.sheet.isSunk) return null;
  return {
    by,
    against,
    attackDice: r.dice,
    defenceDice: shipDiceOf(against.sheet.prizeDisks, view.system.variant)
  };
}

/** The Homeport counter-attack due now, if any. */
export function homeportCounterDue(view: McView): { homeport: Compass; ship: McShip } | null {
  const r = turnActsOf(view.system).reply ?? null;
  if (r === null || r.kind !== 'homeportCounter') return null;
  const homeport = COMPASS.find((c) => `homeport:${c}` === r.by);
  const s = view.ships.find((x) => x.id === r.against);
  if (homeport === undefined || !s || s.sheet.isSunk) return null;
  return { homeport, ship: s };
}

/** True while the engagement of this kind still needs its card drawn (SPEC A.4.10 step 1). */
export function isCardOwed(
  view: McView,
  kind: Engaged['kind'],
  opts: Pick<McOptions, 'cardsOnRaidsAndBoarding'>
): boolean {
  const sys = view.system;
  if (!isCardDrawRequired(kind, sys.modules, opts)) return false;
  const acts = turnActsOf(sys);
  const owed = acts.engaged.filter((e) => isCardDrawRequired(e.kind, sys.modules, opts)).length;
  return acts.cardsDrawn <= owed;
}

/** The ships of the active fleet that may still report a move now (the ones "Fleet stays put" records). */
export function shipsStillToMove(view: McView, opts: McOptions): McView['ships'] {
  const sys = view.system;
  const acts = turnActsOf(sys);
  return view.ships.filter(
    (s) =>
      s.playerId === sys.activePlayerId &&
      !s.sheet.isSunk &&
      !acts.moved.includes(s.id) &&
      // "A player entering the mist must lose one turn" (A.4.14): nothing to do (issue 32 #6).
      s.sheet.mist?.phase !== 'lostTurn' &&
      moveProblem(view, s.id, opts) === null
  );
}

/** The system state with players eliminated whose ships are all sunk (the ships as they are now). */
export function withEliminations(view: McView): SystemState {
  return applyEliminations(
    view.system,
    view.ships.map((s) => ({ playerId: s.playerId, sheet: s.sheet }))
  );
}

/** Who plays after the active player: the next seat to the left still afloat, never a sunk fleet. */
export function nextPlayerAfloat(view: McView): string | null {
  return nextPlayerId(withEliminations(view), view.system.activePlayerId);
}
