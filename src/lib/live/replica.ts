import * as Y from 'yjs';
import type { BattleEvent } from '../engine/events';
import { getBattle, loadEvents, storeRemoteEvents, type BattleRecord, type Db } from '../db';
import { receiveClock, tickClock, type Clock } from './merge-api';
import { EVENTS_KEY, META_KEY, fromWire, toWire, type SharedBattle } from './wire';

/** The transaction origin of this device's own writes into the document. */
export const LOCAL_ORIGIN = 'quarterdeck-local';

/**
 * A battle's live replica (issue 19): the Y.Doc shared through the hub, kept in step with this
 * device's Dexie index, which stays what the screens read. This device's events go into the
 * document's `events` map; events other devices put there are written into Dexie, one transaction
 * per batch (one Yjs transaction is one batch).
 *
 * The document is not kept on the device apart from Dexie: Dexie holds every event, so after each
 * sync with the hub `pushMissing()` puts every stored event the document lacks into it: the ones
 * written offline, and all of them when the hub restarted with empty storage.
 */
export class Replica {
  readonly events: Y.Map<unknown>;
  readonly meta: Y.Map<unknown>;
  /** This device's hybrid logical clock: after every stamp it wrote or received. */
  lastClock: Clock | null = null;
  /** Called with the events written into Dexie from other devices (after their transaction). */
  onStored: (events: BattleEvent[]) => void = () => {};
  onError: (error: unknown) => void = () => {};

  #chain: Promise<void> = Promise.resolve();
  readonly #known = new Set<string>();

  constructor(
    private readonly db: Db,
    readonly battleId: string,
    readonly doc: Y.Doc = new Y.Doc()
  ) {
    this.events = doc.getMap(EVENTS_KEY);
    this.meta = doc.getMap(META_KEY);
    this.events.observe((change, tr) => {
      if (tr.origin === LOCAL_ORIGIN) return;
      const batch: BattleEvent[] = [];
      for (const key of change.keysChanged as Set<string>) {
        if (this.#known.has(key)) continue;
        const event = fromWire(this.events.get(key), battleId);
        if (event && event.id === key) batch.push(event);
      }
      if (batch.length > 0) this.#store(batch);
    });
  }

  /** The stamp for this device's next event (strictly after everything it has seen). */
  nextClock(nowMs: number): Clock {
    this.lastClock = tickClock(this.lastClock, nowMs);
    return this.lastClock;
  }

  #see(events: readonly BattleEvent[], nowMs: number): void {
    for (const e of events) {
      this.#known.add(e.id);
      if (e.clock !== undefined) this.lastClock = receiveClock(this.lastClock, e.clock, nowMs);
    }
  }

  #store(batch: BattleEvent[]): void {
    this.#see(batch, this.db.now());
    this.#chain = this.#chain
      .then(async () => {
        const stored = await storeRemoteEvents(this.db, this.battleId, batch);
        if (stored.length > 0) this.onStored(stored);
      })
      .catch((e: unknown) => {
        // Not stored: forget them, so the next sync offers them again.
        for (const e2 of batch) this.#known.delete(e2.id);
        this.onError(e);
      });
  }

  /** Settles when every batch received so far is in Dexie. */
  settled(): Promise<void> {
    return this.#chain;
  }

  /** Puts this device's stored events into the document where it lacks them (one transaction). */
  push(events: readonly BattleEvent[]): number {
    const missing = events.filter((e) => !this.events.has(e.id));
    this.#see(events, this.db.now());
    if (missing.length === 0) return 0;
    this.doc.transact(() => {
      for (const e of missing) this.events.set(e.id, toWire(e));
    }, LOCAL_ORIGIN);
    return missing.length;
  }

  /** After a sync: the battle's shared fields (if the document has none) and every missing event. */
  async pushMissing(): Promise<number> {
    await this.#chain;
    const [battle, events] = await Promise.all([
      getBattle(this.db, this.battleId),
      loadEvents(this.db, this.battleId)
    ]);
    if (!this.meta.has('battle')) {
      this.doc.transact(() => this.meta.set('battle', sharedOf(battle)), LOCAL_ORIGIN);
    }
    return this.push(events);
  }

  /** Every event the document holds (a joining device stores them all). */
  allEvents(): BattleEvent[] {
    const out: BattleEvent[] = [];
    for (const [key, value] of this.events) {
      const e = fromWire(value, this.battleId);
      if (e && e.id === key) out.push(e);
    }
    return out;
  }

  sharedBattle(): SharedBattle | null {
    const v = this.meta.get('battle');
    return isShared(v, this.battleId) ? v : null;
  }
}

export function sharedOf(b: BattleRecord): SharedBattle {
  return {
    id: b.id,
    name: b.name,
    systemId: b.systemId,
    variant: b.variant,
    options: b.options,
    createdAt: b.createdAt
  };
}

function isShared(v: unknown, id: string): v is SharedBattle {
  if (v === null || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  return (
    s.id === id &&
    typeof s.name === 'string' &&
    typeof s.systemId === 'string' &&
    typeof s.variant === 'string' &&
    typeof s.createdAt === 'number' &&
    s.options !== null &&
    typeof s.options === 'object'
  );
}
