/// <reference lib="webworker" />
import { solveCapture, type CaptureJob } from '$lib/rules/privateers/capture-chance';

// Works out a big boarding fight's capture chance off the main thread: it takes seconds, and the
// page must stay usable (and the referee able to change the parties) meanwhile. It is asked the
// chain the boarding round's preview gives, and answers through the move's own entry point.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<CaptureJob>) => {
  scope.postMessage(solveCapture(e.data));
};
