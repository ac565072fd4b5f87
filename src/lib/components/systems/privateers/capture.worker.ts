/// <reference lib="webworker" />
import { boardingProjection, type ChainInput } from '$lib/rules/privateers/odds-boarding';
import type { PvOptions } from '$lib/rules/privateers/options';

// Works out a big boarding fight's capture chance off the main thread: it takes seconds, and the
// page must stay usable (and the referee able to change the parties) meanwhile.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<{ input: ChainInput; options: PvOptions }>) => {
  scope.postMessage(boardingProjection(e.data.input, e.data.options));
};
