import { expect, test, type Page } from '@playwright/test';
import { dismissOfflineNotice } from './table';

// Issue 36: a Master and Commander campaign (its Basic game): the captains' ships by colour and
// Homeport, a battle from the roster set up as the game's fleets (each ship under her captain),
// reviewed and applied; a captain with three ships in a game is refused with the reason.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

async function addShip(page: Page, captain: string, name: string, colour: string, port: string) {
  const roster = page.getByRole('form', { name: 'Add a ship to the roster' });
  await roster.getByLabel('Captain').selectOption({ label: captain });
  await roster.getByLabel('Colour').selectOption({ label: colour });
  await roster.getByLabel('Homeport').selectOption({ label: port });
  await roster.getByLabel("Ship's name").fill(name);
  await roster.getByRole('button', { name: 'Add ship' }).click();
  await expect(page.getByTestId('roster-ship').filter({ hasText: name })).toBeVisible();
}

test('Master and Commander, Basic: fleets from the roster, a battle set up and applied', async ({
  page
}) => {
  test.setTimeout(120_000);
  await page.goto('/campaigns');
  await page.getByLabel('Name').fill('Far Side');
  await page.getByLabel('Rule system').selectOption({ label: 'Master and Commander' });
  await expect(page.getByLabel('Game').locator('option')).toHaveText(['Basic', 'Advanced']);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Far Side' })).toBeVisible();
  for (const name of ['Anna', 'Ben']) {
    await page.getByLabel("Captain's name").fill(name);
    await page.getByRole('button', { name: 'Add captain' }).click();
    await expect(page.getByTestId('captain').filter({ hasText: name })).toBeVisible();
  }
  await addShip(page, 'Anna', 'Sophie', 'Black', 'North');
  await addShip(page, 'Anna', 'Surprise', 'Black', 'North');
  await addShip(page, 'Anna', 'Leopard', 'Black', 'North');
  await addShip(page, 'Ben', 'Acheron', 'Gold', 'South');

  const sail = page.getByRole('form', { name: 'New battle from the roster' });
  await sail.getByLabel('Battle name').fill('Galapagos');
  for (const name of ['Sophie', 'Surprise', 'Leopard', 'Acheron']) {
    await sail.getByRole('checkbox', { name: new RegExp(name) }).check();
  }
  await sail.getByRole('button', { name: 'Start battle' }).click();
  await expect(page.getByTestId('campaign-refusal')).toHaveText(
    'Anna commands two ships in a Master and Commander game: choose two.'
  );
  await sail.getByRole('checkbox', { name: /Leopard/ }).uncheck();
  await sail.getByRole('button', { name: 'Start battle' }).click();
  await expect(page).toHaveURL(/\/battles\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Galapagos' })).toBeVisible();
  await expect(page.getByTestId('battle-log')).toContainText('Fleets set up: Anna (N), Ben (S)');
  await expect(page.getByTestId('battle-log')).toContainText(
    'Sophie sails as the campaign left her'
  );
  // Ben has one ship: the set-up's second is left out.
  await expect(page.getByTestId('battle-log')).toContainText('removed from the battle');

  await page.goBack();
  await page.getByRole('link', { name: 'Review and apply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'After Galapagos' })).toBeVisible();
  await expect(page.getByTestId('review-ship')).toHaveCount(3);
  await page.getByRole('button', { name: 'Apply to the campaign' }).click();
  await expect(page.getByTestId('campaign-battle')).toContainText('applied');
  await expect(
    page.getByTestId('roster-ship').filter({ hasText: 'Sophie' }).getByTestId('service-record')
  ).toContainText('1 battle');
});

test('Master and Commander, Advanced: the referee chooses the modules each battle adds', async ({
  page
}) => {
  await page.goto('/campaigns');
  await page.getByLabel('Name').fill('Mauritius');
  await page.getByLabel('Rule system').selectOption({ label: 'Master and Commander' });
  await page.getByLabel('Game').selectOption({ label: 'Advanced' });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mauritius' })).toBeVisible();
  for (const name of ['Anna', 'Ben']) {
    await page.getByLabel("Captain's name").fill(name);
    await page.getByRole('button', { name: 'Add captain' }).click();
    await expect(page.getByTestId('captain').filter({ hasText: name })).toBeVisible();
  }
  await addShip(page, 'Anna', 'Sophie', 'Black', 'North');
  await addShip(page, 'Ben', 'Acheron', 'Gold', 'South');

  const sail = page.getByRole('form', { name: 'New battle from the roster' });
  const modules = sail.getByRole('group', { name: 'Advanced modules' });
  // The campaign's usual set, ticked; the cards offered, unticked.
  await expect(modules.getByRole('checkbox', { name: /Boarding/ })).toBeChecked();
  await expect(modules.getByRole('checkbox', { name: /Raids on Homeports/ })).toBeChecked();
  await expect(modules.getByRole('checkbox', { name: /Ramming/ })).toBeChecked();
  await expect(modules.getByRole('checkbox', { name: /Mist/ })).toBeChecked();
  await expect(
    modules.getByRole('checkbox', { name: /Master and Commander cards/ })
  ).not.toBeChecked();
  await modules.getByRole('checkbox', { name: /Raids on Homeports/ }).uncheck();
  await modules.getByRole('checkbox', { name: /Mist/ }).uncheck();
  await sail.getByLabel('Battle name').fill('Grand Port');
  for (const name of ['Sophie', 'Acheron']) {
    await sail.getByRole('checkbox', { name: new RegExp(name) }).check();
  }
  await sail.getByRole('button', { name: 'Start battle' }).click();
  await expect(page).toHaveURL(/\/battles\/[^/]+$/);
  await expect(page.getByTestId('battle-log')).toContainText('modules: Boarding, Ramming');
});
