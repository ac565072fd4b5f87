import type { BattleState } from '$lib/battle/events';
import { err, ok, type Result } from '$lib/rules/core/result';
import { DEFAULT_OPTIONS, type PvOptions } from '$lib/rules/privateers/options';
import { applyCollision, resolveCollision } from '$lib/rules/privateers/resolve-collision';
import { initiativeMod } from '$lib/rules/privateers/resolve-morale';
import {
  applyDropAnchor,
  applyTack,
  applyWeighAnchorStart,
  broadsideToWindHeading,
  canDropAnchor,
  closeHauledHeading,
  DROP_ANCHOR_MAX_MOVE,
  heaveToRestart,
  normDeg,
  pointOfSail,
  resolveDrift,
  resolveTack,
  resolveWeighAnchor,
  speedCap,
  validateOrders,
  windAngle,
  windSide,
  type TackOutcome
} from '$lib/rules/privateers/resolve-movement';
import { resolveInitiative } from '$lib/rules/privateers/resolve-tasks';
import { checkCrewAssignments, type CrewCheck } from '$lib/rules/privateers/resolve-turn';
import {
  assignmentsSchema,
  type Assignments,
  type Sheet,
  type ShipOrder,
  type SystemState
} from '$lib/rules/privateers/sheet';
import {
  CREW_REQUIREMENTS,
  MANEUVERS,
  POINTS_OF_SAIL,
  SAIL_SETTINGS,
  TASK_CHECKS,
  type Maneuver,
  type PointOfSail,
  type SailLevel
} from '$lib/rules/privateers/tables';
import { sheetOf, systemOf } from './pv-battle';

// Privateers Phases 1–4 on the battle page, apart from cannon fire and reload (SPEC C.4.2–C.4.6,
// C.4.11): orders (open or hidden), crew assignments, weighing anchor, initiative, movement with
// the point of sail, drift, tacking, anchoring, boats and collisions. Each builder takes the battle
// state, the referee's inputs and the dice faces and returns the next state and the log line, or
// why it cannot be done. Pure: the Pv* components only gather inputs and record one event.

export interface Step {
  next: BattleState;
  summary: string;
}

export type Side = 'starboard' | 'larboard';

export const sailLabel = (l: SailLevel): string => SAIL_SETTINGS[l].label;
export const maneuverLabel = (m: Maneuver): string => MANEUVERS.find((x) => x.id === m)?.label ?? m;
export const pointLabel = (p: PointOfSail): string =>
  POINTS_OF_SAIL.find((x) => x.id === p)?.label ?? p;
const inches = (n: number): string => `${n}″`;

function shipSheet(state: BattleState, shipId: string): Result<Sheet> {
  const s = sheetOf(state.ships[shipId]);
  return s ? ok(s) : err('This ship needs a valid log.');
}

function withSheets(state: BattleState, sheets: Record<string, Sheet>): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) ships[id] = { ...ships[id], sheet };
  return { ...state, ships };
}

function withSystem(state: BattleState, system: SystemState): BattleState {
  return { ...state, system };
}

/** Ships that made their Phase 4 move this turn. */
export function movedThisTurn(state: BattleState): string[] {
  const m = systemOf(state).moved;
  return m && m.turn === state.turn ? m.ids : [];
}

/** Marks a ship as moved this turn; refuses a second move (undo the first to move again). */
function markMoved(state: BattleState, shipId: string, name: string): Result<BattleState> {
  const ids = movedThisTurn(state);
  if (ids.includes(shipId)) return err(`${name} has already moved this turn (undo to move again).`);
  return ok(
    withSystem(state, { ...systemOf(state), moved: { turn: state.turn, ids: [...ids, shipId] } })
  );
}

