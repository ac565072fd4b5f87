import { describe as group, expect, it, vi } from 'vitest';
import { history, note } from '$lib/battle/actions';
import * as described from '$lib/battle/describe';
import { createBattle } from '$lib/db/repo-battles';
import { appendEvent, loadEvents } from '$lib/db/repo-events';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { LogLines } from './log-line';

vi.mock('$lib/battle/describe', async (original) => {
  const m = await original<typeof import('$lib/battle/describe')>();
  return { ...m, describe: vi.fn(m.describe) };
});

group('the log lines of a long log', () => {
  it('describe only the lines a screen reads, each as the whole log would', async () => {
    const db = await openTestDb(fakeEnv());
    const battle = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    for (let i = 0; i < 120; i++) await appendEvent(db, battle.id, note(`n${i}`));
    const events = await loadEvents(db, battle.id);
    const voided = history(events).voided;
    const describe = vi.mocked(described.describe);
    describe.mockClear();
    const lines = new LogLines().of(events, voided, new Set(), new Map());
    expect(lines).toHaveLength(120);
    expect(describe).not.toHaveBeenCalled();
    const shown = lines.slice(0, 50).map((l) => l.text);
    expect(describe).toHaveBeenCalledTimes(50);
    expect(shown).toEqual(
      events
        .slice(-50)
        .reverse()
        .map((e) => described.describe(e, { voided }))
    );
    expect(shown[0]).toContain('n119');
    db.close();
  });
});
