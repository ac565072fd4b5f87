import { describe, expect, it } from 'vitest';
import { ok } from '../engine/result';
import type { Move } from './move';
import type { EditSheetInput } from './ship-moves';
import { setUpLater } from './scratch';

// A calculator's battle whose kit loads apart (issue 40). The browser keeps a failed module import
// failed for the page's life: a kit that did not arrive left every calculator on it saying
// "Working out the odds…" for ever, and its load's rejection unhandled in the page.

/** A kit of a test's own: only its presence is read here. */
const kit = { sheetEdit: {} as Move<EditSheetInput> };

describe('a calculator battle set up with what loads apart', () => {
  it('is being worked out until its kit is here, then set up once', async () => {
    let setUps = 0;
    const later = setUpLater(
      () => Promise.resolve(kit),
      () => ok(++setUps)
    );
    expect(later.battle()).toEqual({ ok: false, error: 'Working out the odds…' });
    await later.prepare();
    expect(later.battle()).toEqual(ok(1));
    expect(later.battle()).toEqual(ok(1));
  });

  it('says the page did not load, not that it is working, when its kit failed to load', async () => {
    const later = setUpLater(
      () =>
        Promise.reject<typeof kit>(
          new TypeError('Failed to fetch dynamically imported module: /calculator-setup.js')
        ),
      () => ok(1)
    );
    // Settles either way: the calculator opens on the answer below.
    await expect(later.prepare()).resolves.toBeUndefined();
    const battle = later.battle();
    expect(battle.ok).toBe(false);
    if (battle.ok) return;
    expect(battle.error).toMatch(/did not load\. Reload the page to try again/);
    expect(battle.error).not.toMatch(/Working out/);
    const edited = later.editSheets({} as never, {}, () => ok({ name: '' }));
    expect(edited).toEqual(battle);
  });
});
