/// <reference lib="webworker" />
import {
  boundedDamage,
  boundedForDisplay,
  exactDamageSteps
} from '$lib/rules/wooden-warships/odds-bounded';
import type { FirePlan } from '$lib/rules/wooden-warships/resolve-gunnery';
import type { FireOddsMessage } from './fire-odds-projection.svelte';

// Works out a big attack's damage odds off the main thread (issue 17 #10): first every chance
// within a proven bound (under a second at the chart schema's maximum), then the exact fractions,
// reporting progress; the page stays usable, and the referee may cancel (the worker is ended).
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: FireOddsMessage, transfer: Transferable[] = []) => scope.postMessage(m, transfer);

function reporter(phase: 'bounded' | 'exact') {
  let last = -1;
  return (done: number) => {
    const pct = Math.floor(done * 100);
    if (pct !== last) {
      last = pct;
      post({ kind: 'progress', phase, done });
    }
  };
}

scope.onmessage = (e: MessageEvent<{ plan: FirePlan; isExactWanted: boolean }>) => {
  const { plan, isExactWanted } = e.data;
  const b = boundedForDisplay(boundedDamage(plan, reporter('bounded')));
  post({ kind: 'bounded', ...b }, [b.values.buffer, b.weights.buffer]);
  if (!isExactWanted) return;
  const exact = exactDamageSteps(plan, reporter('exact'));
  post({ kind: 'exact', pairs: exact.pairs() });
};
