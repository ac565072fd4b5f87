// Test helpers: each move run through the one contract on a state, its draft applied as the fold
// applies it, and the result read back the way the tests check it. Only tests import this file.
import {
  INITIAL_STATE,
  type BattleState,
  type EventDraft,
  type Json,
  type RollRecord
} from '../../engine/events';
import { applyOps } from '../../battle/fold';
import type { Move, MoveContext } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import {
  attackMove,
  boardMove,
  cardsMove,
  cardsUpdate as cardsBuilder,
  counterAttackMove,
  declineReplyMove,
  endTurnMove,
  firstPlayerMove,
  homeportCounterMove,
  movementRollMove,
  moveShipMove,
  raidMove,
  ramAttemptMove,
  ramDamageMove,
  repairMove,
  setupFleetsMove,
  stormMove,
  windMove,
  readBattle,
  type CardsInput,
  type FleetSetupInput,
  type McView
} from './moves';
import { masterAndCommander } from '.';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import type { EngagementOutcome, EngagementRules, MoveReport } from './resolve';
import type { CardsState, Side } from './sheet';
import type { Compass } from './tables';

export function ctxOf(
  options: McOptions = DEFAULT_OPTIONS,
  now = 0,
  newId: () => string = () => 'id'
): MoveContext<McOptions> {
  return { options, storedOptions: {}, variant: '', now, newId };
}

export interface Played {
  next: BattleState;
  draft: EventDraft;
  summary: string;
  roll: RollRecord | undefined;
}

/** Runs a move and applies its draft's ops: the state the log would fold to. */
export function play<I>(
  move: Move<I, McOptions>,
  state: BattleState,
  input: I,
  ctx: MoveContext<McOptions> = ctxOf()
): Result<Played> {
  const r = move.run(state, input, ctx);
  if (!r.ok) return r;
  const next = applyOps(state as unknown as Json, r.value.ops) as unknown as BattleState;
  return ok({ next, draft: r.value, summary: r.value.summary, roll: r.value.roll });
}

export const typed = (faces: readonly number[]): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ sides: 6, face }))
});

function withRules(opts: McOptions, rules?: EngagementRules): McOptions {
  return rules
    ? { ...opts, tieExhaustion: rules.tieExhaustion, beginnerTies: rules.beginnerTies }
    : opts;
}

function outcomeOf<T>(p: Played): T {
  return p.roll?.outcome as unknown as T;
}

// The procedures by the names the tests were written with, each going through its move.

export function setupFleets(
  start: BattleState,
  _view: unknown,
  setup: FleetSetupInput & { opts?: McOptions; newId: () => string }
): BattleState {
  const { opts, newId, ...input } = setup;
  const r = play(setupFleetsMove, start, input, ctxOf(opts ?? DEFAULT_OPTIONS, 0, newId));
  if (!r.ok) throw new Error(r.error);
  return r.value.next;
}

export function firstPlayer(
  s: BattleState,
  _view: unknown,
  rolls: readonly { playerId: string; face: number }[]
): Result<{ next: BattleState; outcome: { kind: string } }> {
  const r = play(firstPlayerMove, s, {
    playerIds: rolls.map((x) => x.playerId),
    roll: typed(rolls.map((x) => x.face))
  });
  return r.ok ? ok({ next: r.value.next, outcome: outcomeOf(r.value) }) : r;
}

export function windRoll(
  s: BattleState,
  _view: unknown,
  pip: number,
  now: number,
  opts: McOptions = DEFAULT_OPTIONS
): Result<{ next: BattleState; outcome: { kind: string }; summary: string }> {
  const r = play(windMove, s, { roll: typed([pip]) }, ctxOf(opts, now));
  return r.ok
    ? ok({ next: r.value.next, outcome: outcomeOf(r.value), summary: r.value.summary })
    : r;
}

export function stormRoll(s: BattleState, _view: unknown, face: number): Result<BattleState> {
  const r = play(stormMove, s, { roll: typed([face]) });
  return r.ok ? ok(r.value.next) : r;
}

export function recordMove(
  s: BattleState,
  _view: unknown,
  shipId: string,
  move: MoveReport,
  opts: McOptions = DEFAULT_OPTIONS
): Result<{ next: BattleState; summary: string }> {
  const r = play(moveShipMove, s, { shipId, ...move }, ctxOf(opts));
  return r.ok ? ok({ next: r.value.next, summary: r.value.summary }) : r;
}

export function movementRoll(
  s: BattleState,
  _view: unknown,
  shipId: string,
  face: number,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  const r = play(movementRollMove, s, { shipId, roll: typed([face]) }, ctxOf(opts));
  return r.ok ? ok(r.value.next) : r;
}

