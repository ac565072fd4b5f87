import type { Move, MoveContext } from './move';
import type { MergeCheck } from './merge';
import type { BattleOptions, RuleSystem } from '../rules/system';
import type { SecretsView } from '../live/secrets';
import { advanceMove } from './advance';
import { parseInput } from './move-input';

/** Checking merged moves again: the live table's fold refuses a move no longer legal on the merged state. */

export interface RecheckContext {
  /** The system's typed readings (`system.readOptions(stored, variant)`). */
  options?: unknown;
  storedOptions?: BattleOptions;
  variant?: string;
  /** The private documents this device opens (live table, #19 item 5). */
  secrets?: SecretsView;
}

/**
 * The device's secrets as a recheck reads them, noting whether the move asked for a seat this
 * device does not open: a player's phone checking the referee's draw from the library it never
 * sees. Such a move's refusal is not trusted (the device lacks what the move was made with): the
 * event keeps its ops as published, as the device that made it (which did hold the secret) built
 * them.
 */
function watchedView(view: SecretsView | undefined): { view: SecretsView; missed: () => boolean } {
  const seats = view?.seats ?? [];
  if (!view) return { view: { seats, get: () => undefined }, missed: () => false };
  let missed = false;
  return {
    view: {
      seats,
      get(seat, key) {
        if (!seats.includes(seat)) {
          missed = true;
          return undefined;
        }
        return view?.get(seat, key);
      }
    },
    missed: () => missed
  };
}

/**
 * A MergeCheck that runs a move again: for an event written by one of `moves` (its meaning's move
 * id; an older event's kind) that carries its `input`, `move.run(stateBefore, input, ctx)` with the event's time as `now` and ids
 * derived from the event's; the refusal's reason, or null. The input is parsed with the move's
 * schema first (a malformed one is refused). Events without input are not checked.
 * A move that throws on an input it cannot read counts as refused. A move refused after reading a
 * private document this device does not open is NOT refused here (watchedView): it keeps its ops
 * as published.
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
    // The move that wrote it, by id (issue 31): a move whose event kind is not its id (the
    // next-step moves write 'phase.advance') is found too. Older events: by their kind.
    const move = byId.get(event.meaning?.move ?? event.kind);
    if (!move) return null;
    let n = 0;
    const base = event.id.slice(0, 56);
    // Not `isLive`: the merged log also holds the events written before the battle was shared.
    const secrets = watchedView(context.secrets);
    const ctx: MoveContext = {
      options: context.options ?? {},
      storedOptions: context.storedOptions ?? {},
      variant: context.variant ?? '',
      now: event.at,
      newId: () => `${base}.${++n}`,
      ...(context.secrets ? { secrets: secrets.view } : {})
    };
    // The merged input is parsed with the move's schema, not trusted: a malformed one is refused.
    const input = parseInput(move, event.input);
    if (!input.ok) return input.error;
    const r = move.run(state, input.value, ctx);
    if (r.ok || secrets.missed()) return null;
    return r.error;
  };
}

/**
 * recheckWith for a battle of `system`: its moves, the battle layer's own (a ship added, a sheet
 * edited) and the way on as the page makes it (`advanceMove`: refused once the step it passed has
 * been passed already), with its typed readings of the stored options.
 */
export function recheckFor(
  system: RuleSystem,
  storedOptions: BattleOptions,
  variant: string,
  secrets?: SecretsView
): MergeCheck {
  const advance = advanceMove(system);
  const moves = [...system.moves.filter((m) => m.id !== advance.id), advance];
  return recheckWith(moves, {
    options: system.readOptions ? system.readOptions(storedOptions, variant) : storedOptions,
    storedOptions,
    variant,
    ...(secrets ? { secrets } : {})
  });
}
