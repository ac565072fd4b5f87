// Master and Commander on the battle page: the battle state (BattleState) read as the engine's types,
// and each procedure turned into the next BattleState. No Svelte, no clock, no dice: the panel passes
// the faces, the time and new ids, so every function here is pure and tested.
import type { BattleEvent, BattleShip, BattleState, Json, RollRecord } from '$lib/battle/events';
import { formatFraction, type Rational } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import type { McOptions } from '$lib/rules/master-and-commander/options';
import {
  advanceTurn,
  applyAllowance,
  applyBoarding,
  boardingProblems,
  applyRaidHit,
  applyRamDamage,
  applyRepelled,
  raidProblems,
  resolveHomeportCounter,
  resolveRaid,
  resolveRamDamage,
  applyFirstPlayer,
  applyHit,
  applyRepair,
  applyStormRoll,
  applyWind,
  beginShipTurn,
  canBeTargeted,
  canFire,
  clearRepulseOnEngagement,
  counterAttackDice,
  enterMist,
  resolveBoarding,
  resolveEngagement,
  resolveFirstPlayer,
  resolveRepair,
  resolveMove,
  resolveRamAttempt,
  resolveWind,
  shipDice,
  isCardDrawRequired,
  isFleetTurnLost,
  usedCard,
  applyCardEffect,
  turnHourglass,
  windFaceFromPip,
  type BoardingOutcome,
  type EngagementOutcome,
  type EngagementRules,
  type FirstPlayerOutcome,
  type MoveOutcome,
  type MoveReport,
  type RepairOutcome,
  type WindOutcome
} from '$lib/rules/master-and-commander/resolve';
import {
  defaultSystemState,
  EMPTY_TURN_ACTS,
  setupShips,
  sheetSchema,
  systemStateSchema,
  type CardsState,
  type Engaged,
  type Side,
  type TurnActs,
  type Modules,
  type SetupPlayer,
  type Sheet,
  type SystemState
} from '$lib/rules/master-and-commander/sheet';
import {
  BOARDING_CONDITIONS,
  COMPASS,
  ENGAGEMENT_RANGE,
  HOMEPORT_DICE,
  type Compass
} from '$lib/rules/master-and-commander/tables';

/** The engine's sheets and state are plain JSON objects (their zod types say so). */
function toJson(value: Sheet | SystemState): Json {
  return value;
}

export interface McShip {
  id: string;
  playerId: string;
  side: string;
  order: number;
  sheet: Sheet;
}

export interface McView {
  system: SystemState;
  /** Ships whose log parses, in roster order. */
  ships: McShip[];
  /** Ships whose log does not parse (the referee fixes them on the ship page). */
  invalidShipIds: string[];
}

/** Reads the battle as the engine's types; null while the system state is missing or unreadable. */
export function readBattle(state: BattleState): McView | null {
  const parsed = systemStateSchema.safeParse(state.system);
  if (!parsed.success) return null;
  const ships: McShip[] = [];
  const invalidShipIds: string[] = [];
  for (const s of Object.values(state.ships).sort((a, b) => a.order - b.order)) {
    const sheet = sheetSchema.safeParse(s.sheet);
    if (sheet.success)
      ships.push({ id: s.id, playerId: s.player, side: s.side, order: s.order, sheet: sheet.data });
    else invalidShipIds.push(s.id);
  }
  return { system: parsed.data, ships, invalidShipIds };
}

export function playerName(system: SystemState, playerId: string): string {
  const p = system.players.find((x) => x.id === playerId);
  return p ? p.name || p.id : playerId || 'no player';
}

function withSystem(state: BattleState, system: SystemState): BattleState {
  return { ...state, system: toJson(system) };
}

function withSheets(state: BattleState, sheets: Record<string, Sheet>): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) {
    const ship = ships[id];
    if (ship) ships[id] = { ...ship, sheet: toJson(sheet) };
  }
  return { ...state, ships };
}

function ship(view: McView, id: string): Result<McShip> {
  const s = view.ships.find((x) => x.id === id);
  return s ? ok(s) : err('That ship is not in the battle (or its log needs fixing).');
}

// ---------------------------------------------------------------------------------------------
// The active player's turn so far (SPEC A.4.15): what the options limit is checked against it.

/** The turn's bookkeeping; battles saved before it was kept start with nothing done. */
export function turnActsOf(system: SystemState): TurnActs {
  return system.turnActs ?? EMPTY_TURN_ACTS;
}

function withActs(system: SystemState, change: Partial<TurnActs>): SystemState {
  return { ...system, turnActs: { ...turnActsOf(system), ...change } };
}

/** The system state of a BattleState a builder has just made (always the engine's own shape). */
function systemOf(state: BattleState): Result<SystemState> {
  const parsed = systemStateSchema.safeParse(state.system);
  return parsed.success ? ok(parsed.data) : err('The game state cannot be read.');
}

/** "A repelled attack ends the turn" (`repelledAttackEndsTurn`): what is refused afterwards says why. */
function turnOverText(endedBy: string): string {
  return `${endedBy} Only the defender's reply and the end of the turn remain.`;
}

/** The ship, which must belong to the captain whose turn it is. */
function activeShip(view: McView, shipId: string): Result<McShip> {
  const s = ship(view, shipId);
  if (!s.ok) return s;
  const active = view.system.activePlayerId;
  if (s.value.playerId !== active) {
    return err(
      `It is ${playerName(view.system, active ?? '')}'s turn; ${s.value.sheet.name} is ${playerName(view.system, s.value.playerId)}'s.`
    );
  }
  return s;
}

