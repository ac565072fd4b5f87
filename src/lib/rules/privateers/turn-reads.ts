import type { BattleState } from '../../engine/events';
import { sheetOf, shipSheet, systemOf, timesDone } from './moves-common';
import type { PvOptions } from './options';
import { moraleChecksRemaining, moraleTriggers } from './morale-reads';
import {
  reloadBatteries,
  type FireInProgress,
  type SealedOrder,
  type Sheet,
  type ShipOrder
} from './sheet';
import type { MoraleTrigger } from './tables';
import { reloadGunsOf } from './task-reads';

// What the turn model and the step panels read of the turn so far (orders given, crews saved, the
// movement order, reloads rolled, the fire under way, captures and morale checks due), apart from
// the moves that write it: the battle's first screen reads these and loads no move (issue 40).
// The moves read them too, for their refusals.

/** Orders given this turn, by ship id. */
export function ordersThisTurn(state: BattleState): Record<string, ShipOrder> {
  const all = systemOf(state).orders ?? {};
  return Object.fromEntries(Object.entries(all).filter(([, o]) => o.turn === state.turn));
}

/** Sealed orders of this turn (hidden orders on the live table), by ship id. */
export function sealedOrdersThisTurn(state: BattleState): Record<string, SealedOrder> {
  const all = systemOf(state).sealedOrders ?? {};
  return Object.fromEntries(Object.entries(all).filter(([, o]) => o.turn === state.turn));
}

/** Whether a ship's crew assignments were saved this turn (Phase 2). */
export function hasCrewSaved(state: BattleState, shipId: string): boolean {
  return timesDone(state, shipId, 'crew') > 0;
}

/** This turn's movement order, or null until initiative is rolled. */
export function movementOrder(state: BattleState): string[] | null {
  const sys = systemOf(state);
  return sys.initiativeTurn === state.turn ? sys.initiativeOrder : null;
}

export interface BatteryToReload {
  index: number;
  name: string;
  /** the battery's unloaded, undestroyed guns */
  gunIds: string[];
}

/** C.4.5 step 1: "Independent batteries on land roll individually" — the batteries of a
 *  fortification that have guns to reload (a ship is one group). */
export function batteriesToReload(s: Sheet): BatteryToReload[] {
  const unloaded = reloadGunsOf(s).map((g) => g.id);
  return reloadBatteries(s)
    .map((b, index) => ({
      index,
      name: b.name,
      gunIds: b.gunIds.filter((id) => unloaded.includes(id))
    }))
    .filter((b) => b.gunIds.length > 0);
}

/** The key the one-roll-a-turn rule counts under: the vessel, or one independent battery. */
export const reloadKey = (shipId: string, battery?: number): string =>
  battery === undefined ? shipId : `${shipId}#${battery}`;

/** Whether this vessel (or battery) has rolled to reload this turn (C.4.5: one roll a turn). */
export function hasReloaded(state: BattleState, shipId: string, battery?: number): boolean {
  return timesDone(state, reloadKey(shipId, battery), 'reload') > 0;
}

/** Ships whose Gunner lost his gun this turn: the referee may choose where he goes (`gunnerTo`). */
export function gunnersMoved(state: BattleState): string[] {
  return Object.keys(state.ships).filter((id) => timesDone(state, id, 'gunnerMoved') > 0);
}

/** The cannon fire whose damage is still to roll, or null. */
export function fireInProgress(state: BattleState): FireInProgress | null {
  return systemOf(state).fire ?? null;
}

/** A ship's name, or its id when its log cannot be read. */
export function nameIn(state: BattleState, id: string): string {
  const s = shipSheet(state, id);
  return s.ok ? s.value.name : id;
}

/** "Surprise's fire at Hermione". */
export function fireLabel(state: BattleState, f: FireInProgress): string {
  return `${nameIn(state, f.firerId)}'s fire at ${nameIn(state, f.targetId)}`;
}

/** Boarding actions whose defender has struck: "A boarding defender that strikes is captured by
 *  the boarders." */
export function capturesDue(state: BattleState): { attackerId: string; defenderId: string }[] {
  return systemOf(state).boardings.filter((b) => {
    const d = sheetOf(state.ships[b.defenderId]);
    return d !== null && d.struck;
  });
}

/** Why this ship tests morale this turn: the C.3.16 triggers her log shows, in the table's order.
 *  The morale check records the same list with its roll; Phase 6's cards give it as "Why". */
export function moraleReasons(state: BattleState, shipId: string): MoraleTrigger[] {
  const s = sheetOf(state.ships[shipId]);
  return s ? moraleTriggers(s) : [];
}

/** Morale checks this ship still owes this turn (one per ship, or one per trigger, C.5 #35). */
export function moraleDue(
  state: BattleState,
  shipId: string,
  s: Sheet,
  options: PvOptions
): number {
  if (s.sunk || s.burnedUp || s.struck || s.sinking) return 0;
  return moraleChecksRemaining(s, timesDone(state, shipId, 'morale'), options);
}
