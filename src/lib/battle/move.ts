import type * as z from 'zod/mini';
import type { Result } from '../engine/result';
import { err, ok } from '../engine/result';
import type { DiceRoll, DiceSource, DieFace } from '../engine/dice';
import { createAction } from './actions';
import { inputProblem } from './move-input';
import {
  JSON_LIMITS,
  type BattleState,
  type EventDraft,
  type Json,
  type RollRecord
} from './events';
import type { SecretWrite, SecretsView } from '../engine/secrets';
import {
  completeMeaning,
  meaningProblem,
  MEANING_CHECK,
  type Category,
  type MeaningParts
} from './meaning';

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
   * trusted. Lives beside the move, so it is built only when the move's module is loaded.
   */
  input: z.ZodMiniType<I>;
  /** Checked in order before `run`; the first refusal is the move's. */
  guards?: readonly Guard<I, O>[];
  /** State + input + context → the draft (its meaning's parts stated through `draftOf`). */
  run: MoveFn<I, O>;
}

export interface Move<I, O = unknown> {
  readonly id: string;
  readonly category: Category;
  /**
   * The input's schema (see MoveSpec.input); `parseInput` reads an outside input through it. Typed
   * against `I` where the move is defined (`MoveSpec.input`); unknown here, so a caller's input
   * literal does not take part in inferring `I` (a test's `{ sail: 2 }` stays an OrdersInput).
   */
  readonly input: z.ZodMiniType<unknown>;
  readonly guards: readonly Guard<I, O>[];
  /** The guards, then the move's own run; the draft carries its completed `meaning`. */
  readonly run: MoveFn<I, O>;
}

const MOVE_ID = /^[a-z][a-z0-9]*\.[a-z][a-z0-9-]*$/;

/**
 * The one move builder (issue 31): every move of every system is made here, so every draft a move
 * makes says what it did (`meaning`: the move id, its category, actor, target, whose dice, hits).
 */
