// The boarding move's "if unchanged" chance of taking the ship (SPEC C.7.6), the one way the screens
// and the capture worker ask for it (issue 31). What is solved is the chain `boardingRound.preview`
// states for the round about to be fought (each side's crew, officers and marines in the fight, so
// how many d6s each rolls, and the defenders' morale and disorder); nothing here reads a ship. A
// small fight is solved exactly at once; a big one is the same answer worked out in a worker,
// so the page stays usable. Kept apart from boarding-preview.ts so the worker loads no move.
import {
  boardingProjection,
  boardingWork,
  chainInputProblem,
  EXACT_WORK_LIMIT,
  type BoardingProjection,
  type ChainInput
} from './odds-boarding';
import type { PvOptions } from './options';

/** The chain the boarding round's preview gives (`BoardingOutlook['chain']`). */
export type CaptureChain = ChainInput;
/** The chance, exact or approximate within a stated error (`null`: a side has no dice). */
export type CaptureChance = BoardingProjection;

/** What the worker is asked: the preview's chain and the battle's readings. */
export interface CaptureJob {
  chain: CaptureChain;
  options: PvOptions;
}

/** Why the chain cannot be solved (issue 17 #9: −1 crew, 1,001 defenders), or null. */
export const captureProblem = (chain: CaptureChain): string | null => chainInputProblem(chain);

/** The solve's work units (states × one round's outcomes): what decides at once, worker or asked. */
export const captureWork = (chain: CaptureChain): number => boardingWork(chain);

/** Up to this work the chance is solved exactly at once, on the page. */
export const QUICK_CAPTURE_WORK = EXACT_WORK_LIMIT;

/** The chance of taking the ship if every round is fought with these parties. */
export const solveCapture = ({ chain, options }: CaptureJob): CaptureChance | null =>
  boardingProjection(chain, options);