/** θ and the point of sail of a ship from the battle's wind and its heading (C.3.2). */
export function sailingAngle(
  state: BattleState,
  s: Sheet,
  options: PvOptions = DEFAULT_OPTIONS
): { theta: number; pos: PointOfSail; windFromDeg: number } {
  const windFromDeg = systemOf(state).windFromDeg;
  const theta = windAngle(windFromDeg, s.headingDeg);
  return { theta, pos: pointOfSail(theta, options), windFromDeg };
}

// ---- Heading (the referee keeps it, SPEC C.6) -------------------------------------------------

export function setHeadingAction(state: BattleState, shipId: string, deg: number): Result<Step> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  if (!Number.isFinite(deg)) return err('The heading is a number of degrees.');
  const headingDeg = normDeg(Math.round(deg));
  return ok({
    next: withSheets(state, { [shipId]: { ...s.value, headingDeg } }),
    summary: `${s.value.name} heading ${s.value.headingDeg}° → ${headingDeg}°`
  });
}

// ---- Phase 1: orders (C.4.2) ------------------------------------------------------------------

/** Orders given this turn, by ship id. */
export function ordersThisTurn(state: BattleState): Record<string, ShipOrder> {
  const all = systemOf(state).orders ?? {};
  return Object.fromEntries(Object.entries(all).filter(([, o]) => o.turn === state.turn));
}

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
  const s = sheetOf(state.ships[shipId]);
  if (!s) return ['This ship needs a valid log.'];
  const before = { ...s, sail: sailBeforeOrders(state, shipId, s) };
  const { pos } = sailingAngle(state, s, options);
  const r = validateOrders(before, { ...input, pointOfSail: pos }, options);
  return r.ok ? [] : r.error;
}

function applyOrder(s: Sheet, o: ShipOrder): Sheet {
  return { ...s, sail: o.sail, prevSail: o.fromSail, maneuver: o.maneuver };
}

/**
 * One ship's sail setting and maneuver cards. Open orders (default) go on the log at once; with
 * option `ordersHidden` (Errata 7) they are kept aside, the log line says only that orders were
 * given, and `revealOrdersAction` turns them all up together.
 */
export function giveOrdersAction(
  state: BattleState,
  shipId: string,
  input: { sail: SailLevel; maneuver: Maneuver },
  options: PvOptions = DEFAULT_OPTIONS
): Result<Step> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  const problems = ordersProblems(state, shipId, input, options);
  if (problems.length) return err(problems.join(' '));
  const sys = systemOf(state);
  const prior = ordersThisTurn(state)[shipId];
  const isHidden = options.ordersHidden && !prior?.revealed;
  const order: ShipOrder = {
    turn: state.turn,
    fromSail: prior?.fromSail ?? s.value.sail,
    sail: input.sail,
    maneuver: input.maneuver,
    revealed: !isHidden
  };
  const next = withSystem(state, { ...sys, orders: { ...(sys.orders ?? {}), [shipId]: order } });
  if (isHidden)
    return ok({ next, summary: `${s.value.name}: orders given (hidden until revealed)` });
  return ok({
    next: withSheets(next, { [shipId]: applyOrder(s.value, order) }),
    summary: `${s.value.name} orders: ${sailLabel(input.sail)}, ${maneuverLabel(input.maneuver)}`
  });
}

/** "Reveal orders": every hidden order of this turn goes on the ships' logs at once. */
export function revealOrdersAction(state: BattleState): Result<Step> {
  const sys = systemOf(state);
  const pending = Object.entries(ordersThisTurn(state)).filter(([, o]) => !o.revealed);
  if (pending.length === 0) return err('No hidden orders to reveal.');
  const sheets: Record<string, Sheet> = {};
  const orders = { ...(sys.orders ?? {}) };
  const parts: string[] = [];
  for (const [id, o] of pending) {
    const s = sheetOf(state.ships[id]);
    orders[id] = { ...o, revealed: true };
    if (!s) continue;
    sheets[id] = applyOrder(s, o);
    parts.push(`${s.name} ${sailLabel(o.sail)}, ${maneuverLabel(o.maneuver)}`);
  }
  return ok({
    next: withSheets(withSystem(state, { ...sys, orders }), sheets),
    summary: `Orders revealed: ${parts.join('; ')}`
  });
}

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

