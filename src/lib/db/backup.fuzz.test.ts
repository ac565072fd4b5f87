import { defaultSheet, defaultSystemState } from '../rules/privateers/sheet';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addShip, advancePhase, editSheet } from '../battle/actions';
import { createBattle } from './repo-battles';
import { appendEvent, loadBattle, undoLast } from './repo-events';
import { createShip, saveShipClass } from './repo-ships';
import { setSetting } from './repo-settings';
import { exportAll, exportBattle, importBackup, payloadChecksum } from './backup';
import { ImportInvalidError } from './errors';
import { dumpAll, openTestDb } from './test-helpers';
import { TABLE_NAMES } from './schema';
import type { Db } from './db';
import type { BackupPayload } from './records-logs';

/**
 * Import fuzz: 1,000 mutated export files. Each must import fully or change nothing (compared by
 * full table dumps), and every failure must be an ImportInvalidError with a message.
 */

type Dump = Record<string, unknown[]>;

let db: Db;
let bases: string[];

beforeAll(async () => {
  db = await openTestDb();
  const battle = await createBattle(db, {
    name: 'Fuzzed battle',
    systemId: 'privateers',
    variant: 'standard',
    options: { rule: 'a' },
    // A real Privateers battle: an import checks every state of its log (issue 40).
    systemState: defaultSystemState({ windFromDeg: 180 })
  });
  let { state } = await loadBattle(db, battle.id);
  for (const id of ['a', 'b']) {
    await appendEvent(
      db,
      battle.id,
      addShip(state, { id, side: id, player: 'p', sheet: defaultSheet({ name: id }), order: 0 }, id)
    );
    state = (await loadBattle(db, battle.id)).state;
  }
  await appendEvent(db, battle.id, {
    ...editSheet(
      state,
      'a',
      { ...defaultSheet({ name: 'a' }), hull: { points: 5, damage: 2 } },
      'a hit'
    ),
    kind: 'privateers.cannon-fire',
    roll: {
      procedure: 'cannon-fire',
      inputs: { range: 2 },
      dice: { source: 'app', dice: [{ sides: 12, face: 7 }] },
      odds: { hit: '7/12' },
      outcome: { hits: 2 }
    }
  });
  await undoLast(db, battle.id);
  state = (await loadBattle(db, battle.id)).state;
  await appendEvent(db, battle.id, advancePhase(state, ['Move', 'Fire']));
  await createShip(db, {
    battleId: null,
    systemId: 'privateers',
    name: 'Lib',
    side: '',
    player: '',
    // A real Privateers log: import checks each sheet against its system's schema.
    sheet: defaultSheet({ name: 'Lib' })
  });
  await createShip(db, {
    battleId: battle.id,
    systemId: 'privateers',
    name: 'Roster',
    side: '',
    player: '',
    sheet: defaultSheet({ name: 'Roster' })
  });
  await saveShipClass(db, { systemId: 'privateers', name: 'Class (EXAMPLE)', data: { hull: 9 } });
  await setSetting(db, 'theme', 'dark');
  bases = [(await exportBattle(db, battle.id)).text, (await exportAll(db)).text];
});

const WEIRD: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x'.repeat(1_100_000),
  true,
  [],
  {},
  [1, [2, [3]]],
  { nested: { deeper: 'x' } },
  '019b6968-0000-7000-8000-000000000000'
];

type Container = Record<string, unknown> | unknown[];

/** Every (container, key) pair in a parsed file, depth first. */
function slots(root: unknown): [Container, string | number][] {
  const out: [Container, string | number][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), walk(x)));
    else if (typeof v === 'object' && v !== null) {
      for (const k of Object.keys(v)) {
        out.push([v as Record<string, unknown>, k]);
        walk((v as Record<string, unknown>)[k]);
      }
    }
  };
  walk(root);
  return out;
}

const KINDS = [
  'truncate',
  'flipByte',
  'insertGarbage',
  'dropKey',
  'duplicateKey',
  'wrongType',
  'hugeString',
  'protoKey',
  'duplicateElement',
  'deepNesting',
  'untouched'
] as const;
type Kind = (typeof KINDS)[number];

interface Mutation {
  base: number;
  kind: Kind;
  a: number;
  b: number;
  weird: number;
  resign: boolean;
}

async function resignText(text: string): Promise<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null || !('payload' in parsed)) return text;
  let sum: string;
  try {
    sum = await payloadChecksum(parsed.payload as BackupPayload);
  } catch {
    return text; // too deep to canonicalise in a test helper: leave the old checksum
  }
  return text.replace(/"checksum":"[^"]*"/, `"checksum":"${sum}"`);
}

