import { onMount } from 'svelte';
import { building } from '$app/environment';

/**
 * How many of a long page's parts are on screen (issue 18 #5): the first `first` at once, then one
 * more per task, so a calculators page mounts as several short tasks instead of one long one that
 * blocks the phone for half a second before the first paint. Every part is the same component it
 * was; only when it mounts moves. A server render (tests) has no tasks to wait for: all at once.
 * Call while a component initialises.
 */
export function stagedCount(total: number, first = 1): { readonly value: number } {
  // The prerender (building) draws what the browser draws first, so the page hydrates as it was
  // written; another server render (a test's) has no tasks to wait for and shows all.
  let shown = $state(typeof window === 'undefined' && !building ? total : Math.min(first, total));
  onMount(() => {
    // A message per step, not setTimeout: each is its own task all the same, and a paused clock
    // (a test's fake timers, a throttled background tab) cannot hold the page half-mounted.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      shown++;
      if (shown < total) channel.port2.postMessage(null);
    };
    if (shown < total) channel.port2.postMessage(null);
    return () => channel.port1.close();
  });
  return {
    get value() {
      return shown;
    }
  };
}