export function saveCrewAction(
  state: BattleState,
  shipId: string,
  draft: Assignments
): Result<Step & { check: CrewCheck }> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  const parsed = assignmentsSchema.safeParse(draft);
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
  return ok({
    next: withSheets(state, { [shipId]: next }),
    summary:
      `${s.value.name} crew: ${parts.join(', ')}; ${check.unassigned} free for boarding` +
      (notes.length ? ` (${notes.join('; ')})` : ''),
    check
  });
}

/** C.4.6.7: d12 − anchor crew = turns to raise the anchor (at least 1). */
export function weighAnchorAction(
  state: BattleState,
  shipId: string,
  face: number
): Result<Step & { turns: number }> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  if (!s.value.anchored) return err('The ship is not at anchor.');
  if (s.value.weighAnchor) return err('The anchor is already being raised.');
  const crew = s.value.assignments.anchor;
  if (crew < 1) return err('Assign crew to raise the anchor first (Crew assignments).');
  const r = resolveWeighAnchor(crew, face);
  if (!r.ok) return r;
  const { turns } = r.value;
  return ok({
    next: withSheets(state, { [shipId]: applyWeighAnchorStart(s.value, crew, turns) }),
    summary: `${s.value.name} weighs anchor: d12 ${face} − ${crew} crew → ${turns} turn${turns === 1 ? '' : 's'}`,
    turns
  });
}

// ---- Phase 3: initiative (C.4.4) ---------------------------------------------------------------

export interface InitiativeFace {
  id: string;
  face: number;
}

export interface InitiativeProgress {
  /** Movement order so far; tied ships stand together until their re-roll. */
  order: string[];
  /** Groups still tied, to be re-rolled next (first group first). */
  tied: string[][];
  /** "Surprise 9 + 2 = 11" per roll, in the order rolled. */
  lines: string[];
}

/**
 * C.4.4: the first round has one die per ship; each later round re-rolls the first group still tied
 * ("Ties are re-rolled among the tied ships"; under 'higherModifier' only equal modifiers tie).
 */
