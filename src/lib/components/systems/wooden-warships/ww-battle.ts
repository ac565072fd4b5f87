import { createAction } from '$lib/battle/actions';
import type { BattleShip, BattleState, EventDraft, Json } from '$lib/battle/events';
import type { DiceRoll } from '$lib/rules/core/dice';
import { formatFraction, type Rational } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import { fireOdds, ramDamageDist } from '$lib/rules/wooden-warships/odds-gunnery';
import { atLeast, mean, type Dist } from '$lib/rules/core/dist';
import type { WwOptions } from '$lib/rules/wooden-warships/options';
import {
  applyBoardingRound,
  applyCapture,
  applyLoot,
  boardingRoundsLeft,
  checkBoarding,
  loseBoardingParty,
  resolveBoardingRound,
  resolveBoardingRounds,
  startBoarding,
  withdrawBoarding,
  type BoardingCheck,
  type BoardingCheckInput,
  type BoardingRoundOutcome,
  type LootChoice
} from '$lib/rules/wooden-warships/resolve-boarding';
import {
  applyFire,
  describePieces,
  exposedSideApplies,
  firerModifiers,
  planFire,
  resolveFire,
  type FirePlan
} from '$lib/rules/wooden-warships/resolve-gunnery';
import {
  applyIslandCollision,
  applyUpgrade,
  assignCards,
  effectiveSpeeds,
  purchaseShip,
  reload,
  resolveIslandCollision,
  resolveMovement,
  setSail,
  startTurn,
  victor
} from '$lib/rules/wooden-warships/resolve-turn';
import {
  defaultSystemState,
  sheetSchema,
  systemStateSchema,
  type LootCard,
  type RamDice,
  type Sheet,
  type ShipChart,
  type SystemState,
  type UpgradeCard
} from '$lib/rules/wooden-warships/sheet';
import {
  BATTERY_NAMES,
  BOARDING_DIE,
  EXPOSED_SIDE_MODIFIER,
  SAIL_SETTING_TEXT,
  STARTING_FUNDS,
  WIND_SECTOR_TEXT,
  type Ammo,
  type Battery,
  type CrewSkill,
  type FireMode,
  type SailSetting,
  type TargetArea,
  type WindSector
} from '$lib/rules/wooden-warships/tables';
import { pounds } from './ww-ui';

// Wooden Warships on the battle page: each procedure of SPEC B.4 as one battle-log event built from
// the engine's pure functions (plan → resolve → apply). Nothing here rolls dice or reads the clock.

const toJson = (x: unknown): Json => x as Json;

/** The ship's log, or null when the stored sheet is not a Wooden Warships sheet. */
export function sheetOf(ship: BattleShip | undefined): Sheet | null {
  if (!ship) return null;
  const r = sheetSchema.safeParse(ship.sheet);
  return r.success ? r.data : null;
}

/**
 * The battle's Wooden Warships ships in table order, each with her log; with `isActiveOnly`, only
 * those still in the fight (neither sunk nor captured), the ones a phase panel acts for.
 */
export function battleShips(
  state: BattleState,
  isActiveOnly = false
): { id: string; ship: BattleShip; sheet: Sheet }[] {
  return Object.values(state.ships)
    .sort((a, b) => a.order - b.order)
    .flatMap((ship) => {
      const sheet = sheetOf(ship);
      if (!sheet || (isActiveOnly && sheet.status !== 'active')) return [];
      return [{ id: ship.id, ship, sheet }];
    });
}

/** The battle's system state (funds, charts, cards); a battle made before it existed starts empty. */
export function systemOf(state: BattleState): SystemState {
  const r = systemStateSchema.safeParse(state.system);
  return r.success ? r.data : defaultSystemState();
}

/** A new battle state with some sheets (and optionally the system state) replaced. */
export function withSheets(
  state: BattleState,
  sheets: Record<string, Sheet>,
  system?: SystemState
): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) {
    const ship = ships[id];
    if (ship) ships[id] = { ...ship, sheet: toJson(sheet) };
  }
  return system ? { ...state, ships, system: toJson(system) } : { ...state, ships };
}

interface ShipAndSheet {
  ship: BattleShip;
  sheet: Sheet;
}

function shipAndSheet(state: BattleState, id: string): Result<ShipAndSheet> {
  const ship = state.ships[id];
  const sheet = sheetOf(ship);
  if (!ship || !sheet) return err('That ship is not a Wooden Warships ship of this battle.');
  return ok({ ship, sheet });
}

/** The two ships an action involves: firer and target, boarder and boarded, captor and prize. */
function shipPair(
  state: BattleState,
  firstId: string,
  secondId: string
): Result<[ShipAndSheet, ShipAndSheet]> {
  const first = shipAndSheet(state, firstId);
  if (!first.ok) return first;
  const second = shipAndSheet(state, secondId);
  if (!second.ok) return second;
  return ok([first.value, second.value]);
}

/** The common event of the builders below: some ship logs (and the system state) replaced. */
function sheetsAction(
  state: BattleState,
  kind: string,
  summary: string,
  sheets: Record<string, Sheet>,
  system?: SystemState
): Result<EventDraft> {
  return ok(createAction(state, { kind, summary, next: withSheets(state, sheets, system) }));
}

