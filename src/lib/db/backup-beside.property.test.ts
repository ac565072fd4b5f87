import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { advanceMove } from '../battle/advance';
import { note } from '../battle/actions';
import { getSystem } from '../rules/registry';
import type { SystemId } from '../engine/system';
import { addShipFromClass, rollRating } from '../rules/privateers/moves';
import { exampleFrigate } from '../rules/privateers/moves.fixture';
import type { ShipClass } from '../rules/privateers/sheet';
import { addPlayer, purchase, setCards } from '../rules/wooden-warships/moves';
import { EXAMPLE_CHARTS } from '../rules/wooden-warships/example-charts';
import type { ShipChart } from '../rules/wooden-warships/sheet';
import { shipChartSchema } from '../rules/wooden-warships/sheet-schema';
import { firstPlayerMove, setupFleetsMove } from '../rules/master-and-commander/moves';
import { exportAll, importBackup } from './backup';
import { performMove, startBattle } from './battle.fixture';
import type { Db } from './db';
import type { BackupPayload } from './records-logs';
import {
  appendEvent,
  loadBattle,
  openBattle,
  redoLast,
  undoLast,
  type LoadedBattle
} from './repo-events';
import { createShip, listShipClasses, saveShipClass } from './repo-ships';
import { dumpAll, openTestDb } from './test-helpers';

/**
 * Issue 38: any database the app can write, exported and imported back beside itself (add mode),
 * gives every battle a copy that opens and folds to the original's state, no id shared between a
 * record and its copy, no class id shared within a system, and copies that change apart.
 */

type Step =
  | { do: 'ship'; pick: number; name: string }
  | { do: 'dice'; pick: number; face: number }
  | { do: 'next' }
  | { do: 'undo' }
  | { do: 'redo' }
  | { do: 'note'; text: string }
  | { do: 'edit-class'; pick: number; hull: number };

interface Plan {
  /** Privateers classes as the editor makes them (class-1, class-2…). */
  pvClasses: { className: string; hullPoints: number; crew: number }[];
  battles: { systemId: SystemId; name: string; steps: Step[] }[];
  libraryShips: SystemId[];
}

const SYSTEM_IDS: SystemId[] = ['privateers', 'wooden-warships', 'master-and-commander'];
const nameArb = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '');

// Ships weigh more than the rest: most steps need one on the table to do anything.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ do: fc.constant('ship' as const), pick: fc.nat(9), name: nameArb })
  },
  {
    weight: 2,
    arbitrary: fc.record({
      do: fc.constant('dice' as const),
      pick: fc.nat(9),
      face: fc.integer({ min: 1, max: 6 })
    })
  },
  { weight: 2, arbitrary: fc.constant({ do: 'next' as const }) },
  { weight: 2, arbitrary: fc.constant({ do: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ do: 'redo' as const }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('note' as const), text: nameArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      do: fc.constant('edit-class' as const),
      pick: fc.nat(9),
      hull: fc.nat(60)
    })
  }
);

const planArb: fc.Arbitrary<Plan> = fc.record({
  pvClasses: fc.array(
    fc.record({
      className: nameArb,
      hullPoints: fc.nat(60),
      crew: fc.integer({ min: 1, max: 40 })
    }),
    { maxLength: 3 }
  ),
  battles: fc.array(
    fc.record({
      systemId: fc.constantFrom(...SYSTEM_IDS),
      name: nameArb,
      steps: fc.array(stepArb, { maxLength: 10 })
    }),
    { maxLength: 3 }
  ),
  libraryShips: fc.array(fc.constantFrom(...SYSTEM_IDS), { maxLength: 2 })
});

const pick = <T>(list: readonly T[], i: number): T | undefined =>
  list[i % Math.max(1, list.length)];

