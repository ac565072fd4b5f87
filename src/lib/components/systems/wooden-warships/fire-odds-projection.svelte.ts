import { untrack } from 'svelte';
import {
  boundedFireOddsNow,
  fireOddsNow,
  fireOddsOfReport,
  isFireOddsQuick,
  type FireOdds,
  type FireOddsMessage
} from '$lib/rules/wooden-warships/fire-odds';
import type { FirePlan } from '$lib/rules/wooden-warships/moves-gunnery';
import { startOddsWorker, type OddsWorkerJob } from '$lib/components/dice/odds-worker';

/** How sure the damage figures on screen are, and what is still being worked out. */
export type DamageOddsStatus =
  | { kind: 'exact' }
  | { kind: 'working'; phase: 'bounded' | 'exact'; done: number; maxError: number | null }
  | { kind: 'bounded'; maxError: number; isCancelled: boolean }
  | { kind: 'stopped' };

/**
 * The gunnery odds of the plan on screen (SPEC B.7 #1–2) at any size the charts allow (issue 17
 * #10). Hit chances are exact at once; the damage distribution is exact at once for ordinary
 * ships, otherwise worked out in a worker — every chance within a stated bound in well under 2 s at
 * the schema's maximum, then exact if the referee waits (progress shown, Cancel keeps the bounded
 * figures). A result is forgotten as soon as the plan changes. Create it while a component
 * initialises (it owns an effect).
 */
export class FireOddsProjection {
  #source: () => FirePlan | null;
  #worked = $state.raw<{ key: string; odds: FireOdds | null; status: DamageOddsStatus } | null>(
    null
  );
  #job: OddsWorkerJob | null = null;

  constructor(source: () => FirePlan | null) {
    this.#source = source;
    $effect(() => {
      const key = this.#key;
      if (key !== null && !this.#isSmall) untrack(() => this.#start(key, true));
      return () => this.#stop();
    });
  }

  readonly #key = $derived.by(() => {
    const plan = this.#source();
    return plan === null
      ? null
      : JSON.stringify(plan, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  });
  readonly #isSmall = $derived.by(() => {
    const plan = this.#source();
    return plan === null || isFireOddsQuick(plan);
  });
  readonly #small = $derived.by<FireOdds | null>(() => {
    const plan = this.#source();
    return plan !== null && this.#isSmall ? fireOddsNow(plan) : null;
  });
  readonly #current = $derived(this.#worked?.key === this.#key ? this.#worked : null);

  /** The odds to show: null while the first damage figures are being worked out. */
  readonly odds = $derived<FireOdds | null>(
    this.#isSmall ? this.#small : (this.#current?.odds ?? null)
  );
  readonly status = $derived<DamageOddsStatus>(
    this.#isSmall
      ? { kind: 'exact' }
      : (this.#current?.status ?? { kind: 'working', phase: 'bounded', done: 0, maxError: null })
  );

  /** Stops working out the exact odds; the bounded figures stay. */
  cancel(): void {
    this.#stop();
    const cur = this.#current;
    if (!cur || cur.status.kind !== 'working') return;
    const { maxError } = cur.status;
    this.#worked = {
      ...cur,
      status:
        maxError === null ? { kind: 'stopped' } : { kind: 'bounded', maxError, isCancelled: true }
    };
  }

  /** Works the odds out again after a cancel. */
  ask(): void {
    if (this.#key !== null && !this.#isSmall) this.#start(this.#key, true);
  }

  #stop(): void {
    this.#job?.stop();
    this.#job = null;
  }

  #start(key: string, isExactWanted: boolean): void {
    const plan = this.#source();
    if (plan === null) return;
    this.#stop();
    const keep = this.#current;
    this.#worked = {
      key,
      odds: keep?.odds ?? null,
      status: { kind: 'working', phase: keep?.odds ? 'exact' : 'bounded', done: 0, maxError: null }
    };
    let maxError: number | null = null;
    let odds: FireOdds | null = null;
    this.#job = startOddsWorker<{ plan: FirePlan; isExactWanted: boolean }, FireOddsMessage>(
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- the worker's script address, not state
      () => new Worker(new URL('./fire-odds.worker.ts', import.meta.url), { type: 'module' }),
      { plan: $state.snapshot(plan), isExactWanted },
      {
        onMessage: (m) => {
          if (m.kind === 'progress') {
            this.#worked = {
              key,
              odds,
              status: { kind: 'working', phase: m.phase, done: m.done, maxError }
            };
          } else if (m.kind === 'bounded') {
            maxError = m.figureError;
            odds = fireOddsOfReport(plan, m);
            const status: DamageOddsStatus = isExactWanted
              ? { kind: 'working', phase: 'exact', done: 0, maxError }
              : { kind: 'bounded', maxError, isCancelled: false };
            this.#worked = { key, odds, status };
            if (!isExactWanted) this.#stop();
          } else {
            odds = fireOddsOfReport(plan, m);
            this.#worked = { key, odds, status: { kind: 'exact' } };
            this.#stop();
          }
        },
        onError: () => {
          this.#job = null;
          if (maxError !== null)
            this.#worked = { key, odds, status: { kind: 'bounded', maxError, isCancelled: false } };
        }
      }
    );
    if (this.#job === null) {
      // No workers in this browser: the bounded figures, worked out in place.
      const b = boundedFireOddsNow(plan);
      this.#worked = {
        key,
        odds: b.odds,
        status: { kind: 'bounded', maxError: b.maxError, isCancelled: false }
      };
    }
  }
}