/** "Each player will start with £7,000" (SPEC B.4.1): a player joins the fleet purchase. */
export function addPlayerAction(state: BattleState, name: string): Result<EventDraft> {
  const player = name.trim();
  if (!player) return err('Name the player.');
  const system = systemOf(state);
  if (system.players[player]) return err(`${player} is already playing.`);
  const next: SystemState = {
    ...system,
    players: { ...system.players, [player]: { funds: STARTING_FUNDS, captain: null } }
  };
  return ok(
    createAction(state, {
      kind: 'ww.player',
      summary: `${player} joins with ${pounds(STARTING_FUNDS)}`,
      next: { ...state, system: toJson(next) }
    })
  );
}

/** The user's card lists (captain, loot, upgrade cards: user data, SPEC B.6). */
export function cardsAction(
  state: BattleState,
  lists: Pick<SystemState, 'captainCards' | 'lootCards' | 'upgradeCards'>
): EventDraft {
  const system = systemOf(state);
  const next = { ...system, ...lists };
  return createAction(state, {
    kind: 'ww.cards',
    summary: `Cards: ${lists.captainCards.length} captain, ${lists.lootCards.length} loot, ${lists.upgradeCards.length} upgrade`,
    next: { ...state, system: toJson(next) }
  });
}

/** "Choose 1 of the 6 captain cards" (B.4.1): the card's % modifiers apply to the player's attacks. */
export function captainAction(
  state: BattleState,
  player: string,
  cardId: string | null
): Result<EventDraft> {
  const system = systemOf(state);
  const p = system.players[player];
  if (!p) return err(`Add ${player} first.`);
  const captain = cardId === null ? null : system.captainCards.find((c) => c.id === cardId);
  if (captain === undefined) return err('That captain card is not in the list.');
  return ok(
    createAction(state, {
      kind: 'ww.captain',
      summary: captain
        ? `${player} chooses ${captain.name} as captain`
        : `${player} has no captain card`,
      next: {
        ...state,
        system: toJson({ ...system, players: { ...system.players, [player]: { ...p, captain } } })
      }
    })
  );
}

/** B.4.1 step 4–6: buys a ship; the ship joins the battle and the funds drop in the same event. */
export function purchaseAction(
  state: BattleState,
  input: {
    id: string;
    player: string;
    name: string;
    chart: ShipChart;
    crewSkill: CrewSkill;
    lootCard?: LootCard | null;
    /** "draw … as many upgrade cards as your ship's hold rating" (B.4.1 step 6). */
    upgradeCards?: UpgradeCard[];
  }
): Result<EventDraft> {
  const system = systemOf(state);
  if (!system.players[input.player]) return err(`Add ${input.player || 'the player'} first.`);
  const name = input.name.trim();
  if (!name) return err('Name the ship.');
  if (state.ships[input.id]) return err('That ship is already in the battle.');
  const drawn = (input.upgradeCards ?? []).map((c) => c.id);
  if (new Set(drawn).size !== drawn.length) return err('Draw each upgrade card once.');
  const r = purchaseShip(system, { ...input, name });
  if (!r.ok) return r;
  const ship: BattleShip = {
    id: input.id,
    side: input.player,
    player: input.player,
    sheet: toJson(r.value.sheet),
    order: Object.keys(state.ships).length
  };
  const funds = r.value.state.players[input.player]?.funds ?? 0;
  const hold = input.upgradeCards?.length
    ? `; hold: ${input.upgradeCards.map((c) => c.name).join(', ')}`
    : '';
  return ok(
    createAction(state, {
      kind: 'ww.purchase',
      summary: `${input.player} buys ${name} (${input.chart.name}, ${input.crewSkill}) for ${pounds(r.value.cost)}: ${pounds(funds)} left${hold}`,
      next: {
        ...state,
        ships: { ...state.ships, [input.id]: ship },
        system: toJson(r.value.state)
      }
    })
  );
}

/** Maintenance Part 2 (B.4.9): "Load the Prime! Announce the shot you are loading". */
export function reloadAction(
  state: BattleState,
  shipId: string,
  loads: Partial<Record<Battery, Ammo>>,
  options: WwOptions
): Result<EventDraft> {
  const s = shipAndSheet(state, shipId);
  if (!s.ok) return s;
  const entries = Object.entries(loads).filter(([, a]) => a) as [Battery, Ammo][];
  if (entries.length === 0) return err('Choose the shot for at least one battery.');
  const r = reload(s.value.sheet, loads, options);
  if (!r.ok) return r;
  return sheetsAction(
    state,
    'ww.reload',
    `${s.value.sheet.name} loads ${entries.map(([b, a]) => `${BATTERY_NAMES[b]}: ${a}`).join(', ')}`,
    { [shipId]: r.value }
  );
}

/** Maintenance Part 1 (B.4.4): "You need to set your speed" for the next turn. */
export function setSailAction(
  state: BattleState,
  shipId: string,
  setting: SailSetting
): Result<EventDraft> {
  const s = shipAndSheet(state, shipId);
  if (!s.ok) return s;
  const r = setSail(s.value.sheet, setting);
  if (!r.ok) return r;
  const anchor = r.value.isRaisingAnchor ? ' (raising the anchor takes a turn)' : '';
  return sheetsAction(
    state,
    'ww.setSail',
    `${s.value.sheet.name} sets ${SAIL_SETTING_TEXT[setting].name} for next turn${anchor}`,
    { [shipId]: r.value }
  );
}

