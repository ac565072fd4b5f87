// Privateers Phase 4 movement before it is made (issue 31 item 2, `move.preview`): the plan of
// each ship's move from its orders, heading and the wind (C.4.6), which the move records, and what
// the movement moves answer before they are made (the plan and the damage's speed cap, drift's d6,
// dropping anchor, the boats), so a panel or the calculator shows the move's own figures.
import type { MovePreview } from '../../battle/move';
import type { BattleState } from '../../engine/events';
import { Dist } from '../../engine/dist';
import { err, ok, type Result } from '../../engine/result';
import { broadsideToWindHeadingOf, closeHauledHeadingOf, normDegOf } from './compass';
import { shipSheet, systemOf } from './moves-common';
import { sailingAngle, sailLabel } from './moves-orders';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import {
  canDropAnchor,
  DROP_ANCHOR_MAX_MOVE,
  heaveToRestart,
  resolveDrift,
  speedCap,
  windSide,
  type SpeedCap
} from './resolve-movement';
import type { Sheet } from './sheet';
import { CREW_REQUIREMENTS, type PointOfSail } from './tables';

export type Side = 'starboard' | 'larboard';

export const inches = (n: number): string => `${n}″`;

export type MoveKind =
  'straight' | 'turn' | 'heaveTo' | 'tackFirstLeg' | 'tackForeAndAft' | 'heaveToRestart';

export interface MovePlan {
  kind: MoveKind;
  theta: number;
  pos: PointOfSail;
  /** Inches of each leg. */
  legs: number[];
  total: number;
  /** Heading after the move when the rule fixes it (tack, heave to); null = the referee's. */
  headingAfter: number | null;
  /** For a Starboard / Larboard card: the turn allowed ("up to, but not exceeding 45 degrees"). */
  turnSide: Side | null;
  text: string;
}

/** C.4.6.1–C.4.6.5: what this ship's move is this turn, from its orders, heading and the wind. */
export function planMove(
  state: BattleState,
  s: Sheet,
  options: PvOptions = DEFAULT_OPTIONS
): Result<MovePlan> {
  const { theta, pos, windFromDeg } = sailingAngle(state, s, options);
  if (s.anchored) return err('At anchor: no movement.');
  if (s.sail === 0) return err('No Sail: the ship drifts down wind instead (roll for drift).');
  if (s.tack !== 'none' && s.rig === 'squareRigged')
    return err('Head to wind: the tacking roll finishes the tack.');
  const cap = speedCap(s).cap;
  if (cap === 0) return err('"No movement is allowed": masts or rigging lost.');
  if (pos === 'inIrons')
    return err(
      'In Irons: "No movement allowed." Set the heading first if the ship has turned (a ship ' +
        'that weighed anchor "will pivot 45 degrees away from the wind").'
    );
  const rates = s.sailingRates[pos];
  const allot = rates[s.sail - 1];
  const half = allot / 2;
  const base = { theta, pos, turnSide: null, headingAfter: null };
  if (s.heaveTo) {
    if (s.maneuver === 'heaveTo') return err('Hove to: the ship stays stopped this turn.');
    // Errata 20: first leg half the Fighting rate, second half the rate before heaving to.
    const first = rates[0] / 2;
    const total = heaveToRestart(s, pos, s.heaveTo.sailBefore);
    const legs = [first, total - first];
    return ok({
      ...base,
      kind: 'heaveToRestart',
      legs,
      total,
      turnSide: s.maneuver === 'starboard' || s.maneuver === 'larboard' ? s.maneuver : null,
      text: `Restart after heaving to: ${inches(first)} at Fighting Sail, then ${inches(total - first)} at ${sailLabel(s.heaveTo.sailBefore)}`
    });
  }
  switch (s.maneuver) {
    case 'straight':
      return ok({
        ...base,
        kind: 'straight',
        legs: [allot],
        total: allot,
        text: `Straight ${inches(allot)}, the whole allotment even into a collision`
      });
    case 'starboard':
    case 'larboard':
      return ok({
        ...base,
        kind: 'turn',
        legs: [half, half],
        total: allot,
        turnSide: s.maneuver,
        text: `${inches(half)} ahead, pivot up to 45° to ${s.maneuver}, ${inches(half)} ahead`
      });
    case 'heaveTo': {
      if (pos !== 'beating') return err('Heaving to starts while Beating.');
      return ok({
        ...base,
        kind: 'heaveTo',
        legs: [half],
        total: half,
        headingAfter: broadsideToWindHeadingOf(windFromDeg, s.headingDeg),
        text: `${inches(half)} ahead, then pivot by the stern broadside to the wind and stop`
      });
    }
    case 'tack': {
      if (pos !== 'beating') return err('Tacking starts while Beating.');
      if (s.rig === 'foreAndAft') {
        const to: Side =
          windSide(windFromDeg, s.headingDeg) === 'starboard' ? 'larboard' : 'starboard';
        return ok({
          ...base,
          kind: 'tackForeAndAft',
          legs: [half, half],
          total: allot,
          headingAfter: closeHauledHeadingOf(windFromDeg, to),
          text: `Fore-and-aft: ${inches(half)} Beating, through the wind to the ${to} tack, ${inches(half)} — no roll`
        });
      }
      return ok({
        ...base,
        kind: 'tackFirstLeg',
        legs: [half],
        total: half,
        headingAfter: windFromDeg,
        text: `${inches(half)} Beating, then pivot from the bow until head to wind; the roll is next turn`
      });
    }
  }
}

