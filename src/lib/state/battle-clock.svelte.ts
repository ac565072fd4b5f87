import { isTicking } from '$lib/engine/turn-status';
import type { BattleSession } from './battle.svelte';

/**
 * The battle's status and the clock it is drawn against, for a page that shows it (the battle page,
 * the table display, a system's panel). The clock ticks each second while an hourglass runs, and
 * is brought up to date by every change to the state, read in the same update as the new state, so
 * an action draws the status once, not once for the state and again for the clock (issue 18). On
 * a state this screen wrote, the clock reads the time its status was worked out at for the write
 * (`statusNow`), so every reader shares that one status (issue 39). Called while a component is
 * set up (it holds an effect).
 */
export function battleClock(getSession: () => BattleSession | null): {
  readonly now: number;
  readonly status: ReturnType<BattleSession['statusAt']> | null;
} {
  let ticked = $state(0);
  const now = $derived(Math.max(ticked, getSession()?.statusNow ?? Date.now()));
  const status = $derived(getSession()?.statusAt(now) ?? null);
  const isClockRunning = $derived(status ? isTicking(status.clock, now) : false);
  $effect(() => {
    if (!isClockRunning) return;
    const timer = setInterval(() => (ticked = Date.now()), 1000);
    return () => clearInterval(timer);
  });
  return {
    get now() {
      return now;
    },
    get status() {
      return status;
    }
  };
}
