// Test helpers: Wooden Warships battles built through the real moves (the EXAMPLE charts), each
// move run through the one contract and its draft applied as the fold applies it. Only tests
// import this file.
import type { BattleState, EventDraft } from '../../engine/events';
import { applyEvent } from '../../battle/fold';
import type { DiceNeed, Move, MoveContext } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import type { Result } from '../../engine/result';
import { woodenWarships } from '.';
import { exampleChart } from './example-charts';
import { editSheetMove } from '../../battle/ship-moves';
import { SCHEMAS } from './sheet-schema';
import { addPlayer, board, fillHold, purchase, reload, setCards, surrender } from './moves';
import { sheetOf } from './ships';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import type { CrewSkill, ShipType } from './tables';
import type { LootCard, Sheet, ShipChart, UpgradeCard } from './sheet';

export function ctxOf(options: WwOptions = DEFAULT_OPTIONS): MoveContext<WwOptions> {
  return { options, storedOptions: {}, variant: 'standard', now: 0, newId: () => 'id' };
}

/** The move's draft or its refusal. */
export function attempt<I>(
  move: Move<I, WwOptions>,
  s: BattleState,
  input: I,
  options: WwOptions = DEFAULT_OPTIONS
): Result<EventDraft> {
  return move.run(s, input, ctxOf(options));
}

/** The move's draft, or the test fails with its refusal. */
export function play<I>(
  move: Move<I, WwOptions>,
  s: BattleState,
  input: I,
  options: WwOptions = DEFAULT_OPTIONS
): EventDraft {
  const r = move.run(s, input, ctxOf(options));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The state after the move, as the log folds it. */
export function played<I>(
  s: BattleState,
  move: Move<I, WwOptions>,
  input: I,
  options: WwOptions = DEFAULT_OPTIONS
): BattleState {
  return applyEvent(s, play(move, s, input, options));
}

/** An empty battle of the standard game. */
export function emptyBattle(): BattleState {
  return {
    turn: 1,
    phase: 0,
    ships: {},
    system: woodenWarships.initialSystemState?.('standard', {}) as never
  };
}

/**
 * Nelson's Pickle and Villeneuve's Fleche (both the EXAMPLE Battle Schooner, Novice crews, bought
 * in the fleet purchase), Pickle loaded with round shot in zones 1 and 2; `chart` for Pickle's.
 */
export function fleets(chart: ShipType = 'BattleSchooner'): BattleState {
  let s = emptyBattle();
  s = played(s, addPlayer, { name: 'Nelson' });
  s = played(s, addPlayer, { name: 'Villeneuve' });
  for (const [id, player, type] of [
    ['pickle', 'Nelson', chart],
    ['fleche', 'Villeneuve', 'BattleSchooner']
  ] as const) {
    s = played(s, purchase, {
      id,
      player,
      name: id,
      chart: exampleChart(type),
      crewSkill: 'Novice'
    });
  }
  return played(s, reload, { shipId: 'pickle', loads: { zone1: 'round', zone2: 'round' } });
}

/** The referee edits a ship's log (battle.edit-sheet), as the ship page does. */
export function edited(s: BattleState, shipId: string, edit: (sheet: Sheet) => Sheet): BattleState {
  const sheet = sheetOf(s.ships[shipId]) as Sheet;
  return played(s, editSheetMove(SCHEMAS) as never, {
    shipId,
    sheet: edit(sheet),
    summary: `${sheet.name} edited`
  });
}

/** Fleche's Sea chest (£250 a hold rating) and Spare sails, drawn into her hold at the start. */
export const FLECHE_CHEST: LootCard = { id: 'chest', name: 'Sea chest', amount: 250 };
export const SPARE_SAILS: UpgradeCard = {
  id: 'sails',
  name: 'Spare sails',
  cost: 100,
  text: '',
  effect: { hull: 0, rigging: 5, crew: 0, speedFull: 0, speedBattle: 0, speedTrim: 0, percent: 0 }
};

/** The fleets, Fleche's hold filled (FLECHE_CHEST, SPARE_SAILS), her crew cut to one, boarded by
 *  Pickle's 5 and surrendered: a prize for Pickle to loot. */
export function prizeTaken(): BattleState {
  let s = fleets();
  s = played(s, setCards, {
    captainCards: [],
    lootCards: [FLECHE_CHEST],
    upgradeCards: [SPARE_SAILS]
  });
  s = played(s, fillHold, { shipId: 'fleche', lootCardId: 'chest', upgradeCardIds: ['sails'] });
  s = edited(s, 'fleche', (f) => ({ ...f, crew: { ...f.crew, current: 1 } }));
  s = played(s, board, {
    attackerId: 'pickle',
    targetId: 'fleche',
    distanceInches: 0,
    isSideBySide: true,
    party: 5
  });
  return played(s, surrender, { attackerId: 'pickle' });
}

/** A face for every die the preview asks for. */
export function rolled(needs: readonly DiceNeed[], face: number): DiceRoll {
  return {
    source: 'entered',
    dice: needs.flatMap((n) =>
      Array.from({ length: n.count }, () => ({ sides: n.sides, face: Math.min(face, n.sides) }))
    )
  };
}

export const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** One ship of a battle made by `fleetsOf`: her id, player, name and chart as bought. */
export interface FleetShip {
  id: string;
  player: string;
  name: string;
  chart: ShipChart;
  crewSkill?: CrewSkill;
}

/** A new battle whose players join in the order their ships are listed, each ship bought so. */
export function fleetsOf(ships: readonly FleetShip[]): BattleState {
  let s = emptyBattle();
  for (const p of new Set(ships.map((x) => x.player))) s = played(s, addPlayer, { name: p });
  for (const x of ships) {
    s = played(s, purchase, {
      id: x.id,
      player: x.player,
      name: x.name,
      chart: x.chart,
      crewSkill: x.crewSkill ?? 'Novice'
    });
  }
  return s;
}