async function mutate(m: Mutation): Promise<string> {
  const text = bases[m.base];
  const at = m.a % text.length;
  let out: string;
  switch (m.kind) {
    case 'truncate':
      return text.slice(0, at);
    case 'flipByte':
      out =
        text.slice(0, at) +
        String.fromCharCode(text.charCodeAt(at) ^ (1 << (m.b % 7))) +
        text.slice(at + 1);
      break;
    case 'insertGarbage':
      out =
        text.slice(0, at) +
        ['}', ']', ',', '"', '{"x":1}', '\u0000', '\\'][m.b % 7] +
        text.slice(at);
      break;
    case 'duplicateKey': {
      const keys = [...text.matchAll(/"(\w+)":/g)];
      const k = keys[m.a % keys.length];
      const dup = `"${k[1]}":${JSON.stringify(WEIRD[m.weird % WEIRD.length])},`;
      // Either order: JSON.parse keeps the last one.
      out = m.b % 2 ? text.slice(0, k.index) + dup + text.slice(k.index) : text;
      if (!(m.b % 2)) {
        const end = text.indexOf(',', k.index);
        out = end < 0 ? text : text.slice(0, end + 1) + dup + text.slice(end + 1);
      }
      break;
    }
    case 'protoKey': {
      const opens = [...text.matchAll(/\{/g)];
      const o = opens[m.a % opens.length];
      out = `${text.slice(0, o.index + 1)}"__proto__":{"polluted":true}${text[o.index + 1] === '}' ? '' : ','}${text.slice(o.index + 1)}`;
      break;
    }
    case 'deepNesting': {
      const opens = [...text.matchAll(/:/g)];
      const o = opens[m.a % opens.length];
      const n = 10 + (m.b % 5000);
      out = `${text.slice(0, o.index + 1)}${'['.repeat(n)}${']'.repeat(n)}${text.slice(o.index + 1).replace(/^("[^"]*"|[^,}\]]*)/, '')}`;
      break;
    }
    case 'untouched':
      out = text;
      break;
    default: {
      const file = JSON.parse(text) as unknown;
      const all = slots(file);
      const [container, key] = all[m.a % all.length];
      if (m.kind === 'dropKey') {
        if (Array.isArray(container)) container.splice(key as number, 1);
        else delete container[key as string];
      } else if (m.kind === 'wrongType') {
        (container as Record<string | number, unknown>)[key] = WEIRD[m.weird % WEIRD.length];
      } else if (m.kind === 'hugeString') {
        // Past every field's limit; one in ten past the 1,000,000-character limit of JSON values.
        const length = m.b % 10 === 0 ? 1_000_001 : 201 + (m.b % 5000);
        (container as Record<string | number, unknown>)[key] = 'y'.repeat(length);
      } else {
        // duplicateElement: repeat an array element (duplicate ids, repeated seq…)
        const arrays = all.filter(([c]) => Array.isArray(c));
        if (arrays.length > 0) {
          const [arr, i] = arrays[m.b % arrays.length] as [unknown[], number];
          arr.splice(i, 0, structuredClone(arr[i]));
        }
      }
      out = JSON.stringify(file);
    }
  }
  return m.resign ? resignText(out) : out;
}

async function restore(before: Dump): Promise<void> {
  await db.dexie.transaction('rw', TABLE_NAMES, async () => {
    for (const t of TABLE_NAMES) {
      await db.dexie.table(t).clear();
      await db.dexie.table(t).bulkAdd(before[t]);
    }
  });
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  base: fc.integer({ min: 0, max: 1 }),
  kind: fc.constantFrom(...KINDS),
  a: fc.nat(),
  b: fc.nat(),
  weird: fc.nat(),
  resign: fc.boolean()
});

describe('import fuzz', () => {
  it('1,000 mutated files: each imports fully or changes nothing, and never throws past a message', async () => {
    const before: Dump = await dumpAll(db);
    let imported = 0;
    await fc.assert(
      fc.asyncProperty(mutationArb, async (m) => {
        const text = await mutate(m);
        let outcome: unknown;
        try {
          outcome = await importBackup(db, text);
        } catch (e) {
          outcome = e;
        }
        const after = await dumpAll(db);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        if (outcome instanceof Error) {
          expect(outcome).toBeInstanceOf(ImportInvalidError);
          expect(outcome.message).toMatch(/^The file was not imported; nothing changed\. \S/);
          expect(after).toEqual(before);
          return;
        }
        imported++;
        // Imported fully: every old record untouched, and exactly the file's records added.
        const summary = outcome as {
          battles: number;
          events: number;
          ships: number;
          shipClasses: number;
        };
        for (const t of TABLE_NAMES) expect(after[t]).toEqual(expect.arrayContaining(before[t]));
        expect(after.battles.length - before.battles.length).toBe(summary.battles);
        expect(after.events.length - before.events.length).toBe(summary.events);
        expect(after.ships.length - before.ships.length).toBe(summary.ships);
        expect(after.shipClasses.length - before.shipClasses.length).toBe(summary.shipClasses);
        expect(after.settings).toEqual(before.settings);
        await restore(before);
      }),
      { numRuns: 1000, seed: 20261129 }
    );
    // The fuzzer reached both outcomes (untouched files and harmless edits import).
    expect(imported).toBeGreaterThan(50);
  }, 60_000);
});
