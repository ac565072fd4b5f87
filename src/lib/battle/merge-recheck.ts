import type { Move, MoveContext } from './move';
import type { MergeCheck } from './merge';
import type { BattleOptions, RuleSystem } from '../rules/system';

/** Checking merged moves again: the live table's fold refuses a move no longer legal on the merged state. */

export interface RecheckContext {
  /** The system's typed readings (`system.readOptions(stored, variant)`). */
  options?: unknown;
  storedOptions?: BattleOptions;
  variant?: string;
}

/**
 * A MergeCheck that runs a move again: for an event whose kind is one of `moves`' ids and that
 * carries its `input`, `move.run(stateBefore, input, ctx)` with the event's time as `now` and ids
 * derived from the event's; the refusal's reason, or null. Events without input are not checked.
 * A move that throws on an input it cannot read counts as refused.
 */
export function recheckWith(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input and options
  moves: readonly Move<any, any>[],
  context: RecheckContext = {}
): MergeCheck {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const byId = new Map<string, Move<any, any>>();
  for (const m of moves) byId.set(m.id, m);
  return (state, event) => {
    if (event.input === undefined) return null;
    const move = byId.get(event.kind);
    if (!move) return null;
    let n = 0;
    const base = event.id.slice(0, 56);
    const ctx: MoveContext = {
      options: context.options ?? {},
      storedOptions: context.storedOptions ?? {},
      variant: context.variant ?? '',
      now: event.at,
      newId: () => `${base}.${++n}`
    };
    const r = move.run(state, event.input, ctx);
    return r.ok ? null : r.error;
  };
}

/** recheckWith for a battle of `system` (its moves, its typed readings of the stored options). */
export function recheckFor(
  system: Pick<RuleSystem, 'moves' | 'readOptions'>,
  storedOptions: BattleOptions,
  variant: string
): MergeCheck {
  return recheckWith(system.moves ?? [], {
    options: system.readOptions ? system.readOptions(storedOptions, variant) : storedOptions,
    storedOptions,
    variant
  });
}
