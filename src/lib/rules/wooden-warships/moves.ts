import type { Move } from '../../battle/move';
import { board, boardingRound, boardingRounds, loot, surrender, withdraw } from './moves-boarding';
import { fire, reload } from './moves-gunnery';
import { islandCollision } from './moves-island';
import { moveShip, setSail } from './moves-movement';
import { upgrade } from './moves-upgrade';
import { addPlayer, chooseCaptain, fillHold, purchase, setCards } from './moves-setup';
import { nextStep } from './moves-turn';

// Every Wooden Warships battle action as one pure move (DESIGN `moves.ts`): state + input (with the
// dice faces) + context → the event, its log line and its roll record, or the rule's refusal.

export * from './moves-setup';
export * from './moves-movement';
export * from './moves-island';
export * from './moves-upgrade';
export * from './moves-gunnery';
export * from './moves-boarding';
export * from './moves-turn';
export * from './boarding-fight';

/** Every move of the system, its id also the event kind it writes ('ww.next-step' writes the core
 *  'phase.advance' / 'turn.advance'). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input
export const MOVES: readonly Move<any, any>[] = [
  addPlayer,
  setCards,
  chooseCaptain,
  purchase,
  fillHold,
  setSail,
  moveShip,
  islandCollision,
  upgrade,
  fire,
  reload,
  board,
  boardingRound,
  boardingRounds,
  withdraw,
  surrender,
  loot,
  nextStep
];
