import type { Result } from '../rules/core/result';
import { err, ok } from '../rules/core/result';
import type { DiceRoll, DiceSource, DieFace } from '../rules/core/dice';
import { createAction } from './actions';
import type { BattleState, EventDraft, Json, RollRecord } from './events';

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
}

export type MoveFn<I, O = unknown> = (
  state: BattleState,
  input: I,
  ctx: MoveContext<O>
) => Result<EventDraft>;

export interface Move<I, O = unknown> {
  /**
   * Stable id, '<system>.<kebab-case>' (e.g. 'pv.reload'); it is also the event kind the move writes
   * unless the move names another. Permanent once users hold battles: never renamed, labels apart.
   */
  readonly id: string;
  readonly run: MoveFn<I, O>;
}

const MOVE_ID = /^[a-z][a-z0-9]*\.[a-z][a-z0-9-]*$/;

export function defineMove<I, O = unknown>(id: string, run: MoveFn<I, O>): Move<I, O> {
  if (!MOVE_ID.test(id)) throw new Error(`move id "${id}" is not '<system>.<kebab-case>'`);
  return { id, run };
}

/** A move's refusal, worded for the table ("Surprise has already rolled to reload this turn."). */
export const refuse = (reason: string): Result<never> => err(reason);

export interface DraftInput {
  kind: string;
  summary: string;
  next: BattleState;
  roll?: RollRecord;
}

/** The event a move makes: the ops are the diff from `state` to `next` (undo inverts them). */
export function draftOf(state: BattleState, input: DraftInput): Result<EventDraft> {
  return ok(createAction(state, input));
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
