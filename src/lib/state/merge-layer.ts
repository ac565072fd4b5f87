/**
 * The live table's merge layer (merged order, the merge-safe fold, live undo rights), loaded only
 * for a battle that is shared live or has clocked events in its log: a battle kept on one device
 * folds with battle/fold.ts alone, and its deep link loads none of it (issue 18).
 */
export type MergeLayer = typeof import('$lib/live/merge-api');
let mergeLayer: MergeLayer | null = null;
export async function loadMergeLayer(): Promise<MergeLayer> {
  mergeLayer ??= await import('$lib/live/merge-api');
  return mergeLayer;
}

/** The merge layer when it has been loaded, for synchronous paths that run only after it was. */
export function mergeLayerIfLoaded(): MergeLayer | null {
  return mergeLayer;
}
