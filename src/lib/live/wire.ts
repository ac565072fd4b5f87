import type { BattleEvent, Json } from '../engine/events';
import { battleEventSchema } from '../engine/events-schema';
import { sha256HexSync } from '../engine/sha256';

/**
 * The live table's document layout (issue 19). One Y.Doc per battle, named `battle:<hub key>`:
 * - `events`: Y.Map event id → the event as plain JSON, so an event delivered or re-imported twice is
 *   one entry, never two;
 * - `meta`: Y.Map with `battle` → the battle record's shared fields (name, system, variant, options).
 *
 * The wire form of an event is the same on every device: a clocked event (written live) travels
 * without its `seq`, which is each device's own arrival order in its Dexie index; an event without a
 * clock (the log from before the battle was shared) keeps its seq, which is the same on every device
 * (those events are the first ones every replica stores, in that order). So when two devices put the
 * same event into the map (the hub restarted empty and everyone refills it), they write equal values.
 */

export const EVENTS_KEY = 'events';
export const META_KEY = 'meta';

/**
 * The battle's name on the hub (issue 34): `battle:` and the SHA-256 of the referee's secret token,
 * never the battle's id. A player's or spectator's link carries this name (to open the document),
 * not the token, and nothing in the name gives the token back; the hub lets a battle be registered
 * only by the holder of the token whose hash is the name. So a hub that restarts empty can check a
 * registration without remembering anything, and no player can make themselves the referee.
 */
export function hubKeyOf(refereeToken: string): string {
  return sha256HexSync(`quarterdeck-hub:${refereeToken}`);
}

/** The battle's document on the hub, from its hub key (`hubKeyOf`). */
export function docNameOf(hubKey: string): string {
  return `battle:${hubKey}`;
}

export interface SharedBattle {
  id: string;
  name: string;
  systemId: string;
  variant: string;
  options: Record<string, string | number | boolean>;
  createdAt: number;
}

export type WireEvent = Omit<BattleEvent, 'seq'> & { seq?: number };

export function toWire(event: BattleEvent): WireEvent {
  if (event.clock === undefined) return { ...event };
  const { seq: _seq, ...rest } = event;
  return rest;
}

/**
 * The event a wire value holds, checked against the strict event schema (another device is outside
 * this one's trust boundary), or null when it is not one of this battle's events. Clocked events get
 * a placeholder seq: the local index gives them theirs when they are stored.
 */
export function fromWire(value: unknown, battleId: string): BattleEvent | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, Json>;
  const candidate = { ...v, seq: typeof v.seq === 'number' ? v.seq : 1 };
  const parsed = battleEventSchema.safeParse(candidate);
  if (!parsed.success || parsed.data.battleId !== battleId) return null;
  return parsed.data;
}
