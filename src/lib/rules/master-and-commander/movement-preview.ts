// What a ship's move answers before it is made (issue 31 item 2, `moveShipMove.preview`): the
// allowance its report is checked against, from the heading at the start of the turn and the wind,
// the storm roll or the Beginner's roll (SPEC A.3.2, A.4.4 step 1). The move rolls no dice of its
// own: a storm's roll is the storm move's, a Beginner ship's the movement roll's.
import type { MovePreview } from '../../battle/move';
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import { movementAllowance, type Allowance } from './resolve-wind';
import {
  activeShip,
  fleetTurnLostText,
  findShip,
  turnActsOf,
  turnOverText,
  viewOf,
  type McView
} from './view';

/** The ship whose allowance is asked. */
export interface AllowanceAim {
  shipId: string;
}

/**
 * Why this ship may not move now, or null: the turn's order (`attackTiming`, A.4.15 step 2, errata
 * 12), one move per ship per turn, the wind rolled first (A.4.3 step 5), the Mist (A.4.14).
 */
export function moveProblem(
  view: McView,
  shipId: string,
  opts: Pick<McOptions, 'attackTiming' | 'mistLoseTurnScope'>
): string | null {
  const s = activeShip(view, shipId);
  if (!s.ok) return s.error;
  const sys = view.system;
  const acts = turnActsOf(sys);
  const name = s.value.sheet.name;
  if (acts.endedBy !== null) return turnOverText(acts.endedBy);
  if (s.value.sheet.isSunk) return 'A sunk ship cannot move.';
  if (acts.moved.includes(shipId))
    return `${name} has already moved this turn; undo that move to change it.`;
  if (sys.variant !== 'beginner' && (sys.wind === null || sys.windRollPending))
    return 'Roll the Wind Die first: "the next player to move rolls the Wind Die and turns over the hourglass before taking his or her turn".';
  if (opts.attackTiming === 'afterAllMovement' && acts.engaged.length > 0)
    return 'The engagements have begun: attacks come after all movement, so every ship moves before the first attack.';
  if (opts.attackTiming === 'afterEachShipMoves' && acts.engaged.some((e) => e.shipId === shipId))
    return `${name} has already attacked: with attacks after each ship's own move, it cannot move again.`;
  return fleetTurnLostText(view, opts);
}

/**
 * The allowance this ship's move is checked against now, with the move's own refusals first (the
 * turn's order, already moved, the wind not yet rolled, sunk, the Mist's lost turn), so a card
 * shows an allowance exactly when the move would take a report.
 */
export function shipAllowance(view: McView, shipId: string, opts: McOptions): Result<Allowance> {
  const problem = moveProblem(view, shipId, opts);
  if (problem !== null) return err(problem);
  const s = findShip(view, shipId);
  if (!s.ok) return s;
  const { sheet } = s.value;
  if (sheet.mist?.phase === 'lostTurn')
    return err('A ship entering the mist must lose one turn before exiting: this is that turn.');
  const sys = view.system;
  return movementAllowance(
    {
      variant: sys.variant,
      heading: sheet.heading,
      wind: sys.wind,
      stormRoll: sys.stormRoll,
      beginnerRoll: sheet.movement.allowance
    },
    opts
  );
}

/** A ship's move: its allowance now; no dice (the referee reports the move; its allowance was
 *  rolled, if at all, by another move: the storm's or the Beginner's movement roll). */
export const allowancePreview: MovePreview<AllowanceAim, Allowance, McOptions> = {
  odds: (state, { shipId }, opts) => {
    const v = viewOf(state);
    return v.ok ? shipAllowance(v.value, shipId, opts) : v;
  },
  dice: (state, { shipId }, opts) => {
    const v = viewOf(state);
    if (!v.ok) return v;
    const a = shipAllowance(v.value, shipId, opts);
    return a.ok ? ok([]) : a;
  }
};
