import { expect, test } from '@playwright/test';
import { makeBattle } from '../scripts/bench-battles.mjs';
import { dismissOfflineNotice } from './table';

// On a phone Next and Undo are one bar on the tab bar at the screen's foot (issue 40). They were
// two bars with gaps between them and above the tab bar, where a deep-linked battle showed slivers
// of the controls that scrolled under them: the Privateers heading's −5 stepper, Wooden Warships'
// "Move Surprise" (Lighthouse accessibility 96, target-size). A control seen at all must have its
// centre clear of the bar, so at least half of it is there to tap.

dismissOfflineNotice();

const PHONE = { width: 360, height: 780 };
test.use({ viewport: PHONE, deviceScaleFactor: 1 });

const SYSTEMS = [
  { id: 'privateers', name: 'Privateers' },
  { id: 'wooden-warships', name: 'Wooden Warships' },
  { id: 'master-and-commander', name: 'Master and Commander' }
];

for (const system of SYSTEMS) {
  test(`a ${system.name} battle opened on a phone shows no control with its centre under the bottom bar`, async ({
    page
  }) => {
    test.setTimeout(120_000);
    const { url } = await makeBattle(page, system, `Bar ${system.name}`);
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Ships', exact: true })).toBeVisible({
      timeout: 30_000
    });
    await page.waitForTimeout(500);

    const seen = await page.evaluate(() => {
      const turn = document.querySelector('main section[aria-label="Turn"]');
      const undo = document.querySelector('main [role="toolbar"][aria-label="Undo and redo"]');
      if (!turn || !undo) return null;
      const parts = [turn, undo].map((el) => el.getBoundingClientRect());
      const barTop = Math.min(...parts.map((r) => r.top));
      const controls = document.querySelectorAll(
        'main a[href], main button, main input, main select, main textarea, main summary'
      );
      const under: string[] = [];
      for (const el of controls) {
        if (el.closest('section[aria-label="Turn"], [role="toolbar"]')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) continue;
        const x = r.left + r.width / 2;
        const centre = r.top + r.height / 2;
        // Seen: the control itself is on top somewhere down its middle.
        let isSeen = false;
        for (let y = Math.max(r.top, 0) + 1; y < Math.min(r.bottom, innerHeight); y += 2) {
          const at = document.elementFromPoint(x, y);
          if (at && (at === el || el.contains(at))) {
            isSeen = true;
            break;
          }
        }
        if (isSeen && centre > barTop)
          under.push(
            `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.top)}–${Math.round(r.bottom)} px`
          );
      }
      const tabBar = document.querySelector('nav.mainnav')?.getBoundingClientRect();
      return {
        barTop: Math.round(barTop),
        // The bar's parts touch each other and the tab bar: nothing shows between them.
        gaps: [
          Math.round(parts[1].top - parts[0].bottom),
          Math.round((tabBar?.top ?? innerHeight) - parts[1].bottom)
        ],
        under
      };
    });
    expect(seen, 'the Turn card and the Undo bar are on the page').not.toBeNull();
    expect.soft(seen?.gaps, 'gaps between Next, Undo and the tab bar').toEqual([0, 0]);
    expect(
      seen?.under,
      `controls seen with their centre under the bar (top ${seen?.barTop} px)`
    ).toEqual([]);
    if (process.env.UPDATE_DOCS)
      await page.screenshot({ path: `docs/bottom-bar-${system.id}-phone.png` });
  });
}
