// Every Master and Commander battle action as a move (the one contract, $lib/battle/move): state +
// typed input (+ dice) + context → the event draft with its summary and roll record, or the rule's
// reason for refusing. Topic files hold them; this file is the one entry point.
import type { BattleState } from '../../engine/events';
import type { Move, MoveContext } from '../../battle/move';
import type { Result } from '../../engine/result';
import {
  cardsMove,
  cardsMoveLive,
  playCardLive,
  playCardMove,
  type LiveOutcome
} from './moves-cards';
import type { McOptions } from './options';
import { boardMove } from './moves-boarding';
import { attackMove, counterAttackMove, declineReplyMove } from './moves-engagement';
import { fleetStaysPutMove, movementRollMove, moveShipMove } from './moves-movement';
import {
  declineRamMove,
  homeportCounterMove,
  raidMove,
  ramAttemptMove,
  ramDamageMove
} from './moves-raid';
import { firstPlayerMove, setupFleetsMove, setupGame } from './moves-setup';
import { endTurnMove, repairMove } from './moves-turn';
import { hourglassMove, stormMove, windMove } from './moves-wind';

export * from './moves-setup';
export * from './moves-wind';
export * from './moves-movement';
export * from './moves-engagement';
export * from './moves-boarding';
export * from './moves-raid';
export * from './moves-cards';
export * from './moves-turn';
export * from './view';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input
export const MOVES: readonly Move<any, any>[] = [
  setupGame,
  setupFleetsMove,
  firstPlayerMove,
  windMove,
  stormMove,
  hourglassMove,
  moveShipMove,
  fleetStaysPutMove,
  movementRollMove,
  attackMove,
  counterAttackMove,
  declineReplyMove,
  boardMove,
  raidMove,
  homeportCounterMove,
  ramAttemptMove,
  declineRamMove,
  ramDamageMove,
  cardsMove,
  playCardMove,
  repairMove,
  endTurnMove
];

type LiveRunner = (
  state: BattleState,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input
  input: any,
  ctx: MoveContext<McOptions>
) => Result<LiveOutcome>;

/**
 * The live table (#19 item 5): the moves whose result is partly private, by move id, each with a
 * runner that returns the public draft and, apart, the private writes and their undo. The session
 * needs no list: the moves themselves return their draft `withSecretWrites` when run live, and
 * perform makes the writes beside the public event; these runners are the tests' view of that.
 */
export const LIVE_SECRET_MOVES: Readonly<Record<string, LiveRunner>> = {
  'mc.cards': cardsMoveLive,
  'mc.play-card': playCardLive
};