/** Plays one step of the plan the way its screen would; a move the rules refuse writes nothing. */
async function play(db: Db, battleId: string, systemId: SystemId, step: Step): Promise<void> {
  const { state } = await loadBattle(db, battleId);
  const shipIds = Object.keys(state.ships);
  switch (step.do) {
    case 'next':
      await performMove(db, battleId, advanceMove(getSystem(systemId)), {});
      return;
    case 'undo':
      await undoLast(db, battleId);
      return;
    case 'redo':
      await redoLast(db, battleId);
      return;
    case 'note':
      await appendEvent(db, battleId, note(step.text));
      return;
    case 'edit-class': {
      // The set-up saves an edited class onto its record (PvClassesSetup.persist).
      const record = pick(await listShipClasses(db, 'privateers'), step.pick);
      if (!record) return;
      const cls = { ...(record.data as ShipClass), hullPoints: step.hull };
      await saveShipClass(db, {
        id: record.id,
        systemId: 'privateers',
        name: cls.className,
        data: cls
      });
      return;
    }
    case 'ship':
      if (systemId === 'privateers') {
        const record = pick(await listShipClasses(db, 'privateers'), step.pick);
        if (!record) return;
        const cls = record.data as ShipClass;
        await performMove(db, battleId, addShipFromClass, {
          cls,
          name: step.name,
          side: 'GB',
          player: ''
        });
      } else if (systemId === 'wooden-warships') {
        const charts = (await listShipClasses(db, 'wooden-warships')).flatMap((r) => {
          const p = shipChartSchema.safeParse(r.data);
          return p.success ? [p.data] : [];
        });
        const chart = pick<ShipChart>(charts, step.pick);
        if (!chart) return;
        await performMove(db, battleId, purchase, {
          player: 'Anna',
          name: step.name,
          chart,
          crewSkill: 'Novice',
          lootCardId: step.pick % 2 === 0 ? 'loot-1' : null
        });
      } else {
        await performMove(db, battleId, setupFleetsMove, {
          players: [
            { id: 'p-anna', name: 'Anna', colour: 'black', homeport: 'N' },
            { id: 'p-ben', name: 'Ben', colour: 'gold', homeport: 'S' }
          ],
          modules: {}
        });
      }
      return;
    case 'dice':
      if (systemId === 'privateers') {
        const shipId = pick(shipIds, step.pick);
        if (!shipId) return;
        const dice = { source: 'entered' as const, dice: [{ sides: 6, face: step.face }] };
        await performMove(db, battleId, rollRating, { shipId, who: 'captain', dice });
      } else if (systemId === 'master-and-commander') {
        const faces = [step.face, 7 - step.face];
        await performMove(db, battleId, firstPlayerMove, {
          playerIds: ['p-anna', 'p-ben'],
          roll: { source: 'entered', dice: faces.map((face) => ({ sides: 6, face })) }
        });
      }
      return;
  }
}

/** A database as the app writes it from the plan: classes, battles played, library ships. */
async function build(plan: Plan, seed: number): Promise<Db> {
  const db = await openTestDb(undefined, {}, seed);
  for (const [i, c] of plan.pvClasses.entries()) {
    const cls = exampleFrigate({ id: `class-${i + 1}`, ...c });
    await saveShipClass(db, { systemId: 'privateers', name: cls.className, data: cls });
  }
  // The Wooden Warships set-up seeds the EXAMPLE charts when it first opens (WwSetup.load).
  if (plan.battles.some((b) => b.systemId === 'wooden-warships')) {
    for (const c of EXAMPLE_CHARTS)
      await saveShipClass(db, { systemId: 'wooden-warships', name: c.name, data: c });
  }
  for (const b of plan.battles) {
    const battle = await startBattle(db, b.systemId, b.name);
    if (b.systemId === 'wooden-warships') {
      await performMove(db, battle.id, addPlayer, { name: 'Anna' });
      await performMove(db, battle.id, setCards, {
        captainCards: [],
        lootCards: [{ id: 'loot-1', name: 'Spanish gold', amount: 100 }],
        upgradeCards: []
      });
    }
    for (const step of b.steps) await play(db, battle.id, b.systemId, step);
    // A ship prepared for the battle's roster, outside its log.
    const system = getSystem(b.systemId);
    await createShip(db, {
      battleId: battle.id,
      systemId: b.systemId,
      name: 'Roster ship',
      side: '',
      player: '',
      sheet: system.defaultSheet({ name: 'Roster ship' }) as never
    });
  }
  for (const systemId of plan.libraryShips) {
    await createShip(db, {
      battleId: null,
      systemId,
      name: 'Template',
      side: '',
      player: '',
      sheet: getSystem(systemId).defaultSheet({ name: 'Template' }) as never
    });
  }
  return db;
}

