import type { BattleState } from '../../engine/events';
import type { BattleOptions } from '../../engine/system';
import * as status from '../../engine/turn-status';
import { readOptions, type WwOptions } from './options';
import { canLoad, hasLoadedGuns, hasMoved, isLootable, roundLimitReached } from './turn-reads';
import { activePlayer } from './players';
import { battleShips, victorOf, type WwShip } from './ships';
import { BATTERIES, STEPS, type StepSpec } from './tables';

export { activePlayer, playersAfloat, playersInOrder } from './players';

// The Wooden Warships turn (SPEC B.4.2): "The first turn will consist of only the maintenance
// steps so you can set your speed and load your cannons"; from turn 2, Step 1 Movement → Step 2
// Maintenance Part 1 → Step 3 Attack → Step 4 Boarding → Step 5 Maintenance Part 2. With player
// turns (B.5 #17, option `turnStructure`) each player runs the steps for their ships, then the next
// player still afloat; the turn ends when the last has. The battle ends when one player has the
// only ships afloat (B.4.9 step 3).

/** The steps turn `turn` runs, in order: turn 1 only the maintenance steps. */
export function stepsOfTurn(turn: number): StepSpec[] {
  return turn <= 1 ? STEPS.filter((s) => s.isInFirstTurn) : [...STEPS];
}

/**
 * The step the battle is in: the stored phase, or in turn 1 the first maintenance step at or after
 * it (a battle starts on phase 0, Movement, which turn 1 does not run).
 */
export function currentStep(state: BattleState): StepSpec {
  const steps = stepsOfTurn(state.turn);
  const at = STEPS[state.phase];
  if (at && steps.includes(at)) return at;
  return steps.find((s) => s.number - 1 >= state.phase) ?? steps[steps.length - 1];
}

/** What one ship still has to do in the step (none for a ship whose upgrade ended her turn). */
export function needsOf(step: StepSpec, s: WwShip, options: WwOptions): status.TurnNeed[] {
  const sheet = s.sheet;
  if (sheet.status !== 'active') return [];
  switch (step.id) {
    case 'movement':
      return hasMoved(sheet) ? [] : [{ id: 'move', label: 'Move' }];
    case 'maintenance1':
      return sheet.hasEndedTurn || sheet.pendingSpeed !== null
        ? []
        : [{ id: 'sail', label: 'Set the sail for next turn' }];
    case 'attack':
      return !sheet.hasEndedTurn && !sheet.hasAttackedThisTurn && hasLoadedGuns(sheet)
        ? [{ id: 'attack', label: 'May fire' }]
        : [];
    case 'boarding':
      return [];
    case 'maintenance2':
      return BATTERIES.some(
        (b) => sheet.loaded[b] === null && canLoad(sheet, b, options.reloadScope)
      )
        ? [{ id: 'reload', label: 'Load the guns' }]
        : [];
  }
}

/** What the boarding step waits for: rounds to fight, prizes to loot (once each, B.4.8). */
function boardingPending(
  state: BattleState,
  ships: WwShip[],
  options: WwOptions
): status.Pending[] {
  const out: status.Pending[] = [];
  const all = battleShips(state);
  for (const s of ships) {
    const b = s.sheet.boarding;
    if (!b || s.sheet.status !== 'active') continue;
    const prey = all.find((x) => x.id === b.targetShipId);
    if (!prey || prey.sheet.status !== 'active' || b.party === 0) continue;
    if (roundLimitReached(s.sheet, options)) continue;
    out.push({
      id: `boarding-${s.id}`,
      label: `${s.sheet.name} boarding ${prey.sheet.name}: fight the rounds, withdraw or take the surrender`,
      shipIds: [s.id, prey.id]
    });
  }
  const mine = new Set(ships.map((s) => s.id));
  for (const p of all) {
    if (!isLootable(p.sheet)) continue;
    const by = p.sheet.capturedBy;
    if (by && !mine.has(by)) continue;
    out.push({
      id: `loot-${p.id}`,
      label: `Loot ${p.sheet.name}: the money or the cards`,
      shipIds: by ? [by, p.id] : [p.id]
    });
  }
  return out;
}

/** The turn model (DESIGN `turn.ts`): the step, whose turn, who still has to act, what is left. */
export function turnStatus(
  state: BattleState,
  ctx: { options: BattleOptions; variant: string; now: number }
): status.TurnStatus {
  const options = readOptions(ctx.options, ctx.variant);
  const steps = stepsOfTurn(state.turn);
  const step = currentStep(state);
  const player = activePlayer(state, options);
  const active: status.ActiveParty | null = player
    ? { kind: 'player', id: player, name: player }
    : null;
  const winner = victorOf(state);
  const ships = battleShips(state, true).filter((s) => !player || s.ship.player === player);
  const toAct: status.ShipToAct[] = winner
    ? []
    : ships.flatMap((s) => {
        const needs = needsOf(step, s, options);
        return needs.length ? [{ shipId: s.id, name: s.sheet.name, needs }] : [];
      });
  const pending = winner || step.id !== 'boarding' ? [] : boardingPending(state, ships, options);
  return {
    turn: state.turn,
    step: {
      index: steps.indexOf(step),
      count: steps.length,
      id: step.id,
      label: step.name
    },
    active,
    wind: null,
    clock: null,
    toAct,
    pending,
    leftUndone: status.leftUndoneOf(toAct, pending),
    ending: winner
      ? {
          text: `${winner} wins: the only ships afloat`,
          winner: { kind: 'player', id: winner, name: winner }
        }
      : null
  };
}
