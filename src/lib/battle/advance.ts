import type { BattleOptions, RuleSystem } from '../engine/system';
import { blockingReason, type TurnStatus } from '../engine/turn-status';
import { err, ok } from '../engine/result';
import { advancePhase } from './actions';
import type { BattleState, Json } from '../engine/events';
import { defineMove, draftOf, type Guard, type Move, type MoveContext } from './move';
import { turnStatusOf } from './display';
import { sheetOf } from './sheets';
import type { InputKitModule } from '../engine/move';
import type * as z from 'zod/mini';

/**
 * "Next phase" / "Next turn" for every system: the battle layer's own move. Past the last phase the
 * next turn begins and the system's `onTurnStart` runs on every sheet it can read (end-of-turn
 * bookkeeping such as clearing "fired this turn"). A system whose turn passes between players in its
 * own way supplies `nextStep` instead (Master and Commander's "End Jack's turn").
 */
export function advanceMove(system: RuleSystem): Move<AdvanceInput> {
  const known = passing.get(system);
  if (known) return known;
  const base = system.nextStep ?? defaultAdvance(system);
  const own = [stepNotPassed(system), nothingBlocking(system)];
  const move: Move<AdvanceInput> = {
    id: base.id,
    category: base.category,
    input: advanceInput,
    guards: [...own, ...(base.guards as Move<AdvanceInput>['guards'])],
    run: (state, input, ctx) => {
      for (const g of own) {
        const reason = g.check(state, input, ctx);
        if (reason !== null) return err(reason);
      }
      return base.run(state, {}, ctx);
    }
  };
  passing.set(system, move);
  return move;
}

/**
 * The step a Next tap passes on, as the screen showed it (issue 31): two devices that both pass
 * the same step on a merged log, or a second tap on one device, pass it once; the later one is
 * refused on the state it meets. Absent (an older event, a test): not checked.
 */
export interface AdvanceInput {
  from?: StepMark;
}

export interface StepMark {
  turn: number;
  step: string;
  /** Whose turn it was, where the system passes the turn between players or sides. */
  active: string | null;
}

// Built from the input kit on the first Next (issue 40: the first screen carries no zod).
let advanceSchema: z.ZodMiniType<AdvanceInput> | null = null;
const advanceInput = ({ z, intInput, textInput }: InputKitModule): z.ZodMiniType<AdvanceInput> =>
  (advanceSchema ??= z.strictObject({
    from: z.optional(
      z.strictObject({
        turn: intInput(0, 1_000_000),
        step: textInput(100),
        active: z.nullable(textInput())
      })
    )
  }));

/** Where the battle stands, as a Next tap records it (the turn model's turn, step and party). */
export function stepMark(
  system: RuleSystem,
  state: BattleState,
  ctx: { options: BattleOptions; variant: string; now: number }
): StepMark {
  return markOf(statusOf(system, state, ctx));
}

/** The mark of a turn status the screen already holds. */
export function markOf(ts: TurnStatus): StepMark {
  return { turn: ts.turn, step: ts.step.id, active: ts.active?.id ?? null };
}

interface StatusContext {
  options: BattleOptions;
  variant: string;
  now: number;
}

/** Within this long, a state's turn status is read once for one tap. */
const SAME_TAP_MS = 1000;
const statuses = new WeakMap<
  BattleState,
  { system: RuleSystem; ctx: StatusContext; status: TurnStatus }
>();

/**
 * The turn model's reading of a state, kept for the tap that reads it several times (issue 39: the
 * screen's check, each guard, the move built again inside the transaction, each a whole turn
 * model). `now` moves on by milliseconds between them, which no step or blocking item turns on.
 */
function statusOf(system: RuleSystem, state: BattleState, ctx: StatusContext): TurnStatus {
  const hit = statuses.get(state);
  if (
    hit &&
    hit.system === system &&
    hit.ctx.options === ctx.options &&
    hit.ctx.variant === ctx.variant &&
    Math.abs(hit.ctx.now - ctx.now) < SAME_TAP_MS
  ) {
    return hit.status;
  }
  const status = turnStatusOf(system, state, ctx);
  statuses.set(state, { system, ctx, status });
  return status;
}

const statusContext = (ctx: MoveContext): StatusContext => ({
  options: ctx.storedOptions,
  variant: ctx.variant,
  now: ctx.now
});

function stepNotPassed(system: RuleSystem): Guard<AdvanceInput> {
  return {
    id: 'step-passed',
    check: (state, input, ctx) => {
      const from = input?.from;
      if (!from) return null;
      const now = markOf(statusOf(system, state, statusContext(ctx)));
      const isSame = now.turn === from.turn && now.step === from.step && now.active === from.active;
      return isSame ? null : 'That step has already been passed (on this or another device).';
    }
  };
}

/**
 * A step is not left while the turn model holds a blocking item (`Pending.isBlocking`: a required
 * roll such as the Wind Die, a fire's damage dice still to roll): the screen offers no "anyway" for
 * those, and the move refuses them in the same words (issue 32 #7).
 */
function nothingBlocking(system: RuleSystem): Guard<AdvanceInput> {
  return {
    id: 'blocking',
    check: (state, _input, ctx) => {
      return blockingReason(statusOf(system, state, statusContext(ctx)).pending);
    }
  };
}

const passing = new WeakMap<RuleSystem, Move<AdvanceInput>>();

const cache = new WeakMap<RuleSystem, Move<Record<string, never>>>();

function defaultAdvance(system: RuleSystem): Move<Record<string, never>> {
  const known = cache.get(system);
  if (known) return known;
  const move = defineMove<Record<string, never>>({
    id: 'battle.advance',
    category: 'turn',
    input: (kit) => kit.noInput,
    run: (state, _input, ctx) => {
      const phases = system.phases ?? [];
      const draft = advancePhase(state, phases);
      if (!system.onTurnStart || draft.kind !== 'turn.advance') return ok(draft);
      return draftOf(state, {
        kind: draft.kind,
        summary: draft.summary,
        next: startTurn(system, state, ctx.storedOptions)
      });
    }
  });
  cache.set(system, move);
  return move;
}

function startTurn(
  system: RuleSystem,
  state: BattleState,
  options: Record<string, string | number | boolean>
): BattleState {
  const ships = { ...state.ships };
  for (const [id, ship] of Object.entries(ships)) {
    const sheet = sheetOf<object>(ship);
    if (sheet !== null && system.onTurnStart) {
      ships[id] = {
        ...ship,
        sheet: system.onTurnStart(sheet, { endedTurn: state.turn, options }) as Json
      };
    }
  }
  return { ...state, turn: state.turn + 1, phase: 0, ships };
}