/** Step 1 Movement (B.4.3): the sail setting, the anchor and the wind sector decide the speed. */
export function moveAction(
  state: BattleState,
  shipId: string,
  wind: WindSector
): Result<EventDraft> {
  const s = shipAndSheet(state, shipId);
  if (!s.ok) return s;
  const r = resolveMovement(s.value.sheet, wind);
  if (!r.ok) return r;
  const how = r.value.movesAt
    ? `moves at ${SAIL_SETTING_TEXT[r.value.movesAt].name}, speed ${r.value.speed}`
    : 'does not move';
  return sheetsAction(
    state,
    'ww.move',
    `${s.value.sheet.name} (${WIND_SECTOR_TEXT[wind]}) ${how}: ${r.value.reason}`,
    { [shipId]: r.value.sheet }
  );
}

export interface FireSetup {
  firerId: string;
  targetId: string;
  mode: FireMode;
  batteries: Battery[];
  distanceInches: number;
  area: TargetArea;
  /** Fired on from the boarding ship's exposed side (asked only when it can apply). */
  isExposedSide: boolean;
  hasLineOfSight: boolean;
}

/** Whether the target is a ship being boarded by another ship of the battle. */
function boardersOf(
  state: BattleState,
  targetId: string
): { id: string; sheet: Sheet; player: string }[] {
  const out: { id: string; sheet: Sheet; player: string }[] = [];
  for (const ship of Object.values(state.ships)) {
    const sheet = sheetOf(ship);
    if (sheet?.boarding?.targetShipId === targetId)
      out.push({ id: ship.id, sheet, player: ship.player });
  }
  return out;
}

/** Can the exposed-side +30 apply to an attack on this target (B.4.7 step 8)? */
export function canBeExposed(state: BattleState, targetId: string, options: WwOptions): boolean {
  const target = sheetOf(state.ships[targetId]);
  if (!target) return false;
  return exposedSideApplies(target, boardersOf(state, targetId).length > 0, options);
}

/**
 * The exposed-side tick's default, from the battle (B.4.7 step 8): ticked when the target is a ship
 * boarding another (or, with `exposedSideAppliesTo = 'bothShips'`, one being boarded), with the
 * reason to show. Which side the shot comes from is still the referee's call, so it stays a tick.
 */
export function exposedSideDefault(
  state: BattleState,
  targetId: string,
  options: WwOptions
): { isExposable: boolean; reason: string } {
  const target = sheetOf(state.ships[targetId]);
  if (!target) return { isExposable: false, reason: '' };
  const bonus =
    options.percentModifierMode === 'relative'
      ? `×${(100 + EXPOSED_SIDE_MODIFIER) / 100}`
      : `+${EXPOSED_SIDE_MODIFIER}`;
  const why = `"During Boarding you are 30% more likely to be hit if attacked from your exposed side due to your crew being occupied" (${bonus}, SPEC B.4.7 step 8).`;
  if (target.boarding) {
    const prey = sheetOf(state.ships[target.boarding.targetShipId]);
    const side = target.boarding.exposedSide
      ? ` Her exposed side: ${target.boarding.exposedSide}.`
      : '';
    return {
      isExposable: true,
      reason: `${target.name} is boarding ${prey?.name ?? 'a ship'} this turn (${target.boarding.party} boarders across): ${why}${side} Untick it for a shot from her other side.`
    };
  }
  const boarders = boardersOf(state, targetId);
  if (boarders.length > 0 && options.exposedSideAppliesTo === 'bothShips') {
    return {
      isExposable: true,
      reason: `${target.name} is being boarded by ${boarders.map((b) => b.sheet.name).join(', ')}; the battle's reading applies it to both ships: ${why} Untick it for a shot from her other side.`
    };
  }
  return { isExposable: false, reason: '' };
}

/** B.4.5 steps 1–6 for two ships of the battle: the plan the odds and the resolver share. */
export function planBattleFire(
  state: BattleState,
  setup: FireSetup,
  options: WwOptions
): Result<FirePlan> {
  if (setup.firerId === setup.targetId) return err('A ship cannot fire at herself.');
  const pair = shipPair(state, setup.firerId, setup.targetId);
  if (!pair.ok) return pair;
  const [firer, target] = pair.value;
  if (target.sheet.status !== 'active') return err('The target is already out of the fight.');
  const captain = systemOf(state).players[firer.ship.player]?.captain;
  return planFire(
    {
      firer: firer.sheet,
      mode: setup.mode,
      batteries: setup.batteries,
      targetType: target.sheet.chart.type,
      distanceInches: setup.distanceInches,
      area: setup.area,
      modifiers: firerModifiers(firer.sheet, captain?.modifiers ?? []),
      isExposedSide: setup.isExposedSide && canBeExposed(state, setup.targetId, options),
      hasLineOfSight: setup.hasLineOfSight
    },
    options
  );
}

/**
 * Step 3 Attack as one event: the percentile faces, then the damage faces (none when every roll
 * missed). Applies the damage and empties the batteries; when a player other than the boarding
 * player attacks a ship being boarded, the boarders on her deck are lost (Errata 2, B.4.5 step 11).
 */
