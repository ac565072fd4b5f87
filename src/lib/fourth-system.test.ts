// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { addShip } from '$lib/battle/actions';
import { advanceMove } from '$lib/battle/advance';
import { createBattle, exportBattle, importBackup, loadBattle } from '$lib/db';
import { openTestDb } from '$lib/db/test-helpers';
import type { RuleSystem, SystemId } from '$lib/engine/system';
import { BattleSession } from '$lib/state/battle.svelte';
import { FakeCalculators, ID, SKIRMISH, fire, sheetOf, turnStatus } from './fourth-system.fixture';

/**
 * "A fourth system is one folder per layer and one registry line" (issue 12 item 5): a tiny system
 * that ships nowhere is added here the way a real one is — one catalog entry, its engine, its
 * Calculators — and a battle of it is created, opened, played through the one check-then-act, and
 * its calculators page found. Only the four lookups are swapped (vi.mock): everything between them
 * (db schema, session, route) is the app's own code.
 */

vi.mock('$lib/engine/catalog', async (importOriginal) => {
  const real = await importOriginal<typeof import('$lib/engine/catalog')>();
  const SYSTEM_CATALOG = [
    ...real.SYSTEM_CATALOG,
    {
      id: 'skirmish',
      name: 'Skirmish',
      tagline: 'A test system',
      variants: [{ id: 'standard', name: 'Standard', description: 'The only one' }],
      calculatorsIntro: 'Skirmish odds.'
    }
  ];
  const ids = SYSTEM_CATALOG.map((s) => s.id);
  return {
    ...real,
    SYSTEM_CATALOG,
    SYSTEM_IDS: ids,
    isCatalogId: (v: string) => ids.includes(v),
    catalogEntry: (id: string) => SYSTEM_CATALOG.find((s) => s.id === id)
  };
});

vi.mock('$lib/rules/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('$lib/rules/registry')>();
  const { SKIRMISH } = await import('./fourth-system.fixture');
  const registry = real.createRegistry([...real.SYSTEMS, SKIRMISH]);
  return {
    ...real,
    SYSTEMS: registry.systems,
    getSystem: (id: SystemId) => registry.get(id),
    isSystemId: (v: string) => registry.has(v)
  };
});

// The battle screens and the backup import load the engine in play on demand (issue 18).
vi.mock('$lib/rules/engines', async () => {
  const { getSystem } = await import('$lib/rules/registry');
  return {
    loadSystem: (id: SystemId) => Promise.resolve(getSystem(id)),
    loadedSystem: (id: SystemId) => getSystem(id)
  };
});

vi.mock('$lib/components/systems/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('$lib/components/systems/registry')>();
  const { FakeCalculators } = await import('./fourth-system.fixture');
  const components = real.createSystemComponents({
    ...real.APP_MODULES,
    calculators: {
      ...real.APP_MODULES.calculators,
      './skirmish/Calculators.svelte': () => Promise.resolve({ default: FakeCalculators })
    }
  });
  return { ...real, calculatorsLoader: (id: SystemId) => components.calculators(id) };
});

describe('a fourth rule system', () => {
  it('a battle of it is created, opened, played through session.perform, and survives a backup', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, {
      name: 'Skirmish at dawn',
      systemId: ID,
      variant: 'standard',
      options: {}
    });
    const session = new BattleSession(db, battle.id);
    await session.open();
    expect(session.error).toBeNull();
    for (const [id, name] of [
      ['a', 'Alpha'],
      ['b', 'Bravo']
    ] as const) {
      await session.act((s) =>
        addShip(
          s,
          {
            id,
            side: id,
            player: '',
            sheet: SKIRMISH.defaultSheet({ name }),
            order: Object.keys(s.ships).length
          },
          name
        )
      );
    }
    expect(turnStatus(session.state).toAct.map((s) => s.name)).toEqual(['Alpha', 'Bravo']);

    const r = await session.perform(fire, { firerId: 'a', targetId: 'b', face: 4 });
    expect(r.ok).toBe(true);
    expect(sheetOf(session.state, 'b').hull).toBe(6);
    expect(session.lastPerformed?.moveId).toBe('sk.fire');
    expect(turnStatus(session.state).toAct.map((s) => s.name)).toEqual(['Bravo']);
    // The move's own rule: once a turn, refused with its reason and nothing written.
    const again = await session.perform(fire, { firerId: 'a', targetId: 'b', face: 6 });
    expect(again).toEqual({ ok: false, error: 'Alpha has already fired this turn.' });
    expect(session.events).toHaveLength(3);
    // Next turn through the battle layer's advance; the system's phases drive it.
    await session.perform(advanceMove(SKIRMISH as RuleSystem), {});
    expect(session.state.turn).toBe(2);
    session.close();

    const file = await exportBattle(db, battle.id);
    const other = await openTestDb(undefined, {}, 2);
    const summary = await importBackup(other, file.text);
    const loaded = await loadBattle(other, summary.battleIds[0]);
    expect(loaded.battle.systemId).toBe('skirmish');
    expect(loaded.state).toEqual(session.state);
  });

  it('its calculators page is prerendered and finds its Calculators by file name', async () => {
    const page = await import('../routes/calculators/[system]/+page');
    const entries = (await page.entries()).map((e) => e.system);
    expect(entries).toEqual(['privateers', 'wooden-warships', 'master-and-commander', 'skirmish']);
    const data = (await page.load({ params: { system: 'skirmish' } } as never)) as {
      name: string;
      Calculators: unknown;
    };
    expect(data.name).toBe('Skirmish');
    expect(data.Calculators).toBe(FakeCalculators);
    await expect(page.load({ params: { system: 'nowhere' } } as never)).rejects.toMatchObject({
      status: 404
    });
  });
});
