/// <reference lib="webworker" />
import { fireDamageOdds, type FireOddsMessage } from '$lib/rules/wooden-warships/fire-odds';
import type { FirePlan } from '$lib/rules/wooden-warships/moves-gunnery';

// Works out a big attack's damage odds off the main thread (issue 17 #10) with the fire move's own
// odds (rules/wooden-warships/fire-odds.ts): first every chance within a proven bound (under a
// second at the chart schema's maximum), then the exact fractions, reporting progress; the page
// stays usable, and the referee may cancel (the worker is ended).
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<{ plan: FirePlan; isExactWanted: boolean }>) => {
  const { plan, isExactWanted } = e.data;
  fireDamageOdds(plan, isExactWanted, (m: FireOddsMessage, transfer) =>
    scope.postMessage(m, transfer)
  );
};