function activeFleet(view: McView): McShip[] {
  return view.ships.filter((s) => s.playerId === view.system.activePlayerId && !s.sheet.isSunk);
}

/** `mistLoseTurnScope='player'`: a ship on its lost Mist turn costs the whole fleet the turn. */
function fleetTurnLostText(
  view: McView,
  opts: Pick<McOptions, 'mistLoseTurnScope'>
): string | null {
  const fleet = activeFleet(view).map((s) => s.sheet);
  return isFleetTurnLost(fleet, opts)
    ? 'A ship of this fleet is losing its turn in the Mist, and under the reading "the player\'s whole fleet" no ship moves or fires this turn.'
    : null;
}

// ---------------------------------------------------------------------------------------------
// Set-up (SPEC A.4.1)

export interface FleetSetup {
  players: readonly SetupPlayer[];
  modules: Partial<Modules>;
  opts: Pick<McOptions, 'unusedHomeportsHaveCards'>;
  /** One new ship id per ship `setupShips` makes (the panel makes them with crypto.randomUUID). */
  newId: () => string;
}

export function fleetSetupProblems(players: readonly SetupPlayer[]): string[] {
  const out: string[] = [];
  const ids = players.map((p) => p.id.trim());
  const named = ids.filter((id) => id !== '');
  if (named.length < ids.length) out.push('Every player needs a name.');
  if (new Set(named).size !== named.length) out.push('Two players have the same name.');
  const ports = players.map((p) => p.homeport).filter((h) => h !== null && h !== undefined);
  if (new Set(ports).size !== ports.length) out.push('Two players have the same Homeport.');
  return out;
}

/**
 * The players, their Homeports and their starting fleets, as one action: the system state for them
 * (Repair Cards next to each used Homeport) and two ships each at the Homeport (one in the Beginner
 * game), heading out of it. Ships already in the battle stay.
 */
export function setupFleets(state: BattleState, view: McView, setup: FleetSetup): BattleState {
  const config = {
    variant: view.system.variant,
    modules: setup.modules,
    players: setup.players,
    unusedHomeportsHaveCards: setup.opts.unusedHomeportsHaveCards,
    hourglassSeconds: view.system.hourglass.seconds
  };
  const system = defaultSystemState(config);
  const ships: Record<string, BattleShip> = { ...state.ships };
  let order = Object.keys(ships).length;
  for (const s of setupShips(config)) {
    const id = setup.newId();
    const p = system.players.find((x) => x.id === s.playerId);
    ships[id] = {
      id,
      side: p?.name || s.playerId,
      player: s.playerId,
      sheet: toJson(s.sheet),
      order: order++
    };
  }
  return { ...state, ships, system: toJson(system) };
}

// ---------------------------------------------------------------------------------------------
// First player (SPEC A.4.2)

/**
 * "The player with the highest roll goes first." The first player's ships begin their turn; on a tie
 * nothing changes and the tied players roll again.
 */
export function firstPlayer(
  state: BattleState,
  view: McView,
  rolls: readonly { playerId: string; face: number }[]
): Result<{ outcome: FirstPlayerOutcome; next: BattleState }> {
  const r = resolveFirstPlayer(rolls);
  if (!r.ok) return r;
  if (r.value.kind === 'reroll') return ok({ outcome: r.value, next: state });
  const id = r.value.playerId;
  const sheets: Record<string, Sheet> = {};
  for (const s of view.ships)
    if (s.playerId === id && !s.sheet.isSunk) sheets[s.id] = beginShipTurn(s.sheet);
  const system = applyFirstPlayer(view.system, id);
  return ok({
    outcome: r.value,
    next: { ...withSheets(withSystem(state, system), sheets), turn: system.turn, phase: 0 }
  });
}

// ---------------------------------------------------------------------------------------------
// Wind, storm and hourglass (SPEC A.4.3)

/** A roll of the Wind Die (a d6 pip mapped through the die's faces) at `now`. */
export function windRoll(
  state: BattleState,
  view: McView,
  pip: number,
  now: number,
  opts: Pick<McOptions, 'steadyAfterStorm'>
): Result<{ outcome: WindOutcome; next: BattleState }> {
  const face = windFaceFromPip(pip);
  if (!face.ok) return face;
  const outcome = resolveWind(view.system.wind, face.value, opts);
  return ok({ outcome, next: withSystem(state, applyWind(view.system, outcome, now)) });
}

export function stormRoll(state: BattleState, view: McView, face: number): Result<BattleState> {
  const r = applyStormRoll(view.system, face);
  return r.ok ? ok(withSystem(state, r.value)) : r;
}

export function turnGlass(state: BattleState, view: McView, now: number): BattleState {
  return withSystem(state, {
    ...view.system,
    hourglass: turnHourglass(view.system.hourglass, now)
  });
}

// ---------------------------------------------------------------------------------------------
// Movement (SPEC A.3.2, A.4.4): the ships move on the table; the referee reports each ship's move
// (squares forward, turns, where it ends and which way it points) and the app checks it against the
// allowance from the heading at the start of the turn. No map: the referee answers the geometry.

const LOCATION_TEXT: Readonly<Record<Sheet['location'], string>> = {
  sea: 'at sea',
  homeport: 'in its Homeport',
  anchor: 'on an anchor icon',
  mist: 'in the Mist'
};

