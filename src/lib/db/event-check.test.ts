import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { battleEventSchema } from '../engine/events-schema';
import { CorruptRecordError } from './errors';
import { isPlainEvent } from './event-check';
import { parseEvent } from './event-parse';

const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });
/** Mostly valid values, sometimes anything: both sides of the schema's edges get reached. */
const mostly = <T>(valid: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: wild, weight: 1 });
const id = mostly(fc.uuid(), fc.string({ minLength: 0, maxLength: 70 }));
const pathKey = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -2, max: 20 }));
const die = fc.record(
  {
    sides: mostly(fc.constantFrom(6, 12, 1000), fc.integer({ min: -1, max: 1002 })),
    face: mostly(fc.integer({ min: 1, max: 6 }), fc.integer({ min: -1, max: 14 })),
    label: fc.string({ maxLength: 210 }),
    source: fc.constantFrom('app', 'entered', 'scripted', 'other')
  },
  { requiredKeys: [] }
);
const roll = fc.record(
  {
    procedure: fc.string({ maxLength: 205 }),
    inputs: json,
    dice: fc.record(
      { source: fc.constantFrom('app', 'entered', 'bad'), dice: fc.array(die, { maxLength: 4 }) },
      { requiredKeys: [] }
    ),
    odds: json,
    outcome: json
  },
  { requiredKeys: [] }
);
const op = fc.oneof(
  fc.record(
    { op: fc.constant('set'), path: fc.array(pathKey, { maxLength: 4 }), value: json, prev: json },
    { requiredKeys: ['op', 'path'] }
  ),
  fc.record(
    { op: fc.constantFrom('del', 'move'), path: fc.array(pathKey, { maxLength: 4 }), prev: json },
    { requiredKeys: ['op'] }
  )
);
const group = fc.record(
  {
    count: mostly(
      fc.integer({ min: 0, max: 6 }),
      fc.oneof(fc.integer({ min: -1, max: 10_001 }), fc.double())
    ),
    sides: mostly(fc.constantFrom(6, 10, 12), fc.integer({ min: 0, max: 1001 })),
    ship: mostly(fc.option(fc.uuid()), fc.string({ maxLength: 70 })),
    side: fc.string({ maxLength: 205 }),
    isHighGood: mostly(fc.boolean(), fc.constantFrom(0, 'yes'))
  },
  { requiredKeys: ['count', 'sides', 'ship', 'isHighGood'] }
);
const meaning = fc.record(
  {
    move: mostly(fc.constantFrom('pv.cannon-fire', 'mc.attack'), fc.string({ maxLength: 105 })),
    category: mostly(fc.constantFrom('gunnery', 'boarding', 'turn'), fc.string({ maxLength: 9 })),
    actor: mostly(fc.option(fc.uuid()), fc.string({ maxLength: 70 })),
    target: mostly(fc.option(fc.uuid()), fc.integer()),
    dice: fc.array(group, { maxLength: 3 }),
    hits: mostly(fc.integer({ min: 0, max: 12 }), fc.integer({ min: -2, max: 10_002 }))
  },
  { requiredKeys: ['move', 'category', 'actor', 'dice'] }
);
const event = fc
  .record(
    {
      id,
      battleId: id,
      seq: mostly(
        fc.integer({ min: 1, max: 100 }),
        fc.oneof(fc.integer({ min: -1, max: 1 }), fc.double())
      ),
      deviceId: id,
      at: mostly(
        fc.integer({ min: 0, max: 1e13 }),
        fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double())
      ),
      kind: mostly(
        fc.constantFrom('sheet.edit', 'pv.reload', 'undo', 'pv.cannonFire'),
        fc.oneof(fc.constantFrom('Bad kind', '', 'a..b'), fc.string({ maxLength: 12 }))
      ),
      summary: fc.string({ maxLength: 30 }),
      ops: fc.array(op, { maxLength: 3 }),
      roll,
      target: id,
      clock: mostly(
        fc
          .tuple(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.integer({ min: 0, max: 0xffff }))
          .map(([ms, c]) => ms.toString(16).padStart(12, '0') + c.toString(16).padStart(4, '0')),
        fc.oneof(fc.string({ maxLength: 17 }), fc.integer())
      ),
      input: mostly(json, fc.anything()),
      meaning
    },
    { requiredKeys: ['id', 'battleId', 'seq', 'deviceId', 'at', 'kind', 'summary', 'ops'] }
  )
  .chain((e) =>
    mostly(
      fc.constant(e),
      fc.anything().map((extra) => ({ ...e, extra }))
    )
  );

