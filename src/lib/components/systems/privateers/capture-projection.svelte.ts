import { untrack } from 'svelte';
import {
  boardingProjection,
  boardingWork,
  chainInputProblem,
  EXACT_WORK_LIMIT,
  type BoardingProjection,
  type ChainInput
} from '$lib/rules/privateers/odds-boarding';
import type { PvOptions } from '$lib/rules/privateers/options';

/** Above this work (boardingWork) the chance is worked out only when the referee asks: it takes
 *  seconds on a phone. */
export const AUTO_WORK = 3e7;

/**
 * The fight-to-the-end capture chance (SPEC C.7.6) for the parties on screen. Small fights are solved
 * exactly at once; larger ones in a worker as soon as the parties change (the steppers stay quick);
 * the largest, which take seconds, when the referee asks. A result is forgotten as soon as the
 * parties or readings change. Create it while a component initialises (it owns an effect).
 */
export class CaptureProjection {
  #source: () => { input: ChainInput | null; options: PvOptions };
  #worked = $state.raw<{ key: string; value: BoardingProjection | null } | null>(null);
  #workingKey = $state<string | null>(null);
  #worker: Worker | null = null;

  constructor(source: () => { input: ChainInput | null; options: PvOptions }) {
    this.#source = source;
    $effect(() => {
      if (this.#work > EXACT_WORK_LIMIT && !this.isBig) untrack(() => this.ask());
    });
    $effect(() => () => this.#worker?.terminate());
  }

  readonly #key = $derived.by(() => JSON.stringify(this.#source()));
  /** Why the parties cannot be worked out (issue 17 #9: −1 crew, 1,001 defenders), shown instead of
   *  a chance; null when they can. */
  readonly problem = $derived.by(() => {
    const { input } = this.#source();
    return input === null ? null : chainInputProblem(input);
  });
  readonly #work = $derived.by(() => {
    const { input } = this.#source();
    return input === null || this.problem !== null ? 0 : boardingWork(input);
  });
  readonly isBig = $derived(this.#work > AUTO_WORK);
  readonly isWorking = $derived(this.#workingKey !== null && this.#workingKey === this.#key);
  readonly value = $derived.by<BoardingProjection | null>(() => {
    const { input, options } = this.#source();
    if (input === null || this.problem !== null) return null;
    if (this.#work <= EXACT_WORK_LIMIT) return boardingProjection(input, options);
    return this.#worked?.key === this.#key ? this.#worked.value : null;
  });

  /** Work the chance out in a worker (where the browser has them), replacing any still working. */
  ask(): void {
    const { input, options } = this.#source();
    if (input === null || this.problem !== null) return;
    const key = this.#key;
    this.#worker?.terminate();
    this.#workingKey = key;
    const done = (value: BoardingProjection | null) => {
      if (this.#workingKey === key) this.#workingKey = null;
      this.#worked = { key, value };
    };
    if (typeof Worker === 'undefined') {
      done(boardingProjection(input, options));
      return;
    }
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- the worker's script address, not state
    const worker = new Worker(new URL('./capture.worker.ts', import.meta.url), { type: 'module' });
    this.#worker = worker;
    worker.onmessage = (e: MessageEvent<BoardingProjection | null>) => {
      worker.terminate();
      done(e.data);
    };
    worker.onerror = () => {
      worker.terminate();
      done(null);
    };
    worker.postMessage({ input: $state.snapshot(input), options: $state.snapshot(options) });
  }
}
