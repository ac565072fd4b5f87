import type { BattleState, EventDraft } from '../../battle/events';
import { applyEvent } from '../../battle/fold';
import type { DiceRoll, DiceSource } from '../core/dice';
import { ok, type Result } from '../core/result';
import type { PvContext, PvMove } from './moves-common';
import {
  cannonFire,
  damageExtra,
  damageToss,
  fireInProgress,
  type FireSetup
} from './moves-gunnery';
import type { TossOutcome } from './resolve-gunnery';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { TURN_PHASES } from './tables';

// Test helpers for the Privateers moves: a move context, pad rolls from faces, and a move run the
// way session.perform runs it (in the move's own phase), its event applied to the state.

export function ctxOf(options: Partial<PvOptions> = {}): PvContext {
  let n = 0;
  return {
    options: { ...DEFAULT_OPTIONS, ...options },
    storedOptions: {},
    variant: 'standard',
    now: 0,
    newId: () => `id-${++n}`
  };
}

/** A pad roll of `sides`-sided dice (d12 unless told), typed in unless told. */
export function roll(
  faces: readonly number[],
  sides = 12,
  source: DiceSource = 'entered'
): DiceRoll {
  return { source, dice: faces.map((face) => ({ sides, face })) };
}

export const d6 = (faces: readonly number[], source: DiceSource = 'entered'): DiceRoll =>
  roll(faces, 6, source);

/** The state in the move's phase (a move refuses outside it; tests say where they play it). */
export function inPhaseOf<I>(move: PvMove<I>, state: BattleState): BattleState {
  if (move.phase === null) return state;
  const phase = TURN_PHASES.findIndex((p) => p.id === move.phase);
  return state.phase === phase ? state : { ...state, phase };
}

export interface Played {
  next: BattleState;
  summary: string;
  draft: EventDraft;
}

/** Runs the move in its phase; the next state keeps the phase the test started from. */
export function play<I>(
  move: PvMove<I>,
  state: BattleState,
  input: I,
  options: Partial<PvOptions> = {}
): Result<Played> {
  const at = inPhaseOf(move, state);
  const r = move.run(at, input, ctxOf(options));
  if (!r.ok) return r;
  const next = applyEvent(at, r.value);
  return ok({ next: { ...next, phase: state.phase }, summary: r.value.summary, draft: r.value });
}

export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** A whole cannon fire as the table plays it: the hit d12s, the damage d6s if any, then the
 *  critical d12 and officer d6s if the toss calls for them. The summary is the last event's. */
export function fireThrough(
  state: BattleState,
  setup: FireSetup,
  hitFaces: readonly number[],
  damage: readonly number[],
  extra: { criticalFace?: number; officerFaces?: readonly number[] } = {},
  options: Partial<PvOptions> = {}
): Result<Played & { outcome: TossOutcome | null; steps: Played[] }> {
  const steps: Played[] = [];
  const first = play(cannonFire, state, { setup, dice: roll(hitFaces) }, options);
  if (!first.ok) return first;
  steps.push(first.value);
  let cur = first.value;
  if (fireInProgress(cur.next)) {
    const t = play(damageToss, cur.next, { dice: d6(damage) }, options);
    if (!t.ok) return t;
    steps.push(t.value);
    cur = t.value;
  }
  if (fireInProgress(cur.next)) {
    const faces = [
      ...(extra.criticalFace === undefined ? [] : [extra.criticalFace]),
      ...(extra.officerFaces ?? [])
    ];
    const x = play(damageExtra, cur.next, { dice: roll(faces) }, options);
    if (!x.ok) return x;
    steps.push(x.value);
    cur = x.value;
  }
  const rec = cur.draft.roll?.outcome;
  const toss =
    rec && typeof rec === 'object' && !Array.isArray(rec) && 'toss' in rec
      ? (rec.toss as unknown as TossOutcome)
      : null;
  return ok({ ...cur, outcome: toss, steps });
}
