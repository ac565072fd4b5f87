import { onMount } from 'svelte';
import { building } from '$app/environment';

/** Runs `run` in an idle moment of the main thread (a task of its own); the result cancels it. */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1);
  return () => clearTimeout(handle);
}

/**
 * Runs each task in an idle moment of its own, in order (issue 40: the answers a calculator's next
 * tap may ask for, worked out while the referee reads this one); the result cancels those not run.
 */
export function idleEach(tasks: readonly (() => unknown)[]): () => void {
  let cancel = () => {};
  const next = (i: number) => {
    if (i < tasks.length)
      cancel = whenIdle(() => {
        tasks[i]();
        next(i + 1);
      });
  };
  next(0);
  return () => cancel();
}

/**
 * Whether a part that takes a long task to work out may work it out now (issue 40): a calculator's
 * scratch battle, built by the game's own set-up moves, and its first answer on it. Never in the
 * first render, which hydrates the page (the Wooden Warships calculators built theirs there, and the
 * page's total blocking time cost its Lighthouse score): in idle moments after the page is up, or
 * at once on first use (`open`, from the calculator's first focus or tap). Each of `steps` (the
 * scratch battle, built once and shared; the first answer's odds, kept by their inputs) runs in an
 * idle moment of its own and the part opens in the next, drawing what they worked out: several
 * short tasks instead of one long one (a long task after the first paint is Lighthouse's total
 * blocking time, however late it comes). The prerender (building) draws the part closed, as the
 * browser's first render does; another server render (a test's) has no idle moment to wait for:
 * open at once. A step that returns a promise (loading what the part needs) is waited for before
 * the next; a use while it loads opens the part once it has loaded. Call while a component
 * initialises.
 */
export function idleGate(...steps: (() => unknown)[]): {
  readonly isOpen: boolean;
  readonly open: () => void;
} {
  let isOpen = $state(typeof window === 'undefined' && !building);
  /** The next step to run. */
  let at = 0;
  /** A step's load under way (a module the part needs): the next step waits for it. */
  let loading: Promise<unknown> | null = null;
  /** Opened by a use: the steps left run at once, not in idle moments. */
  let isHurried = false;
  let isGone = false;
  let cancel = () => {};
  const later = () => (cancel = whenIdle(run));
  function run(): void {
    if (isGone || isOpen || loading) return;
    while (at < steps.length) {
      const done = steps[at++]();
      if (done instanceof Promise) {
        loading = done.finally(() => {
          loading = null;
          if (isHurried) run();
          else later();
        });
        return;
      }
      if (!isHurried) return void later();
    }
    isOpen = true;
  }
  onMount(() => {
    later();
    return () => {
      isGone = true;
      cancel();
    };
  });
  return {
    get isOpen() {
      return isOpen;
    },
    open: () => {
      isHurried = true;
      run();
    }
  };
}

/**
 * Opens in the idle moment after `isAfter()` first holds (issue 40): the later part of what an
 * idle gate opens, drawn in a task of its own. A calculator's gate opened its odds and its dice pad
 * in one task, the longest after the page's hydration (Wooden Warships' gunnery: 153 ms of thread
 * time at 4x, its percentile pad a fifth of it), and the frame after it laid them all out. Drawn
 * and closed as an idle gate is: open in another server render (a test's), closed in the prerender.
 * Call while a component initialises.
 */
export function idleAfter(isAfter: () => boolean): { readonly isOpen: boolean } {
  let isOpen = $state(typeof window === 'undefined' && !building);
  $effect(() => {
    if (!isOpen && isAfter()) return whenIdle(() => (isOpen = true));
  });
  return {
    get isOpen() {
      return isOpen;
    }
  };
}
