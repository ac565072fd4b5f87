import type { Move, MoveContext } from './move';
import type { BattleState, Json, Op, Path } from '../engine/events';
import { jsonEqual } from './diff';
import type { MergeCheck } from './merge-fold';
import type { BattleOptions, RuleSystemWithMoves } from '../engine/system';
import type { SecretsView } from '../engine/secrets';
import { advanceMove } from './advance';
import { addShipMove } from './add-ship';
import { endBattleMove } from './end';
import { editSheetMove, removeShipMove } from './ship-moves';
import * as inputKit from '../engine/input-kit';
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
function watchedView(view: SecretsView | undefined): {
  view: SecretsView;
  missed: () => boolean;
  read: () => boolean;
} {
  const seats = view?.seats ?? [];
  if (!view) {
    return { view: { seats, get: () => undefined }, missed: () => false, read: () => false };
  }
  let missed = false;
  let read = false;
  return {
    view: {
      seats,
      get(seat, key) {
        read = true;
        if (!seats.includes(seat)) {
          missed = true;
          return undefined;
        }
        return view?.get(seat, key);
      }
    },
    missed: () => missed,
    read: () => read
  };
}

/**
 * Issue 34: what the live re-check says of an event written straight into the shared document
 * (a modified client) rather than by a move. The fold flags it in every device's log as
 * "“…” not applied: " and this.
 */
export const NOT_A_MOVE = 'it was put into the shared battle without a move, so not by the app.';

const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);

function valueAt(root: unknown, path: Path): Json | undefined {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !hasOwn(v, key)) return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v as Json;
}

/** A write that leaves the merged state as it is (another device had made the same change). */
function changesNothing(state: BattleState, op: Op): boolean {
  const now = valueAt(state, op.path);
  return op.op === 'del' ? now === undefined : now !== undefined && jsonEqual(now, op.value);
}

/** Two paths on one branch (one is the other's start): the diff of two states may stop at either. */
function onOneBranch(a: Path, b: Path, generated: (key: string | number) => boolean): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i] && !generated(b[i])) return false;
  return true;
}

/**
 * The first change of a merged move's event outside what its move writes when run again on the
 * merged state (`made`), said for the log; null when there is none. A forged change (a "Next"
 * that also renames a ship) is caught; one on a ship no longer in the battle is the fold's to
 * skip (ghost-ship), and the ids the run made (`${base}.n`) stand for the ones the event holds.
 */
function beyondMove(
  state: BattleState,
  ops: readonly Op[],
  made: readonly Op[],
  base: string
): string | null {
  const generated = (key: string | number): boolean =>
    typeof key === 'string' && key.startsWith(`${base}.`);
  for (const op of ops) {
    const path = op.path;
    const shipId = path[0] === 'ships' && path.length >= 2 ? String(path[1]) : null;
    if (shipId !== null && path.length >= 3 && !hasOwn(state.ships, shipId)) continue;
    if (made.some((m) => onOneBranch(path, m.path, generated)) || changesNothing(state, op))
      continue;
    const ship = shipId !== null && hasOwn(state.ships, shipId) ? state.ships[shipId] : null;
    const sheet = ship?.sheet;
    const name =
      sheet && typeof sheet === 'object' && !Array.isArray(sheet) && typeof sheet.name === 'string'
        ? sheet.name
        : null;
    const where = name ?? (path[0] === 'ships' ? 'a ship' : 'the battle’s state');
    return `it also changes ${where}, which that move does not, so it was not made by the app.`;
  }
  return null;
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
    // Written live (clocked) with changes, by no move this battle knows: not by the app (issue 34).
    // An undo or redo never comes here (the fold checks those); the log from before the battle
    // was shared holds older events written without an input, and they stay as they are.
    const isForgedIfUnchecked = event.clock !== undefined && event.ops.length > 0;
    if (event.input === undefined) return isForgedIfUnchecked ? NOT_A_MOVE : null;
    // The move that wrote it, by id (issue 31): a move whose event kind is not its id (the
    // next-step moves write 'phase.advance') is found too. Older events: by their kind.
    const move = byId.get(event.meaning?.move ?? event.kind);
    if (!move) return isForgedIfUnchecked ? NOT_A_MOVE : null;
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
    const input = parseInput(move, event.input, inputKit);
    if (!input.ok) return input.error;
    const r = move.run(state, input.value, ctx);
    if (secrets.missed()) return null;
    if (!r.ok) return r.error;
    // Its changes must go where the move's own do (issue 34). Not for a move that read a private
    // document: that may have changed since, and the event holds what the move made then.
    if (event.clock === undefined || secrets.read()) return null;
    return beyondMove(state, event.ops, r.value.ops, base);
  };
}

/**
 * recheckWith for a battle of `system`: its moves, the battle layer's own (a ship added, a sheet
 * edited) and the way on as the page makes it (`advanceMove`: refused once the step it passed has
 * been passed already), with its typed readings of the stored options.
 */
export function recheckFor(
  system: RuleSystemWithMoves,
  storedOptions: BattleOptions,
  variant: string,
  secrets?: SecretsView
): MergeCheck {
  const advance = advanceMove(system);
  // The battle layer's own moves too: a live event none of these wrote is refused (issue 34).
  const own = [
    addShipMove(system, system.schemas),
    editSheetMove(system.schemas),
    removeShipMove,
    endBattleMove,
    advance
  ];
  const ids = new Set(own.map((m) => m.id));
  const moves = [...system.moves.filter((m) => !ids.has(m.id)), ...own];
  return recheckWith(moves, {
    options: system.readOptions ? system.readOptions(storedOptions, variant) : storedOptions,
    storedOptions,
    variant,
    ...(secrets ? { secrets } : {})
  });
}
