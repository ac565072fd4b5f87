import type { BattleEvent } from '../engine/events';
import { battleEventSchema } from '../engine/events-schema';
import { isPlainEvent } from './event-check';
import { parseRecord } from './parse';

/**
 * Parse-on-read of one stored event (the database's full read): the fast check (event-check.ts),
 * else zod, which stays the authority: the value, or CorruptRecordError naming the problem.
 */
export function parseEvent(raw: unknown): BattleEvent {
  return isPlainEvent(raw) ? raw : parseRecord(battleEventSchema, 'event', raw);
}