const VALID = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  battleId: 'b1',
  seq: 3,
  deviceId: 'd1',
  at: 1_767_000_000_000,
  kind: 'pv.reload',
  summary: 'Surprise reloads',
  ops: [
    { op: 'set', path: ['ships', 's1', 'sheet', 'loaded'], value: true, prev: false },
    { op: 'del', path: ['system', 'pending'], prev: { a: [1, 2] } }
  ],
  roll: {
    procedure: 'pv.reload',
    inputs: { ship: 's1' },
    dice: { source: 'app', dice: [{ sides: 12, face: 7, label: 'Reload', source: 'entered' }] },
    outcome: { loaded: true }
  },
  meaning: {
    move: 'pv.reload',
    category: 'reload',
    actor: 's1',
    target: null,
    dice: [{ count: 1, sides: 12, ship: 's1', side: 'Britain', isHighGood: true }]
  }
};

describe('parse-on-read of events without zod on the common path', () => {
  it('takes the fast path for a valid event and returns it unchanged', () => {
    expect(isPlainEvent(VALID)).toBe(true);
    expect(parseEvent(VALID)).toEqual(battleEventSchema.parse(VALID));
  });

  it('accepts only what the schema accepts, and parses it to the same value (property)', () => {
    let fast = 0;
    fc.assert(
      fc.property(event, (e) => {
        if (!isPlainEvent(e)) return;
        fast++;
        const r = battleEventSchema.safeParse(e);
        expect(r.success).toBe(true);
        expect(r.data).toEqual(e);
      }),
      { numRuns: 1500 }
    );
    // The generator must reach the fast path often enough for the property to mean something.
    // It does so about 67 times in 1,500 (51–80 over eight runs); 50 failed about one run in
    // twenty, so the floor sits well below the spread yet far above a broken generator's 0.
    expect(fast).toBeGreaterThan(25);
  }, 60_000);

  it('accepts every valid mutation-free variant of a real event the schema accepts (property)', () => {
    // The other direction, on realistic events: valid events are not needlessly sent to zod.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom('sheet.edit', 'turn.advance', 'undo', 'mc.end-turn'),
        fc.array(fc.tuple(fc.string({ maxLength: 5 }), json), { maxLength: 4 }),
        (seq, kind, sets) => {
          // The fast path's JSON check (findJsonProblem) forbids a "__proto__" key, so such an
          // event goes to zod, the authority, which accepts it: valid, yet rightly not plain.
          // fast-check makes one now and then (seed -1916364969: `{ ["__proto__"]: 0 }`).
          fc.pre(!JSON.stringify(sets).includes('"__proto__"'));
          const e = {
            ...VALID,
            seq,
            kind,
            ops: sets.map(([k, v]) => ({ op: 'set', path: ['ships', k], value: v }))
          };
          expect(battleEventSchema.safeParse(e).success).toBe(true);
          expect(isPlainEvent(e)).toBe(true);
        }
      )
    );
  }, 60_000);

  it('takes the fast path for a live event with its clock and input (#19), and refuses a bad clock', () => {
    const live = { ...VALID, clock: '0190a1b2c3d40001', input: { ship: 's1', dice: [3, 4] } };
    expect(isPlainEvent(live)).toBe(true);
    expect(parseEvent(live)).toEqual(live);
    expect(isPlainEvent({ ...live, clock: '0190A1B2C3D40001' })).toBe(false);
    expect(() => parseEvent({ ...live, clock: 'tomorrow' })).toThrow(CorruptRecordError);
    expect(isPlainEvent({ ...live, input: undefined })).toBe(false);
  });

  it('leaves anything unusual to zod: a bad record is still reported with its path', () => {
    expect(isPlainEvent({ ...VALID, roll: undefined })).toBe(false);
    expect(parseEvent({ ...VALID, roll: undefined })).toBeTruthy();
    expect(() => parseEvent({ ...VALID, seq: 0 })).toThrow(CorruptRecordError);
    expect(() => parseEvent({ ...VALID, ops: [{ op: 'set', path: ['a'] }] })).toThrow(
      CorruptRecordError
    );
    expect(() => parseEvent({ ...VALID, extra: 1 })).toThrow(/unexpected field "extra"/);
  });
});
