import { expect, test, type Page } from '@playwright/test';
import { newBattle, next } from './screen';
import { dismissOfflineNotice, enterFaces, setStepper } from './table';

// The battle screen of each system on a phone (360 px) and a tablet (1024 px), for docs/ and the
// README: SCREENSHOTS=1 writes them there. In `npm test` the same battles are played and shot into
// the test's own output folder, so the pictures the README shows come from flows that still work
// (issue 35: this spec used to skip itself everywhere but on a docs run), and no page of them
// scrolls sideways.

dismissOfflineNotice();

const SIZES = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'tablet', width: 1024, height: 768 }
] as const;

async function shoot(page: Page, slug: string): Promise<void> {
  // The offline-ready notice comes once the service worker is installed, often after the last
  // action (the locator handler only acts before an action): close it so it does not cover the bar.
  await page.evaluate(() => navigator.serviceWorker?.ready);
  await page.waitForTimeout(500);
  if (await page.getByText('Ready to work offline.').isVisible())
    await page
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const file = `screenshot-${slug}-${size.name}.png`;
    await page.screenshot({
      path: process.env.SCREENSHOTS ? `docs/${file}` : test.info().outputPath(file)
    });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${slug} at ${size.width} px scrolls sideways`
    ).toBeLessThanOrEqual(size.width);
  }
}

test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });

test('Privateers', async ({ page }) => {
  test.setTimeout(120_000);
  await newBattle(page, 'Action off Cabo Blanco', 'Privateers');
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 60);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  await setStepper(editor, 'Number', 3);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  const rows = editor.locator('.row', { has: page.getByRole('spinbutton', { name: 'Number' }) });
  await rows.nth(1).getByLabel('Side').selectOption('larboard');
  await setStepper(rows.nth(1), 'Number', 3);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of [
    ['Surprise', 'Britain'],
    ['Hermione', 'Spain']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(name);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await next(page);
  await shoot(page, 'privateers');
});

test('Wooden Warships', async ({ page }) => {
  test.setTimeout(120_000);
  await newBattle(page, 'Cape Ortegal', 'Wooden Warships');
  const setup = page.getByTestId('ww-setup');
  for (const p of ['Nelson', 'Villeneuve']) {
    await setup.getByLabel('New player').fill(p);
    await setup.getByRole('button', { name: 'Add player' }).click();
  }
  const buy = async (player: string, chart: string, name: string) => {
    const form = setup.getByTestId('ww-purchase');
    await form.getByLabel('Buyer').selectOption(player);
    await form.getByLabel('Ship chart').selectOption({ label: chart });
    await form.getByLabel("Ship's name").fill(name);
    await form.getByRole('button', { name: /^Buy for / }).click();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  };
  await buy('Nelson', 'Battle Schooner (EXAMPLE) — £600', 'Pickle');
  await buy('Nelson', "Man O' War (EXAMPLE) — £3,000", 'Victory');
  await buy('Villeneuve', 'Battle Schooner (EXAMPLE) — £600', 'Fleche');
  await next(page);
  await shoot(page, 'wooden-warships');
});

test('Master and Commander', async ({ page }) => {
  test.setTimeout(120_000);
  await newBattle(page, 'Far Side of the World', 'Master and Commander');
  const setup = page.getByTestId('mc-players');
  await setup.getByLabel('Name of player 1').fill('Anna');
  await setup.getByLabel('Name of player 2').fill('Ben');
  await setup.getByRole('button', { name: 'Set up the fleets' }).click();
  await expect(page.getByRole('link', { name: /Ben 2/ })).toBeVisible();
  await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
  await expect(page.getByTestId('mc-active-player')).toContainText("Anna's turn");
  await shoot(page, 'master-and-commander');
});