/** The id a class carries inside its data, the one its set-up keys it by. */
const classIdOf = (c: { data: unknown }): unknown => (c.data as { id?: unknown }).id;

/** Every id a record carries, by table: its key and the class's own id inside its data. */
function idsOf(p: BackupPayload): Set<string> {
  return new Set([
    ...p.battles.map((b) => b.id),
    ...p.events.map((e) => e.id),
    ...p.ships.map((s) => s.id),
    ...p.shipClasses.flatMap((c) =>
      [c.id, classIdOf(c)].filter((x): x is string => typeof x === 'string')
    )
  ]);
}

describe('any database imported back beside itself (#38)', () => {
  it('every battle opens and folds as its original, no id is shared, copies change apart', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, fc.integer({ min: 1, max: 1000 }), async (plan, seed) => {
        const db = await build(plan, seed);
        const file = await exportAll(db);
        const before = new Map<string, LoadedBattle>();
        for (const b of file.file.payload.battles) before.set(b.id, await loadBattle(db, b.id));

        const summary = await importBackup(db, file.text);
        const added = (await dumpAll(db)) as unknown as BackupPayload;
        const copies = summary.battleIds;
        expect(copies).toHaveLength(file.file.payload.battles.length);

        // No id of the file comes back on its copy.
        const old = idsOf(file.file.payload);
        const fresh = idsOf({
          ...added,
          battles: added.battles.filter((b) => copies.includes(b.id)),
          events: added.events.filter((e) => copies.includes(e.battleId)),
          ships: added.ships.filter((s) => !file.file.payload.ships.some((o) => o.id === s.id)),
          shipClasses: added.shipClasses.filter(
            (c) => !file.file.payload.shipClasses.some((o) => o.id === c.id)
          )
        });
        for (const id of fresh) expect(old.has(id), id).toBe(false);
        // Each system's set-up keys its class list by the class id, and maps class → record by it.
        for (const systemId of SYSTEM_IDS) {
          const records = await listShipClasses(db, systemId);
          const ids = records.map(classIdOf);
          expect(new Set(ids).size, systemId).toBe(ids.length);
          // So an edit of a class is saved onto its own record, never onto its copy's.
          const recordOf = new Map(records.map((r) => [classIdOf(r), r.id]));
          for (const r of records) expect(recordOf.get(classIdOf(r))).toBe(r.id);
        }

        for (const [i, original] of file.file.payload.battles.entries()) {
          const was = before.get(original.id);
          const copyId = copies[i];
          const [mine, copy] = [await loadBattle(db, original.id), await loadBattle(db, copyId)];
          expect(mine.state).toEqual(was?.state);
          expect(copy.state).toEqual(was?.state);
          expect((await openBattle(db, copyId)).state).toEqual(was?.state);
          expect(copy.battle).toMatchObject({ name: original.name, lastSeq: original.lastSeq });
          // An undo or redo in the copy names an event of the copy.
          const own = new Set(copy.events.map((e) => e.id));
          for (const e of copy.events)
            if (e.target !== undefined) expect(own.has(e.target)).toBe(true);

          // A move and a note in the copy leave the original's log as it was.
          await performMove(db, copyId, advanceMove(getSystem(original.systemId)), {});
          await appendEvent(db, copyId, note('Only in the copy'));
          const after = await loadBattle(db, original.id);
          expect(after.events.map((e) => e.id)).toEqual(mine.events.map((e) => e.id));
          expect(after.state).toEqual(was?.state);
        }
      }),
      { numRuns: 40 }
    );
  });
});
