import { describe, expect, it } from 'vitest';
import { addShipFromClass, classesFromRecords, rollRating } from '../rules/privateers/moves';
import { EXAMPLE_SLOOP, d6, exampleFrigate, must } from '../rules/privateers/moves.fixture';
import type { ShipClass } from '../rules/privateers/sheet';
import { EXAMPLE_CHARTS } from '../rules/wooden-warships/example-charts';
import { advanceMove } from '../battle/advance';
import { getSystem } from '../rules/registry';
import type { SystemId } from '../engine/system';
import { exportAll, importBackup } from './backup';
import { performMove, startBattle } from './battle.fixture';
import type { Db } from './db';
import { loadBattle, openBattle, undoLast } from './repo-events';
import { listShipClasses, saveShipClass } from './repo-ships';
import { openTestDb } from './test-helpers';

// Issue 38: a backup imported back beside the data it came from ("added beside yours with new
// ids"), on the same device or on another that made its classes with the same editor.

/** A class saved as the Privateers set-up saves it (PvClassesSetup: the class is the record's data). */
const savePvClass = (db: Db, cls: ShipClass) =>
  saveShipClass(db, { systemId: 'privateers', name: cls.className, data: cls });

/** The class ids a system's set-up keys its list by (`{#each classes as c (c.id)}`). */
async function classIds(db: Db, systemId: SystemId): Promise<unknown[]> {
  return (await listShipClasses(db, systemId)).map((r) => (r.data as { id?: unknown }).id);
}

/** Two ships of two classes, a rating rolled and undone, the next phase: a battle as played. */
async function playedBattle(db: Db, frigate: ShipClass, sloop: ShipClass) {
  const battle = await startBattle(db, 'privateers', 'The Nile');
  const add = (cls: ShipClass, name: string, side: string) =>
    performMove(db, battle.id, addShipFromClass, { cls, name, side, player: '' });
  const surprise = must(await add(frigate, 'Surprise', 'GB'));
  must(await add(sloop, 'Hermione', 'ES'));
  const shipId = surprise.meaning?.actor ?? '';
  must(await performMove(db, battle.id, rollRating, { shipId, who: 'captain', dice: d6([6]) }));
  must(await performMove(db, battle.id, rollRating, { shipId, who: 'crew', dice: d6([1]) }));
  await undoLast(db, battle.id);
  must(await performMove(db, battle.id, advanceMove(getSystem('privateers')), {}));
  return battle;
}

