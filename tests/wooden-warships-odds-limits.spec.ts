import { expect, test, type Page } from '@playwright/test';
import { EXAMPLE_CHARTS } from '../src/lib/rules/wooden-warships/example-charts';

// Issue 17 #10: the gunnery calculator at the chart schema's maximum (10 decks a zone, 50d100 a
// deck: a full broadside of 20 rolls, up to 1,000 d100 of damage) once took 774 s on the main
// thread. Now every figure is on screen within 2 s — damage chances labelled with their bound —
// the exact fractions are worked out in a worker with progress, the page answers taps meanwhile,
// and Cancel keeps the bounded figures.

const BIGGEST = {
  ...EXAMPLE_CHARTS[0],
  id: 'biggest',
  name: 'Zeus (10 decks of 50d100)',
  isExample: false,
  decks: 10,
  damageDice: { count: 50, sides: 100 }
};

/** Saves ship charts the way the chart editor does (its editor offers 5 decks and d20 at most). */
async function saveCharts(page: Page, charts: object[]): Promise<void> {
  await page.evaluate(async (charts: object[]) => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('request failed'));
      });
    // Only once the app has created its database (opening it first would create an empty one).
    for (let i = 0; i < 100; i++) {
      const dbs = await indexedDB.databases();
      if (dbs.some((d) => d.name === 'quarterdeck' && (d.version ?? 0) > 1)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = await request(indexedDB.open('quarterdeck'));
    const tx = db.transaction(['shipClasses'], 'readwrite');
    for (const [i, chart] of charts.entries()) {
      const c = chart as { id: string; name: string };
      tx.objectStore('shipClasses').put({
        id: `limit-${i}`,
        systemId: 'wooden-warships',
        name: c.name,
        data: chart,
        createdAt: 1,
        updatedAt: 1
      });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('write failed'));
    });
    db.close();
  }, charts);
}

test('gunnery odds at the schema maximum: figures without freezing the page, responsive, cancel', async ({
  page
}) => {
  // Twenty percentile faces typed and two rounds of odds at the maximum, beside other browser tests.
  test.setTimeout(150_000);
  // The library creates the app's database; the calculators page only reads one that exists
  // (it opens no Dexie at load, 9f56d77), so the charts are saved from there.
  await page.goto('/library');
  await saveCharts(page, [EXAMPLE_CHARTS[0], BIGGEST]);
  await page.goto('/calculators/wooden-warships');
  // The longest tasks on the main thread, from here on.
  await page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  const calc = page.getByTestId('ww-gunnery');
  const firer = calc.getByLabel('Firing ship chart');
  await expect(firer.locator('option')).toHaveCount(2);
  await firer.selectOption({ label: "Man O' War (EXAMPLE)" });
  // An ordinary ship: exact at once, nothing labelled.
  await expect(calc.getByTestId('ww-gunnery-needed')).toContainText('roll under 60');
  await expect(calc.getByTestId('ww-odds-status')).toHaveCount(0);

  // Timed in the page, from the change of chart to the damage figures on screen.
  await page.evaluate(() => {
    const w = window as unknown as { changedAt: number; shownAt: number };
    document.addEventListener('change', () => (w.changedAt = performance.now()), true);
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-testid="ww-odds-bounded"]')) {
        w.shownAt = performance.now();
        obs.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await firer.selectOption({ label: BIGGEST.name });
  const bounded = calc.getByTestId('ww-odds-bounded');
  await expect(bounded).toBeVisible({ timeout: 30_000 });
  const firstFigureMs = await page.evaluate(() => {
    const w = window as unknown as { changedAt: number; shownAt: number };
    return Math.round(w.shownAt - w.changedAt);
  });
  await expect(bounded).toContainText('approximate');
  await expect(bounded).toContainText('of the exact chance');
  // Every figure is there: the hit odds, the damage chart, the rolls to type.
  await expect(calc.getByRole('heading', { name: 'Hits from 20 percentile rolls' })).toBeVisible();
  await expect(
    calc.getByRole('heading', { name: 'Damage to the hull (before the rolls)' })
  ).toBeVisible();
  await expect(calc.getByTestId('odds-chart').nth(1)).toHaveAttribute('aria-label', /average/);
  // The 2 s budget of #17 belongs to a benchmark, not a timed test (this machine runs two browser
  // tests at once): ~1.2 s measured on a quiet machine, see the annotation. The guard here is that
  // the figures come at all without freezing the page — on the main thread this took 774 s.
  expect(firstFigureMs).toBeLessThan(10_000);

  // The exact fractions are being worked out meanwhile, with progress…
  const status = calc.getByTestId('ww-odds-status');
  await expect(status).toHaveAttribute('data-kind', 'working');
  await expect(
    status.getByRole('progressbar', { name: 'Exact fractions worked out' })
  ).toBeVisible();
  await expect(status).toContainText('Working out the exact fractions');
  // …and the page answers a tap at once (timed in the page, from the tap to the next frame).
  await page.evaluate(() => {
    const w = window as unknown as { tapMs: number };
    document.addEventListener(
      'click',
      (e) => requestAnimationFrame(() => (w.tapMs = performance.now() - e.timeStamp)),
      { capture: true, once: true }
    );
  });
  await calc.getByRole('button', { name: 'Show fractions' }).first().click();
  await expect(calc.getByRole('button', { name: 'Hide fractions' }).first()).toBeVisible();
  await expect(status).toHaveAttribute('data-kind', 'working');
  const tapMs = await page.evaluate(() =>
    Math.round((window as unknown as { tapMs: number }).tapMs)
  );
  expect(tapMs).toBeLessThan(2_000);

  // Cancel keeps the bounded figures and offers to work the exact ones out again.
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveAttribute('data-kind', 'bounded');
  await expect(bounded).toBeVisible();
  await expect(status.getByRole('button', { name: 'Work out the exact fractions' })).toBeVisible();
  await expect(
    calc.getByRole('heading', { name: 'Damage to the hull (before the rolls)' })
  ).toBeVisible();

  // The damage step after the percentile rolls: 20 hits of 50d100 each (1,000 d100) were summed
  // exactly on the main thread, seconds to minutes; now they go the same bounded way.
  const percentiles = calc.getByTestId('dice-pad').first();
  for (let i = 0; i < 20; i++) {
    await percentiles.getByLabel(/^Face of Die/).fill('1');
    await percentiles.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await percentiles.getByRole('button', { name: /^Use / }).click();
  await expect(calc.getByTestId('roll-card').first()).toContainText('20 of 20 hit');
  const damageStatus = calc.getByTestId('ww-odds-status').last();
  await expect(damageStatus.getByTestId('ww-odds-bounded')).toBeVisible({ timeout: 30_000 });
  await expect(calc.getByRole('heading', { name: /^Damage from / })).toBeVisible();

  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  test.info().annotations.push({
    type: 'figures',
    description: `first figure ${firstFigureMs} ms; tap ${tapMs} ms; longest main-thread task ${Math.round(longest)} ms`
  });
  console.log(
    `first figure ${firstFigureMs} ms; tap ${tapMs} ms; longest main-thread task ${Math.round(longest)} ms`
  );
  // Generous for the same reason: the old main-thread computation held it for minutes.
  expect(longest).toBeLessThan(5_000);
});
