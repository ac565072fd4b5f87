import type { BattleSession } from './battle.svelte';
import {
  grantsFor,
  hubKeyFor,
  joinLink,
  liveKey,
  parseLiveConfig,
  type JoinParams,
  type LiveConfig
} from './live-config';
import { newToken } from './ids';
import { storage } from './storage.svelte';

/** The links "Share live" shows: one per seat, one for spectators, the referee's own. */
export interface ShareLinks {
  /** Where phones reach the hub (the LAN address). */
  joinBase: string;
  referee: string;
  seats: { seat: string; url: string }[];
  spectator: string;
  /** The spectator's link that opens the table display (a TV, a spare tablet; issue 37). */
  display: string;
}

export const NOT_ON_HUB =
  'Share live works when Quarterdeck is opened from the live table’s hub: run “npm run host” on the referee’s machine and open the address it prints.';

/**
 * Is this page served by the live table's hub? Its LAN addresses when it is (what phones open),
 * else null.
 */
async function hubInfo(): Promise<{ addresses: string[] } | null> {
  try {
    const r = await fetch('/live/info', { cache: 'no-store' });
    if (!r.ok) return null;
    const info = (await r.json()) as { hub?: unknown; addresses?: unknown };
    if (info.hub !== true || !Array.isArray(info.addresses)) return null;
    return { addresses: info.addresses.filter((a): a is string => typeof a === 'string') };
  } catch {
    return null;
  }
}

/** The player names of the battle's ships: one seat each. */
export function seatsOf(session: BattleSession): string[] {
  const names = Object.values(session.state.ships)
    .map((s) => s.player.trim())
    .filter((p) => p !== '');
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/**
 * The referee's "Share live": makes (or keeps) the battle's tokens, registers them with the hub and
 * connects this device; the links to show. A player's or spectator's device shows its own link only.
 */
export async function shareLive(
  session: BattleSession
): Promise<{ ok: true; links: ShareLinks } | { ok: false; message: string }> {
  const info = await hubInfo();
  if (!info) return { ok: false, message: NOT_ON_HUB };
  const db = await storage.open();
  if (!db) return { ok: false, message: storage.message ?? 'Storage is not available.' };
  const { getSetting } = await import('$lib/db/core');
  const had = parseLiveConfig(await getSetting(db, liveKey(session.battleId)));
  if (had && had.role !== 'referee') {
    return { ok: false, message: 'Only the referee’s device shares the battle.' };
  }
  const config: LiveConfig = {
    hub: location.origin,
    token: had?.token ?? newToken(),
    role: 'referee',
    grants: grantsFor(seatsOf(session), had?.grants ?? [])
  };
  await session.goLive(config);
  // Phones use the LAN address (the referee's own page may be on localhost).
  const isLocal = /^(localhost|127\.|\[::1\])/.test(location.hostname);
  const joinBase = isLocal ? (info.addresses[0] ?? location.origin) : location.origin;
  const grants = config.grants ?? [];
  const spectator = grants.find((g) => g.role === 'spectator');
  const key = hubKeyFor(config, session.battleId);
  return {
    ok: true,
    links: {
      joinBase,
      referee: joinLink(joinBase, session.battleId, { token: config.token, role: 'referee' }, key),
      seats: grants
        .filter((g) => g.role === 'player' && g.seat !== undefined)
        .map((g) => ({ seat: g.seat ?? '', url: joinLink(joinBase, session.battleId, g, key) })),
      spectator: spectator ? joinLink(joinBase, session.battleId, spectator, key) : '',
      display: spectator ? joinLink(joinBase, session.battleId, spectator, key, 'display') : ''
    }
  };
}

/** A phone opening a join link: fetches the battle from the hub and stores it on this device. */
export async function joinLive(
  params: JoinParams
): Promise<{ ok: true } | { ok: false; message: string }> {
  const db = await storage.open();
  if (!db) return { ok: false, message: storage.message ?? 'Storage is not available.' };
  const { joinFromHub } = await import('./live.svelte');
  return joinFromHub(db, params.battleId, {
    hub: location.origin,
    token: params.token,
    role: params.role,
    ...(params.seat !== undefined ? { seat: params.seat } : {}),
    ...(params.hubKey !== undefined ? { hubKey: params.hubKey } : {})
  });
}

/** Plain http (the table's Wi-Fi): no service worker, no wake lock, no offline reload. */
export function isPlainHttp(): boolean {
  return typeof window !== 'undefined' && !window.isSecureContext;
}
