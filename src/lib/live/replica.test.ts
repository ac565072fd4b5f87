import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addShip, editSheet, note } from '../battle/actions';
import type { BattleEvent, BattleState, EventDraft } from '../engine/events';
import { appendEvent, createBattle, loadEvents, storeReplica, type Db } from '../db';
import { fakeEnv, openTestDb } from '../db/test-helpers';
import { foldMerged, mergeOrder } from './merge-api';
import { Replica } from './replica';

/**
 * Three devices (referee A, players B and C), each its own fake-IndexedDB Dexie and its own
 * replica document, synced in memory the way the hub relays updates; a device can go offline
 * (its updates wait) and come back (state vectors exchanged, as Yjs's sync step does).
 */

const REMOTE = 'test-remote';

class Net {
  docs: Y.Doc[] = [];
  offline = new Set<Y.Doc>();
  join(doc: Y.Doc): void {
    this.docs.push(doc);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE || this.offline.has(doc)) return;
      for (const other of this.docs) {
        if (other !== doc && !this.offline.has(other)) Y.applyUpdate(other, update, REMOTE);
      }
    });
    this.resync(doc);
  }
  leave(doc: Y.Doc): void {
    this.docs = this.docs.filter((d) => d !== doc);
  }
  resync(doc: Y.Doc): void {
    for (const other of this.docs) {
      if (other === doc || this.offline.has(other)) continue;
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), REMOTE);
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(other)), REMOTE);
    }
  }
  goOffline(doc: Y.Doc): void {
    this.offline.add(doc);
  }
  goOnline(doc: Y.Doc): void {
    this.offline.delete(doc);
    this.resync(doc);
  }
}

interface Device {
  db: Db;
  replica: Replica;
}

async function device(seed: number, battleId: string, net: Net, db?: Db): Promise<Device> {
  const d = db ?? (await openTestDb(fakeEnv(), {}, seed));
  const replica = new Replica(d, battleId);
  net.join(replica.doc);
  return { db: d, replica };
}

const stateOf = (events: readonly BattleEvent[]): BattleState =>
  foldMerged(mergeOrder(events)).state;

/** One live action on a device: Dexie first (its own transaction), then into the document. */
async function act(dev: Device, make: (state: BattleState) => EventDraft): Promise<BattleEvent> {
  const id = dev.replica.battleId;
  const state = stateOf(await loadEvents(dev.db, id));
  const event = await appendEvent(dev.db, id, make(state), {
    live: { clock: () => dev.replica.nextClock(dev.db.now()), fold: stateOf }
  });
  dev.replica.push([event]);
  return event;
}

async function settle(devices: Device[]): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.all(devices.map((d) => d.replica.settled()));
}

async function sharedBattle(): Promise<{ net: Net; a: Device; battleId: string }> {
  const dbA = await openTestDb(fakeEnv(), {}, 1);
  const battle = await createBattle(dbA, {
    name: 'Cape Passaro',
    systemId: 'privateers',
    variant: '',
    options: {}
  });
  // The log from before the battle was shared: no clocks.
  const s0 = stateOf([]);
  const e1 = await appendEvent(
    dbA,
    battle.id,
    addShip(s0, { id: 'ann', side: 'British', player: 'Ann', sheet: { hull: 10 }, order: 0 }, 'Ann')
  );
  await appendEvent(
    dbA,
    battle.id,
    addShip(
      stateOf([e1]),
      { id: 'bob', side: 'Spanish', player: 'Bob', sheet: { hull: 10 }, order: 1 },
      'Bob'
    )
  );
  const net = new Net();
  const a = await device(1, battle.id, net, dbA);
  await a.replica.pushMissing();
  return { net, a, battleId: battle.id };
}

async function joined(seed: number, battleId: string, net: Net): Promise<Device> {
  const dev = await device(seed, battleId, net);
  const shared = dev.replica.sharedBattle();
  expect(shared?.name).toBe('Cape Passaro');
  await storeReplica(dev.db, { ...shared!, systemId: 'privateers' }, dev.replica.allEvents());
  return dev;
}

