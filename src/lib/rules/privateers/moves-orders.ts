import type { BattleState } from '../../engine/events';
import { draftOf, rollRecord, withPreview, type MovePreview } from '../../battle/move';
import { weighAnchorOdds, weighAnchorPreview } from './anchor-preview';
import { rolledBy } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err, ok } from '../../engine/result';
import * as common from './moves-common';
import { ordersThisTurn } from './turn-reads';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import {
  applyWeighAnchorStart,
  pointOfSail,
  resolveWeighAnchor,
  speedCap,
  validateOrders,
  type SpeedCap
} from './resolve-movement';
// The battle's wind and the sheet's heading are parsed; an entered bearing is checked finite first.
import { normDegOf, windAngleOf } from './compass';
import { checkCrewAssignments, type CrewCheck } from './crew-check';
import {
  assignmentsSchema,
  gunName,
  type Assignments,
  type SealedOrder,
  type Sheet,
  type ShipOrder
} from './sheet';
import { COMMITMENT_PATTERN, commitment, verifyReveal } from '../../battle/secret';
import {
  MANEUVERS,
  POINTS_OF_SAIL,
  SAIL_SETTINGS,
  type Maneuver,
  type PointOfSail,
  type SailLevel
} from './tables';
import * as z from 'zod/mini';
import { diceInput, idInput, numberInput, textInput } from '../../battle/move-input';

// Privateers Phases 1–3 apart from reload (SPEC C.4.2–C.4.4, C.4.6.7): the wind and headings the
// referee keeps (C.6), orders (open or hidden, Errata 7), crew assignments, weighing anchor and the
// initiative roll. Each move takes the battle state, the referee's input and the dice from the pad.

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
  input: z.strictObject({ windFromDeg: numberInput(-100_000, 100_000) }),
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
  input: z.strictObject({ shipId: idInput, headingDeg: numberInput(-100_000, 100_000) }),
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

function applyOrder(s: Sheet, o: ShipOrder): Sheet {
  return { ...s, sail: o.sail, prevSail: o.fromSail, maneuver: o.maneuver };
}

const sailInput = z.literal([0, 1, 2, 3]);
const maneuverInput = z.enum(MANEUVERS.map((m) => m.id) as [Maneuver, ...Maneuver[]]);

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
  input: z.strictObject({ shipId: idInput, sail: sailInput, maneuver: maneuverInput }),
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

// ---- Hidden orders on the live table (#19 item 5) ---------------------------------------------
// With `ordersHidden` on a shared battle, a ship's orders never reach the public log or another
// phone: the seat's device checks them (ordersProblems), seals them (`sealOrders`: the commitment
// for the public event, the orders and salt for the seat's private document) and performs
// `giveSealedOrders` with the commitment only. `revealOrders` then carries every sealed ship's
// orders and salt (the referee's device opens every seat's document), checked against the
// commitments, and turns them up together as the open reveal does.

/** What a seat keeps private until the reveal: its ship's orders and the salt they were sealed with. */
export interface OrdersSecret {
  sail: SailLevel;
  maneuver: Maneuver;
  salt: string;
}

/** The public move's input: the ship and the commitment, never the orders. */
export interface SealedOrdersInput {
  shipId: string;
  commitment: string;
}

/** What is hashed: the orders with the ship and turn, so a reveal fits one ship on one turn only. */
function sealedSecret(shipId: string, turn: number, o: Pick<OrdersSecret, 'sail' | 'maneuver'>) {
  return { shipId, turn, sail: o.sail, maneuver: o.maneuver };
}

/**
 * Seals one ship's orders for this turn under a random `salt` (saltOf(getRandomValues(16 bytes))):
 * `input` for giveSealedOrders (public), `secret` for the seat's private document.
 */
export function sealOrders(
  state: BattleState,
  orders: OrdersInput,
  salt: string
): { input: SealedOrdersInput; secret: OrdersSecret } {
  const secret: OrdersSecret = { sail: orders.sail, maneuver: orders.maneuver, salt };
  return {
    input: {
      shipId: orders.shipId,
      commitment: commitment(sealedSecret(orders.shipId, state.turn, orders), salt)
    },
    secret
  };
}

