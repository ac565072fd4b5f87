// The fleet purchase calculator's battle (issue 31: a calculator answers through the moves): two
// players join by the game's own set-up move, and everything the referee plans is a move played on
// it, never written by the page: ships bought (ww.purchase), the card lists (ww.cards), captains
// (ww.captain), and upgrades, each fitted as the battle fits one (B.4.4): the card drawn into her
// hold from the deck (ww.hold), the turn passed when her last upgrade ended it (ww.next-step), then
// ww.upgrade. The plan is the list of these steps; removing a ship plays the list again without
// her, so her price and her cards come back as they would had she never been bought.
import { INITIAL_STATE, type BattleState } from '../../engine/events';
import { playScratch, scratchContext } from '../../battle/scratch';
import { err, ok, type Result } from '../../engine/result';
import { upgrade, type UpgradeInput } from './moves-upgrade';
import {
  addPlayer,
  chooseCaptain,
  fillHold,
  purchase,
  setCards,
  type CaptainInput,
  type CardListsInput,
  type PurchaseInput
} from './moves-setup';
import { nextStep } from './moves-turn';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import { defaultSystemState } from './sheet';
import { shipAndSheet, systemOf } from './ships';

/** The planner's players, in turn order. */
export const PLAN_PLAYERS = ['Player 1', 'Player 2'] as const;

/** One thing the referee planned, as the move that plays it. */
export type PlanStep =
  | { kind: 'cards'; input: CardListsInput }
  | { kind: 'captain'; input: CaptainInput }
  | { kind: 'purchase'; input: PurchaseInput & { id: string } }
  | { kind: 'upgrade'; input: { shipId: string; cardId: string } };

/** The planner's battle played with its steps taken together (B.5 #17's alternative), so either
 *  player's ship may upgrade whenever she may: whose turn it is is no question the planner asks. */
export function planOptions(options: WwOptions = DEFAULT_OPTIONS): WwOptions {
  return { ...options, turnStructure: 'simultaneousSteps' };
}

const ctxOf = (options: WwOptions) => scratchContext(planOptions(options), 'standard');

/** The battle before anything is planned: the two players joined with £7,000 each. */
export function planStart(options: WwOptions = DEFAULT_OPTIONS): Result<BattleState> {
  let state: BattleState = { ...INITIAL_STATE, system: defaultSystemState() };
  for (const name of PLAN_PLAYERS) {
    const joined = playScratch(addPlayer, state, { name }, ctxOf(options));
    if (!joined.ok) return joined;
    state = joined.value;
  }
  return ok(state);
}

/** The most turns passed to let a ship upgrade again (one is enough: a new turn starts hers). */
const MAX_STEPS_TO_NEXT_TURN = 12;

/**
 * The battle on which this upgrade is asked, and the move's input: the card drawn into her hold
 * when it is still in the deck, and the battle moved on to the next turn when her turn has ended
 * ("End of your turn": an upgrade ends it). Her other held cards and her loot card stay.
 */
export function upgradeOn(
  state: BattleState,
  shipId: string,
  cardId: string,
  options: WwOptions = DEFAULT_OPTIONS
): Result<{ state: BattleState; input: UpgradeInput & { isStationary: boolean } }> {
  const ctx = ctxOf(options);
  let now = state;
  const her = shipAndSheet(now, shipId);
  if (!her.ok) return her;
  const sheet = her.value.sheet;
  if (!sheet.upgradeCards.some((c) => c.id === cardId)) {
    const drawn = playScratch(
      fillHold,
      now,
      {
        shipId,
        lootCardId: sheet.lootCard?.id ?? null,
        upgradeCardIds: [...sheet.upgradeCards.map((c) => c.id), cardId]
      },
      ctx
    );
    if (!drawn.ok) return drawn;
    now = drawn.value;
  }
  if (sheet.hasEndedTurn) {
    const turn = now.turn;
    for (let i = 0; i < MAX_STEPS_TO_NEXT_TURN && now.turn === turn; i++) {
      const passed = playScratch(nextStep, now, {}, ctx);
      if (!passed.ok) return passed;
      now = passed.value;
    }
    if (now.turn === turn) return err('The turn did not pass.');
  }
  return ok({ state: now, input: { shipId, cardId, isStationary: true } });
}

/** The battle with one more step played, or the move's refusal (the plan is left as it was). */
export function planStep(
  state: BattleState,
  step: PlanStep,
  options: WwOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const ctx = ctxOf(options);
  switch (step.kind) {
    case 'cards':
      return playScratch(setCards, state, step.input, ctx);
    case 'captain':
      return playScratch(chooseCaptain, state, step.input, ctx);
    case 'purchase':
      return playScratch(purchase, state, step.input, ctx);
    case 'upgrade': {
      const on = upgradeOn(state, step.input.shipId, step.input.cardId, options);
      return on.ok ? playScratch(upgrade, on.value.state, on.value.input, ctx) : on;
    }
  }
}

/** The plan played: its battle, the steps the moves took (a step refused now is left out: an
 *  upgrade of a ship removed), and each ship's price as the purchase took it from the funds. */
export interface PlannedFleet {
  state: BattleState;
  steps: PlanStep[];
  costs: Record<string, number>;
}

export function playPlan(
  steps: readonly PlanStep[],
  options: WwOptions = DEFAULT_OPTIONS
): Result<PlannedFleet> {
  const start = planStart(options);
  if (!start.ok) return start;
  let state = start.value;
  const kept: PlanStep[] = [];
  const costs: Record<string, number> = {};
  for (const step of steps) {
    const next = planStep(state, step, options);
    if (!next.ok) continue;
    if (step.kind === 'purchase') {
      const funds = (s: BattleState) => systemOf(s).players[step.input.player]?.funds ?? 0;
      costs[step.input.id] = funds(state) - funds(next.value);
    }
    state = next.value;
    kept.push(step);
  }
  return ok({ state, steps: kept, costs });
}

/** The plan without this ship: her purchase and her upgrades. */
export function withoutShip(steps: readonly PlanStep[], shipId: string): PlanStep[] {
  return steps.filter(
    (s) =>
      !(s.kind === 'purchase' && s.input.id === shipId) &&
      !(s.kind === 'upgrade' && s.input.shipId === shipId)
  );
}
