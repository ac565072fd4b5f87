import { expect, test } from '@playwright/test';
import { dismissOfflineNotice, rosterShip, setStepper, tapFaces } from './table';

// Privateers set-up on a tablet (#14 items 9 and 13): the set-up section stays open while set-up
// is the step, however many ships join; at 1024 × 768 the fleet list sits beside the step panel;
// a rating is rolled on the ship's log (C.3.1, one d6) and logged with its die. Class values are
// EXAMPLE user data.

dismissOfflineNotice();

test('tablet set-up: open for a third ship, fleet beside the step, a rating rolled on the log', async ({
  page
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Set-up at the table');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set-up at the table' })).toBeVisible();

  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example brig');
  await setStepper(editor, 'Hull points', 30);
  await setStepper(editor, 'Crew', 40);

  const setup = page.getByTestId('pv-setup');
  const form = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish'],
    ['Niger', 'British']
  ]) {
    // Still open for the next ship: it used to fold after the second one.
    await expect(setup).toHaveAttribute('open', '');
    await form.locator('select').selectOption({ label: 'Example brig' });
    await form.getByLabel('Name of the ship').fill(name);
    await form.getByLabel('Side of the ship').fill(side);
    await form.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  }
  await expect(setup).toHaveAttribute('open', '');

  // Two columns: the fleet list beside the step panel, overlapping in height, no sideways scroll.
  const panel = await page.getByTestId('pv-battle-panel').boundingBox();
  const fleet = await page.getByRole('heading', { name: 'Ships', exact: true }).boundingBox();
  expect(panel && fleet).toBeTruthy();
  if (!panel || !fleet) return;
  expect(fleet.x).toBeGreaterThanOrEqual(panel.x + panel.width - 1);
  expect(fleet.y).toBeLessThan(panel.y + panel.height);
  // The fleet column starts level with the step column (its Turn card), not below the panel.
  const turn = await page.getByRole('region', { name: 'Turn', exact: true }).boundingBox();
  expect(turn && Math.abs(turn.y - fleet.y)).toBeLessThan(40);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // C.3.1: the Captain's rating by a typed d6 on Surprise's log, one event with its die.
  await rosterShip(page, 'Surprise').click();
  const roll = page.getByTestId('pv-rating-roll').first();
  await roll.getByText("Roll the Captain's rating").click();
  await tapFaces(roll, [6]);
  await roll.getByRole('button', { name: 'Use 6' }).click();
  await expect(page.getByText('morale −2 (Captain commands)')).toBeVisible();
  await page.goBack();
  await expect(
    page
      .getByTestId('battle-log')
      .getByText("Surprise: Captain's rating rolled, d6 6 → 2 (Old Salt), was 0")
  ).toBeVisible();
});
