import type { BattleRecord } from '$lib/db/records';

const ANSWER_WITHIN_MS = 4_000;

/**
 * The start page's battle list from a worker (src/lib/db/quick-list.worker.ts), so the page's main
 * thread never builds the schemas or loads Dexie just to show the list. Resolves null — "take the
 * full path" — when this window cannot reach IndexedDB (the full path then says why), when workers
 * are missing, on any worker error, or if no answer comes in time.
 */
export function quickBattlesFromWorker(): Promise<BattleRecord[] | null> {
  if (!canReachIndexedDb() || typeof Worker === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../db/quick-list.worker.ts', import.meta.url), {
        type: 'module'
      });
    } catch {
      resolve(null);
      return;
    }
    const finish = (answer: BattleRecord[] | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), ANSWER_WITHIN_MS);
    worker.onmessage = (e: MessageEvent<BattleRecord[] | null>) => finish(e.data ?? null);
    worker.onerror = () => finish(null);
    worker.postMessage('list');
  });
}

/** A blocked or missing IndexedDB in this window (private modes, blocked site data). */
function canReachIndexedDb(): boolean {
  try {
    return typeof globalThis.indexedDB?.open === 'function';
  } catch {
    return false;
  }
}
