import { describe as group, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { describe as describeEvent } from '../battle/describe';
import { CORE_KINDS, type BattleEvent } from '../engine/events';
import { canonicalId } from '../battle/kinds';
import { getSystem } from '../rules/registry';
import type { RuleSystem } from '../engine/system';
import { importBackup } from './backup';
import { listBattles } from './repo-battles';
import { loadBattle } from './repo-events';
import { openTestDb } from './test-helpers';
import expected from './fixtures/release-0.1-states.json';

/**
 * Battles stored by release 0.1 (commit 3e53698), exported with that release's own backup export
 * after scripted games of each system through its own builders (fixtures/release-0.1-battles.json:
 * every event kind and roll procedure the release writes, undo/redo, sheet edits, ships added and
 * removed, phase and turn advances, notes). Stored events are never rewritten: whatever the code
 * becomes, these must open, replay to the very state the release folded, and every kind in them
 * must be one the current code knows.
 */

const FILE = readFileSync(new URL('./fixtures/release-0.1-battles.json', import.meta.url), 'utf8');
const EXPECTED = expected.battles as Record<
  string,
  { name: string; systemId: string; events: number; state: unknown }
>;
const CORE = new Set<string>(CORE_KINDS);

async function imported() {
  const db = await openTestDb();
  // "Replace all data" keeps the ids, so each battle is found again under its own.
  await importBackup(db, FILE, { mode: 'replace', confirmReplace: true });
  return db;
}

/** The move ids a system declares. */
async function moveIds(system: RuleSystem): Promise<Set<string>> {
  return new Set((await system.loadMoves()).map((m) => m.id));
}

function allEvents(): BattleEvent[] {
  return (JSON.parse(FILE) as { payload: { events: BattleEvent[] } }).payload.events;
}

group('battles stored by release 0.1', () => {
  it('holds the events it should: five battles of the three systems, at most a few hundred events', () => {
    const events = allEvents();
    expect(Object.keys(EXPECTED)).toHaveLength(5);
    expect(events.length).toBeLessThan(300);
    const kinds = new Set(events.map((e) => e.kind));
    for (const k of ['ship.add', 'ship.remove', 'sheet.edit', 'phase.advance', 'turn.advance'])
      expect(kinds).toContain(k);
    for (const k of ['undo', 'redo', 'note', 'battle.setup']) expect(kinds).toContain(k);
    // The legacy spellings the current release stores, kept as they were.
    expect(kinds).toContain('pv.cannonFire');
    expect(kinds).toContain('ww.boardingRounds');
    expect(events.map((e) => e.roll?.procedure)).toContain(
      'Privateers cannon fire (SPEC C.4.7–C.4.9)'
    );
  });

  it('imports into a fresh database; every battle opens and replays to the state the release folded', async () => {
    const db = await imported();
    const battles = await listBattles(db, { includeArchived: true });
    expect(battles.map((b) => b.id).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const b of battles) {
      const want = EXPECTED[b.id];
      const loaded = await loadBattle(db, b.id);
      expect(b.systemId).toBe(want.systemId);
      expect(loaded.events).toHaveLength(want.events);
      expect(loaded.state, b.name).toEqual(want.state);
      // Every log line can still be told.
      for (const e of loaded.events) expect(describeEvent(e)).not.toBe('');
    }
  });

  it('the turn model of each system reads the old battles without throwing', async () => {
    const db = await imported();
    for (const b of await listBattles(db, { includeArchived: true })) {
      const system = getSystem(b.systemId);
      if (!system.turnStatus) continue;
      const { state } = await loadBattle(db, b.id);
      expect(() =>
        system.turnStatus?.(state, { options: b.options, variant: b.variant, now: 0 })
      ).not.toThrow();
    }
  });

  it('every event kind is a core kind or, canonicalised, a move of its system', async () => {
    const file = JSON.parse(FILE) as {
      payload: { battles: { id: string; systemId: string }[]; events: BattleEvent[] };
    };
    const systemOf = new Map(file.payload.battles.map((b) => [b.id, b.systemId]));
    const unknown: string[] = [];
    for (const e of file.payload.events) {
      if (CORE.has(e.kind)) continue;
      const system = getSystem(systemOf.get(e.battleId) as RuleSystem['id']);
      const ids = await moveIds(system);
      const kind = canonicalId(system, e.kind);
      if (!ids.has(kind)) unknown.push(`${system.id}: ${e.kind} → ${kind}`);
      if (e.roll && system.legacyIds) {
        const procedure = canonicalId(system, e.roll.procedure);
        if (!ids.has(procedure))
          unknown.push(`${system.id}: roll "${e.roll.procedure}" → ${procedure}`);
      }
    }
    expect([...new Set(unknown)]).toEqual([]);
  });
});