/** Sealed orders of this turn, by ship id. */
export function sealedOrdersThisTurn(state: BattleState): Record<string, SealedOrder> {
  const all = common.systemOf(state).sealedOrders ?? {};
  return Object.fromEntries(Object.entries(all).filter(([, o]) => o.turn === state.turn));
}

/** "Orders given (sealed)": the public half of hidden orders on the live table. */
export const giveSealedOrders = common.pvMove<SealedOrdersInput>({
  id: 'pv.seal-orders',
  input: z.strictObject({ shipId: idInput, commitment: textInput(200) }),
  phase: 'orders',
  what: 'Orders',
  category: 'orders',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    if (!options.ordersHidden) return err('Orders are open in this battle: give them openly.');
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (typeof input.commitment !== 'string' || !COMMITMENT_PATTERN.test(input.commitment))
      return err('These sealed orders are damaged: seal them again.');
    const prior = ordersThisTurn(state)[shipId];
    if (prior?.revealed) return err(`${s.value.name}'s orders are already revealed this turn.`);
    const sys = common.systemOf(state);
    const sealed: SealedOrder = {
      turn: state.turn,
      fromSail: sealedOrdersThisTurn(state)[shipId]?.fromSail ?? prior?.fromSail ?? s.value.sail,
      commitment: input.commitment
    };
    return draftOf(state, {
      kind: 'pv.seal-orders',
      summary: `${s.value.name}: orders given (sealed until revealed)`,
      next: common.withSystem(state, {
        ...sys,
        sealedOrders: { ...(sys.sealedOrders ?? {}), [shipId]: sealed }
      }),
      meaning: { actor: shipId }
    });
  }
});

export interface RevealOrdersInput {
  /** Live table: every sealed ship's orders and salt, from the seats' private documents. */
  sealed?: Record<string, OrdersSecret>;
}

/** "Reveal orders": every hidden order of this turn goes on the ships' logs at once. */
export const revealOrders = common.pvMove<RevealOrdersInput>({
  id: 'pv.reveal-orders',
  input: z.strictObject({
    sealed: z.optional(
      z.record(
        idInput,
        z.strictObject({ sail: sailInput, maneuver: maneuverInput, salt: textInput(200) })
      )
    )
  }),
  phase: 'orders',
  what: 'Revealing orders',
  category: 'orders',
  run: (state, input, ctx) => {
    const sys = common.systemOf(state);
    const pending = Object.entries(ordersThisTurn(state)).filter(([, o]) => !o.revealed);
    const sealed = Object.entries(sealedOrdersThisTurn(state));
    if (pending.length === 0 && sealed.length === 0) return err('No hidden orders to reveal.');
    const sheets: Record<string, Sheet> = {};
    const orders = { ...(sys.orders ?? {}) };
    const parts: string[] = [];
    for (const [id, o] of pending) {
      const s = common.sheetOf(state.ships[id]);
      orders[id] = { ...o, revealed: true };
      if (!s) continue;
      sheets[id] = applyOrder(s, o);
      parts.push(`${s.name} ${sailLabel(o.sail)}, ${maneuverLabel(o.maneuver)}`);
    }
    const stillSealed = { ...(sys.sealedOrders ?? {}) };
    for (const [id, o] of sealed) {
      const s = common.sheetOf(state.ships[id]);
      const name = s?.name ?? 'A ship';
      const secret = input?.sealed?.[id];
      if (!secret)
        return err(`${name}'s sealed orders are not on this device: reveal from the referee's.`);
      if (!verifyReveal(o.commitment, sealedSecret(id, state.turn, secret), secret.salt))
        return err(`${name}'s orders as revealed are not the ones sealed.`);
      delete stillSealed[id];
      const order: ShipOrder = {
        turn: state.turn,
        fromSail: o.fromSail,
        sail: secret.sail,
        maneuver: secret.maneuver,
        revealed: true
      };
      orders[id] = order;
      if (!s) continue;
      const before = { ...s, sail: o.fromSail };
      const { pos } = sailingAngle(state, s, common.optionsOf(ctx));
      const r = validateOrders(before, { ...secret, pointOfSail: pos }, common.optionsOf(ctx));
      if (!r.ok) return err(`${name}'s sealed orders cannot be carried out: ${r.error.join(' ')}`);
      sheets[id] = applyOrder(s, order);
      parts.push(`${s.name} ${sailLabel(order.sail)}, ${maneuverLabel(order.maneuver)}`);
    }
    const system = { ...sys, orders };
    if (sealed.length > 0) {
      if (Object.keys(stillSealed).length > 0) system.sealedOrders = stillSealed;
      else delete system.sealedOrders;
    }
    return draftOf(state, {
      kind: 'pv.reveal-orders',
      summary: `Orders revealed: ${parts.join('; ')}`,
      next: common.withSheets(common.withSystem(state, system), sheets)
    });
  }
});

