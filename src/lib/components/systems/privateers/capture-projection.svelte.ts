import { untrack } from 'svelte';
import {
  captureProblem,
  captureWork,
  QUICK_CAPTURE_WORK,
  solveCapture,
  type CaptureChain,
  type CaptureChance,
  type CaptureJob
} from '$lib/rules/privateers/capture-chance';
import type { PvOptions } from '$lib/rules/privateers/options';
import {
  startOddsWorker,
  warmOddsWorker,
  type OddsWorkerJob
} from '$lib/components/dice/odds-worker';

/** The capture worker (its script found by the bundler from this `new Worker(new URL(…))`). */
const captureWorker = () =>
  new Worker(new URL('./capture.worker.ts', import.meta.url), { type: 'module' });

/** Above this work (captureWork) the chance is worked out only when the referee asks: it takes
 *  seconds on a phone. */
export const AUTO_WORK = 3e7;

/**
 * The fight-to-the-end capture chance (SPEC C.7.6) for the parties on screen, solved from the chain
 * `boardingRound.preview` gives (the source's `input`) through the move's one entry point
 * (rules/privateers/capture-chance.ts), here or in the capture worker. Small fights are solved
 * exactly at once; larger ones in a worker as soon as the parties change (the steppers stay quick);
 * the largest, which take seconds, when the referee asks. A result is forgotten as soon as the
 * parties or readings change. Create it while a component initialises (it owns an effect).
 */
export class CaptureProjection {
  #source: () => { input: CaptureChain | null; options: PvOptions };
  #worked = $state.raw<{ key: string; value: CaptureChance | null } | null>(null);
  #workingKey = $state<string | null>(null);
  #job: OddsWorkerJob | null = null;

  constructor(source: () => { input: CaptureChain | null; options: PvOptions }) {
    this.#source = source;
    // A worker waits for the first fight too big for the page (issue 40): the calculator's first
    // answer (its boarders' next man) took a worker's start in its task.
    $effect(() => warmOddsWorker('capture', captureWorker));
    $effect(() => {
      if (this.#work > QUICK_CAPTURE_WORK && !this.isBig) untrack(() => this.ask());
    });
    $effect(() => () => this.#job?.stop());
  }

  readonly #key = $derived.by(() => JSON.stringify(this.#source()));
  /** Why the parties cannot be worked out (issue 17 #9: −1 crew, 1,001 defenders), shown instead of
   *  a chance; null when they can. */
  readonly problem = $derived.by(() => {
    const { input } = this.#source();
    return input === null ? null : captureProblem(input);
  });
  readonly #work = $derived.by(() => {
    const { input } = this.#source();
    return input === null || this.problem !== null ? 0 : captureWork(input);
  });
  readonly isBig = $derived(this.#work > AUTO_WORK);
  readonly isWorking = $derived(this.#workingKey !== null && this.#workingKey === this.#key);
  readonly value = $derived.by<CaptureChance | null>(() => {
    const { input, options } = this.#source();
    if (input === null || this.problem !== null) return null;
    if (this.#work <= QUICK_CAPTURE_WORK) return solveCapture({ chain: input, options });
    return this.#worked?.key === this.#key ? this.#worked.value : null;
  });

  /** Work the chance out in a worker (where the browser has them), replacing any still working. */
  ask(): void {
    const { input, options } = this.#source();
    if (input === null || this.problem !== null) return;
    const key = this.#key;
    this.#job?.stop();
    this.#workingKey = key;
    const done = (value: CaptureChance | null) => {
      if (this.#workingKey === key) this.#workingKey = null;
      this.#worked = { key, value };
    };
    this.#job = startOddsWorker<CaptureJob, CaptureChance | null>(
      captureWorker,
      { chain: $state.snapshot(input), options: $state.snapshot(options) },
      {
        onMessage: (value, job) => {
          job.stop();
          done(value);
        },
        onError: () => done(null)
      },
      'capture'
    );
    if (this.#job === null) done(solveCapture({ chain: input, options }));
  }
}
