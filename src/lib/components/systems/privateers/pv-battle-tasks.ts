import type { BattleEvent, BattleShip, BattleState } from '$lib/battle/events';
import { convolve, Dist } from '$lib/rules/core/dist';
import { mul, ONE, sub, type Rational } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import { marksmanOdds } from '$lib/rules/privateers/odds';
import { DEFAULT_OPTIONS, type PvOptions } from '$lib/rules/privateers/options';
import {
  applyBoardingLosses,
  boardingDice,
  boardingOfficerRolls,
  canBoard,
  resolveBoardingRound,
  unassignedCrew,
  type BoardingParty,
  type BoardingRoundOutcome,
  type SideLosses
} from '$lib/rules/privateers/resolve-boarding';
import {
  applyDamageControl,
  applyFire,
  applyFireIgnitionDamage,
  applyGrapples,
  applyJuryRig,
  applyMarksmen,
  applyPumping,
  firePhaseStep,
  pumpingDamage,
  pumpsNeeded,
  resolveDamageControl,
  resolveFire,
  resolveGrapple,
  resolveJuryRig,
  resolveMarksmen,
  type MarksmanShot,
  type MarksmenOutcome
} from '$lib/rules/privateers/resolve-tasks';
import type { Sheet, SystemState } from '$lib/rules/privateers/sheet';
import { OFFICER_LABELS, TASK_CHECKS, type OfficerRole } from '$lib/rules/privateers/tables';
import { sheetOf, systemOf } from './pv-battle';

// Privateers battle actions for marksmen (C.4.12), grappling (C.4.14), boarding rounds (C.4.15)
// and the Phase 6 tasks — fire, pumping, damage control, jury rigging (C.4.16) — and sinkings
// (C.4.18). Pure: state + inputs + faces → the next state and the log line, or an error. Each
// result is recorded by the panel as ONE undoable event.

export interface ActionResult {
  next: BattleState;
  summary: string;
}

function withSheets(state: BattleState, sheets: Record<string, Sheet>): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) ships[id] = { ...ships[id], sheet };
  return { ...state, ships };
}