export function defineMove<I, O = unknown>(spec: MoveSpec<I, O>): Move<I, O> {
  const { id, category } = spec;
  if (!MOVE_ID.test(id)) throw new Error(`move id "${id}" is not '<system>.<kebab-case>'`);
  const guards = spec.guards ?? [];
  const run: MoveFn<I, O> = (state, input, ctx) => {
    for (const g of guards) {
      const reason = g.check(state, input, ctx);
      if (reason !== null) return err(reason);
    }
    const r = spec.run(state, input, ctx);
    if (!r.ok) return r;
    const { meaningParts, ...draft } = r.value as MoveDraft & { meaningParts?: MeaningParts };
    const dice = draft.roll?.dice.dice ?? [];
    const meaning = completeMeaning(id, category, meaningParts, state, dice);
    if (MEANING_CHECK.isStrict) {
      const problem = meaningProblem(meaning, meaningParts, dice);
      if (problem !== null) throw new Error(`move ${id}: its meaning ${problem}`);
      // An input the move accepted must parse under its schema, or the same input merged from
      // another device would be refused: every move any unit test (the testkits) makes checks it.
      const parsed = spec.input.safeParse(input);
      if (!parsed.success) {
        const problem = inputProblem(parsed.error, input);
        throw new Error(
          `move ${id}: an input it accepted does not parse under its schema (${problem})`
        );
      }
    }
    return ok({ ...draft, meaning });
  };
  return { id, category, input: spec.input, guards, run };
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

/** A move that answers before its roll: `move.preview.odds(…)`, `move.preview.dice(…)`. */
export type PreviewedMove<I, O, S, R> = Move<I, O> & { readonly preview: MovePreview<S, R, O> };

/** `move` with what it answers before its roll (one way for every move that rolls); what else the
 *  move carries (a Privateers move's phase) is kept. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any move, whatever its input
export function withPreview<M extends Move<any, O>, S, R, O>(
  move: M,
  preview: MovePreview<S, R, O>
): M & { readonly preview: MovePreview<S, R, O> } {
  return { ...move, preview };
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

/** The move's draft with `writes` for the private documents beside it (and `undo`, their undo). */
export function withSecretWrites(
  r: Result<EventDraft>,
  writes: readonly SecretWrite[],
  undo: readonly SecretWrite[] = []
): Result<MoveDraft> {
  if (!r.ok || (writes.length === 0 && undo.length === 0)) return r;
  const had = secretWritesOf(r.value);
  const hadUndo = undoSecretWritesOf(r.value);
  return ok({
    ...r.value,
    secretWrites: [...had, ...writes],
    ...(hadUndo.length + undo.length > 0 ? { undoSecretWrites: [...hadUndo, ...undo] } : {})
  });
}

/** The writes that undo a draft's private writes ([] when it asks for none). */
export function undoSecretWritesOf(draft: EventDraft): readonly SecretWrite[] {
  return (draft as MoveDraft).undoSecretWrites ?? [];
}

/** The private writes a draft asks for ([] for an ordinary move). */
export function secretWritesOf(draft: EventDraft): readonly SecretWrite[] {
  return (draft as MoveDraft).secretWrites ?? [];
}

/** A move's refusal, worded for the table ("Surprise has already rolled to reload this turn."). */
export const refuse = (reason: string): Result<never> => err(reason);

export interface DraftInput {
  kind: string;
  summary: string;
  next: BattleState;
  roll?: RollRecord;
  /** Who acted, on whom, whose dice and the hits: the builder completes it into the meaning. */
  meaning?: MeaningParts;
}

/** The event a move makes: the ops are the diff from `state` to `next` (undo inverts them). */
export function draftOf(state: BattleState, input: DraftInput): Result<EventDraft> {
  const { meaning, ...action } = input;
  const draft = createAction(state, action);
  return ok(meaning ? withMeaning(draft, meaning) : draft);
}

/** A draft made some other way than `draftOf` (a shared helper's), with what the move states. */
export function withMeaning(draft: EventDraft, meaning: MeaningParts): EventDraft {
  return Object.assign(draft, { meaningParts: meaning });
}

/**
 * All the dice of one procedure as one record, in the order they were rolled. Each die keeps its
 * own source when the record mixes app-rolled and typed-in dice (per die, not per action: app
 * percentiles then typed damage dice are logged as such). The record's own `source` is the first
 * roll's, so older readers that look only at it still see a source that some die really has.
 */
export function joinRolls(rolls: readonly DiceRoll[]): DiceRoll {
  const nonEmpty = rolls.filter((r) => r.dice.length > 0);
  const first: DiceSource = nonEmpty[0]?.source ?? rolls[0]?.source ?? 'app';
  const isMixed = nonEmpty.some((r) => r.dice.some((d) => dieSource(r, d) !== first));
  const dice: DieFace[] = nonEmpty.flatMap((r) =>
    r.dice.map((d) => (isMixed ? { ...d, source: dieSource(r, d) } : withoutSource(d)))
  );
  return { source: first, dice };
}

function withoutSource(d: DieFace): DieFace {
  if (d.source === undefined) return d;
  const { source: _source, ...rest } = d;
  return rest;
}

/** Who rolled one die of a record: its own tag, else the record's. */
export function dieSource(roll: DiceRoll, die: DieFace): DiceSource {
  return die.source ?? roll.source;
}

/** Labels every die of a roll ("Surprise, starboard medium 1, hit") for the record and the log. */
export function labelDice(roll: DiceRoll, labels: readonly (string | undefined)[]): DiceRoll {
  return {
    source: roll.source,
    dice: roll.dice.map((d, i) => (labels[i] ? { ...d, label: labels[i] } : d))
  };
}

export interface RollRecordInput {
  /** Stable procedure id, '<system>.<kebab-case>', e.g. 'pv.cannon-fire'. Never display text. */
  procedure: string;
  inputs: Json;
  dice: DiceRoll;
  odds?: Json;
  outcome: Json;
}

/** The roll record a move attaches to its draft: every face, who rolled each, inputs and outcome. */
export function rollRecord(input: RollRecordInput): RollRecord {
  if (!MOVE_ID.test(input.procedure)) {
    throw new Error(`procedure id "${input.procedure}" is not '<system>.<kebab-case>'`);
  }
  const record: RollRecord = {
    procedure: input.procedure,
    inputs: input.inputs,
    dice: input.dice,
    outcome: input.outcome
  };
  if (input.odds !== undefined) record.odds = input.odds;
  return record;
}

/** A value the engine built, as the JSON the log stores (engine types are plain JSON by schema). */
export const asJson = (value: unknown): Json => value as Json;

/** The largest move input the log keeps (as JSON text); a bigger one is not stored. */
export const MAX_STORED_INPUT_CHARS = 200_000;

const SKIP = Symbol('not JSON');

function toJson(v: unknown, depth: number): Json | typeof SKIP {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') {
    return typeof v === 'string' && v.length > JSON_LIMITS.maxStringLength ? SKIP : v;
  }
  if (typeof v === 'number') return Number.isFinite(v) ? v : SKIP;
  if (typeof v !== 'object' || depth >= JSON_LIMITS.maxDepth) return SKIP;
  if (Array.isArray(v)) {
    const out: Json[] = [];
    for (const x of v) {
      const j = toJson(x, depth + 1);
      if (j === SKIP) return SKIP;
      out.push(j);
    }
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return SKIP;
  const out: { [k: string]: Json } = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue; // an optional field left out, as JSON leaves it
    if (k === '__proto__') return SKIP;
    const j = toJson(x, depth + 1);
    if (j === SKIP) return SKIP;
    out[k] = j;
  }
  return out;
}

/**
 * A move's input as the log keeps it (#19: a merged move is run again on it): plain JSON, optional
 * fields left undefined dropped; undefined when it is not JSON (a function, a NaN) or too big.
 */
export function storedInput(input: unknown): Json | undefined {
  const j = toJson(input, 0);
  if (j === SKIP) return undefined;
  return JSON.stringify(j).length <= MAX_STORED_INPUT_CHARS ? j : undefined;
}

/** The move's draft with its input stored on it (unless the move set its own public `input`). */
export function withInput(r: Result<EventDraft>, input: unknown): Result<EventDraft> {
  if (!r.ok || r.value.input !== undefined) return r;
  const stored = storedInput(input);
  return stored === undefined ? r : ok({ ...r.value, input: stored });
}
