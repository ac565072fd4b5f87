import { getContext, setContext } from 'svelte';
import type { BattleSession } from './battle.svelte';

const KEY = Symbol('battle-session');

/** The open battle, shared by the battle page and its ship pages (one live log watch). */
export function setBattleSession(get: () => BattleSession | null): void {
  setContext(KEY, get);
}

export function getBattleSession(): () => BattleSession | null {
  return getContext<() => BattleSession | null>(KEY);
}
