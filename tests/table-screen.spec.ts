import { expect, test } from '@playwright/test';
import { dismissOfflineNotice } from './table';
import { addShip, addShipForm, newBattle, next, turnRegion } from './screen';

// The battle screen at the table (issue 13): the status bar on screen at every scroll position,
// the step before the fleet, Next turn's summary of the turn just ended, the battle list's
// summary, and a dice pad's quick entry.

dismissOfflineNotice();

test.use({ viewport: { width: 360, height: 780 } });

test('the status bar stays on screen at every scroll position, and the step comes before the fleet', async ({
  page
}) => {
  await newBattle(page, 'Action off Ushant', 'Privateers');
  for (const [name, side] of [
    ['Surprise', 'Britain'],
    ['Acheron', 'France'],
    ['Hermione', 'France'],
    ['Indefatigable', 'Britain']
  ]) {
    await addShip(page, name, side);
  }
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText('Turn 1');
  // The step's procedures come before the fleet list, and its Next is on the screen (on a phone
  // a bar at the screen's foot, issue 32 #1).
  const stepBox = await page.getByTestId('pv-battle-panel').boundingBox();
  const fleetBox = await page.getByRole('heading', { name: 'Ships', exact: true }).boundingBox();
  expect(stepBox && fleetBox && stepBox.y < fleetBox.y).toBe(true);
  await expect(turnRegion(page).getByRole('button', { name: 'Next phase' })).toBeInViewport();

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(780 * 2);
  for (let y = 0; y <= height; y += 300) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const box = await bar.boundingBox();
    expect(box, `status bar at scroll ${y}`).not.toBeNull();
    if (!box) continue;
    expect(box.y, `status bar top at scroll ${y}`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `status bar bottom at scroll ${y}`).toBeLessThanOrEqual(780 / 2);
    await expect(bar).toBeInViewport();
  }

  // Tapping it lists what is left (nothing, for a system without a turn model yet, says so).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await bar.getByRole('button').first().click();
  await expect(page.getByTestId('status-left')).toBeInViewport();
});

test('Next turn shows what the turn just ended held; the battle list shows turn and step', async ({
  page
}) => {
  test.setTimeout(120_000);
  await newBattle(page, 'Cape Ortegal', 'Privateers');
  const phases = 6;
  await addShip(page, 'Surprise', 'Britain');
  for (let i = 0; i < phases; i++) await next(page);
  await expect(page.getByTestId('status-bar')).toContainText('Turn 2');
  await expect(page.getByTestId('turn-summary')).toContainText('Surprise (Britain) joins');
  await addShip(page, 'Acheron', 'France');
  for (let i = 0; i < phases; i++) await next(page);
  await expect(page.getByTestId('status-bar')).toContainText('Turn 3');
  const summary = page.getByTestId('turn-summary');
  await expect(summary).toContainText('The turn just ended');
  await expect(summary).toContainText('Acheron (France) joins the battle');
  await expect(summary).not.toContainText('Surprise (Britain) joins');

  // The step a referee sees is the one the battle list shows.
  const step = ((await turnRegion(page).locator('.step-name').textContent()) ?? '').replace(
    /^\d+\/\d+ · /,
    ''
  );
  await page.goto('/');
  const row = page.getByRole('listitem').filter({ hasText: 'Cape Ortegal' });
  await expect(row.getByTestId('battle-where')).toContainText(`Turn 3 · ${step.trim()}`);
});

test('a ship without a name is not added', async ({ page }) => {
  await newBattle(page, 'Nameless', 'Wooden Warships');
  const log = page.getByRole('heading', { name: /^Log/ });
  const before = (await log.textContent()) ?? '';
  const form = addShipForm(page);
  await form.getByLabel('Side').fill('Britain');
  await form.getByLabel('Ship name').fill('   ');
  await form.getByRole('button', { name: 'Add ship' }).click();
  await expect(log).toHaveText(before);
});

test('a big pool takes the faces typed as one string, in table order', async ({ page }) => {
  await page.goto('/calculators');
  const calc = page.getByTestId('dice-calculator');
  await calc.getByLabel('Dice expression').fill('6d6');
  const pad = calc.getByTestId('dice-pad');
  await pad.getByText(/^Type the faces$/).click();
  await pad.getByLabel('Faces, in table order').fill('3 5 6 1');
  await pad.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(
    pad.getByRole('button', { name: /^Die 4 of 6, d6\b.*: 1\. Tap to clear/ })
  ).toBeVisible();
  // The rest typed after them: they fill the dice still empty.
  await pad.getByLabel('Faces, in table order').fill('66');
  await pad.getByRole('button', { name: 'Enter', exact: true }).click();
  await pad.getByRole('button', { name: 'Use 3, 5, 6, 1, 6, 6' }).click();
  await expect(calc.getByTestId('roll-card').first()).toHaveAttribute('data-faces', '3,5,6,1,6,6');
});
