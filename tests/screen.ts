import { expect, type Locator, type Page } from '@playwright/test';

// The battle screen as a referee reaches it: a new battle of a system, ships from the generic
// form, the Next button (going on past the "still to do" question), the status bar.

export type SystemName = 'Privateers' | 'Wooden Warships' | 'Master and Commander';

/** New battle → name, rule system, Create; returns the battle's id from the URL. */
export async function newBattle(page: Page, name: string, system: SystemName): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New battle' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: new RegExp(`^${system}`) }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);
  await expect(page.getByTestId('status-bar')).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1);
  if (!id) throw new Error('no battle id in the URL');
  return id;
}

export function addShipForm(page: Page): Locator {
  return page.locator('form', { has: page.getByRole('heading', { name: 'Add a ship' }) });
}

/** A ship from the generic "Add a ship" form (a blank log of the battle's system). */
export async function addShip(page: Page, name: string, side: string, player = ''): Promise<void> {
  const form = addShipForm(page);
  await form.getByLabel('Ship name').fill(name);
  await form.getByLabel('Side').fill(side);
  await form.getByLabel('Player').fill(player);
  // Submitted from the keyboard: a tap can land on a panel still laying out above the form.
  await form.getByLabel('Player').press('Enter');
  await expect(page.getByRole('link', { name: new RegExp(name.slice(0, 40)) })).toBeVisible();
}

export function turnRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Turn' });
}

/** Next phase / Next turn, going on when asked about work left; waits for the counter to move. */
export async function next(page: Page): Promise<void> {
  const turn = turnRegion(page);
  const before = (await turn.locator('.turn-text').textContent()) ?? '';
  await turn.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
  const anyway = turn.getByRole('button', { name: /^Next (phase|turn) anyway$/ });
  if (await anyway.isVisible()) await anyway.click();
  await expect(turn.locator('.turn-text')).not.toHaveText(before);
}
