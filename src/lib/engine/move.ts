import type * as z from 'zod/mini';
import type * as InputKit from './input-kit';
import type { Result } from './result';
import type { BattleState, EventDraft } from './events';
import type { Category } from './meaning';
import type { SecretWrite, SecretsView } from './secrets';

/**
 * The one move contract (DESIGN: like boardgame.io's moves). Every battle action of every rule system
 * is a pure `Move`: the battle state, the move's typed input (with the dice faces it needs, each die
 * tagged app-rolled or typed in) and the move context go in; an `EventDraft` — its ops, its log line
 * and its roll record — or the rule's reason for refusing comes out. Components gather the input and
 * hand it to `session.perform(move, input)`; they never build drafts or roll records themselves.
 *
 * Moves are run twice by the check-then-act: once on the state on screen (to show a refusal at once)
 * and once on the state being written, inside the transaction. They must be deterministic.
 */

/** What a move may read besides the state and its input. Time and ids are parameters (purity lint). */
export interface MoveContext<O = unknown> {
  /** The battle's rule readings as the system's own type (`system.readOptions`). */
  options: O;
  /** The readings as stored in the battle record (for engine hooks that read them themselves). */
  storedOptions: Record<string, string | number | boolean>;
  /** The battle's variant id ('standard', 'beginner', …). */
  variant: string;
  /** Milliseconds since the epoch, from the injected clock (the M&C hourglass needs it). */
  now: number;
  /** A new globally unique id (UUIDv7) for ships or cards the move creates. */
  newId: () => string;
  /**
   * True when the battle is shared live (#19): moves that hide information (Privateers hidden
   * orders, the Master and Commander deck) then keep it out of the public event. Absent: a battle
   * on one device, which works exactly as before.
   */
  isLive?: boolean;
  /**
   * The live table's private documents this device opens (#19 item 5: its own seat's; every seat's
   * and the referee's own on the referee's device). Absent on one device. A move that reads a seat
   * not in `secrets.seats` gets undefined, and must refuse rather than guess.
   */
  secrets?: SecretsView;
}

export type MoveFn<I, O = unknown> = (
  state: BattleState,
  input: I,
  ctx: MoveContext<O>
) => Result<EventDraft>;

/**
 * A guard a move is checked against before it runs (the phase it belongs to, the battle not yet
 * over): data the turn model and the screens can read by id, and the refusal's reason or null.
 */
export interface Guard<I = unknown, O = unknown> {
  /** Stable id within its system: 'phase', 'battle-over', 'step-passed'. */
  readonly id: string;
  check(state: BattleState, input: I, ctx: MoveContext<O>): string | null;
}

/** The input kit (engine/input-kit.ts: zod and the shared inputs) a move's schema is built with. */
export type InputKitModule = typeof InputKit;

export interface MoveSpec<I, O = unknown> {
  /**
   * Stable id, '<system>.<kebab-case>' (e.g. 'pv.reload'); it is also the event kind the move writes
   * unless the move names another. Permanent once users hold battles: never renamed, labels apart.
   */
  id: string;
  /** What kind of act it is, in the shared vocabulary (meaning.ts); a run may say otherwise. */
  category: Category;
  /**
   * The input's schema (zod, strict): an input that comes from outside — a merged live event, a
   * tap through `session.perform` — is parsed with it before the move runs (`parseInput`), never
   * trusted. Lives beside the move, so it is built only when the move's module is loaded. A
   * module a battle's first screen loads gives it as a function of the input kit
   * (`({ z, idInput }) => z.strictObject(…)`): built on the first parse, with zod loaded then
   * (issue 40); others may give the schema itself.
   */
  input: z.ZodMiniType<I> | ((kit: InputKitModule) => z.ZodMiniType<I>);
  /** Checked in order before `run`; the first refusal is the move's. */
  guards?: readonly Guard<I, O>[];
  /** State + input + context → the draft (its meaning's parts stated through `draftOf`). */
  run: MoveFn<I, O>;
}

export interface Move<I, O = unknown> {
  readonly id: string;
  readonly category: Category;
  /**
   * The input's schema from the input kit, built once (see MoveSpec.input); `parseInput` reads an
   * outside input through it. Typed against `I` where the move is defined (`MoveSpec.input`);
   * unknown here, so a caller's input literal does not take part in inferring `I` (a test's
   * `{ sail: 2 }` stays an OrdersInput).
   */
  readonly input: (kit: InputKitModule) => z.ZodMiniType<unknown>;
  readonly guards: readonly Guard<I, O>[];
  /** The guards, then the move's own run; the draft carries its completed `meaning`. */
  readonly run: MoveFn<I, O>;
}

/**
 * One group of dice a move will roll, said before it is rolled (issue 31 item 2): the dice pad's
 * group, with whose dice they are as the move's meaning will record them.
 */
export interface DiceNeed {
  count: number;
  sides: number;
  /** The pad's words for them ("Pickle, Zone 1: to hit"). */
  label: string;
  /** The ship that rolls them; null for a battery, a Homeport or a captain's own roll. */
  ship: string | null;
  /** A high face is good for whoever rolls them. */
  isHighGood: boolean;
  /** The pad's heading for whose they are ("Attacker: Pickle"); absent, none. */
  group?: string;
}

/**
 * What a move answers before its roll (issue 31 item 2), so a panel shows the move's own figures
 * and dice pads and calls no resolver or odds function of its own: the exact odds of a set-up on
 * a state, and the dice it will roll. `S` is what the panel has gathered so far (the input without
 * its dice, or with the faces already rolled where a second roll depends on them); `R` the odds.
 */
export interface MovePreview<S, R, O = unknown> {
  odds(state: BattleState, setup: S, options: O): Result<R>;
  dice(state: BattleState, setup: S, options: O): Result<DiceNeed[]>;
}

/**
 * A draft with the private writes its move asks for beside it (#19 item 5): what goes to a seat's
 * private document (a card drawn into a hand, the library's new order). The writes are never part
 * of the public event — `stampEvent` copies only the event's own fields — and the session applies
 * them to the seat documents only once the public event is committed. A move asks for writes only
 * when `ctx.secrets` is present (a live battle); the session refuses writes to a seat this device
 * does not open, and on a battle that is not live.
 */
export type MoveDraft = EventDraft & {
  secretWrites?: readonly SecretWrite[];
  /**
   * What the same keys held before (value null: absent), written back when the event is undone.
   * The session keeps them privately with the event (`undoSecretsKey`), never in the public log.
   */
  undoSecretWrites?: readonly SecretWrite[];
};
