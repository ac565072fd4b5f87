import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  dismissOfflineNotice,
  enterFaces,
  nextPhase,
  rosterShip,
  setStepper,
  statusBadge
} from './table';

// Privateers Phases 5 and 6 on the battle page as a referee plays them (SPEC C.4.14–C.4.16): two
// ships from a class, grapple with typed-in dice, one boarding round with typed-in dice (odds shown
// first, losses on both logs), then in Phase 6 pump and fight a fire, and undo the fire fighting.
// Class values are EXAMPLE user data.

dismissOfflineNotice();

function logged(page: Page, kind: string): Locator {
  return page.getByTestId('battle-log').locator(`li[data-kind="${kind}"]`);
}

test('grapple, a boarding round, pumps and a fire in Phase 6, and undo reverts the fire', async ({
  page
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Boarding off Finisterre');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Boarding off Finisterre' })
  ).toBeVisible();

  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example brig');
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 60);

  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example brig' });
    await setup.getByLabel('Name of the ship').fill(name);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  }

  // The referee marks Hermione burning (no attempt yet) and holed at the water line on her log.
  await rosterShip(page, 'Hermione').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hermione' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Fire', exact: true }).selectOption('0');
  await page.getByRole('checkbox', { name: 'Water line hit (pumps)' }).check();
  await page.getByRole('link', { name: /Boarding off Finisterre/ }).click();
  await expect(statusBadge(page, 'Hermione', 'on fire')).toHaveCount(1);

  // Phase 2: the crews for this turn's tasks (Phases 5 and 6 use these assignments, C.4.3).
  await nextPhase(page, /2\/6/);
  const crew = page.getByTestId('pv-crew');
  await crew
    .getByRole('combobox', { name: 'Ship', exact: true })
    .selectOption({ label: 'Surprise' });
  await setStepper(crew, 'Grapplers', 2);
  await crew.getByRole('button', { name: 'Save crew assignments' }).click();
  await expect(logged(page, 'pv.crew')).toHaveCount(1);
  await crew
    .getByRole('combobox', { name: 'Ship', exact: true })
    .selectOption({ label: 'Hermione' });
  await setStepper(crew, 'Pumps', 2);
  await setStepper(crew, 'Fire fighting', 3);
  await crew.getByRole('button', { name: 'Save crew assignments' }).click();
  await expect(logged(page, 'pv.crew')).toHaveCount(2);

  // Phase 5: Grappling & Boarding.
  await nextPhase(page, /3\/6/);
  await nextPhase(page, /4\/6/);
  await nextPhase(page, /5\/6 · Grappling & Boarding/);

  // Boarding needs grapples first.
  const boarding = page.getByTestId('pv-boarding');
  await expect(boarding.getByTestId('pv-boarding-blocked')).toContainText('grappled or entangled');

  const grapple = page.getByTestId('pv-grapple');
  await grapple.getByLabel('Grappling ship').selectOption({ label: 'Surprise' });
  await grapple.getByLabel('Grappled ship').selectOption({ label: 'Hermione' });
  await expect(grapple.getByTestId('pv-grapple-crew')).toContainText(
    'Assigned in Phase 2: 2 grapplers, 0 cutters'
  );
  // Not hull to hull yet: no dice are offered ("any time an enemy ship is hull to hull").
  await expect(grapple.getByTestId('dice-pad')).toHaveCount(0);
  // Keyboard, as with the undo bar: Playwright's scroll-then-tap lands under the sticky top bar.
  const hullToHull = grapple.getByRole('checkbox', { name: /Hull to hull or collided/ });
  await hullToHull.focus();
  await page.keyboard.press('Space');
  await expect(hullToHull).toBeChecked();
  // Each grappler holds on 8+ (5/12): at least one of two, 1 − (7/12)² = 95/144.
  await expect(grapple.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '95/144');
  await enterFaces(grapple.getByTestId('dice-pad'), [9, 3]);
  await expect(logged(page, 'pv.grappling')).toContainText(
    'Surprise grapples Hermione: 1 of 2 grapples hold (8+); 1 grapple now'
  );

  // One boarding round: 3 boarders v 2 defenders, odds before the roll.
  await expect(boarding.getByTestId('pv-boarding-blocked')).toHaveCount(0);
  await boarding.getByLabel('Boarding ship').selectOption({ label: 'Surprise' });
  await boarding.getByLabel('Boarded ship').selectOption({ label: 'Hermione' });
  await setStepper(boarding, 'Boarding crew', 3);
  await setStepper(boarding, 'Defending crew', 2);
  await expect(boarding.getByTestId('pv-boarding-dice')).toContainText('3 d6 v 2 d6');
  const round = boarding.getByTestId('odds-display');
  await expect(round.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '203/648');
  await expect(round.locator('li[data-label="Tie: another round next turn"]')).toHaveAttribute(
    'data-fraction',
    '1945/3888'
  );
  // Fought to the end with these parties (C.7.6), exact: 681734419/1135978844 ≈ 60.01%.
  await expect(boarding.getByTestId('pv-boarding-projection')).toContainText(
    '60.01% (exact, 681734419/1135978844)'
  );
  await enterFaces(boarding.getByTestId('dice-pad'), [1, 1, 4, 1, 5]);
  const summary =
    'Surprise boards Hermione: 3 v 2 dice, 2 v 1 hits; Surprise loses 1 crew, Hermione loses 2 crew; the boarders win; Hermione checks morale in Phase 6 (Strike = captured)';
  await expect(logged(page, 'pv.boarding')).toContainText(summary);
  await expect(rosterShip(page, 'Surprise')).toContainText('Crew 59/60');
  await expect(rosterShip(page, 'Hermione')).toContainText('Crew 58/60');
  await expect(boarding.getByTestId('pv-boarding-actions')).toContainText(
    'Surprise boarding Hermione: 1 round since turn 1'
  );

  // Phase 6: pumps (the need arose this turn: no damage yet), then the fire's first attempt.
  await nextPhase(page, /6\/6 · Morale & Sinkings/);
  const pumps = page.getByTestId('pv-task-pumps');
  await expect(pumps.getByTestId('pv-task-pumps-crew')).toContainText('Crew on the pumps: 2');
  await pumps.getByRole('button', { name: 'Record the pumping' }).click();
  await expect(logged(page, 'pv.pumping')).toContainText('Hermione pumps (water line damage)');
  await expect(page.getByTestId('pv-task-pumps')).toHaveCount(0);

  const fire = page.getByTestId('pv-task-fire');
  await expect(fire.getByTestId('pv-task-fire-crew')).toContainText('Fire fighters: 3');
  // Attempt 1: d12 + 3 ≥ 8 → faces 5–12, 8/12 = 2/3.
  await expect(fire.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '2/3');
  await enterFaces(fire.getByTestId('dice-pad'), [2]);
  await expect(logged(page, 'pv.fire')).toContainText(
    'Hermione fights the fire (attempt 1): 2 + 3 crew = 5, needs 8; not out, 5 hull'
  );
  await expect(rosterShip(page, 'Hermione')).toContainText('Hull 35/40');
  await expect(page.getByTestId('pv-task-fire')).toHaveCount(0);

  // The boarding lost and the fire both call for one morale check (the default: one per ship).
  await expect(page.getByTestId('pv-morale-check')).toHaveCount(1);

  // Undo the fire fighting: the hull is whole again and the attempt is offered again.
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(logged(page, 'pv.fire')).toContainText('(undone)');
  await expect(rosterShip(page, 'Hermione')).toContainText('Hull 40/40');
  await expect(statusBadge(page, 'Hermione', 'on fire')).toHaveCount(1);
  await expect(page.getByTestId('pv-task-fire')).toHaveCount(1);
  await expect(logged(page, 'pv.boarding')).not.toContainText('(undone)');
  await expect(rosterShip(page, 'Hermione')).toContainText('Crew 58/60');
});
