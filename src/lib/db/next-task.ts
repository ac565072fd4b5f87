/**
 * Yields the main thread (issue 40): the rest of the work runs in a task of its own, after any input
 * or frame waiting, so work that is not on the screen (a checkpoint's hashing) is several short
 * tasks instead of one long one. scheduler.yield where there is one (it keeps its place ahead of
 * other tasks), else a message (not setTimeout: no 4 ms clamp, and a paused clock cannot hold it).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** An idle moment of the main thread, or `timeout` ms at the latest (at once in a test's Node). */
export function whenIdle(timeout: number): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return nextTask();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout }));
}