// ---- Phase 2: crew assignments (C.4.3) and weighing anchor (C.4.6.7) ---------------------------

/** The crew-assignment check for a draft of the assignments, against the ship's orders. */
export function crewCheckFor(s: Sheet, a: Assignments): CrewCheck {
  return checkCrewAssignments({ ...s, assignments: a }, { sail: s.sail, maneuver: s.maneuver });
}

/** Errors that stop the assignments being recorded. A sailing shortfall does not: "If crew numbers
 *  needed are not available, the maneuver cannot be done", so [DEFAULT C.4.3 step 1] the sail drops
 *  to the highest setting the sailing crew can support. */
export function blockingIssues(check: CrewCheck): string[] {
  return check.issues
    .filter((i) => i.severity === 'error' && i.task !== 'sailing')
    .map((i) => i.message);
}

export const saveCrew = common.pvMove<{ shipId: string; assignments: Assignments }>({
  id: 'pv.crew',
  input: z.strictObject({ shipId: idInput, assignments: assignmentsSchema }),
  phase: 'crew',
  what: 'Crew assignments',
  category: 'orders',
  run: (state, input) => {
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const parsed = assignmentsSchema.safeParse(input.assignments);
    if (!parsed.success) return err('Crew numbers are whole numbers of 0 or more.');
    const a = parsed.data;
    const check = crewCheckFor(s.value, a);
    const blocking = blockingIssues(check);
    if (blocking.length) return err(blocking.join(' '));
    let next: Sheet = { ...s.value, assignments: a };
    const notes: string[] = [];
    if (next.sail > check.maxSailForCrew && !next.anchored) {
      notes.push(
        `too few sailing crew: ${sailLabel(next.sail)} → ${sailLabel(check.maxSailForCrew)}`
      );
      next = { ...next, sail: check.maxSailForCrew };
    }
    const parts = [
      `${a.sailing} sailing`,
      `${a.gunCrews.length} guns`,
      ...(
        [
          ['pumps', a.pumps],
          ['fire', a.fireFighters],
          ['damage control', a.damageControl],
          ['jury rig', a.juryRig],
          ['boats', a.boats],
          ['grapplers', a.grapplers],
          ['cutters', a.grappleCutters],
          ['marksmen', a.marksmen.crew + a.marksmen.marines],
          ['tiller', a.tiller],
          ['anchor', a.anchor]
        ] as const
      )
        .filter(([, n]) => n > 0)
        .map(([label, n]) => `${n} ${label}`)
    ];
    return draftOf(state, {
      kind: 'pv.crew',
      summary:
        `${s.value.name} crew: ${parts.join(', ')}; ${check.unassigned} free for boarding` +
        (notes.length ? ` (${notes.join('; ')})` : ''),
      next: common.markDone(common.withSheets(state, { [shipId]: next }), shipId, 'crew'),
      meaning: { actor: shipId }
    });
  }
});

