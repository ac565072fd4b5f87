import type { BattleState } from '../../engine/events';
import type { InputKitModule } from '../../engine/move';
import { draftOf, withPreview, type MovePreview } from '../../battle/move';
import { err, ok } from '../../engine/result';
import * as common from './moves-common';
import { ordersThisTurn } from './turn-reads';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { pointOfSail, speedCap, validateOrders, type SpeedCap } from './resolve-movement';
// The battle's wind and the sheet's heading are parsed; an entered bearing is checked finite first.
import { normDegOf, windAngleOf } from './compass';
import type { Sheet, ShipOrder } from './sheet';
import { SAIL_SETTINGS, type Maneuver, type PointOfSail, type SailLevel } from './tables';
import { MANEUVERS, POINTS_OF_SAIL } from './tables-play';

// Privateers Phase 1 (SPEC C.4.2): the wind and headings the referee keeps (C.6) and each ship's
// orders. Hidden orders sealed and revealed are moves-sealed.ts's, crew assignments, the Gunner
// and weighing anchor (Phase 2) moves-crew.ts's: the Phase 1 screen loads neither (issue 40: no
// SHA-256, crew check or odds engine in a deep link into Phase 1). Each move takes the battle
// state, the referee's input and the dice from the pad.

export const sailLabel = (l: SailLevel): string => SAIL_SETTINGS[l].label;
export const maneuverLabel = (m: Maneuver): string => MANEUVERS.find((x) => x.id === m)?.label ?? m;
export const pointLabel = (p: PointOfSail): string =>
  POINTS_OF_SAIL.find((x) => x.id === p)?.label ?? p;

/** θ and the point of sail of a ship from the battle's wind and its heading (C.3.2). */
export function sailingAngle(
  state: BattleState,
  s: Sheet,
  options: PvOptions = DEFAULT_OPTIONS
): { theta: number; pos: PointOfSail; windFromDeg: number } {
  const windFromDeg = common.systemOf(state).windFromDeg;
  const theta = windAngleOf(windFromDeg, s.headingDeg);
  return { theta, pos: pointOfSail(theta, options), windFromDeg };
}

// ---- Wind and heading (the referee keeps them, SPEC C.6) --------------------------------------

/** A bearing as entered, kept to a tenth of a degree (never snapped to a stepper's step). */
export const keepDeg = (deg: number): number => normDegOf(Math.round(deg * 10) / 10);

/** The referee sets the wind (the text has no wind-change rule, SPEC C.6): the bearing it blows
 *  from, which the point of sail of every ship is measured against (C.4.6). */
export const setWind = common.pvMove<{ windFromDeg: number }>({
  id: 'pv.wind',
  input: ({ z, numberInput }) => z.strictObject({ windFromDeg: numberInput(-100_000, 100_000) }),
  phase: null,
  what: 'The wind',
  category: 'wind',
  run: (state, input) => {
    if (!Number.isFinite(input.windFromDeg)) return err('The wind bearing is a number of degrees.');
    const deg = keepDeg(input.windFromDeg);
    return draftOf(state, {
      kind: 'pv.wind',
      summary: `Wind from ${deg}°`,
      next: common.withSystem(state, { ...common.systemOf(state), windFromDeg: deg })
    });
  }
});

export const setHeading = common.pvMove<{ shipId: string; headingDeg: number }>({
  id: 'pv.heading',
  input: ({ z, idInput, numberInput }) =>
    z.strictObject({ shipId: idInput, headingDeg: numberInput(-100_000, 100_000) }),
  phase: null,
  what: 'A heading',
  category: 'orders',
  run: (state, input) => {
    const s = common.fightingSheet(state, input.shipId);
    if (!s.ok) return s;
    if (!Number.isFinite(input.headingDeg)) return err('The heading is a number of degrees.');
    const headingDeg = keepDeg(input.headingDeg);
    return draftOf(state, {
      kind: 'pv.heading',
      summary: `${s.value.name} heading ${s.value.headingDeg}° → ${headingDeg}°`,
      next: common.withSheets(state, { [input.shipId]: { ...s.value, headingDeg } }),
      meaning: { actor: input.shipId }
    });
  }
});

// ---- Phase 1: orders (C.4.2) ------------------------------------------------------------------

/** The sail before this turn's orders: the one-level rule counts from it (C.4.2 step 2). */
export function sailBeforeOrders(state: BattleState, shipId: string, s: Sheet): SailLevel {
  return ordersThisTurn(state)[shipId]?.fromSail ?? s.sail;
}

