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
  exitMist,
  resolveBoarding,
  resolveEngagement,
  resolveFirstPlayer,
  resolveRepair,
  resolveWind,
  shipDice,
  turnHourglass,
  windFaceFromPip,
  type BoardingOutcome,
  type EngagementOutcome,
  type EngagementRules,
  type FirstPlayerOutcome,
  type RepairOutcome,
  type WindOutcome
} from '$lib/rules/master-and-commander/resolve';
import {
  defaultSystemState,
  setupShips,
  sheetSchema,
  systemStateSchema,
  type Modules,
  type SetupPlayer,
  type Sheet,
  type SystemState
} from '$lib/rules/master-and-commander/sheet';
import type { Compass } from '$lib/rules/master-and-commander/tables';

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
// Movement bookkeeping: the map is on the table, the app keeps heading and where the ship lies.

export function setPosition(
  state: BattleState,
  view: McView,
  shipId: string,
  change: { heading?: Compass; location?: Sheet['location'] }
): Result<BattleState> {
  const s = ship(view, shipId);
  if (!s.ok) return s;
  let sheet: Sheet = { ...s.value.sheet, heading: change.heading ?? s.value.sheet.heading };
  const to = change.location;
  if (to !== undefined && to !== sheet.location) {
    // The Mist clock (SPEC A.4.14): entering starts it; leaving is allowed only after the lost turn.
    if (to === 'mist') sheet = enterMist(sheet, view.system.turn);
    else if (sheet.mist !== null) {
      const out = exitMist(sheet);
      if (!out.ok) return out;
      sheet = { ...out.value, location: to };
    } else sheet = { ...sheet, location: to };
  }
  return ok(withSheets(state, { [shipId]: sheet }));
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
  attackerId: string,
  targetId: string,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<{ outcome: BoardingOutcome; next: BattleState; summary: string }> {
  const a = ship(view, attackerId);
  if (!a.ok) return a;
  const t = ship(view, targetId);
  if (!t.ok) return t;
  const r = resolveBoarding(t.value.sheet.prizeDisks, attackFaces, defenceFaces);
  if (!r.ok) return r;
  const head = `${a.value.sheet.name} boards ${t.value.sheet.name} (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  if (!r.value.isSuccess)
    return ok({ outcome: r.value, next: state, summary: `${head}: ${r.value.text}` });
  const captor = view.system.players.find((p) => p.id === a.value.playerId);
  const sheet = applyBoarding(t.value.sheet, t.value.playerId, captor?.homeport ?? null);
  const prev = state.ships[targetId];
  const next: BattleState = {
    ...state,
    ships: {
      ...state.ships,
      [targetId]: { ...prev, player: a.value.playerId, side: a.value.side, sheet: toJson(sheet) }
    }
  };
  return ok({
    outcome: r.value,
    next,
    summary: `${head}: ${r.value.text} ${playerName(view.system, a.value.playerId)} takes command.`
  });
}

// ---------------------------------------------------------------------------------------------
// Repair (SPEC A.4.9): the cards come from the pile at the ship's Homeport.

export function repairCheck(
  view: McView,
  shipId: string,
  opts: Pick<McOptions, 'repairLimitPerTurn'>
): Result<{ outcome: RepairOutcome; pileAt: Compass; ship: McShip }> {
  const s = ship(view, shipId);
  if (!s.ok) return s;
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
    next: withSheets(withSystem(state, system), { [shipId]: sheet }),
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
  input: { shipId: string; target: Compass; rules: EngagementRules },
  attackFaces: readonly number[],
  homeportFaces: readonly number[]
): Result<{ outcome: EngagementOutcome; next: BattleState; summary: string }> {
  const s = ship(view, input.shipId);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  const raiderHomeport =
    view.system.players.find((p) => p.id === s.value.playerId)?.homeport ?? null;
  const problems = raidProblems({
    raider: sheet,
    raiderHomeport,
    target: input.target,
    targetOwnerId: view.system.homeports[input.target].ownerId,
    raiderOwnerId: s.value.playerId,
    isBroadsideInRange: true
  });
  if (problems.length > 0) return err(problems.join(' '));
  const r = resolveRaid(sheet.prizeDisks, input.rules, attackFaces, homeportFaces);
  if (!r.ok) return r;
  const head = `${sheet.name} raids the ${input.target} Homeport (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  // Engaging another Homeport clears an earlier repulse (step 5).
  const raider = clearRepulseOnEngagement(sheet, { homeport: input.target });
  if (r.value.result !== 'hit') {
    return ok({
      outcome: r.value,
      next: withSheets(state, { [s.value.id]: raider }),
      summary: `${head}: ${r.value.text}`
    });
  }
  const taken = applyRaidHit(view.system, input.target, raiderHomeport);
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

/** "A Homeport may counter attack a ship": on success the raider is repelled, no disk lost. */
export function homeportCounter(
  state: BattleState,
  view: McView,
  input: { shipId: string; homeport: Compass; rules: EngagementRules },
  homeportFaces: readonly number[],
  shipFaces: readonly number[]
): Result<{ outcome: EngagementOutcome; next: BattleState; summary: string }> {
  const s = ship(view, input.shipId);
  if (!s.ok) return s;
  const r = resolveHomeportCounter(s.value.sheet.prizeDisks, input.rules, homeportFaces, shipFaces);
  if (!r.ok) return r;
  const head = `The ${input.homeport} Homeport counter-attacks ${s.value.sheet.name} (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  if (r.value.result !== 'hit')
    return ok({ outcome: r.value, next: state, summary: `${head}: ${r.value.text}` });
  return ok({
    outcome: r.value,
    next: withSheets(state, { [s.value.id]: applyRepelled(s.value.sheet, input.homeport) }),
    summary: `${head}: ${r.value.text} ${s.value.sheet.name} is repelled and must leave the Homeport.`
  });
}

// ---------------------------------------------------------------------------------------------
// Ramming (SPEC A.4.13): the rammed ship's captain rolls; the damage falls on the attacker.

export function ramDamage(
  state: BattleState,
  view: McView,
  attackerId: string,
  face: number
): Result<{ next: BattleState; summary: string; disksLost: number }> {
  const s = ship(view, attackerId);
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
    next: withSheets(withSystem(state, hit.state), { [attackerId]: hit.sheet }),
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
  face: number
): Result<BattleState> {
  const s = ship(view, shipId);
  if (!s.ok) return s;
  if (!Number.isInteger(face) || face < 1 || face > 6) return err(`${face} is not a face of a d6.`);
  return ok(withSheets(state, { [shipId]: applyAllowance(s.value.sheet, face) }));
}
