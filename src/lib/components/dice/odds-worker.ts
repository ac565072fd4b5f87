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
 * A worker of each kind started ahead of its job (issue 40): starting one costs the main thread
 * a few milliseconds (more on a phone) in the task that answers the referee's change, where a
 * calculator's first answer must be quick. Each job takes its kind's spare and another is started
 * when the page is next idle.
 */
const spares = new Map<string, Worker>();

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}

/** Starts a spare worker of this kind while the page is idle, for the next job to take. */
export function warmOddsWorker(kind: string, create: () => Worker): void {
  if (typeof Worker === 'undefined') return;
  whenIdle(() => {
    if (!spares.has(kind)) spares.set(kind, create());
  });
}

/**
 * Starts a worker (`create` holds the `new Worker(new URL(…), { type: 'module' })` the bundler
 * looks for) and sends it `input`, or hands `input` to the spare of `kind` started beforehand
 * (`warmOddsWorker`). Null where the browser has no workers: work it out in place.
 */
export function startOddsWorker<In, Out>(
  create: () => Worker,
  input: In,
  handlers: OddsWorkerHandlers<Out>,
  kind?: string
): OddsWorkerJob | null {
  if (typeof Worker === 'undefined') return null;
  const spare = kind === undefined ? undefined : spares.get(kind);
  if (kind !== undefined) spares.delete(kind);
  const worker = spare ?? create();
  if (kind !== undefined) warmOddsWorker(kind, create);
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
