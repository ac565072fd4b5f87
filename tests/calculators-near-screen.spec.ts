import { expect, test } from '@playwright/test';
import { showEveryCalculator } from './calculators';

// Issue 40: a calculators page loads and mounts only its first calculator at load; each of the
// others arrives as it comes near the screen (mounting them all, one per task after the page's
// hydration, was most of a phone's total blocking time on these pages). Until then its card shows
// its heading, so the page still lists every calculator.

test('a later calculator is a card with its heading until scrolled to, then the calculator', async ({
  page
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/calculators/privateers');
  await expect(page.getByTestId('pv-gunnery').getByTestId('odds-headline').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const slot = page.locator('[data-testid="calculator-slot"][data-title="Boarding round"]');
  await expect(slot.getByRole('heading', { level: 2, name: 'Boarding round' })).toBeAttached();
  await expect(page.getByTestId('pv-boarding')).toHaveCount(0);

  await slot.scrollIntoViewIfNeeded();
  const boarding = page.getByTestId('pv-boarding');
  await expect(boarding.getByTestId('odds-headline').first()).toBeVisible();
  await expect(slot).toHaveCount(0);
});

test('a jump to a calculator by its anchor shows that calculator, and the cards above wait', async ({
  page
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/calculators/master-and-commander#mc-raid');
  const raid = page.getByTestId('mc-raid');
  await expect(raid.getByTestId('odds-headline')).toBeVisible();
  // Nothing above it arrived to push it down: it starts where the jump put it, at the top, just
  // below the sticky top bar (which covered its heading before scroll-padding-top).
  await expect(page.locator('[data-testid="calculator-slot"][data-title="Boarding"]')).toHaveCount(
    1
  );
  const top = await page.locator('#mc-raid').evaluate((e) => e.getBoundingClientRect().top);
  const bar = await page
    .locator('header')
    .first()
    .evaluate((e) => e.getBoundingClientRect().bottom);
  expect(bar).toBeGreaterThan(40);
  expect(Math.abs(top - bar)).toBeLessThan(2);
});

// Each calculator's module arriving late and out of order (a phone on a slow link, a busy CI
// machine): the cards load one after another, some on their own while others are scrolled to,
// and the page scrolled through ends with every calculator on it (tests/calculators.ts).
for (const system of ['privateers', 'wooden-warships', 'master-and-commander']) {
  test(`scrolled through while its modules arrive late, every ${system} calculator arrives`, async ({
    page
  }) => {
    let n = 0;
    await page.route('**/_app/immutable/**/*.js', async (route) => {
      // 0 to 600 ms, a different delay for each module in turn (no randomness in a test).
      await new Promise((r) => setTimeout(r, (n++ * 397) % 601));
      await route.continue();
    });
    await page.goto(`/calculators/${system}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await showEveryCalculator(page);
    await expect(page.getByTestId('calculator-slot')).toHaveCount(0);
  });
}