async function snapshot(dev: Device): Promise<{ ids: string[]; state: BattleState }> {
  const events = await loadEvents(dev.db, dev.replica.battleId);
  return { ids: mergeOrder(events).map((e) => e.id), state: stateOf(events) };
}

const hullEdit = (shipId: string, hull: number) => (state: BattleState) =>
  editSheet(state, shipId, { ...(state.ships[shipId].sheet as object), hull }, shipId);

describe('live replica', () => {
  it('a joining device stores the battle and its pre-live log with the same seq numbers', async () => {
    const { net, a, battleId } = await sharedBattle();
    const b = await joined(2, battleId, net);
    const [ea, eb] = [await loadEvents(a.db, battleId), await loadEvents(b.db, battleId)];
    expect(eb.map((e) => [e.id, e.seq])).toEqual(ea.map((e) => [e.id, e.seq]));
    expect(stateOf(eb)).toEqual(stateOf(ea));
  });

  it('concurrent actions on three devices converge: same events, same order, same state', async () => {
    const { net, a, battleId } = await sharedBattle();
    const b = await joined(2, battleId, net);
    const c = await joined(3, battleId, net);
    const all = [a, b, c];
    for (let i = 0; i < 10; i++) {
      // Not awaited one by one: the three devices act at once.
      await Promise.all([
        act(a, () => note(`referee ${i}`)),
        act(b, hullEdit('ann', 9 - (i % 5))),
        act(c, hullEdit('bob', 8 - (i % 3)))
      ]);
    }
    await settle(all);
    const [sa, sb, sc] = await Promise.all(all.map(snapshot));
    expect(sa.ids).toHaveLength(2 + 30);
    expect(new Set(sa.ids).size).toBe(sa.ids.length);
    expect(sb).toEqual(sa);
    expect(sc).toEqual(sa);
  });

  it('a device offline for many events reconciles when it comes back', async () => {
    const { net, a, battleId } = await sharedBattle();
    const b = await joined(2, battleId, net);
    net.goOffline(b.replica.doc);
    for (let i = 0; i < 60; i++) {
      await act(a, () => note(`online ${i}`));
      await act(b, hullEdit('ann', i % 10));
    }
    await settle([a, b]);
    expect((await loadEvents(a.db, battleId)).length).toBe(62);
    net.goOnline(b.replica.doc);
    await settle([a, b]);
    const [sa, sb] = [await snapshot(a), await snapshot(b)];
    expect(sa.ids).toHaveLength(122);
    expect(sb).toEqual(sa);
  });

  it('a document delivered twice stores nothing twice', async () => {
    const { net, a, battleId } = await sharedBattle();
    const b = await joined(2, battleId, net);
    await act(a, () => note('once'));
    await settle([a, b]);
    // The hub sends the whole document again (a reconnect), and B re-imports it.
    Y.applyUpdate(b.replica.doc, Y.encodeStateAsUpdate(a.replica.doc), REMOTE);
    await storeReplica(b.db, { ...b.replica.sharedBattle()!, systemId: 'privateers' }, [
      ...b.replica.allEvents()
    ]);
    await settle([a, b]);
    expect((await loadEvents(b.db, battleId)).length).toBe(3);
  });

  it('a hub restarted with empty storage is rebuilt from the devices', async () => {
    const { net, a, battleId } = await sharedBattle();
    const b = await joined(2, battleId, net);
    net.goOffline(b.replica.doc);
    await act(a, () => note('only on A'));
    await act(b, hullEdit('ann', 3));
    // The hub and every device's document start empty (a restart); Dexie still holds everything.
    const hub = new Net();
    const hubDoc = new Y.Doc();
    hub.join(hubDoc);
    const a2 = await device(1, battleId, hub, a.db);
    const b2 = await device(2, battleId, hub, b.db);
    await a2.replica.pushMissing();
    await b2.replica.pushMissing();
    await settle([a2, b2]);
    expect(hubDoc.getMap('events').size).toBe(4);
    const [sa, sb] = [await snapshot(a2), await snapshot(b2)];
    expect(sa.ids).toHaveLength(4);
    expect(sb).toEqual(sa);
  });
});
