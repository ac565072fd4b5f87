import { expect, test } from '@playwright/test';
import { shoot } from './campaign';
import { dismissOfflineNotice } from './table';

// Issue 36: a campaign played as a referee plays it. Step 1: the campaign, its captains and purses,
// the roster, a purchase the purse cannot pay refused with the reason, undo and redo. Step 2: a
// battle from the roster, each ship in it under her captain. Step 3: the post-battle review, a
// prize adjusted by the referee, applied as one entry that Undo takes back and Redo restores.

dismissOfflineNotice();

test.use({ viewport: { width: 360, height: 780 } });

test('a Wooden Warships campaign: captains, roster, a refused purchase, a battle from the roster, the post-battle review applied and undone', async ({
  page
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByLabel('Name').fill('Channel 1805');
  await page.getByLabel('Rule system').selectOption({ label: 'Wooden Warships' });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channel 1805' })).toBeVisible();

  // Step 1: captains with the text's starting funds (cited), a purchase refused, then paid.
  for (const [name, side] of [
    ['Nelson', 'Britain'],
    ['Villeneuve', 'France']
  ]) {
    await page.getByLabel("Captain's name").fill(name);
    await page.getByLabel('Side (nation or fleet)').fill(side);
    await page.getByRole('button', { name: 'Add captain' }).click();
    await expect(page.getByTestId('captain').filter({ hasText: name })).toContainText(
      'Purse £7,000'
    );
  }
  const roster = page.getByRole('form', { name: 'Add a ship to the roster' });
  await roster.getByLabel('Captain').selectOption({ label: 'Nelson' });
  await roster.getByLabel("Ship's name").fill('Victory');
  await roster.getByLabel(/Price paid/).fill('8000');
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(page.getByTestId('campaign-refusal')).toHaveText(
    "Nelson's purse holds £7,000: Victory costs £8,000."
  );
  await expect(page.getByTestId('roster-ship')).toHaveCount(0);
  await roster.getByLabel(/Price paid/).fill('3000');
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(page.getByTestId('roster-ship')).toHaveCount(1);
  await expect(page.getByTestId('captain').filter({ hasText: 'Nelson' })).toContainText(
    'Purse £4,000'
  );
  await expect(page.getByTestId('campaign-refusal')).toHaveCount(0);
  await roster.getByLabel('Captain').selectOption({ label: 'Villeneuve' });
  await roster.getByLabel("Ship's name").fill('Fleche');
  await roster.getByLabel(/Price paid/).fill('0');
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(page.getByTestId('roster-ship')).toHaveCount(2);

  // Undo takes the last action back (struck through in the log); Redo restores it.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('roster-ship')).toHaveCount(1);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByTestId('roster-ship')).toHaveCount(2);

  // Step 2: a battle from the roster; each ship joins under her captain.
  const sail = page.getByRole('form', { name: 'New battle from the roster' });
  await sail.getByLabel('Battle name').fill('Off Ushant');
  await sail.getByRole('checkbox', { name: /Victory/ }).check();
  await sail.getByRole('checkbox', { name: /Fleche/ }).check();
  await sail.getByRole('button', { name: 'Start battle' }).click();
  await expect(page).toHaveURL(/\/battles\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Off Ushant' })).toBeVisible();
  await expect(page.getByTestId('battle-log')).toContainText('Victory (Britain) joins the battle');
  await expect(page.getByTestId('battle-log')).toContainText('Fleche (France) joins the battle');

  // Back at the campaign: the battle is listed, both ships are at sea.
  await page.goBack();
  await expect(page.getByTestId('campaign-battle')).toContainText('Off Ushant');
  await expect(page.getByTestId('roster-ship').first()).toContainText('at sea: Off Ushant');

  // Step 3: the review; the referee records Fleche taken by Nelson, with the prize money.
  await page.getByRole('link', { name: 'Review and apply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'After Off Ushant' })).toBeVisible();
  const fleche = page.getByTestId('review-ship').filter({ hasText: 'Fleche' });
  await expect(fleche.getByTestId('review-change')).toHaveText(
    'Fleche stays with Villeneuve, as the battle left her.'
  );
  await fleche.getByLabel('Fate').selectOption({ label: 'Taken as a prize' });
  await fleche.getByLabel('Taken by').selectOption({ label: 'Nelson' });
  await expect(fleche.getByLabel(/Prize money/)).toHaveValue('1000');
  await expect(fleche.getByTestId('review-change')).toHaveText(
    'Fleche goes to Nelson, who receives £1,000 prize money.'
  );
  await page.getByRole('button', { name: 'Apply to the campaign' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Channel 1805' })).toBeVisible();
  await expect(page.getByTestId('captain').filter({ hasText: 'Nelson' })).toContainText(
    'Purse £5,000'
  );
  const flecheRow = page
    .getByTestId('roster-ship')
    .filter({ has: page.locator('strong', { hasText: 'Fleche' }) });
  await expect(flecheRow).toContainText('Nelson');
  await expect(flecheRow).toContainText('Captains: Villeneuve → Nelson');
  await expect(flecheRow.getByTestId('service-record')).toContainText('1 battle');
  await expect(page.getByTestId('campaign-battle')).toContainText('applied');

  // One Undo takes the whole post-battle step back; Redo applies it again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('captain').filter({ hasText: 'Nelson' })).toContainText(
    'Purse £4,000'
  );
  await expect(flecheRow).toContainText('Villeneuve');
  await expect(page.getByRole('link', { name: 'Review and apply' })).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByTestId('captain').filter({ hasText: 'Nelson' })).toContainText(
    'Purse £5,000'
  );
  // The ledger: Nelson started with £7,000, paid £3,000 for Victory, took £1,000 in prizes.
  const ledger = async (name: string, figures: Record<string, string>) => {
    const row = page.getByTestId('ledger-row').filter({ hasText: name });
    for (const [key, value] of Object.entries(figures)) {
      await expect(row.getByTestId(`ledger-${key}`)).toHaveText(value);
    }
  };
  await ledger('Nelson', {
    start: '£7,000',
    prizes: '£1,000',
    spent: '£3,000',
    purse: 'Purse £5,000',
    taken: '1',
    lost: '0',
    afloat: '2'
  });
  await ledger('Villeneuve', { start: '£7,000', prizes: '£0', purse: 'Purse £7,000', lost: '1' });
  await expect(page.getByTestId('ledger-row').first()).toContainText('1. Nelson');
  await shoot(page, 'ledger', 'section[aria-labelledby="ledger"]');
  // The campaign report: the capture as applied, the referee's call (no ship of the battle took her).
  await page.getByRole('link', { name: 'Campaign report' }).click();
  const nelson = page.getByTestId('report-captain').filter({ hasText: 'Nelson' });
  await expect(nelson.getByTestId('report-captures')).toHaveText('1');
  await expect(nelson.getByTestId('report-prizes')).toHaveText('£1,000');
  await expect(page.getByTestId('report-capture')).toHaveText(
    'Fleche taken, to Nelson, £1,000 prize money.'
  );
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  // Fleche's history across the campaign.
  await flecheRow.getByText('History').click();
  await expect(flecheRow.getByTestId('ship-history')).toContainText(
    'Off Ushant applied to the campaign: Fleche taken by Nelson, £1,000 prize money'
  );
  // Nothing is lost on a reload.
  await page.reload();
  await expect(page.getByTestId('captain').filter({ hasText: 'Nelson' })).toContainText(
    'Purse £5,000'
  );
  // Her paper log prints from the campaign, under her new captain.
  await page.goto(page.url() + '/print');
  await expect(page.getByRole('heading', { level: 1, name: 'Paper ship logs' })).toBeVisible();
  await expect(page.getByText('Fleche', { exact: true }).first()).toBeVisible();
});
