import { bench, describe } from 'vitest';
import { addShip, editSheet } from '../battle/actions';
import { applyEvent } from '../battle/fold';
import { INITIAL_STATE, stampEvent, type BattleEvent, type BattleState } from '../engine/events';
import { battleEventSchema } from '../engine/events-schema';
import { createBattle } from './repo-battles';
import { loadBattle } from './repo-events';
import { openTestDb } from './test-helpers';
import { isPlainEvent } from './event-check';

/** Opening a 10,000-event battle: read from (fake) IndexedDB, zod-parse every event, fold. */
const db = await openTestDb();
const battle = await createBattle(db, {
  name: 'Long battle',
  systemId: 'privateers',
  variant: 'standard',
  options: {}
});
const events: BattleEvent[] = [];
let state: BattleState = INITIAL_STATE;
const push = (draft: Parameters<typeof stampEvent>[0]) => {
  const e = stampEvent(draft, {
    id: `e${events.length}`,
    battleId: battle.id,
    seq: events.length + 1,
    deviceId: db.deviceId,
    at: events.length
  });
  events.push(e);
  state = applyEvent(state, e);
};
for (let i = 0; i < 12; i++) {
  push(
    addShip(
      state,
      { id: `s${i}`, side: 'A', player: 'p', sheet: { hull: { points: 40, damage: 0 } }, order: i },
      `Ship ${i}`
    )
  );
}
while (events.length < 10_000) {
  const id = `s${events.length % 12}`;
  const hull = (state.ships[id].sheet as { hull: { points: number; damage: number } }).hull;
  push(editSheet(state, id, { hull: { ...hull, damage: (hull.damage + 1) % 40 } }, 'hit'));
}
await db.dexie.transaction('rw', ['events', 'battles'], async () => {
  await db.dexie.table('events').bulkAdd(events);
  await db.dexie.table('battles').update(battle.id, { lastSeq: events.length });
});

describe('loading a battle', () => {
  bench('read, parse and fold a 10,000-event battle (fake-indexeddb)', async () => {
    await loadBattle(db, battle.id);
  });
  bench('zod-parse 10,000 events (parse-on-read before issue 18)', () => {
    for (const e of events) battleEventSchema.parse(e);
  });
  bench('check 10,000 events on read (the fast check; zod only for what it refuses)', () => {
    for (const e of events) if (!isPlainEvent(e)) battleEventSchema.parse(e);
  });
});
