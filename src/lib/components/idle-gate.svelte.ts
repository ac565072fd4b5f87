import { onMount } from 'svelte';
import { building } from '$app/environment';

/** Runs `run` in an idle moment of the main thread (a task of its own). */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 1);
}

/**
 * Whether a part that takes a long task to work out may work it out now (issue 40): a calculator's
 * scratch battle, built by the game's own set-up moves, and its first answer on it. Never in the
 * first render, which hydrates the page (the Wooden Warships calculators built theirs there, and the
 * page's total blocking time cost its Lighthouse score): in an idle moment after the page is up, or
 * at once on first use (`open`, from the calculator's first focus or tap). `prepare` (the scratch
 * battle, built once and shared) runs in one idle moment and the answer in the next, two tasks
 * instead of one long one. The prerender (building) draws the part closed, as the browser's first
 * render does; another server render (a test's) has no idle moment to wait for: open at once.
 * Call while a component initialises.
 */
export function idleGate(prepare?: () => unknown): {
  readonly isOpen: boolean;
  readonly open: () => void;
} {
  let isOpen = $state(typeof window === 'undefined' && !building);
  onMount(() => {
    let isGone = false;
    whenIdle(() => {
      if (isGone || isOpen) return;
      prepare?.();
      whenIdle(() => {
        if (!isGone) isOpen = true;
      });
    });
    return () => {
      isGone = true;
    };
  });
  return {
    get isOpen() {
      return isOpen;
    },
    open: () => {
      isOpen = true;
    }
  };
}