const HEADING_TEXT: Readonly<Record<Compass, string>> = {
  N: 'north',
  E: 'east',
  S: 'south',
  W: 'west'
};

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
    return 'The engagements have begun: with attacks after all movement (errata 12), every ship moves before the first attack.';
  if (opts.attackTiming === 'afterEachShipMoves' && acts.engaged.some((e) => e.shipId === shipId))
    return `${name} has already attacked: with attacks after each ship's own move, it cannot move again.`;
  return fleetTurnLostText(view, opts);
}

/** One ship's move for the turn, checked (`resolveMove`) and recorded. */
export function recordMove(
  state: BattleState,
  view: McView,
  shipId: string,
  move: MoveReport,
  opts: Pick<
    McOptions,
    'attackTiming' | 'mistLoseTurnScope' | 'beginnerMoveExact' | 'beginnerTurnRestriction'
  >
): Result<{ outcome: MoveOutcome; next: BattleState; summary: string }> {
  const problem = moveProblem(view, shipId, opts);
  if (problem !== null) return err(problem);
  const s = ship(view, shipId);
  if (!s.ok) return s;
  const sys = view.system;
  const r = resolveMove(
    {
      variant: sys.variant,
      sheet: s.value.sheet,
      wind: sys.wind,
      stormRoll: sys.stormRoll,
      hasMist: sys.modules.mist
    },
    move,
    opts
  );
  if (!r.ok) return r;
  const before = s.value.sheet;
  let sheet: Sheet = {
    ...before,
    heading: move.heading,
    movement: { allowance: r.value.allowance.squares, spent: r.value.spent, turnsInRow: 0 }
  };
  // The Mist clock (SPEC A.4.14): entering starts it; leaving ends it.
  if (move.location === 'mist' && before.mist === null) sheet = enterMist(sheet, sys.turn);
  else if (move.location !== 'mist' && before.mist !== null)
    sheet = { ...sheet, location: move.location, mist: null };
  else sheet = { ...sheet, location: move.location };
  const acts = turnActsOf(sys);
  const next = withSheets(
    withSystem(state, withActs(sys, { moved: [...acts.moved, shipId], ram: null, reply: null })),
    { [shipId]: sheet }
  );
  const how =
    r.value.spent === 0
      ? 'stays put'
      : `moves ${move.forward} forward with ${move.turns} turn${move.turns === 1 ? '' : 's'}`;
  const where = `heading ${HEADING_TEXT[move.heading]}, ${LOCATION_TEXT[sheet.location]}`;
  return ok({
    outcome: r.value,
    next,
    summary: `${before.name} ${how} (${r.value.spent} of ${r.value.allowance.squares}; ${r.value.allowance.text.toLowerCase()}): ${where}`
  });
}

// ---------------------------------------------------------------------------------------------
// Engagements (SPEC A.4.5–A.4.8)

export interface EngagementPlan {
  attacker: McShip;
  target: McShip;
  attackDice: number;
  defenceDice: number;
}

/** Who may attack whom, and with how many dice (SPEC A.3.3, A.4.5 step 7, A.4.14 step 2). */
export function planEngagement(
  view: McView,
  attackerId: string,
  targetId: string,
  opts: Pick<McOptions, 'mistShipMayFireOut'>
): Result<EngagementPlan> {
  const a = ship(view, attackerId);
  if (!a.ok) return a;
  const t = ship(view, targetId);
  if (!t.ok) return t;
  if (attackerId === targetId) return err('A ship cannot attack itself.');
  if (!canFire(a.value.sheet, opts)) return err(`${a.value.sheet.name} cannot fire.`);
  if (!canBeTargeted(t.value.sheet))
    return err(`${t.value.sheet.name} cannot be fired upon (sunk or in the Mist).`);
  const variant = view.system.variant;
  return ok({
    attacker: a.value,
    target: t.value,
    attackDice: shipDice(a.value.sheet.prizeDisks, variant),
    defenceDice: shipDice(t.value.sheet.prizeDisks, variant)
  });
}

export interface StrikeResult {
  outcome: EngagementOutcome;
  next: BattleState;
  /** The struck ship's disks before and after (-1 = sunk), for the counter-attack and the log. */
  disksBefore: number;
  disksAfter: number;
  summary: string;
}

function struckText(name: string, disksAfter: number): string {
  if (disksAfter < 0) return `${name} is sunk`;
  return `${name} gives up a Prize Disk (${disksAfter} left)`;
}

/**
 * One attack (or counter-attack, with the roles swapped): the comparison, then a hit costs the
 * struck ship a Prize Disk or, with none left, sinks it (SPEC A.4.7). Engaging a ship clears an
 * earlier repulse from a Homeport (SPEC A.4.12 step 5).
 */