function shipLog(state: BattleState, id: string): Result<Sheet> {
  const s = sheetOf(state.ships[id]);
  return s ? ok(s) : err('This ship needs a valid log (open it from the roster).');
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How many events of `kind` were recorded for `shipId` on `turn` (inputs {shipId, turn}); undone
 *  events are not in `done`, so an undone task is offered again. */
export function countDone(
  done: readonly Pick<BattleEvent, 'kind' | 'roll'>[],
  kind: string,
  shipId: string,
  turn: number
): number {
  let n = 0;
  for (const e of done) {
    if (e.kind !== kind) continue;
    const inputs = e.roll?.inputs;
    if (inputs && typeof inputs === 'object' && !Array.isArray(inputs)) {
      if (inputs.shipId === shipId && inputs.turn === turn) n++;
    }
  }
  return n;
}

/** The ships still fighting: a readable log, neither struck nor sunk (a struck ship "strikes his
 *  colors", C.4.17; a sunk one is gone, C.4.18). */
export function fightingShips(ships: readonly BattleShip[]): BattleShip[] {
  return ships.filter((s) => {
    const l = sheetOf(s);
    return l !== null && !l.struck && !l.sunk;
  });
}

/** Those of `ships` that have not yet done `kind` on `turn` (each procedure once per ship a turn). */
export function notYetDone(
  ships: readonly BattleShip[],
  done: readonly Pick<BattleEvent, 'kind' | 'roll'>[],
  kind: string,
  turn: number
): BattleShip[] {
  return ships.filter((s) => countDone(done, kind, s.id, turn) === 0);
}

// ---- Marksmen (C.4.12) -----------------------------------------------------------------------

/** The marksmen a ship has assigned, marines first ("marines will be used for this task if
 *  available", C.3.12). */
export function marksmenOf(s: Sheet): ('crew' | 'marine')[] {
  const m = s.assignments.marksmen;
  return [
    ...Array.from({ length: m.marines }, () => 'marine' as const),
    ...Array.from({ length: m.crew }, () => 'crew' as const)
  ];
}

/** Dice still needed after the hit d12s: one d6 per hit, then one Officer Hits d6 per 6. */
export function marksmenNeeds(
  kinds: readonly ('crew' | 'marine')[],
  hitFaces: readonly number[],
  damageFaces: readonly number[] = []
): { damage: number; officer: number } {
  let damage = 0;
  kinds.forEach((k, i) => {
    const upTo = k === 'marine' ? TASK_CHECKS.marksmanMarineUpTo : TASK_CHECKS.marksmanCrewUpTo;
    if ((hitFaces[i] ?? 99) <= upTo) damage++;
  });
  const officer = damageFaces.filter((f) => f >= TASK_CHECKS.marksmanOfficerFace).length;
  return { damage, officer };
}

/** Pairs the faces with the marksmen in order: hit d12s, damage d6s (hits only), officer d6s. */
export function marksmenShots(
  kinds: readonly ('crew' | 'marine')[],
  hitFaces: readonly number[],
  damageFaces: readonly number[],
  officerFaces: readonly number[]
): MarksmanShot[] {
  let d = 0;
  let o = 0;
  return kinds.map((kind, i) => {
    const shot: MarksmanShot = { kind, hitFace: hitFaces[i] };
    const upTo = kind === 'marine' ? TASK_CHECKS.marksmanMarineUpTo : TASK_CHECKS.marksmanCrewUpTo;
    if (hitFaces[i] <= upTo) {
      shot.damageFace = damageFaces[d++];
      if (shot.damageFace !== undefined && shot.damageFace >= TASK_CHECKS.marksmanOfficerFace)
        shot.officerFace = officerFaces[o++];
    }
    return shot;
  });
}

export function describeMarksmen(o: MarksmenOutcome): string {
  const hits = o.shots.filter((s) => s.hit).length;
  const parts = [`${hits} of ${o.shots.length} hit`];
  if (o.crewHits) parts.push(plural(o.crewHits, 'crew casualty', 'crew casualties'));
  for (const r of o.officerRolls)
    parts.push(`officer hit: ${r.roles.map((x) => OFFICER_LABELS[x]).join(' & ')}`);
  return parts.join(', ');
}

export function marksmenAction(
  state: BattleState,
  input: {
    firerId: string;
    targetId: string;
    range: number;
    hitFaces: readonly number[];
    damageFaces: readonly number[];
    officerFaces: readonly number[];
  },
  options: PvOptions = DEFAULT_OPTIONS
): Result<ActionResult & { outcome: MarksmenOutcome }> {
  const firer = shipLog(state, input.firerId);
  if (!firer.ok) return firer;
  const target = shipLog(state, input.targetId);
  if (!target.ok) return target;
  if (input.firerId === input.targetId) return err('Marksmen fire at another ship.');
  const kinds = marksmenOf(firer.value);
  if (kinds.length === 0) return err('No marksmen are assigned on this ship (Phase 2).');
  if (input.hitFaces.length !== kinds.length)
    return err(`One d12 per marksman: ${kinds.length} dice.`);
  const need = marksmenNeeds(kinds, input.hitFaces, input.damageFaces);
  if (input.damageFaces.length !== need.damage) return err(`${need.damage} damage d6 needed.`);
  if (input.officerFaces.length !== need.officer)
    return err(`${need.officer} Officer Hits d6 needed.`);
  const shots = marksmenShots(kinds, input.hitFaces, input.damageFaces, input.officerFaces);
  const r = resolveMarksmen(shots, input.range);
  if (!r.ok) return r;
  const next = applyMarksmen(target.value, r.value, options);
  return ok({
    next: withSheets(state, { [input.targetId]: next }),
    summary: `${firer.value.name}'s marksmen fire at ${target.value.name}: ${describeMarksmen(r.value)}`,
    outcome: r.value
  });
}

// ---- Grappling (C.4.14) ----------------------------------------------------------------------

/** "allowed any time an enemy ship is hull to hull or has collided": one d12 per grappler (8+ holds
 *  a grapple) and per cutter (8+ cuts one, "at the same chance"). The grapples join the two ships,
 *  so both logs carry the count. */
export function grappleAction(
  state: BattleState,
  input: {
    shipId: string;
    otherId: string;
    isHullToHull: boolean;
    throwFaces: readonly number[];
    cutFaces: readonly number[];
  }
): Result<ActionResult & { thrown: number; cut: number }> {
  const s = shipLog(state, input.shipId);
  if (!s.ok) return s;
  const o = shipLog(state, input.otherId);
  if (!o.ok) return o;
  if (input.shipId === input.otherId) return err('Grapple another ship.');
  const entangled =
    s.value.entangledWith.includes(input.otherId) || o.value.entangledWith.includes(input.shipId);
  if (!input.isHullToHull && !entangled && s.value.grapples === 0)
    return err('Grappling needs the ships hull to hull or collided (SPEC C.4.14 step 1).');
  if (input.throwFaces.length + input.cutFaces.length === 0)
    return err('Nobody grapples or cuts: assign grapplers or cutters.');
  const t = resolveGrapple(input.throwFaces);
  if (!t.ok) return t;
  const c = resolveGrapple(input.cutFaces);
  if (!c.ok) return c;
  const thrown = t.value.successes;
  const cut = Math.min(c.value.successes, s.value.grapples + thrown);
  const ns = applyGrapples(s.value, thrown, cut);
  const no = applyGrapples(o.value, thrown, cut);
  const parts: string[] = [];
  if (input.throwFaces.length)
    parts.push(`${thrown} of ${input.throwFaces.length} grapples hold (8+)`);
  if (input.cutFaces.length) parts.push(`${cut} of ${input.cutFaces.length} cut free (8+)`);
  return ok({
    next: withSheets(state, { [input.shipId]: ns, [input.otherId]: no }),
    summary: `${s.value.name} grapples ${o.value.name}: ${parts.join(', ')}; ${plural(ns.grapples, 'grapple')} now`,
    thrown,
    cut
  });
}

// ---- Boarding (C.4.15) -----------------------------------------------------------------------

/** The most a ship can send into (or defend) a boarding: unassigned crew ("Only crew that have no
 *  assignments on any given turn are available fore boarding actions"), marines not shooting as
 *  marksmen, and officers present ("Officer hits: Lose modifier", C.5 #38). */
export function boardingPool(s: Sheet): { crew: number; marines: number; officers: OfficerRole[] } {
  return {
    crew: unassignedCrew(s),
    marines: Math.max(0, s.marines.current - s.assignments.marksmen.marines),
    officers: (Object.keys(s.officers) as OfficerRole[]).filter((r) => s.officers[r].present)
  };
}

export function partyProblem(s: Sheet, p: BoardingParty): string | null {
  const pool = boardingPool(s);
  if (p.crew > pool.crew) return `${s.name} has ${pool.crew} unassigned crew.`;
  if (p.marines > pool.marines) return `${s.name} has ${pool.marines} marines free.`;
  const absent = p.officers.find((o) => !pool.officers.includes(o));
  if (absent) return `${s.name}'s ${OFFICER_LABELS[absent]} is out of action.`;
  if (new Set(p.officers).size !== p.officers.length) return 'An officer is listed twice.';
  return null;
}

function lossLine(l: SideLosses): string {
  const parts: string[] = [];
  if (l.crew) parts.push(`${l.crew} crew`);
  if (l.marines) parts.push(`${l.marines} marines`);
  for (const o of l.officersLost) parts.push(OFFICER_LABELS[o]);
  return parts.length ? parts.join(', ') : 'no losses';
}

export interface BoardingInput {
  attackerId: string;
  defenderId: string;
  attacker: BoardingParty;
  defender: BoardingParty;
  /** under `boardingPrerequisite='hullToHull'` the referee confirms it */
  isHullToHull: boolean;
  faces: {
    attacker: readonly number[];
    defender: readonly number[];
    attackerOfficers: readonly number[];
    defenderOfficers: readonly number[];
  };
}

/** The boarding actions under way, with this one's round counted (or ended on a retreat). */
function nextBoardings(
  sys: SystemState,
  input: BoardingInput,
  turn: number,
  o: BoardingRoundOutcome,
  isCaptured: boolean
): SystemState['boardings'] {
  const same = (b: SystemState['boardings'][number]) =>
    b.attackerId === input.attackerId && b.defenderId === input.defenderId;
  const others = sys.boardings.filter((b) => !same(b));
  // "the boarders must retreat the next turn" — the action ends; a capture ends it too.
  if (o.winner === 'defender' || isCaptured) return others;
  const cur = sys.boardings.find(same);
  return [
    ...others,
    cur
      ? { ...cur, rounds: cur.rounds + 1 }
      : {
          attackerId: input.attackerId,
          defenderId: input.defenderId,
          startedTurn: turn,
          rounds: 1
        }
  ];
}

/** One boarding round (C.4.15): both parties' dice, the officer d6s, the losses on both logs, the
 *  defender's trigger #7 when the boarders win, and the round in the system's boarding list. A
 *  defender left with nobody aboard is taken (struck). */
export function boardingRoundAction(
  state: BattleState,
  input: BoardingInput,
  options: PvOptions = DEFAULT_OPTIONS
): Result<ActionResult & { outcome: BoardingRoundOutcome }> {
  const a = shipLog(state, input.attackerId);
  if (!a.ok) return a;
  const d = shipLog(state, input.defenderId);
  if (!d.ok) return d;
  if (input.attackerId === input.defenderId) return err('A ship cannot board itself.');
  if (a.value.struck || a.value.sunk) return err(`${a.value.name} cannot board: struck or sunk.`);
  if (d.value.struck || d.value.sunk) return err(`${d.value.name} has struck or sunk.`);
  if (!canBoard(a.value, input.defenderId, input.isHullToHull, options))
    return err(
      options.boardingPrerequisite === 'hullToHull'
        ? 'Boarding needs the ships hull to hull.'
        : 'Boarding needs the ships grappled or entangled (SPEC C.4.15 step 1).'
    );
  const pa = partyProblem(a.value, input.attacker);
  if (pa) return err(pa);
  const pd = partyProblem(d.value, input.defender);
  if (pd) return err(pd);
  if (boardingDice({ ...input.attacker, officers: input.attacker.officers.length }) === 0)
    return err('The boarding party is empty.');
  const r = resolveBoardingRound(input.attacker, input.defender, input.faces, options);
  if (!r.ok) return r;
  const o = r.value;
  const na = applyBoardingLosses(a.value, o.attackerLosses, false);
  let nd = applyBoardingLosses(d.value, o.defenderLosses, o.winner === 'boarders');
  const isCaptured = nd.crew.current + nd.marines.current === 0 && o.winner !== 'defender';
  if (isCaptured) nd = { ...nd, struck: true };
  const sys = systemOf(state);
  const result =
    o.winner === 'boarders'
      ? isCaptured
        ? `the boarders win; ${d.value.name} has nobody left: taken`
        : `the boarders win; ${d.value.name} checks morale in Phase 6 (Strike = captured)`
      : o.winner === 'defender'
        ? 'the defenders win; the boarders must retreat the next turn'
        : isCaptured
          ? `a tie; ${d.value.name} has nobody left: taken`
          : 'a tie: another round next turn';
  const summary =
    `${a.value.name} boards ${d.value.name}: ${o.attackerDice} v ${o.defenderDice} dice, ` +
    `${o.attackerHits} v ${o.defenderHits} hits; ${a.value.name} loses ${lossLine(o.attackerLosses)}, ` +
    `${d.value.name} loses ${lossLine(o.defenderLosses)}; ${result}`;
  const next = withSheets(state, { [input.attackerId]: na, [input.defenderId]: nd });
  return ok({
    next: {
      ...next,
      system: { ...sys, boardings: nextBoardings(sys, input, state.turn, o, isCaptured) }
    },
    summary,
    outcome: o
  });
}

export { boardingOfficerRolls };

// ---- Phase 6 tasks (C.4.16) ------------------------------------------------------------------

/** Step 1: the fire's step this turn — the ignition turn's 5 points (Errata 3, no dice) or an
 *  attempt with d12 + the crew fighting it. `face` is ignored for ignition damage. */
export function fireAction(
  state: BattleState,
  input: { shipId: string; crew: number; face: number | null },
  options: PvOptions = DEFAULT_OPTIONS
): Result<ActionResult & { kind: 'ignitionDamage' | 'attempt' }> {
  const s = shipLog(state, input.shipId);
  if (!s.ok) return s;
  const step = firePhaseStep(s.value, state.turn, options);
  if (!step) return err(`${s.value.name} has no fire to fight this turn.`);
  if (step.kind === 'ignitionDamage') {
    const next = applyFireIgnitionDamage(s.value, options);
    return ok({
      next: withSheets(state, { [input.shipId]: next }),
      summary: `${s.value.name} burns: ${TASK_CHECKS.fireDamage} hull points on the turn the fire started (first attempt next turn)`,
      kind: 'ignitionDamage'
    });
  }
  if (input.crew < 0 || input.crew > s.value.crew.current)
    return err(`${s.value.name} has ${s.value.crew.current} crew.`);
  const r = resolveFire(step.attempt, input.crew, input.face ?? 0, options);
  if (!r.ok) return r;
  const o = r.value;
  const next = applyFire(s.value, o, options);
  const target = TASK_CHECKS.fire[o.attempt - 1];
  const how = `${o.roll} + ${input.crew} crew = ${o.modified}, needs ${target}`;
  const result = o.extinguished
    ? `fire out${o.damage ? `, ${o.damage} hull` : ''}`
    : o.burnedUp
      ? `not out, ${o.damage} hull; the ship is engulfed and burns up`
      : `not out, ${o.damage} hull`;
  return ok({
    next: withSheets(state, { [input.shipId]: next }),
    summary: `${s.value.name} fights the fire (attempt ${o.attempt}): ${how}; ${result}`,
    kind: 'attempt'
  });
}

/** Step 2: fewer than 2 crew on the pumps when they are needed → 5 hull ([DEFAULT] from the turn
 *  after the need arose). No dice. */
export function pumpingAction(
  state: BattleState,
  input: { shipId: string; crew: number },
  options: PvOptions = DEFAULT_OPTIONS
): Result<ActionResult & { damage: number }> {
  const s = shipLog(state, input.shipId);
  if (!s.ok) return s;
  if (!pumpsNeeded(s.value)) return err(`${s.value.name} does not need pumping.`);
  if (input.crew < 0 || input.crew > s.value.crew.current)
    return err(`${s.value.name} has ${s.value.crew.current} crew.`);
  const damage = pumpingDamage(s.value, input.crew);
  const next = applyPumping(s.value, input.crew, options);
  const why = s.value.waterline ? 'water line damage' : 'hull 3/4 damaged';
  const summary =
    damage > 0
      ? `${s.value.name} un-pumped (${plural(input.crew, 'crew')} on the pumps, ${why}): ${damage} hull`
      : s.value.pumpsNeededSince === null
        ? `${s.value.name} pumps (${why}): no damage on the turn the need arose`
        : `${s.value.name} pumps with ${plural(input.crew, 'crew')}: no damage`;
  return ok({ next: withSheets(state, { [input.shipId]: next }), summary, damage });
}

/** Step 3: d12 (+ crew [DEFAULT]) ≥ 10 clears one wreckage item. */
export function damageControlAction(
  state: BattleState,
  input: { shipId: string; crew: number; face: number },
  options: PvOptions = DEFAULT_OPTIONS
): Result<ActionResult & { success: boolean }> {
  const s = shipLog(state, input.shipId);
  if (!s.ok) return s;
  if (s.value.wreckage === 0) return err(`${s.value.name} has no wreckage to clear.`);
  if (input.crew < 1 || input.crew > s.value.crew.current)
    return err('Damage control needs crew assigned to it.');
  const r = resolveDamageControl(input.crew, input.face, options);
  if (!r.ok) return r;
  const o = r.value;
  const next = applyDamageControl(s.value, o);
  return ok({
    next: withSheets(state, { [input.shipId]: next }),
    summary: `${s.value.name} damage control (${plural(input.crew, 'crew')}): ${o.roll} → ${o.modified}, needs ${o.target}; ${o.success ? `wreckage cleared, ${next.wreckage} left` : 'not cleared'}`,
    success: o.success
  });
}

/** Step 4: d12 (+ crew [DEFAULT]) ≥ 12 jury-rigs one lost mast. */
export function juryRigAction(
  state: BattleState,
  input: { shipId: string; crew: number; face: number },
  options: PvOptions = DEFAULT_OPTIONS
): Result<ActionResult & { success: boolean }> {
  const s = shipLog(state, input.shipId);
  if (!s.ok) return s;
  if (s.value.mastsLost <= s.value.mastsJuryRigged)
    return err(`${s.value.name} has no lost mast to jury rig.`);
  if (input.crew < 1 || input.crew > s.value.crew.current)
    return err('Jury rigging needs crew assigned to it.');
  const r = resolveJuryRig(input.crew, input.face, options);
  if (!r.ok) return r;
  const o = r.value;
  const next = applyJuryRig(s.value, o, options);
  return ok({
    next: withSheets(state, { [input.shipId]: next }),
    summary: `${s.value.name} jury rigging (${plural(input.crew, 'crew')}): ${o.roll} → ${o.modified}, needs ${o.target}; ${o.success ? 'a mast is jury rigged (Fighting Sail at most)' : 'not yet'}`,
    success: o.success
  });
}

/** C.4.18: "Once a ships hull points have been expended, the ship will sink"; a ship that burned
 *  up is removed as well. */
export function sinkingAction(state: BattleState, shipId: string): Result<ActionResult> {
  const s = shipLog(state, shipId);
  if (!s.ok) return s;
  if (s.value.sunk) return err(`${s.value.name} has already sunk.`);
  if (!s.value.sinking && !s.value.burnedUp) return err(`${s.value.name} is not sinking.`);
  return ok({
    next: withSheets(state, { [shipId]: { ...s.value, sunk: true } }),
    summary: s.value.burnedUp
      ? `${s.value.name} burns up and is removed`
      : `${s.value.name} sinks (hull ${s.value.hull.damage}/${s.value.hull.points})`
  });
}

// ---- Odds shown before the rolls (the calculators' functions) ----------------------------------

/** C.7.5 marksmen: the number of crew casualties (a sum of per-marksman Bernoullis, 5/24 a crewman,
 *  5/18 a marine) and the chance at least one officer is hit (1/24, 1/18 each). */
export function marksmenVolleyOdds(kinds: readonly ('crew' | 'marine')[]): {
  crew: Dist<number>;
  anyOfficer: Rational;
} {
  let crew = Dist.constant<number>(0);
  let none = ONE;
  for (const k of kinds) {
    const o = marksmanOdds(k);
    crew = convolve(
      crew,
      Dist.bernoulli(o.crew).map((b) => (b ? 1 : 0))
    );
    none = mul(none, sub(ONE, o.officer));
  }
  return { crew, anyOfficer: sub(ONE, none) };
}

// ---- Captures (C.4.17 step 4) --------------------------------------------------------------

/** Boarding actions whose defender has struck: "A boarding defender that strikes is captured by
 *  the boarders." */
export function capturesDue(state: BattleState): { attackerId: string; defenderId: string }[] {
  return systemOf(state).boardings.filter((b) => {
    const d = sheetOf(state.ships[b.defenderId]);
    return d !== null && d.struck;
  });
}

/** Records the capture and ends the boarding action. */
export function captureAction(
  state: BattleState,
  attackerId: string,
  defenderId: string
): Result<ActionResult> {
  const a = shipLog(state, attackerId);
  if (!a.ok) return a;
  const d = shipLog(state, defenderId);
  if (!d.ok) return d;
  if (!d.value.struck) return err(`${d.value.name} has not struck.`);
  const sys = systemOf(state);
  const boardings = sys.boardings.filter(
    (b) => !(b.attackerId === attackerId && b.defenderId === defenderId)
  );
  if (boardings.length === sys.boardings.length)
    return err(`${a.value.name} is not boarding ${d.value.name}.`);
  return ok({
    next: { ...state, system: { ...sys, boardings } },
    summary: `${d.value.name} strikes her colours to the boarders: captured by ${a.value.name}`
  });
}
