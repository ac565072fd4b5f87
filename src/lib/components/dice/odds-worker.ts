/**
 * Odds too long to work out on the main thread (a big boarding fight's capture chance, a big
 * broadside's damage) are worked out in a worker, so the page stays usable meanwhile. One way to
 * start one, hear from it and end it, for every panel that needs one (issue 35): a stopped job says
 * nothing more (a message already on its way from a worker the referee has moved on from is
 * dropped), and an error ends the worker.
 */

export interface OddsWorkerJob {
  /** Ends the worker; nothing more is heard from it. */
  stop(): void;
}

export interface OddsWorkerHandlers<Out> {
  onMessage(message: Out, job: OddsWorkerJob): void;
  /** The worker failed (and has been ended). */
  onError(): void;
}

/**
 * Starts a worker (`create` holds the `new Worker(new URL(…), { type: 'module' })` the bundler
 * looks for) and sends it `input`. Null where the browser has no workers: work it out in place.
 */
export function startOddsWorker<In, Out>(
  create: () => Worker,
  input: In,
  handlers: OddsWorkerHandlers<Out>
): OddsWorkerJob | null {
  if (typeof Worker === 'undefined') return null;
  const worker = create();
  let isStopped = false;
  const job: OddsWorkerJob = {
    stop() {
      if (isStopped) return;
      isStopped = true;
      worker.terminate();
    }
  };
  worker.onmessage = (e: MessageEvent<Out>) => {
    if (!isStopped) handlers.onMessage(e.data, job);
  };
  worker.onerror = () => {
    if (isStopped) return;
    job.stop();
    handlers.onError();
  };
  worker.postMessage(input);
  return job;
}