export function fireAction(
  state: BattleState,
  setup: FireSetup,
  hitRoll: DiceRoll,
  damageRoll: DiceRoll | null,
  options: WwOptions
): Result<EventDraft> {
  const plan = planBattleFire(state, setup, options);
  if (!plan.ok) return plan;
  const hitFaces = hitRoll.dice.map((d) => d.face);
  const damageFaces = damageRoll ? damageRoll.dice.map((d) => d.face) : [];
  const r = resolveFire(plan.value, hitFaces, damageFaces);
  if (!r.ok) return r;
  const firerShip = state.ships[setup.firerId];
  const firer = sheetOf(firerShip);
  const target = sheetOf(state.ships[setup.targetId]);
  if (!firerShip || !firer || !target) return err('Ship missing.');
  const applied = applyFire(firer, target, r.value);
  const sheets: Record<string, Sheet> = {
    [setup.firerId]: applied.firer,
    [setup.targetId]: applied.target
  };
  const lost: string[] = [];
  for (const b of boardersOf(state, setup.targetId)) {
    if (b.player !== firerShip.player && b.id !== setup.firerId) {
      const party = b.sheet.boarding?.party ?? 0;
      sheets[b.id] = loseBoardingParty(b.sheet);
      lost.push(`${b.sheet.name} loses the ${party} boarders aboard`);
    }
  }
  const out = r.value;
  const hits = out.hitRolls.hits;
  const guns =
    setup.mode === 'chase'
      ? `${BATTERY_NAMES[setup.batteries[0]]}`
      : setup.mode === 'fullBroadside'
        ? 'a full broadside'
        : 'a half broadside';
  const after = applied.target[setup.area].current;
  let summary = `${firer.name} fires ${guns} at ${target.name}'s ${setup.area} (${setup.distanceInches}″): ${hits} of ${plan.value.totalRolls} hit`;
  if (hits > 0) {
    summary += `, ${describePieces(out.hitRolls.pieces)} = ${out.damage} ${setup.area} (${after} left)`;
  }
  if (applied.target.status === 'sunk') summary += `; ${target.name} sinks`;
  if (lost.length) summary += `; ${lost.join('; ')}`;
  const odds = fireOdds(plan.value);
  const dice: DiceRoll = {
    source: hitRoll.source,
    dice: [...hitRoll.dice, ...(damageRoll?.dice ?? [])]
  };
  return ok(
    createAction(state, {
      kind: 'ww.fire',
      summary,
      next: withSheets(state, sheets),
      roll: {
        procedure: 'Wooden Warships attack (SPEC B.4.5, B.4.6)',
        inputs: toJson({
          ...setup,
          neededUnder: plan.value.hitFaces,
          basePercent: plan.value.basePercent,
          modifiers: plan.value.modifiers,
          hitFaces,
          damageFaces,
          damageDice: describePieces(out.hitRolls.pieces)
        }),
        dice,
        odds: toJson({
          perRoll: formatFraction(odds.perRoll),
          anyHit: formatFraction(odds.anyHit),
          meanDamage: formatFraction(odds.meanDamage)
        }),
        outcome: toJson({
          rolls: out.hitRolls.rolls,
          hits,
          damage: out.damage,
          targetAfter: after,
          targetStatus: applied.target.status,
          lostBoarders: lost
        })
      }
    })
  );
}

export interface BoardingSetup {
  attackerId: string;
  targetId: string;
  distanceInches: number;
  isSideBySide: boolean;
  party: number;
}

/** Errata 10: whether any ship of the attacking player attacked this turn. */
function playerHasAttacked(state: BattleState, player: string): boolean {
  return Object.values(state.ships).some(
    (s) => s.player === player && sheetOf(s)?.hasAttackedThisTurn === true
  );
}

/** What the boarding conditions (B.3.9 / B.4.7 step 1) read, for two ships of the battle. */
function boardingInput(
  state: BattleState,
  setup: BoardingSetup,
  [attacker, target]: [ShipAndSheet, ShipAndSheet]
): BoardingCheckInput {
  return {
    attacker: attacker.sheet,
    target: target.sheet,
    distanceInches: setup.distanceInches,
    isSideBySide: setup.isSideBySide,
    hasPlayerAttackedThisTurn: playerHasAttacked(state, attacker.ship.player)
  };
}

/** B.3.9 / B.4.7 step 1: every boarding condition, for two ships of the battle. */
export function battleBoardingCheck(
  state: BattleState,
  setup: BoardingSetup,
  options: WwOptions
): Result<BoardingCheck> {
  if (setup.attackerId === setup.targetId) return err('A ship cannot board herself.');
  const pair = shipPair(state, setup.attackerId, setup.targetId);
  if (!pair.ok) return pair;
  return ok(checkBoarding(boardingInput(state, setup, pair.value), options));
}

/** B.4.7 step 2: the boarding party goes across. */
export function boardingStartAction(
  state: BattleState,
  setup: BoardingSetup,
  options: WwOptions
): Result<EventDraft> {
  const pair = shipPair(state, setup.attackerId, setup.targetId);
  if (!pair.ok) return pair;
  const [a, t] = pair.value;
  const r = startBoarding(
    {
      ...boardingInput(state, setup, pair.value),
      targetShipId: setup.targetId,
      party: setup.party
    },
    options
  );
  if (!r.ok) return r;
  return sheetsAction(
    state,
    'ww.board',
    `${a.sheet.name} boards ${t.sheet.name} with ${setup.party} crew`,
    { [setup.attackerId]: r.value }
  );
}

