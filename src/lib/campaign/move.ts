import type { Json } from '../engine/events';
import { diff } from '../battle/diff';
import { storedInput } from '../battle/move';
import { err, ok, type Result } from '../engine/result';
import type { CampaignDraft } from './events';
import type { CampaignState } from './state';

/**
 * Campaign actions are moves with the battle's contract (battle/move.ts `defineMove`): a stable id
 * that is also the event kind, a category, guards as data checked in order, and a pure run from
 * the state and the typed input to a draft or the reason it is refused. The draft's ops are the
 * diff from the state to the next one, so undo inverts them as it does a battle's.
 */

export type CampaignCategory = 'setup' | 'roster' | 'battle' | 'economy';

/** What a move may read besides the state and its input (time and ids are parameters). */
export interface CampaignContext {
  now: number;
  newId: () => string;
}

export interface CampaignGuard<I> {
  /** Stable id: 'captain-exists', 'purse-pays'. */
  readonly id: string;
  check(state: CampaignState, input: I, ctx: CampaignContext): string | null;
}

export interface CampaignMove<I> {
  /** 'campaign.<kebab-case>': the event kind it writes. Permanent once stored. */
  readonly id: string;
  readonly category: CampaignCategory;
  readonly guards: readonly CampaignGuard<I>[];
  /** The guards, then the move's run; the draft carries the input as performed. */
  readonly run: (state: CampaignState, input: I, ctx: CampaignContext) => Result<CampaignDraft>;
}

const MOVE_ID = /^campaign\.[a-z][a-z0-9-]*$/;

export interface CampaignMoveSpec<I> {
  id: string;
  category: CampaignCategory;
  guards?: readonly CampaignGuard<I>[];
  /** The next state and its log line, or the refusal; the builder makes the draft. */
  run: (
    state: CampaignState,
    input: I,
    ctx: CampaignContext
  ) => Result<{ next: CampaignState; summary: string }>;
}

export function defineCampaignMove<I>(spec: CampaignMoveSpec<I>): CampaignMove<I> {
  if (!MOVE_ID.test(spec.id))
    throw new Error(`move id "${spec.id}" is not 'campaign.<kebab-case>'`);
  const guards = spec.guards ?? [];
  return {
    id: spec.id,
    category: spec.category,
    guards,
    run: (state, input, ctx) => {
      for (const g of guards) {
        const reason = g.check(state, input, ctx);
        if (reason !== null) return err(reason);
      }
      const r = spec.run(state, input, ctx);
      if (!r.ok) return r;
      const draft: CampaignDraft = {
        kind: spec.id,
        summary: r.value.summary,
        ops: diff(state as unknown as Json, r.value.next as unknown as Json)
      };
      const stored = storedInput(input);
      if (stored !== undefined) draft.input = stored;
      return ok(draft);
    }
  };
}

export const refuse = (reason: string): Result<never> => err(reason);
