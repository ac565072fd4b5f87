// Boarding (SPEC A.4.11) as a move: a capture moves the ship to the captor's fleet.
import type { BattleState } from '../../engine/events';
import { draftOf, joinRolls, rollRecord, withPreview } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { complement } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import {
  afterEngagement,
  declarationProblem,
  labelled,
  opposedDice,
  type Declaration,
  type EngagementPlan
} from './moves-engagement';
import { boardingChance } from './odds';
import type { McOptions } from './options';
import { boardPreview, planBoarding } from './previews';
import { applyBoarding, resolveBoarding, type BoardingOutcome } from './resolve';
import type { Side } from './sheet';
import { BOARDING_CONDITIONS, shipDiceOf } from './tables';
import { facesOf, mcMove, playerName, toJson, withMcSystem, type McView } from './view';
import { oddsJson } from './odds-json';
import { SIDES } from './sheet';

export interface BoardInput {
  attackerId: string;
  targetId: string;
  side: Side | null;
  /** The referee: adjacent, broadside to broadside or broadside to bow (SPEC A.3.6 #3, #4). */
  isBoardingPosition: boolean;
  /** Broadside to broadside: a failed boarding lets the defender fire back (SPEC A.4.11 step 5). */
  isMutualBroadside: boolean;
  /** The boarders' three dice and the defender's. */
  attack: DiceRoll;
  defence: DiceRoll;
}

/**
 * Why this ship may not board that one (module, fire, position and strength, A.4.11), before any
 * card or die: the checks a boarding shares with its card (issue: no card spent for nothing).
 */
export function boardingProblem(
  view: McView,
  input: Pick<BoardInput, 'attackerId' | 'targetId' | 'isBoardingPosition' | 'side'>,
  opts: McOptions,
  ignoreCard = false
): Result<EngagementPlan> {
  if (!view.system.modules.boarding)
    return err('Boarding is an Advanced module this battle does not use.');
  const boarding = planBoarding(view, input, opts);
  if (!boarding.ok) return boarding;
  const { plan, problems: failed } = boarding.value;
  if (failed.length > 0)
    return err(
      failed.map((id) => BOARDING_CONDITIONS.find((c) => c.id === id)?.text ?? id).join(' ')
    );
  const d: Declaration = {
    attackerId: input.attackerId,
    target: input.targetId,
    kind: 'boarding',
    side: input.side
  };
  const problem = declarationProblem(view, d, opts, ignoreCard);
  return problem === null ? ok(plan) : err(problem);
}

export function boardOutcome(
  state: BattleState,
  view: McView,
  input: BoardInput,
  opts: McOptions
): Result<{ outcome: BoardingOutcome; next: BattleState; summary: string; plan: EngagementPlan }> {
  const { attackerId, targetId } = input;
  const plan = boardingProblem(view, input, opts);
  if (!plan.ok) return plan;
  const { attacker, target } = plan.value;
  const d: Declaration = { attackerId, target: targetId, kind: 'boarding', side: input.side };
  // "If boarding is unsuccessful, game play continues": a failed boarding never ends the turn.
  const r = resolveBoarding(target.sheet.prizeDisks, facesOf(input.attack), facesOf(input.defence));
  if (!r.ok) return r;
  const counted = afterEngagement(view.system, d, false, opts, view, {
    ram: null,
    reply:
      !r.value.isSuccess && input.isMutualBroadside
        ? {
            kind: 'counter',
            by: targetId,
            against: attackerId,
            dice: shipDiceOf(target.sheet.prizeDisks, view.system.variant)
          }
        : null
  });
  const done = withMcSystem(state, counted);
  const head = `${attacker.sheet.name} boards ${target.sheet.name} (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  if (!r.value.isSuccess)
    return ok({
      outcome: r.value,
      next: done,
      summary: `${head}: ${r.value.text}`,
      plan: plan.value
    });
  const captor = view.system.players.find((p) => p.id === attacker.playerId);
  const sheet = applyBoarding(target.sheet, target.playerId, captor?.homeport ?? null);
  const prev = done.ships[targetId];
  const next: BattleState = {
    ...done,
    ships: {
      ...done.ships,
      [targetId]: { ...prev, player: attacker.playerId, side: attacker.side, sheet }
    }
  };
  return ok({
    outcome: r.value,
    next,
    summary: `${head}: ${r.value.text} ${playerName(view.system, attacker.playerId)} takes command.`,
    plan: plan.value
  });
}

const boardBase = mcMove<BoardInput>({
  id: 'mc.boarding',
  category: 'boarding',
  input: ({ z, idInput, diceInput }) =>
    z.strictObject({
      attackerId: idInput,
      targetId: idInput,
      side: z.nullable(z.enum(SIDES)),
      isBoardingPosition: z.boolean(),
      isMutualBroadside: z.boolean(),
      attack: diceInput,
      defence: diceInput
    }),
  run: (view, state, input, ctx) => {
    const r = boardOutcome(state, view, input, ctx.options);
    if (!r.ok) return r;
    const { plan } = r.value;
    const chance = boardingChance(plan.target.sheet.prizeDisks);
    if (!chance.ok) return chance;
    const p = chance.value;
    return draftOf(state, {
      kind: 'mc.boarding',
      summary: r.value.summary,
      next: r.value.next,
      roll: rollRecord({
        procedure: 'mc.boarding',
        inputs: toJson({
          attacker: plan.attacker.id,
          target: plan.target.id,
          targetDisks: plan.target.sheet.prizeDisks
        }),
        dice: joinRolls([
          labelled(input.attack, plan.attacker.sheet.name, 'boarding die'),
          labelled(input.defence, plan.target.sheet.name, 'defence die')
        ]),
        odds: oddsJson([
          { label: 'Ship taken', p },
          { label: 'Boarding fails', p: complement(p) }
        ]),
        outcome: toJson(r.value.outcome)
      }),
      // The boarders' three dice, then the defender's (SPEC A.4.11 steps 2–3): each side wants high
      // faces ("all your dice are higher than your enemy's highest"), the defender too.
      meaning: {
        actor: plan.attacker.id,
        target: plan.target.id,
        dice: opposedDice(plan.attacker.id, input.attack, plan.target.id, input.defence)
      }
    });
  }
});

/** A boarding, with its odds and dice before the roll (`boardMove.preview`). */
export const boardMove = withPreview(boardBase, boardPreview);