/** The fight in progress for a boarding ship: its party against the defender's crew. */
export function boardingFight(
  state: BattleState,
  attackerId: string
): Result<{
  attacker: Sheet;
  defender: Sheet;
  defenderId: string;
  attackers: number;
  defenders: number;
  /** Why no round can be fought although the boarding stands: the boarded ship sank or was taken
   *  by another, or gunfire left her no defenders. Null while the fight goes on. */
  isOver: string | null;
}> {
  const a = shipAndSheet(state, attackerId);
  if (!a.ok) return a;
  const boarding = a.value.sheet.boarding;
  if (!boarding) return err(`${a.value.sheet.name} is not boarding.`);
  const d = shipAndSheet(state, boarding.targetShipId);
  if (!d.ok) return d;
  const defender = d.value.sheet;
  let isOver: string | null = null;
  if (defender.status !== 'active') {
    isOver = `${defender.name} is ${defender.status}: the boarders can only return to ${a.value.sheet.name}.`;
  } else if (defender.crew.current === 0) {
    isOver = `${defender.name} has no defenders left: take her (the capture), or the boarders return.`;
  } else if (boarding.party === 0) {
    isOver = 'No boarders left.';
  }
  return ok({
    attacker: a.value.sheet,
    defender,
    defenderId: boarding.targetShipId,
    attackers: boarding.party,
    defenders: defender.crew.current,
    isOver
  });
}

/** The prize's new owner when captured ships join the captor's fleet (Errata 16). */
function capturedState(
  state: BattleState,
  attackerId: string,
  defenderId: string,
  sheets: Record<string, Sheet>,
  options: WwOptions
): BattleState {
  const next = withSheets(state, sheets);
  if (options.capturedShipFate !== 'joinsCaptorFleet') return next;
  const captor = state.ships[attackerId];
  const prize = next.ships[defenderId];
  if (!captor || !prize) return next;
  return {
    ...next,
    ships: { ...next.ships, [defenderId]: { ...prize, player: captor.player, side: captor.side } }
  };
}

/** A boarding that may fight a round now: not over, and within the turn's rounds. */
function fightableBoarding(state: BattleState, attackerId: string, options: WwOptions) {
  const f = boardingFight(state, attackerId);
  if (!f.ok) return f;
  if (f.value.isOver) return err(f.value.isOver);
  const limit = roundLimitReached(f.value.attacker, options);
  return limit ? err(limit) : f;
}

/** The state after boarding rounds: the ship captured (and her new owner), or both logs updated. */
function afterBoardingRounds(
  state: BattleState,
  ids: { attackerId: string; defenderId: string },
  attacker: Sheet,
  defender: Sheet,
  result: BoardingRoundOutcome['result'],
  options: WwOptions
): BattleState {
  const { attackerId, defenderId } = ids;
  if (result !== 'captured')
    return withSheets(state, { [attackerId]: attacker, [defenderId]: defender });
  const cap = applyCapture(attacker, defender, options.capturedShipFate);
  return capturedState(
    state,
    attackerId,
    defenderId,
    { [attackerId]: cap.attacker, [defenderId]: cap.defender },
    options
  );
}

/** What a boarding roll's log entry records: the two parties and the die each side rolls. */
function boardingRollInputs(
  ids: { attackerId: string; defenderId: string },
  fight: { attacker: Sheet; defender: Sheet; attackers: number; defenders: number }
) {
  return {
    ...ids,
    attackers: fight.attackers,
    defenders: fight.defenders,
    attackerDie: BOARDING_DIE[fight.attacker.crewSkill],
    defenderDie: BOARDING_DIE[fight.defender.crewSkill]
  };
}

/** The end of a boarding summary when the fight is decided, or null while it goes on. */
function boardingEnding(result: BoardingRoundOutcome['result'], defender: Sheet): string | null {
  if (result === 'captured') return `: ${defender.name} is captured`;
  if (result === 'repelled') return ': the boarders are repelled';
  return null;
}

/**
 * B.4.7 step 4: one boarding round ("Both players roll at the same time"), the attacker's dice then
 * the defender's. A round that kills the last defender captures the ship in the same event.
 */
export function boardingRoundAction(
  state: BattleState,
  attackerId: string,
  roll: DiceRoll,
  options: WwOptions
): Result<EventDraft> {
  const f = fightableBoarding(state, attackerId, options);
  if (!f.ok) return f;
  const { attacker, defender, defenderId, attackers, defenders } = f.value;
  const faces = roll.dice.map((d) => d.face);
  const na = Math.min(3, attackers);
  const r = resolveBoardingRound(
    { attackerSkill: attacker.crewSkill, defenderSkill: defender.crewSkill, attackers, defenders },
    faces.slice(0, na),
    faces.slice(na)
  );
  if (!r.ok) return r;
  const out = r.value;
  const round = applyBoardingRound(attacker, defender, out);
  const next = afterBoardingRounds(
    state,
    { attackerId, defenderId },
    round.attacker,
    round.defender,
    out.result,
    options
  );
  const summary = `${attacker.name} boarding ${defender.name}, round ${(attacker.boarding?.roundsFought ?? 0) + 1}: boarders ${out.attackerValues.join(',')} v defenders ${out.defenderValues.join(',')}; defenders lose ${out.defenderLosses}, boarders lose ${out.attackerLosses} (${out.attackersLeft} v ${out.defendersLeft})${boardingEnding(out.result, defender) ?? ''}`;
  return ok(
    createAction(state, {
      kind: 'ww.boardingRound',
      summary,
      next,
      roll: {
        procedure: 'Wooden Warships boarding round (SPEC B.4.7 step 4)',
        inputs: toJson(boardingRollInputs({ attackerId, defenderId }, f.value)),
        dice: roll,
        outcome: toJson(out)
      }
    })
  );
}

