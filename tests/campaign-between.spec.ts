import { expect, test, type Page } from '@playwright/test';
import { dismissOfflineNotice } from './table';

// Issue 36, between battles: the settings form, Privateers' re-rating by the 1d6 chart (typed and
// rolled, a short purse refused with the reason), a purchase and a sale; Wooden Warships' purchase
// at the text's reckoning (chart price + crew skill surcharge, B.4.1 step 4).

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

async function newCampaign(page: Page, name: string, system: string): Promise<void> {
  await page.goto('/campaigns');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Rule system').selectOption({ label: system });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function addCaptain(page: Page, name: string, side: string): Promise<void> {
  await page.getByLabel("Captain's name").fill(name);
  await page.getByLabel('Side (nation or fleet)').fill(side);
  await page.getByRole('button', { name: 'Add captain' }).click();
  await expect(page.getByTestId('captain').filter({ hasText: name })).toBeVisible();
}

const purse = (page: Page, name: string) =>
  page.getByTestId('captain').filter({ hasText: name }).getByTestId('purse');
const latest = (page: Page) => page.getByTestId('campaign-log-entry').first();

test('Privateers between battles: settings, re-rating typed and rolled, a short purse refused, a purchase and a sale', async ({
  page
}) => {
  test.setTimeout(120_000);
  await newCampaign(page, 'Spanish Main', 'Privateers');
  await addCaptain(page, 'Aubrey', 'GB');
  await expect(purse(page, 'Aubrey')).toHaveText('Purse £2,000');
  const roster = page.getByRole('form', { name: 'Add a ship to the roster' });
  await roster.getByLabel("Ship's name").fill('Surprise');
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(page.getByTestId('roster-ship')).toHaveCount(1);

  // The settings: each default labelled; the re-rating's roll cited, its cost an example.
  await page.getByTestId('campaign-settings').locator('summary').click();
  const settings = page.getByRole('form', { name: 'Campaign settings' });
  await expect(settings).toContainText('Rating Officers & Crews');
  await expect(settings).toContainText('Example value');
  await settings.getByLabel(/A re-rating roll/).fill('1500');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(latest(page)).toContainText('Campaign settings');

  // The master re-rated by a typed 6: Grand Mariner, rating 2, £1,500 paid.
  const rate = page.getByRole('form', { name: 'Re-rate an officer or the crew' });
  await rate.getByLabel('Who').selectOption({ label: 'Master' });
  await rate.getByLabel('Die typed (1-6)').fill('6');
  await rate.getByRole('button', { name: 'Rate by the typed die' }).click();
  await expect(latest(page)).toHaveText(
    /Surprise's master re-rated: 6 on 1d6 \(typed\), Helmsman → Grand Mariner \(rating 2\), £1,500 from Aubrey's purse/
  );
  await expect(purse(page, 'Aubrey')).toHaveText('Purse £500');
  // The purse cannot pay another: refused with the reason, nothing written.
  const entries = await page.getByTestId('campaign-log-entry').count();
  await rate.getByLabel('Who').selectOption({ label: 'Crew' });
  await rate.getByRole('button', { name: 'Roll 1d6' }).click();
  await expect(page.getByTestId('campaign-refusal')).toHaveText(
    "Aubrey's purse holds £500: re-rating Surprise's crew costs £1,500."
  );
  await expect(page.getByTestId('campaign-log-entry')).toHaveCount(entries);
  // At no cost the app's die rates the crew (the settings are still open).
  await settings.getByLabel(/A re-rating roll/).fill('0');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(latest(page)).toContainText('Campaign settings');
  await rate.getByRole('button', { name: 'Roll 1d6' }).click();
  await expect(latest(page)).toHaveText(/Surprise's crew re-rated: [1-6] on 1d6 \(rolled\)/);
  await expect(purse(page, 'Aubrey')).toHaveText('Purse £500');

  // A purchase and a sale at the campaign's share (an example: 50%).
  await roster.getByLabel("Ship's name").fill('Hermione');
  await roster.getByLabel(/Price paid/).fill('400');
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(purse(page, 'Aubrey')).toHaveText('Purse £100');
  const sale = page.getByRole('form', { name: 'Sell a ship' });
  await sale.getByLabel('Ship to sell').selectOption({ label: 'Hermione' });
  await expect(sale.getByLabel(/Sale price/)).toHaveValue('200');
  await sale.getByRole('button', { name: 'Sell' }).click();
  await expect(latest(page)).toHaveText(/Aubrey sells Hermione for £200/);
  await expect(purse(page, 'Aubrey')).toHaveText('Purse £300');
  await expect(page.getByTestId('roster-ship').filter({ hasText: 'Hermione' })).toContainText(
    'sold'
  );
});

test("Wooden Warships: a ship bought at her chart's price and her crew's surcharge", async ({
  page
}) => {
  await newCampaign(page, 'Channel', 'Wooden Warships');
  await addCaptain(page, 'Nelson', 'Britain');
  const roster = page.getByRole('form', { name: 'Add a ship to the roster' });
  await roster.getByLabel("Ship's log from").selectOption({ label: 'Frigate (EXAMPLE) chart' });
  await roster.getByLabel('Crew skill').selectOption('Veteran');
  await expect(roster.getByTestId('list-price')).toContainText(
    "The text's price: Frigate (EXAMPLE) £2,000 + Veteran crew £400 = £2,400 (an EXAMPLE chart)."
  );
  await expect(roster.getByLabel(/Price paid/)).toHaveValue('2400');
  await roster.getByLabel("Ship's name").fill('Diana');
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(purse(page, 'Nelson')).toHaveText('Purse £4,600');
  await expect(latest(page)).toHaveText(/Diana joins Nelson's squadron for £2,400/);
});
