import * as z from 'zod/mini';
import { newToken } from './ids';
import { hubKeyOf } from '$lib/live/wire';

/**
 * A live battle's link settings on this device (issue 19), kept in the settings table under
 * `live:<battleId>`: the hub, this device's token and role; on the referee's device also every
 * token it handed out (re-registered with the hub on each connect, so a hub restarted with empty
 * storage knows them again).
 */

export const ROLES = ['referee', 'player', 'spectator'] as const;
export type Role = (typeof ROLES)[number];

const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,100}$/));
const HUB_KEY = /^[0-9a-f]{64}$/;

export const grantSchema = z.strictObject({
  token,
  role: z.enum(['player', 'spectator']),
  seat: z.optional(z.string().check(z.maxLength(200)))
});
export type Grant = z.infer<typeof grantSchema>;

export const liveConfigSchema = z.strictObject({
  hub: z.string().check(z.regex(/^https?:\/\/[^\s/]+$/)),
  token,
  role: z.enum(ROLES),
  seat: z.optional(z.string().check(z.maxLength(200))),
  /**
   * The battle's name on the hub (wire.ts hubKeyOf), from a player's or spectator's link; the
   * referee's devices derive it from their token. Absent on a link made before issue 34.
   */
  hubKey: z.optional(z.string().check(z.regex(HUB_KEY))),
  grants: z.optional(z.array(grantSchema))
});
export type LiveConfig = z.infer<typeof liveConfigSchema>;

export { liveKey } from './live-key';

export function parseLiveConfig(value: unknown): LiveConfig | null {
  const r = liveConfigSchema.safeParse(value);
  return r.success ? r.data : null;
}

/**
 * The referee's grants for the battle's seats (the player names of its ships) and one spectator
 * link; existing tokens are kept, a new seat gets a new one.
 */
export function grantsFor(seats: readonly string[], existing: readonly Grant[] = []): Grant[] {
  const out: Grant[] = [];
  const spectator = existing.find((g) => g.role === 'spectator');
  out.push(spectator ?? { token: newToken(), role: 'spectator' });
  for (const seat of seats) {
    const had = existing.find((g) => g.role === 'player' && g.seat === seat);
    out.push(had ?? { token: newToken(), role: 'player', seat });
  }
  // Seats no longer in the battle keep their links (a ship removed and added again).
  for (const g of existing) if (!out.includes(g) && g.role === 'player') out.push(g);
  return out;
}

/**
 * The join link a phone's camera opens: the token stays in the fragment (never sent in a request).
 * A display link (issue 37) is the spectator's link that opens the table display (`v=display`).
 */
export function joinLink(
  hub: string,
  battleId: string,
  grant: Grant | { token: string; role: 'referee' },
  hubKey: string,
  view: 'battle' | 'display' = 'battle'
): string {
  const p = new URLSearchParams({ b: battleId, t: grant.token, r: grant.role });
  if ('seat' in grant && grant.seat !== undefined) p.set('s', grant.seat);
  // The referee's link carries the token the key is made from; the others carry the key only.
  if (grant.role !== 'referee') p.set('k', hubKey);
  if (view === 'display') p.set('v', 'display');
  return `${hub}/join#${p.toString()}`;
}

/** The battle's name on the hub as this device knows it (see LiveConfig.hubKey). */
export function hubKeyFor(config: LiveConfig, battleId: string): string {
  if (config.role === 'referee') return hubKeyOf(config.token);
  // A link from before issue 34 named the document by the battle's id (the hub now refuses it).
  return config.hubKey ?? battleId;
}

export interface JoinParams {
  battleId: string;
  token: string;
  role: Role;
  seat?: string;
  hubKey?: string;
  /** A display link: the device opens the table display, read-only (a spectator's link only). */
  isDisplay?: boolean;
}

export function parseJoinHash(hash: string): JoinParams | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const battleId = p.get('b') ?? '';
  const t = p.get('t') ?? '';
  const role = p.get('r') ?? '';
  const seat = p.get('s') ?? undefined;
  const hubKey = p.get('k') ?? undefined;
  const view = p.get('v');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(battleId) || !token.safeParse(t).success) return null;
  if (!(ROLES as readonly string[]).includes(role)) return null;
  if (hubKey !== undefined && !HUB_KEY.test(hubKey)) return null;
  // Only a spectator's link opens the display: it must never act, nor open a seat's document.
  if (view !== null && (view !== 'display' || role !== 'spectator')) return null;
  return {
    battleId,
    token: t,
    role: role as Role,
    ...(seat !== undefined ? { seat } : {}),
    ...(hubKey !== undefined ? { hubKey } : {}),
    ...(view === 'display' ? { isDisplay: true } : {})
  };
}
