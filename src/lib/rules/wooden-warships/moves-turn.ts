import type { BattleState } from '../../engine/events';
import type { MeaningParts } from '../../engine/meaning';
import { defineMove, draftOf } from '../../battle/move';
import type { WwOptions } from './options';
import { startTurn } from './turn-reads';
import { sheetOf, systemOf } from './ships';
import { STEPS, type StepSpec } from './tables';
import { activePlayer, playersAfloat, playersInOrder } from './players';
import { currentStep, stepsOfTurn } from './turn';

// "Next step" for Wooden Warships (SPEC B.4.2, B.5 #17): turn 1 runs only the maintenance steps;
// with player turns each player runs the steps for their ships, then the next player still afloat;
// after the last, a new turn begins ("clear attackedThisTurn and firedThisTurn").

function phaseOf(step: StepSpec): number {
  return STEPS.indexOf(step);
}

function withActivePlayer(state: BattleState, player: string | null): BattleState {
  const system = systemOf(state);
  return { ...state, system: { ...system, activePlayer: player } };
}

/** Every ship's turn-start bookkeeping (the system's `onTurnStart`). */
function newTurn(state: BattleState): BattleState {
  const ships = { ...state.ships };
  for (const [id, ship] of Object.entries(ships)) {
    const sheet = sheetOf(ship);
    if (sheet) ships[id] = { ...ship, sheet: startTurn(sheet) };
  }
  const turn = state.turn + 1;
  return { ...state, ships, turn, phase: phaseOf(stepsOfTurn(turn)[0]) };
}

/** The player after `player` who still has a ship afloat, or null when `player` was the last. */
function nextPlayer(state: BattleState, player: string): string | null {
  const all = playersInOrder(state);
  const afloat = playersAfloat(state);
  for (let i = all.indexOf(player) + 1; i < all.length; i++) {
    if (afloat.includes(all[i])) return all[i];
  }
  return null;
}

/** The step, the player's turn or the turn passed on (B.4.2): no ship acts, nothing is rolled. */
const TURN_MEANING: MeaningParts = { actor: null, dice: [] };

export const nextStep = defineMove<Record<string, never>, WwOptions>({
  id: 'ww.next-step',
  category: 'turn',
  input: (kit) => kit.noInput,
  run: (state, _input, ctx) => {
    const steps = stepsOfTurn(state.turn);
    const step = currentStep(state);
    const at = steps.indexOf(step);
    const player = activePlayer(state, ctx.options);
    const whose = (p: string | null) => (p ? `${p}'s ` : '');
    const following = steps[at + 1];
    if (following) {
      return draftOf(state, {
        kind: 'phase.advance',
        summary: `Turn ${state.turn}: ${whose(player)}${following.name}`,
        next: withActivePlayer({ ...state, phase: phaseOf(following) }, player),
        meaning: TURN_MEANING
      });
    }
    const after = player ? nextPlayer(state, player) : null;
    if (after) {
      return draftOf(state, {
        kind: 'phase.advance',
        summary: `Turn ${state.turn}: ${after}'s turn, ${steps[0].name}`,
        next: withActivePlayer({ ...state, phase: phaseOf(steps[0]) }, after),
        meaning: TURN_MEANING
      });
    }
    const next = newTurn(state);
    const first =
      ctx.options.turnStructure === 'playerTurns' ? (playersAfloat(next)[0] ?? null) : null;
    return draftOf(state, {
      kind: 'turn.advance',
      summary: `Turn ${next.turn} begins${first ? `: ${first}'s turn` : ''}`,
      next: withActivePlayer(next, first),
      meaning: TURN_MEANING
    });
  }
});