/** "Attackers have the option to withdraw" / "Defenders have the option to surrender" (B.4.7). */
export function endBoardingAction(
  state: BattleState,
  attackerId: string,
  how: 'withdraw' | 'surrender',
  options: WwOptions
): Result<EventDraft> {
  const f = boardingFight(state, attackerId);
  if (!f.ok) return f;
  const { attacker, defender, defenderId } = f.value;
  if (how === 'withdraw') {
    return sheetsAction(
      state,
      'ww.withdraw',
      `${attacker.name}'s boarders withdraw from ${defender.name}`,
      { [attackerId]: withdrawBoarding(attacker) }
    );
  }
  if (defender.status !== 'active') return err(`${defender.name} is ${defender.status}.`);
  const cap = applyCapture(attacker, defender, options.capturedShipFate);
  return ok(
    createAction(state, {
      kind: 'ww.surrender',
      summary:
        defender.crew.current === 0
          ? `${attacker.name}'s boarders take ${defender.name}: no defenders left`
          : `${defender.name} surrenders to ${attacker.name}`,
      next: capturedState(
        state,
        attackerId,
        defenderId,
        { [attackerId]: cap.attacker, [defenderId]: cap.defender },
        options
      )
    })
  );
}

/** B.4.8 Looting: the captor's player takes the loot × hold rating, or the hold's upgrade cards. */
export function lootAction(
  state: BattleState,
  captorId: string,
  prizeId: string,
  choice: LootChoice
): Result<EventDraft> {
  const pair = shipPair(state, captorId, prizeId);
  if (!pair.ok) return pair;
  const [captor, prize] = pair.value;
  const system = systemOf(state);
  const player = captor.ship.player;
  const r = applyLoot(
    { state: system, captorPlayer: player, captorShip: captor.sheet, prize: prize.sheet },
    choice
  );
  if (!r.ok) return r;
  const gained =
    choice === 'lootAmount'
      ? `${pounds((r.value.state.players[player]?.funds ?? 0) - (system.players[player]?.funds ?? 0))} (${player} now has ${pounds(r.value.state.players[player]?.funds ?? 0)})`
      : `${prize.sheet.upgradeCards.length} upgrade cards`;
  return sheetsAction(
    state,
    'ww.loot',
    `${captor.sheet.name} loots ${prize.sheet.name}: ${gained}`,
    { [captorId]: r.value.captorShip, [prizeId]: r.value.prize },
    r.value.state
  );
}

/**
 * B.4.7 step 5 with option `boardingRoundsPerTurn`: why no more rounds may be fought this turn, or
 * null when they may.
 */
export function roundLimitReached(attacker: Sheet, options: WwOptions): string | null {
  const limit = options.boardingRoundsPerTurn;
  if (!attacker.boarding || limit === 'untilResolved') return null;
  if (boardingRoundsLeft(attacker.boarding, options) > 0) return null;
  return `This battle fights ${limit} boarding round${limit === 1 ? '' : 's'} a turn (SPEC B.4.7 step 5): ${attacker.name}'s boarders fight on in next turn's Step 4, unless they withdraw or the defenders surrender.`;
}

/** What the referee should know about a boarding's rounds this turn (option `boardingRoundsPerTurn`). */
export function boardingRoundsNote(attacker: Sheet, options: WwOptions): string {
  const b = attacker.boarding;
  if (!b) return '';
  const limit = options.boardingRoundsPerTurn;
  if (limit === 'untilResolved') {
    const isLeftOver = (b.roundsThisTurn ?? 0) === 0 && b.roundsFought > 0;
    return isLeftOver
      ? `This boarding was left unresolved in an earlier turn; under "until resolved" (SPEC B.5 #8) it is fought to the end in one Step 4, or ended by a withdrawal or a surrender.`
      : 'Fought until resolved in this Step 4 (SPEC B.5 #8): fight on, or the boarders withdraw, or the defenders surrender.';
  }
  const left = boardingRoundsLeft(b, options);
  return left > 0
    ? `${left} of ${limit} round${limit === 1 ? '' : 's'} left this turn (battle option, SPEC B.4.7 step 5).`
    : (roundLimitReached(attacker, options) ?? '');
}

/**
 * "resolve one round at a time or to the end": several rounds from one roll (the attacker's dice
 * then the defender's, round after round), until a side is gone or the turn's rounds are fought
 * (option `boardingRoundsPerTurn`). One event, so one undo takes the whole run back.
 */
