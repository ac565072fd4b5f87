import { expect, test, type Page } from '@playwright/test';
import { newBattle } from './screen';
import { dismissOfflineNotice, nextPhase, rosterShip, setStepper, tapFaces } from './table';

// Faces tapped into a dice pad but not yet used survive a reload of the battle page (they are kept
// in sessionStorage per battle, step and pad); using the roll, or a new step, forgets them. They
// used to be lost: a referee who reloaded between two dice had to tap them again. Class values are
// EXAMPLE user data.

dismissOfflineNotice();

/** Two ships from one class, then the initiative step (Phase 3: one d12 per ship in one pad). */
async function atInitiative(page: Page): Promise<void> {
  await newBattle(page, 'Reload at the table', 'Privateers');
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example brig');
  await setStepper(editor, 'Hull points', 30);
  await setStepper(editor, 'Crew', 40);
  const form = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await form.locator('select').selectOption({ label: 'Example brig' });
    await form.getByLabel('Name of the ship').fill(name);
    await form.getByLabel('Side of the ship').fill(side);
    await form.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  }
  await nextPhase(page, /2\/6/);
  await nextPhase(page, /3\/6/);
}

async function undo(page: Page): Promise<void> {
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
}

const filled = (page: Page) =>
  page
    .getByTestId('pv-initiative')
    .getByRole('button', { name: /^Die \d of 2, d12 .*Tap to clear$/ });

test('faces tapped but not used are still there after a reload, and gone once used', async ({
  page
}) => {
  test.setTimeout(120_000);
  await atInitiative(page);
  const pad = page.getByTestId('pv-initiative').getByTestId('dice-pad');
  await tapFaces(pad, [9, 4]);
  await expect(filled(page)).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/3\/6/);
  await expect(filled(page)).toHaveCount(2);
  await expect(filled(page).first()).toHaveAccessibleName(/: 9\. Tap to clear$/);
  await expect(filled(page).last()).toHaveAccessibleName(/: 4\. Tap to clear$/);
  await pad.getByRole('button', { name: 'Use 9, 4', exact: true }).click();
  await expect(page.getByTestId('pv-initiative-order')).toContainText('Surprise, Hermione');

  // Used: undone back to the roll, the pad is empty, and a reload brings no faces back.
  await undo(page);
  await expect(pad).toBeVisible();
  await expect(filled(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/3\/6/);
  await expect(page.getByTestId('pv-initiative').getByTestId('dice-pad')).toBeVisible();
  await expect(filled(page)).toHaveCount(0);
});

test('a new step forgets the faces: undone back to it, the pad is empty', async ({ page }) => {
  test.setTimeout(120_000);
  await atInitiative(page);
  const pad = page.getByTestId('pv-initiative').getByTestId('dice-pad');
  await tapFaces(pad, [7]);
  await expect(filled(page)).toHaveCount(1);
  await nextPhase(page, /4\/6/);
  await undo(page);
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/3\/6/);
  await expect(pad).toBeVisible();
  await expect(filled(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/3\/6/);
  await expect(page.getByTestId('pv-initiative').getByTestId('dice-pad')).toBeVisible();
  await expect(filled(page)).toHaveCount(0);
});
