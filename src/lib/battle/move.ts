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
} from '../engine/events';
import type { SecretWrite } from '../engine/secrets';
import type * as z from 'zod/mini';
import type {
  DiceNeed,
  Guard,
  InputKitModule,
  Move,
  MoveContext,
  MoveDraft,
  MoveFn,
  MovePreview,
  MoveSpec
} from '../engine/move';
import {
  completeMeaning,
  meaningProblem,
  MEANING_CHECK,
  type MeaningParts
} from '../engine/meaning';

const MOVE_ID = /^[a-z][a-z0-9]*\.[a-z][a-z0-9-]*$/;

// The move contract is the engine's (engine/move.ts); the builders here hand it out with them.
export type { DiceNeed, Guard, Move, MoveContext, MoveDraft, MoveFn, MovePreview, MoveSpec };

/**
 * The one move builder (issue 31): every move of every system is made here, so every draft a move
 * makes says what it did (`meaning`: the move id, its category, actor, target, whose dice, hits).
 * The builders are marked free of side effects, so a move no screen imports is left out of the
 * bundle, as its input schema is (zod's builders are marked so too; issue 40).
 */
/*@__NO_SIDE_EFFECTS__*/
export function defineMove<I, O = unknown>(spec: MoveSpec<I, O>): Move<I, O> {
  const { id, category } = spec;
  if (!MOVE_ID.test(id)) throw new Error(`move id "${id}" is not '<system>.<kebab-case>'`);
  const guards = spec.guards ?? [];
  const schemaOf = inputSchemaOf(spec.input);
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
      const kit = MEANING_CHECK.inputKit;
      if (!kit) throw new Error(`move ${id}: strict mode has no input kit to parse its input with`);
      const parsed = schemaOf(kit).safeParse(input);
      if (!parsed.success) {
        const problem = inputProblem(parsed.error, input);
        throw new Error(
          `move ${id}: an input it accepted does not parse under its schema (${problem})`
        );
      }
    }
    return ok({ ...draft, meaning });
  };
  return { id, category, input: schemaOf, guards, run };
}

/** A move's schema as a function of the input kit, built once (issue 40: on the first parse). */
function inputSchemaOf<I>(
  given: MoveSpec<I>['input']
): (kit: InputKitModule) => z.ZodMiniType<unknown> {
  if (typeof given !== 'function') return () => given;
  let schema: z.ZodMiniType<I> | null = null;
  return (kit) => (schema ??= given(kit));
}

/** `move` with what it answers before its roll (one way for every move that rolls); what else the
 *  move carries (a Privateers move's phase) is kept. */
/*@__NO_SIDE_EFFECTS__*/
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any move, whatever its input
export function withPreview<M extends Move<any, O>, S, R, O>(
  move: M,
  preview: MovePreview<S, R, O>
): M & { readonly preview: MovePreview<S, R, O> } {
  return { ...move, preview };
}

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