export function boardingFightAction(
  state: BattleState,
  attackerId: string,
  roll: DiceRoll,
  options: WwOptions
): Result<EventDraft> {
  const f = fightableBoarding(state, attackerId, options);
  if (!f.ok) return f;
  const { attacker, defender, defenderId, attackers, defenders } = f.value;
  const left = attacker.boarding ? boardingRoundsLeft(attacker.boarding, options) : 0;
  const skills = { attackerSkill: attacker.crewSkill, defenderSkill: defender.crewSkill };
  const r = resolveBoardingRounds(
    { ...skills, attackers, defenders },
    roll.dice.map((d) => d.face),
    left
  );
  if (!r.ok) return r;
  const rounds = r.value;
  const lastRound = rounds[rounds.length - 1];
  if (!lastRound) return err('No boarding round was rolled.');
  let a = attacker;
  let d = defender;
  for (const round of rounds) {
    const applied = applyBoardingRound(a, d, round);
    a = applied.attacker;
    d = applied.defender;
  }
  const first = (attacker.boarding?.roundsFought ?? 0) + 1;
  const span =
    rounds.length === 1 ? `round ${first}` : `rounds ${first}–${first + rounds.length - 1}`;
  const lossA = rounds.reduce((s, x) => s + x.attackerLosses, 0);
  const lossD = rounds.reduce((s, x) => s + x.defenderLosses, 0);
  const next = afterBoardingRounds(
    state,
    { attackerId, defenderId },
    a,
    d,
    lastRound.result,
    options
  );
  const ending =
    boardingEnding(lastRound.result, defender) ??
    `: the turn's ${rounds.length} round${rounds.length === 1 ? '' : 's'} are fought`;
  const summary = `${attacker.name} boarding ${defender.name}, ${span}: defenders lose ${lossD}, boarders lose ${lossA} (${lastRound.attackersLeft} v ${lastRound.defendersLeft})${ending}`;
  return ok(
    createAction(state, {
      kind: 'ww.boardingRounds',
      summary,
      next,
      roll: {
        procedure: 'Wooden Warships boarding rounds (SPEC B.4.7 steps 4–5)',
        inputs: toJson({
          ...boardingRollInputs({ attackerId, defenderId }, f.value),
          roundsAllowed: Number.isFinite(left) ? left : 'untilResolved'
        }),
        dice: roll,
        outcome: toJson(
          rounds.map((x) => ({
            attackerValues: x.attackerValues,
            defenderValues: x.defenderValues,
            attackersLeft: x.attackersLeft,
            defendersLeft: x.defendersLeft
          }))
        )
      }
    })
  );
}

/** "2d6+1". */
export function ramLabel(ram: RamDice): string {
  const plus = ram.plus ? `${ram.plus > 0 ? '+' : ''}${ram.plus}` : '';
  return `${ram.count}d${ram.sides}${plus}`;
}

/** Odds before the ram damage roll: its exact distribution, the mean and the chance she sinks. */
export function islandCollisionOdds(sheet: Sheet): {
  dist: Dist<number>;
  mean: Rational;
  sinks: Rational;
} {
  const dist = ramDamageDist(sheet.chart.ramDamage);
  return { dist, mean: mean(dist), sinks: atLeast(dist, sheet.hull.current) };
}

/**
 * Step 1, island collision (B.4.3 step 5, B.5 #19): "For island damage, roll the ram damage on your
 * ship damage chart and apply it to your own ship." [DEFAULT] to the hull (`islandDamageArea`); the
 * ship stops at the point of contact. One event: the roll, the damage and a sinking.
 */
export function islandCollisionAction(
  state: BattleState,
  shipId: string,
  roll: DiceRoll
): Result<EventDraft> {
  const s = shipAndSheet(state, shipId);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  if (sheet.status !== 'active') return err('Only a ship afloat can run aground.');
  const ram = sheet.chart.ramDamage;
  if (ram.count === 0 && ram.plus === 0) {
    return err(
      `The ${sheet.chart.name} chart has no ram damage yet: enter it in the chart editor.`
    );
  }
  const faces = roll.dice.map((d) => d.face);
  const r = resolveIslandCollision(ram, faces);
  if (!r.ok) return r;
  const next = applyIslandCollision(sheet, r.value);
  const odds = islandCollisionOdds(sheet);
  let summary = `${sheet.name} runs onto an island: ram damage ${ramLabel(ram)} = ${r.value} to her own hull (${next.hull.current} left); she stops at the point of contact`;
  if (next.status === 'sunk') summary += `; ${sheet.name} sinks`;
  return ok(
    createAction(state, {
      kind: 'ww.island',
      summary,
      next: withSheets(state, { [shipId]: next }),
      roll: {
        procedure: 'Wooden Warships island collision (SPEC B.4.3 step 5)',
        inputs: toJson({ shipId, ramDamage: ram, hullBefore: sheet.hull.current, area: 'hull' }),
        dice: roll,
        odds: toJson({ meanDamage: formatFraction(odds.mean), sinks: formatFraction(odds.sinks) }),
        outcome: toJson({ damage: r.value, hullAfter: next.hull.current, status: next.status })
      }
    })
  );
}

/**
 * "Are you moving? Nay?" (B.4.4 step 1): the app's guess, which the referee can change: no sail set
 * yet, at anchor or raising it, or stopped beyond the red arrows.
 */
export function isLikelyStationary(sheet: Sheet): boolean {
  return (
    sheet.speedSetting === null ||
    sheet.speedSetting === 'anchor' ||
    sheet.isRaisingAnchor ||
    sheet.turnsBeyondRedArrows >= 2
  );
}

