import { expect, test, type Page } from '@playwright/test';
import { newBattle } from './screen';
import { dismissOfflineNotice, nextPhase, rosterShip, setStepper, tapFaces } from './table';

// Issue 39: whatever the battle page does to make a Next cheap (it kept every Privateers phase
// mounted and hidden for a while, 8f6d516; now only the phase on screen is mounted), a referee must
// never find the last turn's leftovers: a phase comes back as a fresh mount would show it, whatever
// was half entered in it (an order not given, a ship chosen, crew typed, dice tapped), and a phase
// left is gone from the page, its controls out of the accessibility tree and the tab order. Class
// values are EXAMPLE user data.

dismissOfflineNotice();

/** Two ships from one class, at Phase 1 (1/6) of the battle's first turn. */
async function twoShips(page: Page): Promise<void> {
  await newBattle(page, 'Kept steps', 'Privateers');
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
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/1\/6/);
}

const maneuver = (page: Page) =>
  page.getByRole('article', { name: 'Orders: Surprise' }).getByLabel('Maneuver');
const crewShip = (page: Page) =>
  page.getByTestId('pv-crew').getByRole('combobox', { name: 'Ship', exact: true });
const sailingCrew = (page: Page) =>
  page.getByTestId('pv-crew').getByRole('spinbutton', { name: 'Sailing crew', exact: true });
const tappedFaces = (page: Page) =>
  page.getByTestId('pv-initiative').getByRole('button', { name: /Tap to clear$/ });

/** What Phases 1–3 show before anything is typed in them (a fresh mount's values). */
interface Fresh {
  maneuver: string;
  crewShip: string;
  sailingCrew: string;
}

/** Through Phases 1–3, reading each fresh and then leaving something half entered in it. */
async function halfEnterPhases1To3(page: Page): Promise<Fresh> {
  await expect(maneuver(page)).toBeVisible();
  const fresh = { maneuver: await maneuver(page).inputValue() } as Fresh;
  const values = await maneuver(page)
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await maneuver(page).selectOption({ index: values[1] === fresh.maneuver ? 2 : 1 });
  await expect(maneuver(page)).not.toHaveValue(fresh.maneuver);

  await nextPhase(page, /2\/6/);
  fresh.crewShip = await crewShip(page).inputValue();
  fresh.sailingCrew = await sailingCrew(page).inputValue();
  await crewShip(page).selectOption({ label: 'Hermione' });
  await expect(crewShip(page)).not.toHaveValue(fresh.crewShip);
  await sailingCrew(page).fill('7');
  await sailingCrew(page).press('Tab');
  await expect(sailingCrew(page)).toHaveValue('7');
  expect(fresh.sailingCrew).not.toBe('7');

  await nextPhase(page, /3\/6/);
  await tapFaces(page.getByTestId('pv-initiative').getByTestId('dice-pad'), [9]);
  await expect(tappedFaces(page)).toHaveCount(1);
  return fresh;
}

/** Phases 1–3 show what a fresh mount shows: nothing of what was half entered before. */
async function expectFreshPhases1To3(page: Page, fresh: Fresh): Promise<void> {
  await expect(maneuver(page)).toHaveValue(fresh.maneuver);
  await nextPhase(page, /2\/6/);
  await expect(crewShip(page)).toHaveValue(fresh.crewShip);
  await expect(sailingCrew(page)).toHaveValue(fresh.sailingCrew);
  await nextPhase(page, /3\/6/);
  await expect(page.getByTestId('pv-initiative').getByTestId('dice-pad')).toBeVisible();
  await expect(tappedFaces(page)).toHaveCount(0);
}

test('a Privateers phase comes back next turn as a fresh mount: no order, ship, crew or die left from the last turn', async ({
  page
}) => {
  test.setTimeout(120_000);
  await twoShips(page);
  const fresh = await halfEnterPhases1To3(page);
  for (const to of [/4\/6/, /5\/6/, /6\/6/, /1\/6/]) await nextPhase(page, to);
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/Turn 2\b/);
  await expectFreshPhases1To3(page, fresh);
});

test('a Privateers phase left half entered and undone back to at once is fresh too', async ({
  page
}) => {
  test.setTimeout(90_000);
  await twoShips(page);
  await maneuver(page).selectOption({ index: 1 });
  const entered = await maneuver(page).inputValue();
  await nextPhase(page, /2\/6/);
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(/1\/6/);
  await expect(maneuver(page)).not.toHaveValue(entered);
});

test('a Privateers phase left is gone from the page: out of sight, of the accessibility tree and of the tab order', async ({
  page
}) => {
  test.setTimeout(90_000);
  await twoShips(page);
  await expect(maneuver(page)).toBeVisible();
  await nextPhase(page, /2\/6/);
  await expect(crewShip(page)).toBeVisible();
  // Phase 1's orders are nowhere in the page, hidden or not.
  await expect(page.getByRole('article', { name: 'Orders: Surprise' })).toHaveCount(0);
  await expect(page.getByLabel('Maneuver')).toHaveCount(0);
  expect(await page.getByRole('main').ariaSnapshot()).not.toContain('Orders: Surprise');
  // Tab through the whole page: focus never lands on a control out of sight.
  const unseen: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      return el.checkVisibility() ? null : el.outerHTML.slice(0, 80);
    });
    if (where) unseen.push(where);
  }
  expect(unseen).toEqual([]);
  // Back in Phase 1 (undo), its orders are shown and the crew's gone.
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(maneuver(page)).toBeVisible();
  await expect(crewShip(page)).toHaveCount(0);
});
