/// <reference lib="webworker" />
import { quickListBattles } from './quick-list';

// The start page's battle list, read and schema-checked off the main thread: zod's schemas cost
// more to build than anything else on that page, and a phone's main thread is busy showing it.
// Answers one request with BattleRecord[] (structured-cloned) or null ("take the full path").
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = () => {
  void quickListBattles(scope.indexedDB).then((battles) => scope.postMessage(battles));
};
