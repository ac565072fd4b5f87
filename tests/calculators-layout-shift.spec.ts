import { expect, test } from '@playwright/test';

// A calculators page does not jump as it loads (issue 40): its first calculator opens at an idle
// moment after the first paint, and Master and Commander's pushed every card below it down by about
// 740 px when it did (Lighthouse mobile CLS 0.403, its score 92 -> 77). The page's layout shifts,
// summed as Lighthouse does (those not after an input), stay under a tenth of the "good" threshold.
// Its components' styles are in the prerendered page's head (tests/prerendered-pages.spec.ts): when
// they came with their scripts, after the first paint, Privateers' gun-group row moved (0.028-0.042
// at 412 px, 8x CPU throttling).

for (const [path, name] of [
  ['/calculators/privateers', 'Privateers'],
  ['/calculators/wooden-warships', 'Wooden Warships'],
  ['/calculators/master-and-commander', 'Master and Commander']
] as const) {
  for (const width of [360, 412]) {
    test(`${name}: the calculators page holds still while it loads (${width} px)`, async ({
      page
    }) => {
      await page.setViewportSize({ width, height: 823 });
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[])
            if (!e.hadRecentInput) w.shifts.push(e.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      // The first calculator has worked out its odds (it opens at an idle moment), and the cards
      // near the screen have loaded.
      await expect(page.getByRole('main').getByText('Working out the odds…')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      const cls = shifts.reduce((a, b) => a + b, 0);
      expect(cls, `layout shifts: ${shifts.map((s) => s.toFixed(3)).join(', ')}`).toBeLessThan(
        0.01
      );
    });
  }
}