/** Signed turn from one heading to another, −180..180 (positive = to starboard, clockwise). */
export function turnBetween(from: number, to: number): number {
  const d = normDegOf(to - from);
  return d > 180 ? d - 360 : d;
}

// ---- Before the move (issue 31 item 2) --------------------------------------------------------

export interface MoveOutlook {
  /** The wind's angle off the bow, the point of sail and the wind's bearing (C.3.2). */
  theta: number;
  pos: PointOfSail;
  windFromDeg: number;
  /** The levels the damage takes off, and the fastest sail left (C.4.10). */
  cap: SpeedCap;
  /** This turn's move as the orders make it, or why there is none (what the move refuses). */
  plan: Result<MovePlan>;
}

/** The move before it is made: its point of sail, the damage's speed cap and the plan the move
 *  records (no dice). */
export const moveShipPreview: MovePreview<{ shipId: string }, MoveOutlook, PvOptions> = {
  odds: (state, { shipId }, options) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    return ok({
      ...sailingAngle(state, s.value, options),
      cap: speedCap(s.value),
      plan: planMove(state, s.value, options)
    });
  },
  dice: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    return s.ok ? ok([]) : s;
  }
};

/** The drift's inches (one d6) and its die, the ship's own; refused, as the move refuses, for a
 *  ship that does not drift (not at No Sail, or at anchor). */
export const driftPreview: MovePreview<{ shipId: string }, Dist<number>, PvOptions> = {
  odds: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    const checked = resolveDrift(s.value, 1);
    return checked.ok ? ok(Dist.die(6)) : checked;
  },
  dice: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    const checked = resolveDrift(s.value, 1);
    if (!checked.ok) return checked;
    const name = s.value.name;
    return ok([
      { count: 1, sides: 6, label: `${name}, drift`, group: name, ship: shipId, isHighGood: true }
    ]);
  }
};

export const DROP_ANCHOR_REFUSAL =
  'Only a ship hove to, or one at Fighting Sail last turn that plays No Sail, can drop anchor.';

/** Whether the ship may drop anchor, and how far it may move first (no dice). */
export const dropAnchorPreview: MovePreview<{ shipId: string }, { maxMove: number }, PvOptions> = {
  odds: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    return canDropAnchor(s.value)
      ? ok({ maxMove: DROP_ANCHOR_MAX_MOVE })
      : err(DROP_ANCHOR_REFUSAL);
  },
  dice: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    return s.ok ? ok([]) : s;
  }
};

export interface BoatsOutlook {
  /** Boats the crew assigned can handle this turn ("two crew men" a boat). */
  maxBoats: number;
  lowered: number;
  total: number;
}

/** The boats the crew on them can lower or recover (no dice). */
export const boatsPreview: MovePreview<{ shipId: string }, BoatsOutlook, PvOptions> = {
  odds: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    const { assignments, boats: b } = s.value;
    return ok({
      maxBoats: Math.floor(assignments.boats / CREW_REQUIREMENTS.perBoat),
      lowered: b.lowered,
      total: b.total
    });
  },
  dice: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    return s.ok ? ok([]) : s;
  }
};

/**
 * Whether two battle states give the same answers to this ship's movement previews above (the
 * move's plan, drift, dropping anchor, the boats): they read only her entry and the wind. A panel
 * asks them again only when one of these changed, not on every event of the battle (issue 39).
 * Keep it in step with what the previews read.
 */
export function sameMovementInputs(a: BattleState, b: BattleState, shipId: string): boolean {
  return a.ships[shipId] === b.ships[shipId] && systemOf(a).windFromDeg === systemOf(b).windFromDeg;
}