export function initiativeProgress(
  state: BattleState,
  shipIds: readonly string[],
  rounds: readonly (readonly InitiativeFace[])[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<InitiativeProgress> {
  const mods = new Map<string, number>();
  const names = new Map<string, string>();
  for (const id of shipIds) {
    const s = sheetOf(state.ships[id]);
    if (!s) return err('Every ship needs a valid log.');
    mods.set(id, initiativeMod(s));
    names.set(id, s.name);
  }
  if (shipIds.length === 0) return err('No ships to roll for.');
  let order: string[] = [];
  let tied: string[][] = [[...shipIds]];
  const lines: string[] = [];
  for (const round of rounds) {
    const group = tied[0];
    if (!group) return err('No tie left to re-roll.');
    const ids = round.map((f) => f.id);
    if (ids.length !== group.length || !group.every((id) => ids.includes(id)))
      return err(`Roll for ${group.map((id) => names.get(id)).join(', ')}.`);
    const r = resolveInitiative(
      round.map((f) => ({ id: f.id, face: f.face, mod: mods.get(f.id) ?? 0 })),
      options
    );
    if (!r.ok) return r;
    for (const f of round) {
      const m = mods.get(f.id) ?? 0;
      lines.push(`${names.get(f.id)} ${f.face} + ${m} = ${f.face + m}`);
    }
    if (order.length === 0) order = r.value.order;
    else {
      const at = Math.min(...group.map((id) => order.indexOf(id)));
      const rest = order.filter((id) => !group.includes(id));
      order = [...rest.slice(0, at), ...r.value.order, ...rest.slice(at)];
    }
    tied = [...r.value.tied, ...tied.slice(1)];
  }
  return ok({ order: rounds.length ? order : [], tied, lines });
}

/** Records the movement order once no tie is left. */
export function initiativeAction(
  state: BattleState,
  shipIds: readonly string[],
  rounds: readonly (readonly InitiativeFace[])[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<Step & { order: string[] }> {
  const p = initiativeProgress(state, shipIds, rounds, options);
  if (!p.ok) return p;
  if (p.value.tied.length > 0) return err('Re-roll the tied ships first.');
  const name = (id: string) => sheetOf(state.ships[id])?.name ?? id;
  const first = p.value.lines.slice(0, shipIds.length).join(', ');
  const rerolls = p.value.lines.slice(shipIds.length);
  return ok({
    next: withSystem(state, {
      ...systemOf(state),
      initiativeOrder: p.value.order,
      initiativeTurn: state.turn
    }),
    summary:
      `Initiative: ${first}` +
      (rerolls.length ? `; ties re-rolled: ${rerolls.join(', ')}` : '') +
      ` → ${p.value.order.map(name).join(', ')}`,
    order: p.value.order
  });
}

/** This turn's movement order, or null until initiative is rolled. */
export function movementOrder(state: BattleState): string[] | null {
  const sys = systemOf(state);
  return sys.initiativeTurn === state.turn ? sys.initiativeOrder : null;
}

// ---- Phase 4: movement (C.4.6) -----------------------------------------------------------------

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
    return err('Head to wind: the tacking roll finishes the tack (C.4.6.5).');
  const cap = speedCap(s).cap;
  if (cap === 0) return err('"No movement is allowed" (C.4.10): masts or rigging lost.');
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
        headingAfter: broadsideToWindHeading(windFromDeg, s.headingDeg),
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
          headingAfter: closeHauledHeading(windFromDeg, to),
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
  const d = normDeg(to - from);
  return d > 180 ? d - 360 : d;
}

/** Records this ship's move; `headingAfter` is the referee's for a Straight/Starboard/Larboard card
 *  (Straight keeps the heading; a turn is at most 45° to the card's side). */
export function moveAction(
  state: BattleState,
  shipId: string,
  input: { headingAfter: number },
  options: PvOptions = DEFAULT_OPTIONS
): Result<Step & { plan: MovePlan }> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  const plan = planMove(state, s.value, options);
  if (!plan.ok) return plan;
  const p = plan.value;
  const from = s.value.headingDeg;
  let heading = p.headingAfter ?? from;
  if (p.headingAfter === null && p.turnSide) {
    heading = normDeg(Math.round(input.headingAfter));
    const t = turnBetween(from, heading);
    const signed = p.turnSide === 'starboard' ? t : -t;
    if (signed < 0 || signed > 45)
      return err(`A ${p.turnSide} turn is "up to, but not exceeding 45 degrees" to ${p.turnSide}.`);
  }
  const marked = markMoved(state, shipId, s.value.name);
  if (!marked.ok) return marked;
  let next: Sheet = { ...s.value, headingDeg: heading };
  if (p.kind === 'heaveTo') next = { ...next, heaveTo: { sailBefore: s.value.sail } };
  if (p.kind === 'heaveToRestart') next = { ...next, heaveTo: null };
  if (p.kind === 'tackFirstLeg') next = { ...next, tack: 'headToWind' };
  const legs = p.legs.map(inches).join(' + ');
  const turned = heading === from ? '' : `, heading ${from}° → ${heading}°`;
  const what =
    p.kind === 'heaveTo'
      ? ', hove to'
      : p.kind === 'tackFirstLeg'
        ? ', head to wind (tacking)'
        : p.kind === 'tackForeAndAft'
          ? ', tacked'
          : '';
  return ok({
    next: withSheets(marked.value, { [shipId]: next }),
    summary:
      `${s.value.name} moves ${inches(p.total)} (${pointLabel(p.pos)}, ${sailLabel(s.value.sail)}, ` +
      `${maneuverLabel(s.value.maneuver)}: ${legs})${turned}${what}`,
    plan: p
  });
}

/** "the ship will drift in inches per a six sided dice roll down wind" (C.4.6.1 step 3). */
export function driftAction(state: BattleState, shipId: string, face: number): Result<Step> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  const r = resolveDrift(s.value, face);
  if (!r.ok) return r;
  const marked = markMoved(state, shipId, s.value.name);
  if (!marked.ok) return marked;
  const toward = normDeg(systemOf(state).windFromDeg + 180);
  return ok({
    next: marked.value,
    summary: `${s.value.name} drifts ${inches(r.value)} down wind (toward ${toward}°)`
  });
}

/** Whether the tacking roll failed, so the mast d12 is needed too (C.4.6.5). */
export function tackNeedsMastRoll(s: Sheet, face: number): boolean {
  return face + initiativeMod(s) < TASK_CHECKS.tack;
}

/**
 * C.4.6.5 turn T+1: d12 + initiative modifier ≥ 4 swings the stern "another 45 degrees" onto the
 * `side` tack and the ship "moves half its allowable distance"; otherwise it is taken aback and
 * the mast d12 (1–3) may cost a mast; under `tackFailure='fallBackToOldTack'` it falls back onto
 * `side`, else it stays head to wind to roll again next turn.
 */
export function tackRollAction(
  state: BattleState,
  shipId: string,
  faces: { tack: number; mast?: number },
  side: Side,
  options: PvOptions = DEFAULT_OPTIONS
): Result<Step & { outcome: TackOutcome }> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  if (s.value.rig !== 'squareRigged' || s.value.tack === 'none')
    return err('Only a square-rigger head to wind rolls to finish its tack.');
  const mod = initiativeMod(s.value);
  const r = resolveTack(mod, faces.tack, faces.mast);
  if (!r.ok) return r;
  const o = r.value;
  const marked = markMoved(state, shipId, s.value.name);
  if (!marked.ok) return marked;
  const wind = systemOf(state).windFromDeg;
  let next = applyTack(s.value, o, options);
  const roll = `d12 ${o.roll} + ${mod} = ${o.modified}`;
  let summary: string;
  if (o.success) {
    const heading = closeHauledHeading(wind, side);
    const dist = s.value.sail >= 1 ? s.value.sailingRates.beating[s.value.sail - 1] / 2 : 0;
    next = { ...next, headingDeg: heading };
    summary = `${s.value.name} tacks: ${roll} ≥ ${TASK_CHECKS.tack}, onto the ${side} tack (heading ${heading}°), moves ${inches(dist)}`;
  } else {
    if (options.tackFailure === 'fallBackToOldTack')
      next = { ...next, headingDeg: closeHauledHeading(wind, side) };
    const mast = o.mastLost
      ? next.mastsLost > s.value.mastsLost
        ? 'a mast is lost'
        : 'no mast left to lose'
      : 'no mast lost';
    summary =
      `${s.value.name} is taken aback: ${roll} < ${TASK_CHECKS.tack}; mast d12 ${o.mastRoll}: ${mast}` +
      (options.tackFailure === 'fallBackToOldTack'
        ? `; falls back onto the ${side} tack`
        : '; stays head to wind and rolls again next turn');
  }
  return ok({ next: withSheets(marked.value, { [shipId]: next }), summary, outcome: o });
}