/** Why these orders cannot be given, or [] (C.4.2 steps 2–3, validateOrders). */
export function ordersProblems(
  state: BattleState,
  shipId: string,
  input: { sail: SailLevel; maneuver: Maneuver },
  options: PvOptions = DEFAULT_OPTIONS
): string[] {
  const s = common.sheetOf(state.ships[shipId]);
  if (!s) return ['This ship needs a valid log.'];
  const before = { ...s, sail: sailBeforeOrders(state, shipId, s) };
  const { pos } = sailingAngle(state, s, options);
  const r = validateOrders(before, { ...input, pointOfSail: pos }, options);
  return r.ok ? [] : r.error;
}

/** A ship's log with orders carried out (open orders at once, hidden ones at the reveal). */
export function applyOrder(s: Sheet, o: ShipOrder): Sheet {
  return { ...s, sail: o.sail, prevSail: o.fromSail, maneuver: o.maneuver };
}

export const sailInput = ({ z }: InputKitModule) => z.literal([0, 1, 2, 3]);
export const maneuverInput = ({ z }: InputKitModule) =>
  z.enum(MANEUVERS.map((m) => m.id) as [Maneuver, ...Maneuver[]]);

export interface OrdersInput {
  shipId: string;
  sail: SailLevel;
  maneuver: Maneuver;
}

/**
 * One ship's sail setting and maneuver cards. Open orders (default) go on the log at once; with
 * option `ordersHidden` (Errata 7) they are kept aside, the log line says only that orders were
 * given, and `revealOrders` turns them all up together.
 */
const giveOrdersMove = common.pvMove<OrdersInput>({
  id: 'pv.orders',
  input: (kit) => {
    const { z, idInput } = kit;
    return z.strictObject({ shipId: idInput, sail: sailInput(kit), maneuver: maneuverInput(kit) });
  },
  phase: 'orders',
  what: 'Orders',
  category: 'orders',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (ctx?.isLive && options.ordersHidden && !ordersThisTurn(state)[shipId]?.revealed)
      return err(
        'On the live table hidden orders are sealed on the seat’s own device (Seal orders), so no other phone sees them.'
      );
    const problems = ordersProblems(state, shipId, input, options);
    if (problems.length) return err(problems.join(' '));
    const sys = common.systemOf(state);
    const prior = ordersThisTurn(state)[shipId];
    const isHidden = options.ordersHidden && !prior?.revealed;
    const order: ShipOrder = {
      turn: state.turn,
      fromSail: prior?.fromSail ?? s.value.sail,
      sail: input.sail,
      maneuver: input.maneuver,
      revealed: !isHidden
    };
    const next = common.withSystem(state, {
      ...sys,
      orders: { ...(sys.orders ?? {}), [shipId]: order }
    });
    if (isHidden)
      return draftOf(state, {
        kind: 'pv.orders',
        summary: `${s.value.name}: orders given (hidden until revealed)`,
        next,
        meaning: { actor: shipId }
      });
    return draftOf(state, {
      kind: 'pv.orders',
      summary: `${s.value.name} orders: ${sailLabel(input.sail)}, ${maneuverLabel(input.maneuver)}`,
      next: common.withSheets(next, { [shipId]: applyOrder(s.value, order) }),
      meaning: { actor: shipId }
    });
  }
});

export interface OrdersOutlook {
  /** The wind's angle off the bow, the point of sail and the wind's bearing (C.3.2). */
  theta: number;
  pos: PointOfSail;
  windFromDeg: number;
  /** The sail the one-level rule counts from (C.4.2 step 2). */
  fromSail: SailLevel;
  /** The levels the damage takes off, and the fastest sail left (C.4.10). */
  cap: SpeedCap;
  /** Why these orders cannot be given (the move's refusal), or []. */
  problems: string[];
}

/** The orders checked before they are given, as the move checks them (no dice). */
const ordersPreview: MovePreview<
  { shipId: string; sail: SailLevel; maneuver: Maneuver },
  OrdersOutlook,
  PvOptions
> = {
  odds: (state, aim, options) => {
    const s = common.shipSheet(state, aim.shipId);
    if (!s.ok) return s;
    return ok({
      ...sailingAngle(state, s.value, options),
      fromSail: sailBeforeOrders(state, aim.shipId, s.value),
      cap: speedCap(s.value),
      problems: ordersProblems(state, aim.shipId, aim, options)
    });
  },
  dice: (state, { shipId }) => {
    const s = common.shipSheet(state, shipId);
    return s.ok ? ok([]) : s;
  }
};

/** One ship's orders, checked before they are given (`giveOrders.preview`). */
export const giveOrders = withPreview(giveOrdersMove, ordersPreview);
