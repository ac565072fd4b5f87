import {
  stampEvent,
  type BattleEvent,
  type BattleState,
  type EventDraft
} from '../../engine/events';
import { applyEvent } from '../../battle/fold';
import { withInput } from '../../battle/move';
import type { DiceRoll, DiceSource } from '../../engine/dice';
import { ok, type Result } from '../../engine/result';
import { sheetOf, type PvContext, type PvMove } from './moves-common';
import { cannonFire, damageExtra, damageToss, type FireSetup } from './moves-gunnery';
import { fireInProgress } from './turn-reads';
import type { TossOutcome } from './resolve-gunnery';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { shipFromClass } from './moves-setup';
import type { Sheet, ShipClass } from './sheet';
import { TURN_PHASES } from './tables';

// Test helpers for the Privateers moves: example ships and a two-ship battle, a move context, pad
// rolls from faces, and a move run the way session.perform runs it (in the move's own phase), its
// event applied to the state. Only tests import this file.

/** A battery of medium guns on one side (45° arc). */
export const mediumGuns = (
  side: 'starboard' | 'larboard',
  count: number
): ShipClass['guns'][number] => ({ cls: 'medium', extraHeavyDice: 0, side, arcDeg: 45, count });

/** EXAMPLE class values (user data; the text has no ship charts): a three-masted frigate with 20
 *  crew, two boats and three medium guns a side; a test names what its case needs otherwise. */
export function exampleFrigate(patch: Partial<ShipClass> = {}): ShipClass {
  return {
    id: 'frigate',
    className: 'Example frigate',
    rig: 'squareRigged',
    masts: 3,
    bowsprit: true,
    sailingRates: { beating: [6, 8, 10], broadReaching: [8, 10, 12], running: [7, 9, 11] },
    hullPoints: 40,
    riggingPoints: 30,
    crew: 20,
    marines: 0,
    boats: 2,
    guns: [mediumGuns('starboard', 3), mediumGuns('larboard', 3)],
    ...patch
  };
}

/** EXAMPLE class values: a gunless three-masted sloop (20 crew, 4 marines, one boat). */
export const EXAMPLE_SLOOP: ShipClass = {
  id: 'sloop',
  className: 'Example sloop',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: false,
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  hullPoints: 40,
  riggingPoints: 30,
  crew: 20,
  marines: 4,
  boats: 1,
  guns: []
};

/** The ships' logs at Fighting Sail, this turn and the last. */
export const FIGHTING_SAIL: Partial<Sheet> = { sail: 1, prevSail: 1 };

/** Surprise (a, GB, first) and Hermione (b, ES) of one class, turn 1, phase 0 unless told; each
 *  log as the class sets it up with the test's changes (`a`, `b`, or `both`). */
export function twoShips(
  cls: ShipClass,
  at: {
    turn?: number;
    phase?: number;
    players?: readonly [string, string];
    both?: Partial<Sheet>;
    a?: Partial<Sheet>;
    b?: Partial<Sheet>;
  } = {}
): BattleState {
  const [playerA, playerB] = at.players ?? ['', ''];
  const ship = (id: 'a' | 'b', name: string, side: string, player: string, order: number) => {
    const s = shipFromClass(cls, { id, name, side, player, order });
    const patch = { ...at.both, ...at[id] };
    return Object.keys(patch).length === 0
      ? s
      : { ...s, sheet: { ...(s.sheet as Sheet), ...patch } };
  };
  return {
    turn: at.turn ?? 1,
    phase: at.phase ?? 0,
    ships: {
      a: ship('a', 'Surprise', 'GB', playerA, 0),
      b: ship('b', 'Hermione', 'ES', playerB, 1)
    },
    system: null
  };
}

/** A ship's log, or the test fails. */
export function sheet(state: BattleState, id: string): Sheet {
  const s = sheetOf(state.ships[id]);
  if (!s) throw new Error(`no log for ${id}`);
  return s;
}

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

/** A live-table context with hidden orders (the seats' private documents hold them). */
export const LIVE_HIDDEN: PvContext = { ...ctxOf({ ordersHidden: true }), isLive: true };

/** As session.perform writes it: the move's draft with its input, stamped, applied in its phase. */
export function perform<I>(
  move: PvMove<I>,
  state: BattleState,
  input: I,
  ctx: PvContext = LIVE_HIDDEN
): Result<{ event: BattleEvent; next: BattleState }> {
  const at = inPhaseOf(move, state);
  const r = withInput(move.run(at, input, ctx), input);
  if (!r.ok) return r;
  const event = stampEvent(r.value, { id: 'e', battleId: 'b', seq: 1, deviceId: 'd', at: 0 });
  return ok({ event, next: applyEvent(at, event) });
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

/** The frigate Surprise (a) fires her three starboard medium guns at Hermione (b), 10″, aimed low. */
export const FRIGATE_FIRES: FireSetup = {
  firerId: 'a',
  targetId: 'b',
  gunIds: ['starboard-medium-1', 'starboard-medium-2', 'starboard-medium-3'],
  range: 10,
  aim: 'low',
  rake: 'none',
  facingSide: 'larboard',
  gunnerSightsId: null,
  isLandBased: false
};