export function strike(
  state: BattleState,
  view: McView,
  input: {
    attackerId: string;
    targetId: string;
    attackDice: number;
    defenceDice: number;
    rules: EngagementRules;
    verb: string;
  },
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<StrikeResult> {
  const a = ship(view, input.attackerId);
  if (!a.ok) return a;
  const t = ship(view, input.targetId);
  if (!t.ok) return t;
  const r = resolveEngagement(
    { rules: input.rules, attackDice: input.attackDice, defenceDice: input.defenceDice },
    attackFaces,
    defenceFaces
  );
  if (!r.ok) return r;
  const outcome = r.value;
  const aName = a.value.sheet.name;
  const tName = t.value.sheet.name;
  const head = `${aName} ${input.verb} ${tName} (${input.attackDice} v ${input.defenceDice}: ${outcome.attack.join(' ')} v ${outcome.defence.join(' ')})`;
  const before = t.value.sheet.prizeDisks;
  const attackerSheet = clearRepulseOnEngagement(a.value.sheet, 'ship');
  if (outcome.result !== 'hit') {
    return ok({
      outcome,
      next: withSheets(state, { [a.value.id]: attackerSheet }),
      disksBefore: before,
      disksAfter: before,
      summary: `${head}: ${outcome.text}`
    });
  }
  const hit = applyHit(t.value.sheet, view.system);
  const after = hit.isSunk ? -1 : hit.sheet.prizeDisks;
  const next = withSheets(withSystem(state, hit.state), {
    [a.value.id]: attackerSheet,
    [t.value.id]: hit.sheet
  });
  return ok({
    outcome,
    next,
    disksBefore: before,
    disksAfter: after,
    summary: `${head}: ${outcome.text} ${struckText(tName, after)}.`
  });
}

// ---------------------------------------------------------------------------------------------
// Initiating an engagement (an attack, a boarding or a raid): the options that limit it.

export interface Declaration {
  attackerId: string;
  /** A ship id, or `homeport:N` for a raid. */
  target: string;
  kind: Engaged['kind'];
  /** Which side fires; needed under `attacksPerShip='onePerSidePerTurn'`. */
  side: Side | null;
}

export type DeclarationOptions = Pick<
  McOptions,
  'attackTiming' | 'attacksPerShip' | 'mistLoseTurnScope' | 'cardsOnRaidsAndBoarding'
>;

function targetName(view: McView, target: string): string {
  if (target.startsWith('homeport:')) return `the ${target.slice('homeport:'.length)} Homeport`;
  return view.ships.find((s) => s.id === target)?.sheet.name ?? target;
}

/**
 * Why this engagement may not be initiated now, or null (SPEC A.4.15 step 2 and the readings of
 * A.5 #3, #22, #23; A.4.10 step 1 for the card drawn first).
 */
export function declarationProblem(
  view: McView,
  d: Declaration,
  opts: DeclarationOptions
): string | null {
  const a = activeShip(view, d.attackerId);
  if (!a.ok) return a.error;
  const sys = view.system;
  const acts = turnActsOf(sys);
  const name = a.value.sheet.name;
  if (acts.endedBy !== null) return turnOverText(acts.endedBy);
  const lost = fleetTurnLostText(view, opts);
  if (lost !== null) return lost;
  if (a.value.sheet.mist?.phase === 'lostTurn')
    return `${name} is losing its turn in the Mist ("A player entering the mist must lose one turn").`;
  if (opts.attackTiming === 'afterAllMovement') {
    const waiting = activeFleet(view).filter(
      (s) => !acts.moved.includes(s.id) && s.sheet.mist?.phase !== 'lostTurn'
    );
    if (waiting.length > 0) {
      return `Attacks come after all movement ("Each turn consists of moving all of the ships in your fleet", errata 12): record the move of ${waiting.map((s) => s.sheet.name).join(' and ')} first (staying put counts).`;
    }
  }
  if (opts.attackTiming === 'afterEachShipMoves' && !acts.moved.includes(d.attackerId))
    return `With attacks after each ship's own move, ${name} attacks after it moves: record its move first (staying put counts).`;
  const mine = acts.engaged.filter((e) => e.shipId === d.attackerId);
  if (opts.attacksPerShip === 'oncePerTargetPerTurn' && mine.some((e) => e.target === d.target))
    return `${name} has already engaged ${targetName(view, d.target)} this turn (one attack per target per turn).`;
  if (opts.attacksPerShip === 'onePerSidePerTurn') {
    if (d.side === null) return `Say which side of ${name} fires (one attack per side per turn).`;
    if (mine.some((e) => e.side === d.side))
      return `${name} has already fired from its ${d.side} side this turn (one attack per side per turn).`;
  }
  if (opts.attacksPerShip === 'oncePerTurn' && mine.length > 0)
    return `${name} has already attacked this turn (one attack per ship per turn).`;
  if (isCardDrawRequired(d.kind, sys.modules, opts)) {
    const owed = acts.engaged.filter((e) => isCardDrawRequired(e.kind, sys.modules, opts)).length;
    if (acts.cardsDrawn <= owed)
      return 'Draw a Master and Commander card first: "Each time you initiate an engagement, you must draw a Master and Commander card first."';
  }
  return null;
}

/** The bookkeeping after an engagement was initiated: it counts, and a repulse may end the turn. */
function afterEngagement(
  system: SystemState,
  d: Declaration,
  isRepelled: boolean,
  opts: Pick<McOptions, 'repelledAttackEndsTurn'>,
  view: McView,
  after: { ram: TurnActs['ram']; reply: TurnActs['reply'] }
): SystemState {
  const acts = turnActsOf(system);
  const attacker = view.ships.find((s) => s.id === d.attackerId);
  const endedBy =
    isRepelled && opts.repelledAttackEndsTurn
      ? `${attacker?.sheet.name ?? 'The ship'}'s ${d.kind === 'raid' ? 'raid' : 'attack'} on ${targetName(view, d.target)} was repelled, and with "a repelled attack ends the turn" ${playerName(view.system, attacker?.playerId ?? '')}'s turn is over.`
      : acts.endedBy;
  return withActs(system, {
    engaged: [
      ...acts.engaged,
      { shipId: d.attackerId, target: d.target, kind: d.kind, side: d.side }
    ],
    endedBy,
    ram: after.ram,
    reply: after.reply ?? null
  });
}

export type AttackOptions = DeclarationOptions &
  Pick<McOptions, 'repelledAttackEndsTurn' | 'mistShipMayFireOut' | 'counterAttackDice'>;

/**
 * An attack by the active player (SPEC A.4.6–A.4.7), checked against the turn's limits and recorded:
 * it counts for `attacksPerShip`, may end the turn (`repelledAttackEndsTurn`), and when the ships are
 * not mutually broadside and ramming is in play, the attacked ship may then try to ram (A.4.13).
 */
export function attack(
  state: BattleState,
  view: McView,
  input: {
    attackerId: string;
    targetId: string;
    side: Side | null;
    isMutualBroadside: boolean;
    rules: EngagementRules;
  },
  opts: AttackOptions,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<StrikeResult> {
  const plan = planEngagement(view, input.attackerId, input.targetId, opts);
  if (!plan.ok) return plan;
  const d: Declaration = {
    attackerId: input.attackerId,
    target: input.targetId,
    kind: 'attack',
    side: input.side
  };
  const problem = declarationProblem(view, d, opts);
  if (problem !== null) return err(problem);
  const r = strike(
    state,
    view,
    {
      attackerId: input.attackerId,
      targetId: input.targetId,
      attackDice: plan.value.attackDice,
      defenceDice: plan.value.defenceDice,
      rules: input.rules,
      verb: 'attacks'
    },
    attackFaces,
    defenceFaces
  );
  return countedStrike(r, (sys, s) => {
    const isAfloat = s.disksAfter >= 0;
    const canRam = view.system.modules.ramming && !input.isMutualBroadside && isAfloat;
    return afterEngagement(sys, d, s.outcome.result === 'repelled', opts, view, {
      ram: canRam
        ? { attackerId: input.attackerId, rammerId: input.targetId, stage: 'attempt' }
        : null,
      reply:
        input.isMutualBroadside && isAfloat
          ? {
              kind: 'counter',
              by: input.targetId,
              against: input.attackerId,
              dice: counterDice(view.system.variant, s.disksBefore, s.disksAfter, opts)
            }
          : null
    });
  });
}

/**
 * A strike that counts, with the turn's record (`acts`) updated from it. A Beginner tie rolled again
 * (`beginnerTies='reroll'`) counts for nothing: the same engagement goes on, the record unchanged.
 */
function countedStrike(
  r: Result<StrikeResult>,
  acts: (system: SystemState, strike: StrikeResult) => SystemState
): Result<StrikeResult> {
  if (!r.ok || r.value.outcome.result === 'reroll') return r;
  const sys = systemOf(r.value.next);
  if (!sys.ok) return sys;
  return ok({ ...r.value, next: withSystem(r.value.next, acts(sys.value, r.value)) });
}

/** Dice for the counter-attack by the ship just attacked (SPEC A.4.8 step 2, errata 6). */
export function counterDice(
  variant: SystemState['variant'],
  disksBefore: number,
  disksAfter: number,
  opts: Pick<McOptions, 'counterAttackDice'>
): number {
  return counterAttackDice(disksBefore, Math.max(0, disksAfter), variant, opts);
}

// ---------------------------------------------------------------------------------------------
// Boarding (SPEC A.4.11): a capture moves the ship to the captor's fleet.

export function board(
  state: BattleState,
  view: McView,
  input: {
    attackerId: string;
    targetId: string;
    side: Side | null;
    /** The referee: adjacent, broadside to broadside or broadside to bow (SPEC A.3.6 #3, #4). */
    isBoardingPosition: boolean;
    /** Broadside to broadside: a failed boarding lets the defender fire back (SPEC A.4.11 step 5). */
    isMutualBroadside: boolean;
  },
  opts: AttackOptions,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<{ outcome: BoardingOutcome; next: BattleState; summary: string }> {
  const { attackerId, targetId } = input;
  if (!view.system.modules.boarding)
    return err('Boarding is an Advanced module this battle does not use.');
  const plan = planEngagement(view, attackerId, targetId, opts);
  if (!plan.ok) return plan;
  const { attacker, target } = plan.value;
  const failed = boardingProblems({
    attackerDisks: attacker.sheet.prizeDisks,
    defenderDisks: target.sheet.prizeDisks,
    isAdjacent: input.isBoardingPosition,
    isBroadsideToBroadsideOrBow: input.isBoardingPosition
  });
  if (failed.length > 0)
    return err(
      failed.map((id) => BOARDING_CONDITIONS.find((c) => c.id === id)?.text ?? id).join(' ')
    );
  const d: Declaration = { attackerId, target: targetId, kind: 'boarding', side: input.side };
  const problem = declarationProblem(view, d, opts);
  if (problem !== null) return err(problem);
  // "If boarding is unsuccessful, game play continues": a failed boarding never ends the turn.
  const r = resolveBoarding(target.sheet.prizeDisks, attackFaces, defenceFaces);
  if (!r.ok) return r;
  const counted = afterEngagement(view.system, d, false, opts, view, {
    ram: null,
    reply:
      !r.value.isSuccess && input.isMutualBroadside
        ? {
            kind: 'counter',
            by: targetId,
            against: attackerId,
            dice: shipDice(target.sheet.prizeDisks, view.system.variant)
          }
        : null
  });
  state = withSystem(state, counted);
  const head = `${attacker.sheet.name} boards ${target.sheet.name} (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  if (!r.value.isSuccess)
    return ok({ outcome: r.value, next: state, summary: `${head}: ${r.value.text}` });
  const captor = view.system.players.find((p) => p.id === attacker.playerId);
  const sheet = applyBoarding(target.sheet, target.playerId, captor?.homeport ?? null);
  const prev = state.ships[targetId];
  const next: BattleState = {
    ...state,
    ships: {
      ...state.ships,
      [targetId]: { ...prev, player: attacker.playerId, side: attacker.side, sheet: toJson(sheet) }
    }
  };
  return ok({
    outcome: r.value,
    next,
    summary: `${head}: ${r.value.text} ${playerName(view.system, attacker.playerId)} takes command.`
  });
}

// ---------------------------------------------------------------------------------------------
// Repair (SPEC A.4.9): the cards come from the pile at the ship's Homeport.

export function repairCheck(
  view: McView,
  shipId: string,
  opts: Pick<McOptions, 'repairLimitPerTurn'>
): Result<{ outcome: RepairOutcome; pileAt: Compass; ship: McShip }> {
  const s = activeShip(view, shipId);
  if (!s.ok) return s;
  const endedBy = turnActsOf(view.system).endedBy;
  if (endedBy !== null) return err(turnOverText(endedBy));
  const sheet = s.value.sheet;
  const pileAt = sheet.homeport;
  if (pileAt === null) return err('The ship has no Homeport, so no Repair Cards.');
  const place = sheet.location === 'anchor' ? 'anchor' : 'homeport';
  const r = resolveRepair(
    {
      variant: view.system.variant,
      sheet,
      place,
      repairCards: view.system.homeports[pileAt].repairCards,
      discardedPrizeDisks: view.system.discardedPrizeDisks
    },
    opts
  );
  return r.ok ? ok({ outcome: r.value, pileAt, ship: s.value }) : r;
}

export function repair(
  state: BattleState,
  view: McView,
  shipId: string,
  opts: Pick<McOptions, 'repairLimitPerTurn'>
): Result<{ next: BattleState; summary: string }> {
  const c = repairCheck(view, shipId, opts);
  if (!c.ok) return c;
  const { sheet, state: system } = applyRepair(
    c.value.ship.sheet,
    view.system,
    c.value.outcome,
    c.value.pileAt
  );
  const left = system.homeports[c.value.pileAt].repairCards;
  return ok({
    next: withSheets(withSystem(state, withActs(system, { ram: null, reply: null })), {
      [shipId]: sheet
    }),
    summary: `${sheet.name} repairs at ${c.value.ship.sheet.location === 'anchor' ? 'an anchor' : `the ${c.value.pileAt} Homeport`}: ${c.value.outcome.cost} Repair Card${c.value.outcome.cost === 1 ? '' : 's'} for a Prize Disk (${sheet.prizeDisks} disks; ${left} cards left)`
  });
}

// ---------------------------------------------------------------------------------------------
// End of turn (SPEC A.4.15 step 4)

/**
 * Eliminations, the turn passes to the left (the sand checked at `now`), the next captain's ships
 * begin their turn; the battle's turn counter follows the system's and the phases start again.
 */
export function endTurn(state: BattleState, view: McView, now: number): BattleState {
  const r = advanceTurn(
    view.system,
    view.ships.map((s) => ({ id: s.id, playerId: s.playerId, sheet: s.sheet })),
    now
  );
  return { ...withSheets(withSystem(state, r.state), r.sheets), turn: r.state.turn, phase: 0 };
}

// ---------------------------------------------------------------------------------------------
// What the panel's pieces share

/** Records one action computed from `base` (the state on screen); refused if the log moved on. */
export type Commit = (
  base: BattleState,
  input: { kind: string; summary: string; next: BattleState; roll?: RollRecord }
) => Promise<BattleEvent | null>;

/** What the battle panel hands each phase panel; `base` is the state its actions start from. */
export interface PhaseProps {
  view: McView;
  opts: McOptions;
  commit: Commit;
  base: BattleState;
}

/** A value as the log stores it (outcomes are plain data; this drops nothing but `undefined`). */
export function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json;
}

/** Odds as the log stores them: exact fractions as strings ("3805/7776"). */
export function oddsJson(list: readonly { label: string; p: Rational }[]): Json {
  return list.map((o) => ({ label: o.label, p: formatFraction(o.p) }));
}

// ---------------------------------------------------------------------------------------------
// Raids on Homeports (SPEC A.4.12)

export function raid(
  state: BattleState,
  view: McView,
  input: {
    shipId: string;
    target: Compass;
    rules: EngagementRules;
    side: Side | null;
    /** The referee: the ship is broadside to the Homeport, and how many squares away it lies. */
    isBroadside: boolean;
    distance: number;
  },
  opts: AttackOptions & Pick<McOptions, 'raidRange'>,
  attackFaces: readonly number[],
  homeportFaces: readonly number[]
): Result<{ outcome: EngagementOutcome; next: BattleState; summary: string }> {
  if (!view.system.modules.raids)
    return err('Raids are an Advanced module this battle does not use.');
  const s = activeShip(view, input.shipId);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  const raiderHomeport =
    view.system.players.find((p) => p.id === s.value.playerId)?.homeport ?? null;
  // Raid range (SPEC A.4.12 step 1, A.5 #17): as ships, 1–2 squares, or adjacent only.
  const range = opts.raidRange === 'adjacentOnly' ? [1] : ENGAGEMENT_RANGE.standard;
  const isInRange = input.isBroadside && range.includes(input.distance);
  const problems = raidProblems({
    raider: sheet,
    raiderHomeport,
    target: input.target,
    targetOwnerId: view.system.homeports[input.target].ownerId,
    raiderOwnerId: s.value.playerId,
    isBroadsideInRange: isInRange
  });
  if (problems.length > 0) {
    const why = !input.isBroadside
      ? 'An attacking ship must be broadside to an enemy Homeport.'
      : !isInRange
        ? opts.raidRange === 'adjacentOnly'
          ? 'Raid range is adjacent only: the ship must lie in the square next to the Homeport.'
          : 'Raid range is as for ships: an adjacent square or one square away.'
        : '';
    return err(
      problems
        .filter((p) => !p.startsWith('The ship must be broadside'))
        .concat(why ? [why] : [])
        .join(' ')
    );
  }
  const d: Declaration = {
    attackerId: input.shipId,
    target: `homeport:${input.target}`,
    kind: 'raid',
    side: input.side
  };
  const problem = declarationProblem(view, d, opts);
  if (problem !== null) return err(problem);
  const r = resolveRaid(sheet.prizeDisks, input.rules, attackFaces, homeportFaces);
  if (!r.ok) return r;
  // "A Homeport may counter attack a ship": once, right after this raid attack (A.5 #18).
  const counted = afterEngagement(view.system, d, r.value.result !== 'hit', opts, view, {
    ram: null,
    reply: {
      kind: 'homeportCounter',
      by: `homeport:${input.target}`,
      against: input.shipId,
      dice: HOMEPORT_DICE
    }
  });
  const head = `${sheet.name} raids the ${input.target} Homeport (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  // Engaging another Homeport clears an earlier repulse (step 5).
  const raider = clearRepulseOnEngagement(sheet, { homeport: input.target });
  if (r.value.result !== 'hit') {
    return ok({
      outcome: r.value,
      next: withSheets(withSystem(state, counted), { [s.value.id]: raider }),
      summary: `${head}: ${r.value.text}`
    });
  }
  const taken = applyRaidHit(counted, input.target, raiderHomeport);
  const spoils =
    taken.cardsTaken === 0
      ? 'The Homeport has no Repair Card left to lose.'
      : `A Repair Card goes to the ${raiderHomeport ?? '?'} Homeport.`;
  return ok({
    outcome: r.value,
    next: withSheets(withSystem(state, taken.state), { [s.value.id]: raider }),
    summary: `${head}: ${r.value.text} ${spoils}`
  });
}

const NO_REPLY = 'No counter-attack is due now: it follows at once the engagement that allows it.';

/**
 * The counter-attack the last engagement allows (SPEC A.4.8): the attacked ship fires back with the
 * dice fixed when the attack resolved. A Beginner tie rolled again keeps it due.
 */
export function counterAttack(
  state: BattleState,
  view: McView,
  rules: EngagementRules,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<StrikeResult> {
  const reply = turnActsOf(view.system).reply ?? null;
  if (reply === null || reply.kind !== 'counter') return err(NO_REPLY);
  const against = ship(view, reply.against);
  if (!against.ok) return against;
  const r = strike(
    state,
    view,
    {
      attackerId: reply.by,
      targetId: reply.against,
      attackDice: reply.dice,
      defenceDice: shipDice(against.value.sheet.prizeDisks, view.system.variant),
      rules,
      verb: 'counter-attacks'
    },
    attackFaces,
    defenceFaces
  );
  return countedStrike(r, (sys) => withActs(sys, { reply: null }));
}

/** The counter-attacker lets it go. */
export function declineReply(
  state: BattleState,
  view: McView
): Result<{ next: BattleState; summary: string }> {
  const reply = turnActsOf(view.system).reply ?? null;
  if (reply === null) return err(NO_REPLY);
  const by = reply.by.startsWith('homeport:')
    ? `The ${reply.by.slice('homeport:'.length)} Homeport`
    : (view.ships.find((s) => s.id === reply.by)?.sheet.name ?? reply.by);
  return ok({
    next: withSystem(state, withActs(view.system, { reply: null })),
    summary: `${by} does not counter-attack`
  });
}

/**
 * "A Homeport may counter attack a ship" (SPEC A.4.12 step 4), once, right after the raid: on success
 * the raider is repelled, no disk lost.
 */
export function homeportCounter(
  state: BattleState,
  view: McView,
  rules: EngagementRules,
  homeportFaces: readonly number[],
  shipFaces: readonly number[]
): Result<{ outcome: EngagementOutcome; next: BattleState; summary: string }> {
  const reply = turnActsOf(view.system).reply ?? null;
  if (reply === null || reply.kind !== 'homeportCounter') return err(NO_REPLY);
  const homeport = COMPASS.find((c) => `homeport:${c}` === reply.by);
  if (homeport === undefined) return err(NO_REPLY);
  const s = ship(view, reply.against);
  if (!s.ok) return s;
  const r = resolveHomeportCounter(s.value.sheet.prizeDisks, rules, homeportFaces, shipFaces);
  if (!r.ok) return r;
  const head = `The ${homeport} Homeport counter-attacks ${s.value.sheet.name} (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  const done = withSystem(state, withActs(view.system, { reply: null }));
  if (r.value.result !== 'hit')
    return ok({ outcome: r.value, next: done, summary: `${head}: ${r.value.text}` });
  return ok({
    outcome: r.value,
    next: withSheets(done, { [s.value.id]: applyRepelled(s.value.sheet, homeport) }),
    summary: `${head}: ${r.value.text} ${s.value.sheet.name} is repelled and must leave the Homeport.`
  });
}

// ---------------------------------------------------------------------------------------------
// Ramming (SPEC A.4.13): the rammed ship's captain rolls; the damage falls on the attacker.

const NO_RAM =
  'No ram is possible now: a ram follows an attack by a ship that "has pulled broadside immediately in front of another ship\'s bow", once.';

/** The rammed-at captain's attempt (SPEC A.4.13 steps 1–3): one roll after the attack; a six rams. */
export function ramAttempt(
  state: BattleState,
  view: McView,
  face: number
): Result<{ next: BattleState; summary: string; isRam: boolean }> {
  const ram = turnActsOf(view.system).ram;
  if (!view.system.modules.ramming)
    return err('Ramming is an Advanced module this battle does not use.');
  if (ram === null || ram.stage !== 'attempt') return err(NO_RAM);
  const r = resolveRamAttempt(face);
  if (!r.ok) return r;
  const rammer = ship(view, ram.rammerId);
  const target = ship(view, ram.attackerId);
  if (!rammer.ok) return rammer;
  if (!target.ok) return target;
  const next = withSystem(
    state,
    withActs(view.system, { ram: r.value.isRam ? { ...ram, stage: 'damage' } : null })
  );
  return ok({
    next,
    isRam: r.value.isRam,
    summary: `${rammer.value.sheet.name} tries to ram ${target.value.sheet.name}: ${r.value.text}`
  });
}

/** The rammed-at captain lets the chance go. */
export function declineRam(
  state: BattleState,
  view: McView
): Result<{ next: BattleState; summary: string }> {
  const ram = turnActsOf(view.system).ram;
  if (ram === null) return err(NO_RAM);
  const rammer = view.ships.find((s) => s.id === ram.rammerId)?.sheet.name ?? 'The defender';
  return ok({
    next: withSystem(state, withActs(view.system, { ram: null })),
    summary: `${rammer} does not ram`
  });
}

/** Ram damage (SPEC A.4.13 steps 4–5), only after a six: the attacker loses disks, each a hit. */
export function ramDamage(
  state: BattleState,
  view: McView,
  face: number
): Result<{ next: BattleState; summary: string; disksLost: number }> {
  const ram = turnActsOf(view.system).ram;
  if (ram === null || ram.stage !== 'damage')
    return err('Roll for ram damage only after a six on the ram attempt.');
  const s = ship(view, ram.attackerId);
  if (!s.ok) return s;
  const r = resolveRamDamage(face);
  if (!r.ok) return r;
  const hit = applyRamDamage(s.value.sheet, view.system, r.value.disksLost);
  const name = s.value.sheet.name;
  const end =
    r.value.disksLost === 0
      ? `no damage to ${name}`
      : hit.isSunk
        ? `${name} is sunk`
        : `${name} loses ${r.value.disksLost} Prize Disk${r.value.disksLost === 1 ? '' : 's'} (${hit.sheet.prizeDisks} left)`;
  return ok({
    next: withSheets(withSystem(state, withActs(hit.state, { ram: null })), {
      [ram.attackerId]: hit.sheet
    }),
    summary: `Ram damage ${face}: ${end}`,
    disksLost: r.value.disksLost
  });
}

// ---------------------------------------------------------------------------------------------
// Beginner movement: "roll the die and move your ship the number of squares that you rolled".

export function movementRoll(
  state: BattleState,
  view: McView,
  shipId: string,
  face: number,
  opts: Pick<McOptions, 'attackTiming' | 'mistLoseTurnScope'>
): Result<BattleState> {
  if (view.system.variant !== 'beginner')
    return err(
      'Only the Beginner game rolls a die for each ship; in a storm the player rolls once.'
    );
  const problem = moveProblem(view, shipId, opts);
  if (problem !== null) return err(problem);
  const s = ship(view, shipId);
  if (!s.ok) return s;
  const rolled = s.value.sheet.movement.allowance;
  if (rolled !== null) return err(`${s.value.sheet.name} has already rolled ${rolled} this turn.`);
  if (!Number.isInteger(face) || face < 1 || face > 6) return err(`${face} is not a face of a d6.`);
  return ok(withSheets(state, { [shipId]: applyAllowance(s.value.sheet, face) }));
}

// ---------------------------------------------------------------------------------------------
// Master and Commander cards (SPEC A.4.10): each draw counts toward the engagements it pays for.

export function cardsUpdate(
  state: BattleState,
  view: McView,
  cards: CardsState,
  /** The ship that drew (the attacker chosen in the panel) and what it engages. */
  drawing?: { shipId: string; target: string | null; side: Side | null }
): { next: BattleState; isDraw: boolean; effectText: string | null } {
  const sys = view.system;
  const drawn = Math.max(0, cards.drawCount - sys.cards.drawCount);
  const acts = turnActsOf(sys);
  let system: SystemState = {
    ...withActs(sys, { cardsDrawn: acts.cardsDrawn + drawn }),
    cards
  };
  let sheets: Record<string, Sheet> = {};
  let effectText: string | null = null;
  // A user-entered card with a structured effect is applied, not left to the table (SPEC A.6).
  const card = usedCard(sys.cards, cards);
  const s = drawing ? view.ships.find((x) => x.id === drawing.shipId) : undefined;
  if (card !== null && card.effect !== undefined && card.effect !== 'manual' && s && drawing) {
    const homeport = sys.players.find((p) => p.id === s.playerId)?.homeport ?? null;
    const out = applyCardEffect(card.effect, s.sheet, system, homeport);
    system = out.state;
    sheets = { [s.id]: out.sheet };
    effectText = out.text;
    if (out.isAttackLost) {
      const a = turnActsOf(system);
      system = withActs(system, {
        engaged: [
          ...a.engaged,
          { shipId: s.id, target: drawing.target ?? 'card', kind: 'attack', side: drawing.side }
        ]
      });
    }
  }
  return { next: withSheets(withSystem(state, system), sheets), isDraw: drawn > 0, effectText };
}
