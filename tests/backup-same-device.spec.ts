import { expect, test } from '@playwright/test';
import { dismissOfflineNotice, rosterShip, setStepper } from './table';

// Issue 38: a referee exports a backup and imports it back onto the same device ("added beside
// yours with new ids"). The copy's ship class kept the original's id: the original Privateers
// battle then threw Svelte's each_key_duplicate, and a class edit could land on the other copy.

dismissOfflineNotice();

test('a backup imported back beside itself: both battles open, a class edit stays in its copy', async ({
  page
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('The Nile');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Nile' })).toBeVisible();
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Hull points', 40);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  const classOptions = setup.locator('select option');
  await setup.locator('select').selectOption({ label: 'Example frigate' });
  await setup.getByLabel('Name of the ship').fill('Surprise');
  await setup.getByRole('button', { name: 'Add ship from class' }).click();
  await expect(rosterShip(page, 'Surprise')).toBeVisible();

  // Export everything, then import the very file on this device.
  await page.goto('/settings');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export everything' }).click();
  const text = await (await download).createReadStream().then(readAll);
  await page.getByTestId('import-file').setInputFiles({
    name: 'backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text)
  });
  await expect(page.getByTestId('backup-message')).toContainText('Imported 1 battle');

  // Both battles open with their ship; the set-up lists the original's class and the copy's.
  for (const i of [0, 1]) {
    await page.goto('/');
    await page
      .getByRole('link', { name: /The Nile/ })
      .nth(i)
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'The Nile' })).toBeVisible();
    await expect(rosterShip(page, 'Surprise')).toBeVisible();
    await expect(classOptions).toHaveText(['Example frigate', 'Example frigate']);
  }

  // Renaming one class renames that one only, after a reload too.
  await editor.getByLabel('Class name').fill('Renamed frigate');
  await expect(classOptions).toHaveText(['Renamed frigate', 'Example frigate']);
  // The editor saves in the background: reload until the saved names come back.
  await expect(async () => {
    await page.reload();
    await expect(classOptions).toHaveText(['Example frigate', 'Renamed frigate'], {
      timeout: 2000
    });
  }).toPass();
  expect(errors).toEqual([]);
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