/** C.4.6.6: move up to 3″ the way it went last turn (or not at all), drop anchor, bow to the wind. */
export function dropAnchorAction(state: BattleState, shipId: string, moved: number): Result<Step> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  if (!canDropAnchor(s.value))
    return err('Only a ship hove to, or at Fighting Sail playing no sail card, can drop anchor.');
  if (!(moved >= 0 && moved <= DROP_ANCHOR_MAX_MOVE))
    return err(`It may move up to ${DROP_ANCHOR_MAX_MOVE}″ before dropping anchor.`);
  const r = applyDropAnchor(s.value);
  if (!r.ok) return r;
  const marked = markMoved(state, shipId, s.value.name);
  if (!marked.ok) return marked;
  const wind = systemOf(state).windFromDeg;
  return ok({
    next: withSheets(marked.value, { [shipId]: { ...r.value, headingDeg: wind } }),
    summary:
      `${s.value.name} ` +
      (moved > 0 ? `moves ${inches(moved)} and drops anchor` : 'drops anchor') +
      `, bow into the wind (${wind}°)`
  });
}

/** C.4.6.8: 2 crew per boat, one full turn, never on a turn the ship moves. */
export function boatsAction(
  state: BattleState,
  shipId: string,
  input: { kind: 'lower' | 'recover'; count: number }
): Result<Step> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  const { kind, count } = input;
  const sh = s.value;
  if (!Number.isInteger(count) || count < 1) return err('Choose at least one boat.');
  if (sh.assignments.boats < count * CREW_REQUIREMENTS.perBoat)
    return err(
      `"It takes two crew men to lower or recover a ship's boat": assign ${count * CREW_REQUIREMENTS.perBoat}.`
    );
  const isStationary = sh.anchored || sh.heaveTo !== null;
  if (!isStationary || movedThisTurn(state).includes(shipId))
    return err('Boats "may never be attempted on any turn the ship is moving".');
  const lowered = kind === 'lower' ? sh.boats.lowered + count : sh.boats.lowered - count;
  if (lowered > sh.boats.total)
    return err(`Only ${sh.boats.total - sh.boats.lowered} boats aboard.`);
  if (lowered < 0) return err(`Only ${sh.boats.lowered} boats are in the water.`);
  return ok({
    next: withSheets(state, { [shipId]: { ...sh, boats: { ...sh.boats, lowered } } }),
    summary: `${sh.name} ${kind === 'lower' ? 'lowers' : 'recovers'} ${count} boat${count === 1 ? '' : 's'} (${lowered} of ${sh.boats.total} in the water)`
  });
}

