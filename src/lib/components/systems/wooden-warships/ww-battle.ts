import { createAction } from '$lib/battle/actions';
import type { BattleShip, BattleState, EventDraft, Json } from '$lib/battle/events';
import type { DiceRoll } from '$lib/rules/core/dice';
import { formatFraction } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import { fireOdds } from '$lib/rules/wooden-warships/odds-gunnery';
import type { WwOptions } from '$lib/rules/wooden-warships/options';
import {
  applyBoardingRound,
  applyCapture,
  applyLoot,
  checkBoarding,
  loseBoardingParty,
  resolveBoardingRound,
  startBoarding,
  withdrawBoarding,
  type BoardingCheck,
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
  purchaseShip,
  reload,
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
  type Sheet,
  type ShipChart,
  type SystemState
} from '$lib/rules/wooden-warships/sheet';
import {
  BATTERY_NAMES,
  BOARDING_DIE,
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

function shipAndSheet(state: BattleState, id: string): Result<{ ship: BattleShip; sheet: Sheet }> {
  const ship = state.ships[id];
  const sheet = sheetOf(ship);
  if (!ship || !sheet) return err('That ship is not a Wooden Warships ship of this battle.');
  return ok({ ship, sheet });
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
  }
): Result<EventDraft> {
  const system = systemOf(state);
  if (!system.players[input.player]) return err(`Add ${input.player || 'the player'} first.`);
  const name = input.name.trim();
  if (!name) return err('Name the ship.');
  if (state.ships[input.id]) return err('That ship is already in the battle.');
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
  return ok(
    createAction(state, {
      kind: 'ww.purchase',
      summary: `${input.player} buys ${name} (${input.chart.name}, ${input.crewSkill}) for ${pounds(r.value.cost)}: ${pounds(funds)} left`,
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
  return ok(
    createAction(state, {
      kind: 'ww.reload',
      summary: `${s.value.sheet.name} loads ${entries.map(([b, a]) => `${BATTERY_NAMES[b]}: ${a}`).join(', ')}`,
      next: withSheets(state, { [shipId]: r.value })
    })
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
  return ok(
    createAction(state, {
      kind: 'ww.setSail',
      summary: `${s.value.sheet.name} sets ${SAIL_SETTING_TEXT[setting].name} for next turn${anchor}`,
      next: withSheets(state, { [shipId]: r.value })
    })
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
  return ok(
    createAction(state, {
      kind: 'ww.move',
      summary: `${s.value.sheet.name} (${WIND_SECTOR_TEXT[wind]}) ${how}: ${r.value.reason}`,
      next: withSheets(state, { [shipId]: r.value.sheet })
    })
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

/** B.4.5 steps 1–6 for two ships of the battle: the plan the odds and the resolver share. */
export function planBattleFire(
  state: BattleState,
  setup: FireSetup,
  options: WwOptions
): Result<FirePlan> {
  if (setup.firerId === setup.targetId) return err('A ship cannot fire at herself.');
  const firer = shipAndSheet(state, setup.firerId);
  if (!firer.ok) return firer;
  const target = shipAndSheet(state, setup.targetId);
  if (!target.ok) return target;
  if (target.value.sheet.status !== 'active') return err('The target is already out of the fight.');
  const captain = systemOf(state).players[firer.value.ship.player]?.captain;
  return planFire(
    {
      firer: firer.value.sheet,
      mode: setup.mode,
      batteries: setup.batteries,
      targetType: target.value.sheet.chart.type,
      distanceInches: setup.distanceInches,
      area: setup.area,
      modifiers: firerModifiers(firer.value.sheet, captain?.modifiers ?? []),
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

/** B.3.9 / B.4.7 step 1: every boarding condition, for two ships of the battle. */
export function battleBoardingCheck(
  state: BattleState,
  setup: BoardingSetup,
  options: WwOptions
): Result<BoardingCheck> {
  if (setup.attackerId === setup.targetId) return err('A ship cannot board herself.');
  const a = shipAndSheet(state, setup.attackerId);
  if (!a.ok) return a;
  const t = shipAndSheet(state, setup.targetId);
  if (!t.ok) return t;
  return ok(
    checkBoarding(
      {
        attacker: a.value.sheet,
        target: t.value.sheet,
        distanceInches: setup.distanceInches,
        isSideBySide: setup.isSideBySide,
        hasPlayerAttackedThisTurn: playerHasAttacked(state, a.value.ship.player)
      },
      options
    )
  );
}

/** B.4.7 step 2: the boarding party goes across. */
export function boardingStartAction(
  state: BattleState,
  setup: BoardingSetup,
  options: WwOptions
): Result<EventDraft> {
  const a = shipAndSheet(state, setup.attackerId);
  if (!a.ok) return a;
  const t = shipAndSheet(state, setup.targetId);
  if (!t.ok) return t;
  const r = startBoarding(
    {
      attacker: a.value.sheet,
      target: t.value.sheet,
      distanceInches: setup.distanceInches,
      isSideBySide: setup.isSideBySide,
      hasPlayerAttackedThisTurn: playerHasAttacked(state, a.value.ship.player),
      targetShipId: setup.targetId,
      party: setup.party
    },
    options
  );
  if (!r.ok) return r;
  return ok(
    createAction(state, {
      kind: 'ww.board',
      summary: `${a.value.sheet.name} boards ${t.value.sheet.name} with ${setup.party} crew`,
      next: withSheets(state, { [setup.attackerId]: r.value })
    })
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
}> {
  const a = shipAndSheet(state, attackerId);
  if (!a.ok) return a;
  const boarding = a.value.sheet.boarding;
  if (!boarding) return err(`${a.value.sheet.name} is not boarding.`);
  const d = shipAndSheet(state, boarding.targetShipId);
  if (!d.ok) return d;
  return ok({
    attacker: a.value.sheet,
    defender: d.value.sheet,
    defenderId: boarding.targetShipId,
    attackers: boarding.party,
    defenders: d.value.sheet.crew.current
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
  const f = boardingFight(state, attackerId);
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
  let sheets: Record<string, Sheet> = {
    [attackerId]: round.attacker,
    [defenderId]: round.defender
  };
  let summary = `${attacker.name} boarding ${defender.name}, round ${(attacker.boarding?.roundsFought ?? 0) + 1}: boarders ${out.attackerValues.join(',')} v defenders ${out.defenderValues.join(',')}; defenders lose ${out.defenderLosses}, boarders lose ${out.attackerLosses} (${out.attackersLeft} v ${out.defendersLeft})`;
  let next: BattleState;
  if (out.result === 'captured') {
    const cap = applyCapture(round.attacker, round.defender, options.capturedShipFate);
    sheets = { [attackerId]: cap.attacker, [defenderId]: cap.defender };
    next = capturedState(state, attackerId, defenderId, sheets, options);
    summary += `: ${defender.name} is captured`;
  } else {
    next = withSheets(state, sheets);
    if (out.result === 'repelled') summary += ': the boarders are repelled';
  }
  return ok(
    createAction(state, {
      kind: 'ww.boardingRound',
      summary,
      next,
      roll: {
        procedure: 'Wooden Warships boarding round (SPEC B.4.7 step 4)',
        inputs: toJson({
          attackerId,
          defenderId,
          attackers,
          defenders,
          attackerDie: BOARDING_DIE[attacker.crewSkill],
          defenderDie: BOARDING_DIE[defender.crewSkill]
        }),
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
    return ok(
      createAction(state, {
        kind: 'ww.withdraw',
        summary: `${attacker.name}'s boarders withdraw from ${defender.name}`,
        next: withSheets(state, { [attackerId]: withdrawBoarding(attacker) })
      })
    );
  }
  const cap = applyCapture(attacker, defender, options.capturedShipFate);
  return ok(
    createAction(state, {
      kind: 'ww.surrender',
      summary: `${defender.name} surrenders to ${attacker.name}`,
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
  const c = shipAndSheet(state, captorId);
  if (!c.ok) return c;
  const p = shipAndSheet(state, prizeId);
  if (!p.ok) return p;
  const system = systemOf(state);
  const player = c.value.ship.player;
  const r = applyLoot(
    { state: system, captorPlayer: player, captorShip: c.value.sheet, prize: p.value.sheet },
    choice
  );
  if (!r.ok) return r;
  const gained =
    choice === 'lootAmount'
      ? `${pounds((r.value.state.players[player]?.funds ?? 0) - (system.players[player]?.funds ?? 0))} (${player} now has ${pounds(r.value.state.players[player]?.funds ?? 0)})`
      : `${p.value.sheet.upgradeCards.length} upgrade cards`;
  return ok(
    createAction(state, {
      kind: 'ww.loot',
      summary: `${c.value.sheet.name} loots ${p.value.sheet.name}: ${gained}`,
      next: withSheets(
        state,
        { [captorId]: r.value.captorShip, [prizeId]: r.value.prize },
        r.value.state
      )
    })
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
