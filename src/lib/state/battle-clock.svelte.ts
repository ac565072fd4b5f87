import { isTicking } from '$lib/engine/turn-status';
import type { BattleSession } from './battle.svelte';

/**
 * The battle's status and the clock it is drawn against, for a page that shows it (the battle page,
 * the table display). The clock ticks each second while an hourglass runs, and is brought up to
 * date by every change to the log, read in the same update as the new state, so an action draws
 * the status once, not once for the state and again for the clock (issue 18). Called while a
 * component is set up (it holds an effect).
 */
export function battleClock(getSession: () => BattleSession | null): {
  readonly now: number;
  readonly status: ReturnType<BattleSession['statusAt']> | null;
} {
  let tick = $state(0);
  const now = $derived.by(() => {
    void tick;
    void getSession()?.events.length;
    return Date.now();
  });
  const status = $derived(getSession()?.statusAt(now) ?? null);
  const isClockRunning = $derived(status ? isTicking(status.clock, now) : false);
  $effect(() => {
    if (!isClockRunning) return;
    const timer = setInterval(() => tick++, 1000);
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
