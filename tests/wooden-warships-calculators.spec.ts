import { expect, test, type Locator, type Page } from '@playwright/test';
import { showEveryCalculator } from './calculators';
import { tapFaces } from './table';

// Wooden Warships standalone calculators with dice typed in at the table: the exact odds shown
// (Appendix B-1 / B-2 of the spec) and the outcome of the typed roll.

async function open(page: Page): Promise<void> {
  await page.goto('/calculators/wooden-warships');
  await expect(page.getByRole('heading', { level: 1, name: 'Wooden Warships' })).toBeVisible();
  await expect(page.getByTestId('ww-calculators').getByRole('note').first()).toContainText(
    'EXAMPLE ship charts'
  );
  await showEveryCalculator(page);
}

/** Taps the faces on the keypad of a dice pad (dice up to d12). */

/** Types the faces of large dice (d100) one by one. */
async function typeFaces(pad: Locator, faces: number[]): Promise<void> {
  for (const f of faces) {
    await pad.getByLabel(/^Face of Die/).fill(String(f));
    await pad.getByRole('button', { name: 'Add', exact: true }).click();
  }
}

test('boarding: exact round and capture odds, then a typed round (Appendix B-3 vector)', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('ww-boarding');
  // Defaults: Novice boarders 3 against Novice defenders 2.
  await expect(calc.getByTestId('odds-headline').first()).toHaveText('65.6%');
  await expect(calc.getByTestId('odds-headline').first()).toHaveAttribute(
    'data-fraction',
    '6610505/10077696'
  );
  // Appendix B-1, Novice v Novice 3v2.
  await expect(calc.locator('li.outcome[data-label="Defenders lose 2"]')).toHaveAttribute(
    'data-fraction',
    '1445/3888'
  );
  await expect(calc.locator('li.outcome[data-label="Each side loses 1"]')).toHaveAttribute(
    'data-fraction',
    '2611/7776'
  );
  await expect(calc.locator('li.outcome[data-label="Boarders lose 2"]')).toHaveAttribute(
    'data-fraction',
    '2275/7776'
  );

  // A 6,4,2 against D 5,4: the defender loses one (6 > 5), the boarders lose one (4 = 4, tie).
  const pad = calc.getByTestId('dice-pad');
  await tapFaces(pad, [6, 4, 2, 5, 4]);
  await pad.getByRole('button', { name: 'Use 6, 4, 2, 5, 4' }).click();
  await expect(calc.getByTestId('ww-boarding-outcome')).toContainText(
    'Defenders lose 1, boarders lose 1. Now 2 boarders against 1 defender.'
  );
  await expect(calc.getByTestId('roll-card')).toHaveAttribute('data-source', 'entered');
  // The odds follow the fight: 2 v 1 now.
  await expect(calc.getByTestId('odds-headline').first()).toHaveAttribute(
    'data-fraction',
    '1955/2592'
  );
});

test("gunnery: Man O' War (EXAMPLE) full broadside, typed percentile and damage dice", async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('ww-gunnery');
  // EXAMPLE chart: 60% against a Frigate at 5″, 3 decks × 2 zones = 6 rolls.
  await expect(calc.getByTestId('ww-gunnery-needed')).toContainText('roll under 60');
  // P(at least one hit) = 1 − 0.4^6 = 0.995904.
  await expect(calc.getByTestId('odds-headline').first()).toHaveAttribute(
    'data-fraction',
    '15561/15625'
  );
  const pads = calc.getByTestId('dice-pad');
  // 10, 20, 30 and 00 (typed 100) hit; 70 and 80 miss: 4 decks hit → 12d6.
  await typeFaces(pads.first(), [10, 20, 30, 70, 80, 100]);
  await pads.first().getByRole('button', { name: /^Use / }).click();
  await expect(calc.getByTestId('roll-card').first()).toContainText('4 of 6 hit: roll 12d6.');
  const damagePad = pads.nth(1);
  await tapFaces(
    damagePad,
    Array.from({ length: 12 }, () => 3)
  );
  await damagePad.getByRole('button', { name: /^Use / }).click();
  await expect(calc.getByTestId('ww-gunnery-outcome')).toContainText(
    "36 points off the target's hull: hull 64."
  );
});

test('fleet purchase: £7,000, EXAMPLE prices, never below zero', async ({ page }) => {
  await open(page);
  const fleet = page.getByTestId('ww-fleet');
  const buy = fleet.getByRole('button', { name: /^Buy for / });
  await expect(buy).toHaveText('Buy for £3,000');
  await buy.click();
  await buy.click();
  await expect(fleet.getByTestId('ww-funds').first()).toHaveText('£1,000');
  await buy.click();
  await expect(fleet.locator('p.error').first()).toContainText(
    '£3,000 is more than the £1,000 left.'
  );
  await expect(fleet.getByTestId('ww-funds').first()).toHaveText('£1,000');
});

test("gunnery: the chance of sinking the target follows the target's hull now", async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('ww-gunnery');
  // The EXAMPLE Man O' War's full broadside at a Frigate's hull: 6 rolls under 60, 3d6 a hit.
  // Hull 100 cannot go in one broadside (6 hits × 3d6 = 108 at most, but P is tiny yet positive).
  const sink = calc.getByTestId('ww-sink-chance');
  await expect(sink).toContainText('Chance of sinking the target (hull 100)');
  const at100 = await sink.getAttribute('data-fraction');
  const hull = calc.getByRole('spinbutton', { name: "Target's hull now", exact: true });
  await hull.fill('3');
  await hull.press('Tab');
  // Hull 3: any hit sinks her (3d6 ≥ 3 always): P = 1 − 0.4^6 = 15561/15625.
  await expect(sink).toContainText('(hull 3)');
  await expect(sink).toHaveAttribute('data-fraction', '15561/15625');
  expect(at100).not.toBe('15561/15625');
});

test('a chart edited in a battle is offered on the calculators page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Chart room');
  await page.getByRole('radio', { name: /^Wooden Warships/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);
  const setup = page.getByTestId('ww-setup');
  await setup.getByText('Ship charts (saved on this device)').click();
  const charts = setup.getByTestId('ww-charts');
  await charts.getByLabel('Chart').selectOption({ label: 'Frigate (EXAMPLE)' });
  await charts.getByLabel('Name', { exact: true }).fill('Indefatigable class');
  await charts.getByLabel('Name', { exact: true }).press('Tab');
  await expect(charts.getByLabel('Chart')).toContainText('Indefatigable class');

  await open(page);
  const gunnery = page.getByTestId('ww-gunnery');
  await expect(
    gunnery.getByLabel('Firing ship chart').locator('option', { hasText: 'Indefatigable class' })
  ).toHaveCount(1);
  await expect(
    page.getByTestId('ww-charts').getByLabel('Chart').locator('option', {
      hasText: 'Indefatigable class'
    })
  ).toHaveCount(1);
});