describe('a backup imported back beside its own data (#38)', () => {
  it('both battles open and fold alike, every class keeps its own id, an edit stays in its copy', async () => {
    const db = await openTestDb();
    // The class editor names its classes class-1, class-2… (PvClassEditor's addClass).
    const frigate = exampleFrigate({ id: 'class-1', className: 'Frigate (EXAMPLE)' });
    const sloop: ShipClass = { ...EXAMPLE_SLOOP, id: 'class-2', className: 'Sloop (EXAMPLE)' };
    const originals = [await savePvClass(db, frigate), await savePvClass(db, sloop)];
    const battle = await playedBattle(db, frigate, sloop);
    const before = await loadBattle(db, battle.id);

    const summary = await importBackup(db, (await exportAll(db)).text);
    expect(summary).toMatchObject({ mode: 'add', battles: 1, shipClasses: 2 });
    const [copyId] = summary.battleIds;
    expect(copyId).not.toBe(battle.id);

    for (const id of [battle.id, copyId]) {
      const loaded = await loadBattle(db, id);
      expect(loaded.state).toEqual(before.state);
      expect(loaded.events.map((e) => e.summary)).toEqual(before.events.map((e) => e.summary));
      // The battle screen's own way in (checkpoints, the log's tail) opens it too.
      expect((await openBattle(db, id)).state).toEqual(before.state);
    }

    // Each stored class has an id of its own (the copies' ids are new), so the set-up lists four
    // classes under four ids: one shared id was Svelte's each_key_duplicate on the battle page.
    const stored = await classIds(db, 'privateers');
    expect(stored).toHaveLength(4);
    expect(new Set(stored).size).toBe(4);
    const listed = classesFromRecords(await listShipClasses(db, 'privateers'));
    expect(listed.map((x) => x.cls.id).sort()).toEqual([...stored].sort());
    // The set-up's map from a class to its record (PvClassesSetup.load) sends each to its own.
    const recordOf = new Map(listed.map((x) => [x.cls.id, x.recordId]));
    expect(recordOf.size).toBe(4);

    // Each class edited as the set-up saves it lands on its own record and on no other.
    for (const x of listed) {
      const others = (await listShipClasses(db, 'privateers')).filter((r) => r.id !== x.recordId);
      const edited = { ...x.cls, hullPoints: x.cls.hullPoints + 1 };
      await saveShipClass(db, {
        id: recordOf.get(x.cls.id),
        systemId: 'privateers',
        name: edited.className,
        data: edited
      });
      const after = await listShipClasses(db, 'privateers');
      expect(after.find((r) => r.id === x.recordId)?.data).toEqual(edited);
      expect(after.filter((r) => r.id !== x.recordId)).toEqual(others);
    }
    // The originals are still the records the set-up wrote, each still its own class.
    const kept = (await listShipClasses(db, 'privateers')).filter((r) =>
      originals.some((o) => o.id === r.id)
    );
    expect(kept.map((r) => (r.data as ShipClass).id)).toEqual(['class-1', 'class-2']);
  });

  it('a second import beside the first adds a third copy, still without a shared id', async () => {
    const db = await openTestDb();
    const frigate = exampleFrigate({ id: 'class-1', className: 'Frigate (EXAMPLE)' });
    await savePvClass(db, frigate);
    await playedBattle(db, frigate, { ...EXAMPLE_SLOOP, id: 'class-2' });
    const { text } = await exportAll(db);
    await importBackup(db, text);
    await importBackup(db, text);
    const ids = await classIds(db, 'privateers');
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('tells apart two classes an earlier import left under one id, and the next save keeps it so', async () => {
    const db = await openTestDb();
    const frigate = exampleFrigate({ id: 'class-1', className: 'Frigate (EXAMPLE)' });
    // What the import wrote before #38: a second record holding the same class, id and all.
    const first = await savePvClass(db, frigate);
    const second = await savePvClass(db, frigate);
    const listed = classesFromRecords(await listShipClasses(db, 'privateers'));
    expect(listed.map((x) => [x.recordId, x.cls.id])).toEqual([
      [first.id, 'class-1'],
      [second.id, 'class-1-2']
    ]);
    // The set-up's save of the second class goes to its own record, with its own id from then on.
    const recordOf = new Map(listed.map((x) => [x.cls.id, x.recordId]));
    const edited = { ...listed[1].cls, hullPoints: 7 };
    await saveShipClass(db, {
      id: recordOf.get(edited.id),
      systemId: 'privateers',
      name: edited.className,
      data: edited
    });
    const after = await listShipClasses(db, 'privateers');
    expect(after.map((r) => r.data)).toEqual([frigate, edited]);
    expect(classesFromRecords(after).map((x) => x.cls.id)).toEqual(['class-1', 'class-1-2']);
  });

  it("imports another device's classes beside this one's, though both editors named them alike", async () => {
    const home = await openTestDb(undefined, {}, 1);
    const away = await openTestDb(undefined, {}, 2);
    // Both devices' first class is class-1, and both seeded Wooden Warships' EXAMPLE charts.
    const mine = exampleFrigate({ id: 'class-1', className: 'My frigate' });
    const theirs = exampleFrigate({ id: 'class-1', className: 'Their frigate', hullPoints: 12 });
    for (const [db, cls] of [
      [home, mine],
      [away, theirs]
    ] as const) {
      await savePvClass(db, cls);
      for (const c of EXAMPLE_CHARTS)
        await saveShipClass(db, { systemId: 'wooden-warships', name: c.name, data: c });
    }
    const battle = await playedBattle(away, theirs, { ...EXAMPLE_SLOOP, id: 'class-2' });
    const before = await loadBattle(away, battle.id);
    const homeBattle = await playedBattle(home, mine, { ...EXAMPLE_SLOOP, id: 'class-2' });
    const homeBefore = await loadBattle(home, homeBattle.id);

    const summary = await importBackup(home, (await exportAll(away)).text);
    expect((await loadBattle(home, summary.battleIds[0])).state).toEqual(before.state);
    expect((await loadBattle(home, homeBattle.id)).state).toEqual(homeBefore.state);
    for (const systemId of ['privateers', 'wooden-warships'] as const) {
      const ids = await classIds(home, systemId);
      expect(new Set(ids).size, systemId).toBe(ids.length);
    }
    expect(await classIds(home, 'wooden-warships')).toHaveLength(2 * EXAMPLE_CHARTS.length);
    // This device's own classes are untouched.
    const own = (await listShipClasses(home, 'privateers')).find((r) => r.name === 'My frigate');
    expect(own?.data).toEqual(mine);
  });
});