/** The guns the Gunner may go to: manned and still standing (he sights one gun, C.7.1). */
export function gunsForGunner(s: Sheet): Sheet['guns'] {
  return s.guns.filter((g) => !g.destroyed && s.assignments.gunCrews.includes(g.id));
}

/**
 * Where the Gunner goes once his gun is destroyed: the rules are silent; the app puts him at the
 * heaviest manned gun left ([APP] `gunnerFallback`) and the referee may choose another manned gun,
 * or none, in any phase of that turn (issue 32 #10). Phase 2 assigns him as before.
 */
export const gunnerTo = common.pvMove<{ shipId: string; gunId: string | null }>({
  id: 'pv.gunner',
  input: z.strictObject({ shipId: idInput, gunId: z.nullable(idInput) }),
  phase: null,
  what: "The Gunner's gun",
  category: 'orders',
  run: (state, { shipId, gunId }) => {
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const sheet = s.value;
    if (common.timesDone(state, shipId, 'gunnerMoved') === 0)
      return err(
        `${sheet.name}'s Gunner sights the gun given him in Phase 2 (Crew assignments); he changes gun between those only when his gun is destroyed.`
      );
    if (!sheet.officers.gunner.present)
      return err(`${sheet.name}'s Gunner is out of action and sights no gun.`);
    if (gunId !== null && !gunsForGunner(sheet).some((g) => g.id === gunId))
      return err(
        `${gunName(sheet.guns, gunId)} is not a manned gun still standing ("Guns that are unmanned cannot be fired").`
      );
    if (sheet.assignments.gunnerSights === gunId)
      return err(
        `${sheet.name}'s Gunner already sights ${gunId ? gunName(sheet.guns, gunId) : 'no gun'}.`
      );
    const next: Sheet = { ...sheet, assignments: { ...sheet.assignments, gunnerSights: gunId } };
    return draftOf(state, {
      kind: 'pv.gunner',
      summary: `${sheet.name}'s Gunner ${gunId ? `now sights ${gunName(sheet.guns, gunId)}` : 'sights no gun'} (the referee's choice)`,
      next: common.withSheets(state, { [shipId]: next }),
      // An order to the ship's Gunner, nothing rolled.
      meaning: { actor: shipId }
    });
  }
});

/** C.4.6.7: d12 − anchor crew = turns to raise the anchor (at least 1). */
const weighAnchorMove = common.pvMove<{ shipId: string; dice: DiceRoll }>({
  id: 'pv.weigh-anchor',
  input: z.strictObject({ shipId: idInput, dice: diceInput }),
  phase: 'crew',
  what: 'Weighing anchor',
  category: 'orders',
  run: (state, input) => {
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (!s.value.anchored) return err('The ship is not at anchor.');
    if (s.value.weighAnchor) return err('The anchor is already being raised.');
    const crew = s.value.assignments.anchor;
    if (crew < 1) return err('Assign crew to raise the anchor first (Crew assignments).');
    const face = common.facesOf(input.dice)[0] ?? 0;
    const r = resolveWeighAnchor(crew, face);
    if (!r.ok) return r;
    const { turns } = r.value;
    const summary = `${s.value.name} weighs anchor: d12 ${face} − ${crew} crew → ${common.plural(turns, 'turn')}`;
    const odds = weighAnchorOdds(crew);
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'pv.weigh-anchor',
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyWeighAnchorStart(s.value, crew, turns) }),
        shipId,
        'weighAnchor'
      ),
      // d12 − anchor crew = turns to raise it (C.4.6.7): a low face is good for the ship.
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice, false)] },
      roll: rollRecord({
        procedure: 'pv.weigh-anchor',
        inputs: { shipId, turn: state.turn, crew },
        dice: input.dice,
        odds: odds.value.entries().map((e) => ({ turns: e.value, p: common.frac(e.p) })),
        outcome: { face, turns, summary }
      })
    });
  }
});

/** Weighing anchor, with its odds and die before the roll (`weighAnchor.preview`). */
export const weighAnchor = withPreview(weighAnchorMove, weighAnchorPreview);