export interface Struck {
  next: BattleState;
  summary: string;
  outcome: EngagementOutcome & { disksAfter: number };
  disksBefore: number;
  disksAfter: number;
}

function struck(r: Result<Played>, disksBefore: (p: Played) => number): Result<Struck> {
  if (!r.ok) return r;
  const outcome = outcomeOf<EngagementOutcome & { disksAfter: number }>(r.value);
  return ok({
    next: r.value.next,
    summary: r.value.summary,
    outcome,
    disksBefore: disksBefore(r.value),
    disksAfter: outcome.disksAfter
  });
}

export function attack(
  s: BattleState,
  _view: unknown,
  input: {
    attackerId: string;
    targetId: string;
    side: Side | null;
    isMutualBroadside: boolean;
    rules?: EngagementRules;
  },
  opts: McOptions,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<Struck> {
  const r = play(
    attackMove,
    s,
    {
      attackerId: input.attackerId,
      targetId: input.targetId,
      side: input.side,
      isMutualBroadside: input.isMutualBroadside,
      attack: typed(attackFaces),
      defence: typed(defenceFaces)
    },
    ctxOf(withRules(opts, input.rules))
  );
  return struck(r, (p) => (p.roll?.inputs as { targetDisks: number }).targetDisks);
}

export function counterAttack(
  s: BattleState,
  _view: unknown,
  rules: EngagementRules,
  attackFaces: readonly number[],
  defenceFaces: readonly number[],
  opts: McOptions = DEFAULT_OPTIONS
): Result<Struck> {
  const r = play(
    counterAttackMove,
    s,
    { attack: typed(attackFaces), defence: typed(defenceFaces) },
    ctxOf(withRules(opts, rules))
  );
  return struck(r, () => 0);
}

export function declineReply(
  s: BattleState,
  _view?: unknown
): Result<{ next: BattleState; summary: string }> {
  const r = play(declineReplyMove, s, {});
  return r.ok ? ok({ next: r.value.next, summary: r.value.summary }) : r;
}

export function board(
  s: BattleState,
  _view: unknown,
  input: {
    attackerId: string;
    targetId: string;
    side: Side | null;
    isBoardingPosition: boolean;
    isMutualBroadside: boolean;
  },
  opts: McOptions,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<{ next: BattleState; summary: string; outcome: { isSuccess: boolean } }> {
  const r = play(
    boardMove,
    s,
    { ...input, attack: typed(attackFaces), defence: typed(defenceFaces) },
    ctxOf(opts)
  );
  return r.ok
    ? ok({ next: r.value.next, summary: r.value.summary, outcome: outcomeOf(r.value) })
    : r;
}

export function raid(
  s: BattleState,
  _view: unknown,
  input: {
    shipId: string;
    target: Compass;
    rules?: EngagementRules;
    side: Side | null;
    isBroadside: boolean;
    distance: number;
  },
  opts: McOptions,
  attackFaces: readonly number[],
  homeportFaces: readonly number[]
): Result<{ next: BattleState; summary: string; outcome: EngagementOutcome }> {
  const { rules, ...rest } = input;
  const r = play(
    raidMove,
    s,
    { ...rest, attack: typed(attackFaces), defence: typed(homeportFaces) },
    ctxOf(withRules(opts, rules))
  );
  return r.ok
    ? ok({ next: r.value.next, summary: r.value.summary, outcome: outcomeOf(r.value) })
    : r;
}

export function homeportCounter(
  s: BattleState,
  _view: unknown,
  rules: EngagementRules,
  homeportFaces: readonly number[],
  shipFaces: readonly number[]
): Result<{ next: BattleState; summary: string; outcome: EngagementOutcome }> {
  const r = play(
    homeportCounterMove,
    s,
    { attack: typed(homeportFaces), defence: typed(shipFaces) },
    ctxOf(withRules(DEFAULT_OPTIONS, rules))
  );
  return r.ok
    ? ok({ next: r.value.next, summary: r.value.summary, outcome: outcomeOf(r.value) })
    : r;
}

export function ramAttempt(
  s: BattleState,
  _view: unknown,
  face: number
): Result<{ next: BattleState; summary: string; isRam: boolean }> {
  const r = play(ramAttemptMove, s, { roll: typed([face]) });
  if (!r.ok) return r;
  const o = outcomeOf<{ isRam: boolean }>(r.value);
  return ok({ next: r.value.next, summary: r.value.summary, isRam: o.isRam });
}

export function ramDamage(
  s: BattleState,
  _view: unknown,
  face: number
): Result<{ next: BattleState; summary: string; disksLost: number }> {
  const r = play(ramDamageMove, s, { roll: typed([face]) });
  if (!r.ok) return r;
  const o = outcomeOf<{ disksLost: number }>(r.value);
  return ok({ next: r.value.next, summary: r.value.summary, disksLost: o.disksLost });
}

export function repair(
  s: BattleState,
  _view: unknown,
  shipId: string,
  opts: McOptions = DEFAULT_OPTIONS
): Result<{ next: BattleState; summary: string }> {
  const r = play(repairMove, s, { shipId }, ctxOf(opts));
  return r.ok ? ok({ next: r.value.next, summary: r.value.summary }) : r;
}

export function endTurn(s: BattleState, _view: unknown, now: number): BattleState {
  const r = play(endTurnMove, s, {}, ctxOf(DEFAULT_OPTIONS, now));
  if (!r.ok) throw new Error(r.error);
  return r.value.next;
}

/** The cards builder with the drawing ship, as the panel calls it; `cardsUpdateMove` runs the move. */
export function cardsUpdate(
  s: BattleState,
  view: Parameters<typeof cardsBuilder>[1],
  cards: CardsState,
  drawing?: CardsInput['drawing']
): ReturnType<typeof cardsBuilder> {
  return cardsBuilder(s, view, drawing ? { cards, drawing } : { cards });
}

export function cardsUpdateMove(
  s: BattleState,
  cards: CardsState,
  drawing?: CardsInput['drawing']
): Result<Played> {
  return play(cardsMove, s, drawing ? { cards, drawing } : { cards });
}

export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export function errorOf(r: Result<unknown>): string {
  return r.ok ? '(allowed)' : r.error;
}

export { err };

// The battle most tests start from, built the way the app builds it.

/** The engagement rules of a Basic game, ties to the defender. */
export const BASIC_RULES: EngagementRules = {
  variant: 'basic',
  tieExhaustion: 'defender',
  beginnerTies: 'defender'
};

export function viewOf(state: BattleState): McView {
  const v = readBattle(state);
  if (!v) throw new Error('no Master and Commander state');
  return v;
}

/**
 * A new battle as the New battle page makes it, Anna (N Homeport, ships 1 and 2 heading S) and
 * Ben (S Homeport, ships 3 and 4 heading N) set up.
 */
export function twoPlayerGame(
  variant = 'basic',
  modules: Record<string, boolean> = {}
): BattleState {
  const system = masterAndCommander.initialSystemState?.(variant, {}) ?? null;
  const start: BattleState = { ...INITIAL_STATE, system: system as Json };
  let n = 0;
  return setupFleets(start, viewOf(start), {
    players: [
      { id: 'Anna', name: 'Anna', colour: 'black', homeport: 'N' },
      { id: 'Ben', name: 'Ben', colour: 'gold', homeport: 'S' }
    ],
    modules,
    opts: DEFAULT_OPTIONS,
    newId: () => `ship-${++n}`
  });
}

/** Anna wins the first-player roll (her face v Ben's); then, unless null, the wind rolled at 0. */
export function annaFirst(
  s: BattleState,
  faces: readonly [number, number] = [6, 1],
  windPip: number | null = null
): BattleState {
  s = must(
    firstPlayer(s, viewOf(s), [
      { playerId: 'Anna', face: faces[0] },
      { playerId: 'Ben', face: faces[1] }
    ])
  ).next;
  return windPip === null ? s : must(windRoll(s, viewOf(s), windPip, 0, DEFAULT_OPTIONS)).next;
}

export interface ShipMove {
  forward?: number;
  turns?: number;
  heading?: Compass;
  location?: 'sea' | 'homeport' | 'anchor' | 'mist';
  isObstructed?: boolean;
}

/** A ship's move recorded: nothing forward, no turns, heading and location kept, unless told. */
export function moveOf(
  s: BattleState,
  id: string,
  m: ShipMove = {},
  opts: McOptions = DEFAULT_OPTIONS
): ReturnType<typeof recordMove> {
  const sheet = viewOf(s).ships.find((x) => x.id === id)?.sheet;
  if (!sheet) throw new Error(id);
  return recordMove(
    s,
    viewOf(s),
    id,
    {
      forward: m.forward ?? 0,
      turns: m.turns ?? 0,
      heading: m.heading ?? sheet.heading,
      location: m.location ?? sheet.location,
      isObstructed: m.isObstructed ?? false
    },
    opts
  );
}