/** "hull +10, full sail +1, +5 to hit". */
export function upgradeEffectText(card: UpgradeCard): string {
  const e = card.effect;
  const parts: string[] = [];
  const sign = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  if (e.hull) parts.push(`hull ${sign(e.hull)}`);
  if (e.rigging) parts.push(`rigging ${sign(e.rigging)}`);
  if (e.crew) parts.push(`crew ${sign(e.crew)}`);
  if (e.speedFull) parts.push(`full sail ${sign(e.speedFull)}`);
  if (e.speedBattle) parts.push(`battle sail ${sign(e.speedBattle)}`);
  if (e.speedTrim) parts.push(`trim sail ${sign(e.speedTrim)}`);
  if (e.percent) parts.push(`${sign(e.percent)} to hit`);
  return parts.length ? parts.join(', ') : 'no stat change';
}

/**
 * Maintenance Part 1 (B.4.4 step 1): a stationary ship fits an upgrade card from her hold, paying
 * "the amount of money listed on the upgrade card" from her player's funds (never below zero); the
 * card's effects apply; "you may not upgrade your ship past speed 5"; "End of your turn." for the
 * ship, or with `upgradeEndsTurnScope = 'player'` for every ship of the player. One event.
 */
export function upgradeAction(
  state: BattleState,
  shipId: string,
  cardId: string,
  isStationary: boolean,
  options: WwOptions
): Result<EventDraft> {
  const s = shipAndSheet(state, shipId);
  if (!s.ok) return s;
  const { ship, sheet } = s.value;
  if (sheet.hasEndedTurn) return err(`${sheet.name} already ended her turn.`);
  const system = systemOf(state);
  if (!system.players[ship.player])
    return err(`${ship.player || 'Her player'} is not in the fleet purchase.`);
  const card = sheet.upgradeCards.find((c) => c.id === cardId);
  const r = applyUpgrade({ state: system, player: ship.player, sheet, cardId, isStationary });
  if (!r.ok) return r;
  if (!card) return err("That upgrade card is not in this ship's hold.");
  const sheets: Record<string, Sheet> = { [shipId]: r.value.sheet };
  if (options.upgradeEndsTurnScope === 'player') {
    for (const other of Object.values(state.ships)) {
      const o = sheetOf(other);
      if (other.id !== shipId && other.player === ship.player && o?.status === 'active') {
        sheets[other.id] = { ...o, hasEndedTurn: true };
      }
    }
  }
  const funds = r.value.state.players[ship.player]?.funds ?? 0;
  const sp = effectiveSpeeds(r.value.sheet);
  const whose = options.upgradeEndsTurnScope === 'player' ? `${ship.player}'s` : 'her';
  return sheetsAction(
    state,
    'ww.upgrade',
    `${sheet.name} fits ${card.name} for ${pounds(card.cost)} (${upgradeEffectText(card)}; speeds ${sp.full}/${sp.battle}/${sp.trim}): ${ship.player} has ${pounds(funds)} left; end of ${whose} turn`,
    sheets,
    r.value.state
  );
}

/**
 * B.4.1 step 6 for a ship already afloat: "draw one loot card and as many upgrade cards as your
 * ship's hold rating" from the battle's card lists (user data). Replaces what the hold held.
 */
export function holdAction(
  state: BattleState,
  shipId: string,
  lootCardId: string | null,
  upgradeCardIds: readonly string[]
): Result<EventDraft> {
  const s = shipAndSheet(state, shipId);
  if (!s.ok) return s;
  const system = systemOf(state);
  const held = s.value.sheet.lootCard;
  const loot =
    lootCardId === null
      ? null
      : held?.id === lootCardId
        ? held
        : system.lootCards.find((c) => c.id === lootCardId);
  if (loot === undefined) return err('That loot card is not in the list.');
  if (new Set(upgradeCardIds).size !== upgradeCardIds.length) return err('Draw each card once.');
  const upgrades: UpgradeCard[] = [];
  for (const id of upgradeCardIds) {
    const c = system.upgradeCards.find((u) => u.id === id);
    if (!c) return err('That upgrade card is not in the list.');
    upgrades.push(c);
  }
  const r = assignCards(s.value.sheet, loot, upgrades);
  if (!r.ok) return r;
  const names = upgrades.map((u) => u.name).join(', ') || 'no upgrade cards';
  return sheetsAction(
    state,
    'ww.hold',
    `${s.value.sheet.name}'s hold: ${loot ? `loot card ${loot.name}, ` : ''}${names}`,
    { [shipId]: r.value }
  );
}

/** "At the start of each turn, clear attackedThisTurn and firedThisTurn" (SPEC B.4.2). */
export function startTurnSheet(sheet: Sheet): Sheet {
  return startTurn(sheet);
}

/** "You need to sink the rest of them that aren't yours" (B.4.9 step 3). */
export function victorOf(state: BattleState): string | null {
  const ships = Object.values(state.ships).flatMap((s) => {
    const sheet = sheetOf(s);
    return sheet && s.player ? [{ player: s.player, status: sheet.status }] : [];
  });
  const players = new Set(ships.map((s) => s.player));
  return players.size > 1 || ships.some((s) => s.status !== 'active') ? victor(ships) : null;
}
