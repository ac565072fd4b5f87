import { describe, expect, it } from 'vitest';
import { SYSTEMS, createRegistry, engineOf, getSystem, isSystemId } from './registry';
import { defaultOptions } from '../engine/system';
import { optionsOf } from './option-lists';
import { SYSTEM_CATALOG, SYSTEM_IDS } from '../engine/catalog';

describe('rule-system registry', () => {
  it('registers the three systems, each with a sheet that passes its own schema', async () => {
    expect(SYSTEMS.map((s) => s.id)).toEqual([
      'privateers',
      'wooden-warships',
      'master-and-commander'
    ]);
    for (const s of SYSTEMS) {
      const sheet = s.defaultSheet({ name: 'Test ship' });
      expect((await s.loadSchemas()).sheet.safeParse(sheet).success).toBe(true);
      expect(s.variants.length).toBeGreaterThan(0);
      for (const v of s.variants)
        expect(typeof defaultOptions(optionsOf(s.id), v.id)).toBe('object');
    }
  });
  it('finds a system by id', () => {
    expect(getSystem('privateers').name).toBe('Privateers');
  });
});

describe('system catalog', () => {
  it('says what each registered system says of itself (names, taglines, variants)', () => {
    expect(SYSTEM_CATALOG.map((c) => c.id)).toEqual(SYSTEMS.map((s) => s.id));
    for (const entry of SYSTEM_CATALOG) {
      const system = getSystem(entry.id);
      expect(entry.name).toBe(system.name);
      expect(entry.tagline).toBe(system.tagline);
      expect(entry.variants).toEqual(system.variants);
    }
  });
});

describe('one list: the catalog', () => {
  it('every catalog entry has its rules folder, whose index exports the system of that id', () => {
    for (const { id } of SYSTEM_CATALOG) expect(engineOf(id)?.id, id).toBe(id);
    expect(SYSTEM_IDS).toEqual(SYSTEM_CATALOG.map((c) => c.id));
    expect(isSystemId('privateers')).toBe(true);
    expect(isSystemId('chess')).toBe(false);
  });

  it('every rules folder with an index.ts is in the catalog (none is left out of the app)', () => {
    const folders = Object.keys(import.meta.glob('./*/index.ts')).map((p) => p.split('/')[1]);
    expect(folders.sort()).toEqual([...SYSTEM_IDS].sort());
  });

  it('a registry refuses the same id twice and names an unknown one', () => {
    const [p] = SYSTEMS;
    expect(() => createRegistry([p, p])).toThrow('registered twice');
    expect(() => createRegistry([p]).get('wooden-warships')).toThrow('Unknown rule system');
  });
});