// ---- Collisions (C.4.11) -----------------------------------------------------------------------

function damageText(before: Sheet, after: Sheet): string {
  const parts: string[] = [];
  const hull = after.hull.damage - before.hull.damage;
  const crew = before.crew.current - after.crew.current;
  const guns =
    after.guns.filter((g) => g.destroyed).length - before.guns.filter((g) => g.destroyed).length;
  if (hull) parts.push(`${hull} hull`);
  if (crew) parts.push(`${crew} crew`);
  if (guns) parts.push(`${guns} gun${guns === 1 ? '' : 's'}`);
  return `${after.name} ${parts.length ? parts.join(', ') : 'no damage'}`;
}

/** Faces: [rammer d6, rammer d12 (8–12 entangles), ...rammed d6 per the rammer's sail]. */
export function collisionAction(
  state: BattleState,
  input: { rammerId: string; rammedId: string; rammerFacing: Side; rammedFacing: Side },
  faces: readonly number[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<Step> {
  if (input.rammerId === input.rammedId) return err('Choose two different ships.');
  const a = shipSheet(state, input.rammerId);
  if (!a.ok) return a;
  const b = shipSheet(state, input.rammedId);
  if (!b.ok) return b;
  const r = resolveCollision(a.value.sail, faces, options);
  if (!r.ok) return r;
  const out = applyCollision(
    a.value,
    b.value,
    r.value,
    {
      rammer: input.rammerId,
      rammed: input.rammedId,
      rammerFacing: input.rammerFacing,
      rammedFacing: input.rammedFacing
    },
    options
  );
  return ok({
    next: withSheets(state, { [input.rammerId]: out.rammer, [input.rammedId]: out.rammed }),
    summary:
      `${a.value.name} rams ${b.value.name} at ${sailLabel(a.value.sail)}: ` +
      `${damageText(a.value, out.rammer)}; ${damageText(b.value, out.rammed)}; ` +
      (r.value.entangled ? `entangled (d12 ${faces[1]})` : `not entangled (d12 ${faces[1]})`)
  });
}
