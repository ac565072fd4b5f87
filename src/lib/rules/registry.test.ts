import { describe, expect, it } from 'vitest';
import { SYSTEMS, getSystem } from './registry';
import { defaultOptions } from './system';
import { SYSTEM_CATALOG } from './catalog';

describe('rule-system registry', () => {
  it('registers the three systems, each with a sheet that passes its own schema', () => {
    expect(SYSTEMS.map((s) => s.id)).toEqual([
      'privateers',
      'wooden-warships',
      'master-and-commander'
    ]);
    for (const s of SYSTEMS) {
      const sheet = s.defaultSheet({ name: 'Test ship' });
      expect(s.sheetSchema.safeParse(sheet).success).toBe(true);
      expect(s.variants.length).toBeGreaterThan(0);
      for (const v of s.variants) expect(typeof defaultOptions(s, v.id)).toBe('object');
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
