import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkpointRecordSchema } from './checkpoint-store';
import { prefixHash, stateHash } from './checkpoints';
import {
  isPlainBattle,
  isPlainCheckpoint,
  isPlainMeta,
  isPlainSetting,
  isPlainShip
} from './record-check';
import {
  battleRecordSchema,
  metaRecordSchema,
  settingRecordSchema,
  shipRecordSchema
} from './records';
import { CorruptRecordError } from './errors';
import { quickOpenBattle } from './quick-open';
import { createBattle } from './repo-battles';
import { openBattle } from './repo-events';
import { fakeEnv, openTestDb } from './test-helpers';

// The quick open's hand-written checks (issue 40) accept only what the records' schemas accept,
// and parse to the same value: whatever they are not sure of goes to the full read (zod).

const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });
/** Mostly valid values, sometimes anything: both sides of the schema's edges get reached. */
const mostly = <T>(valid: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 10 }, { arbitrary: wild, weight: 1 });
const id = mostly(fc.uuid(), fc.oneof(fc.string({ maxLength: 70 }), fc.integer()));
const text = (max: number) =>
  mostly(fc.string({ maxLength: max }), fc.oneof(fc.string({ maxLength: max + 5 }), fc.integer()));
const time = mostly(
  fc.integer({ min: 0, max: 1e13 }),
  fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double(), fc.constant(253_402_300_800_000))
);
const int = (min: number) =>
  mostly(fc.integer({ min, max: 1000 }), fc.oneof(fc.integer({ min: min - 2 }), fc.double()));
const withExtra = <T extends object>(r: fc.Arbitrary<T>) =>
  r.chain((v) =>
    mostly(
      fc.constant(v),
      fc.anything().map((extra) => ({ ...v, extra }))
    )
  );

const display = fc.record(
  { turn: int(-3), step: text(200), active: text(200), activeColor: text(50), ending: text(300) },
  { requiredKeys: ['turn', 'step'] }
);
const battle = withExtra(
  fc.record(
    {
      id,
      name: mostly(fc.string({ minLength: 1, maxLength: 200 }), fc.string({ maxLength: 201 })),
      systemId: mostly(
        fc.constantFrom('privateers', 'wooden-warships', 'master-and-commander'),
        fc.string({ maxLength: 5 })
      ),
      variant: text(100),
      options: mostly(
        fc.dictionary(
          fc.string({ maxLength: 5 }),
          fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean())
        ),
        fc.dictionary(fc.string({ maxLength: 3 }), fc.anything())
      ),
      createdAt: time,
      updatedAt: time,
      lastSeq: int(0),
      notes: text(10_000),
      isArchived: mostly(fc.boolean(), fc.constantFrom(0, 'no')),
      display: mostly(display, fc.anything()),
      campaignId: id
    },
    {
      requiredKeys: [
        'id',
        'name',
        'systemId',
        'variant',
        'options',
        'createdAt',
        'updatedAt',
        'lastSeq',
        'notes',
        'isArchived'
      ]
    }
  )
);
const meta = withExtra(
  fc.record(
    {
      key: mostly(fc.constant('meta'), fc.string({ maxLength: 5 })),
      schemaVersion: int(1),
      appVersion: text(50),
      deviceId: id,
      createdAt: time
    },
    { requiredKeys: ['key', 'schemaVersion', 'appVersion', 'deviceId'] }
  )
);
const setting = withExtra(
  fc.record(
    { key: mostly(fc.string({ minLength: 1, maxLength: 100 }), text(100)), value: json },
    { requiredKeys: ['key'] }
  )
);
const ship = withExtra(
  fc.record(
    {
      id,
      battleId: mostly(fc.option(fc.uuid()), id),
      systemId: mostly(fc.constantFrom('privateers', 'wooden-warships'), fc.string()),
      name: mostly(fc.string({ minLength: 1, maxLength: 10 }), text(200)),
      side: text(200),
      player: text(200),
      sheet: mostly(json, fc.anything()),
      createdAt: time,
      updatedAt: time
    },
    { requiredKeys: ['id', 'battleId', 'systemId', 'name', 'side', 'player', 'sheet'] }
  )
);
const battleShip = withExtra(
  fc.record(
    {
      id,
      side: text(200),
      player: text(200),
      sheet: mostly(json, fc.anything()),
      order: mostly(fc.integer(), fc.double())
    },
    { requiredKeys: ['id', 'side', 'player', 'sheet'] }
  )
);
const checkpoint = withExtra(
  fc.record(
    {
      battleId: id,
      seq: int(1),
      hash: id,
      state: withExtra(
        fc.record(
          {
            turn: int(-2),
            phase: int(0),
            ships: mostly(fc.dictionary(fc.string({ maxLength: 4 }), battleShip), fc.anything()),
            system: mostly(json, fc.anything())
          },
          { requiredKeys: ['turn', 'phase', 'ships'] }
        )
      ),
      stateHash: id,
      at: time
    },
    { requiredKeys: ['battleId', 'seq', 'hash', 'state', 'stateHash'] }
  )
);

const cases = [
  ['battle', battle, isPlainBattle, battleRecordSchema],
  ['meta', meta, isPlainMeta, metaRecordSchema],
  ['setting', setting, isPlainSetting, settingRecordSchema],
  ['ship', ship, isPlainShip, shipRecordSchema],
  ['checkpoint', checkpoint, isPlainCheckpoint, checkpointRecordSchema]
] as const;

describe("the quick open's record checks without zod", () => {
  for (const [name, arbitrary, isPlain, schema] of cases) {
    it(`accepts only the ${name} records the schema accepts, unchanged (property)`, () => {
      let fast = 0;
      fc.assert(
        fc.property(arbitrary, (r: unknown) => {
          if (!(isPlain as (v: unknown) => boolean)(r)) return;
          fast++;
          const parsed = schema.safeParse(r);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toEqual(r);
        }),
        { numRuns: 800 }
      );
      // The generator reaches the fast path often enough for the property to mean something.
      expect(fast).toBeGreaterThan(10);
    }, 60_000);
  }

  it('vouches for the records a battle is made of (a valid record is not needlessly sent to zod)', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const b = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: { hiddenOrders: true }
    });
    expect(isPlainBattle(await db.table('battles').get(b.id))).toBe(true);
    expect(isPlainMeta(await db.table('meta').get('meta'))).toBe(true);
    const state = { turn: 2, phase: 1, ships: {}, system: { wind: 90 } };
    const record = {
      battleId: b.id,
      seq: 500,
      hash: prefixHash(['e1']),
      state,
      stateHash: stateHash(state),
      at: 5
    };
    expect(isPlainCheckpoint(record)).toBe(true);
    db.close();
  });

  it('refuses a damaged battle record: the quick open answers null, the full read names the field', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const b = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    await db.write(['battles'], async () => {
      const damaged: unknown = { ...b, name: 42 }; // a shape the type refuses, as damage is
      await db.table('battles').put(damaged as typeof b);
    });
    const opts = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    expect(await quickOpenBattle(b.id, null, opts)).toBeNull();
    await expect(openBattle(db, b.id)).rejects.toThrow(CorruptRecordError);
    await expect(openBattle(db, b.id)).rejects.toThrow(/name/);
    db.close();
  });
});
