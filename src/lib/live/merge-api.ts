/**
 * The merge layer as the live table uses it (issue 19): engine/clock.ts and battle/merge-*.ts
 * (order, fold, undo, recheck) are its pure functions; this is the one place the live side imports
 * them from.
 */
export { tickClock, receiveClock, type Clock } from '../engine/clock';
export { mergeOrder } from '../battle/merge-order';
export { foldMerged, type MergeFlag } from '../battle/merge-fold';
export {
  historyMerged,
  undoableBy,
  redoableBy,
  undoDraftOf,
  redoDraftOf
} from '../battle/merge-undo';
export { recheckFor } from '../battle/merge-recheck';
