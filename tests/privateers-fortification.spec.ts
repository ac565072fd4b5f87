import { expect, test } from '@playwright/test';
import {
  dismissOfflineNotice,
  enterFaces,
  nextPhase,
  rosterShip,
  setStepper,
  tapFaces,
  unfold
} from './table';

// A Privateers land battery on the battle page (SPEC C.4.13 with Errata 1, C.2 PvFortification):
// the referee enters a fortification with two independent batteries, a ship comes in range, the
// battery fires at it on the land range bands with typed-in dice, the ship's log takes the damage;
// a ship's fire at the fortification is low only; next turn each battery reloads on its own roll.
// Class and fortification values are EXAMPLE user data (the text has neither).

dismissOfflineNotice();

test('a land battery fires at a ship on the land range bands with typed dice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Raid on Puerto Bello');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raid on Puerto Bello' })).toBeVisible();

  // A ship class (EXAMPLE): 40 hull, 60 crew, 2 medium guns to starboard; one ship from it.
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example sloop');
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 60);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  await setStepper(editor, 'Number', 2);
  const shipForm = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  await shipForm.locator('select').selectOption({ label: 'Example sloop' });
  await shipForm.getByLabel('Name of the ship').fill('Lively');
  await shipForm.getByLabel('Side of the ship').fill('British');
  await shipForm.getByRole('button', { name: 'Add ship from class' }).click();
  await expect(rosterShip(page, 'Lively')).toContainText('Hull 40/40');

  // The fortification (EXAMPLE): 2 heavy guns in the North battery, 1 medium in the South battery.
  const fort = page.getByTestId('pv-fort-setup');
  await fort.getByText('Set-up: fortifications and land batteries').click();
  await fort.getByLabel('Name of the fortification').fill('Fort San Felipe');
  await fort.getByLabel('Side of the fortification').fill('Spanish');
  await setStepper(fort, 'Fortification crew', 20);
  await setStepper(fort, 'Fortification hull points (0 if the scenario gives none)', 50);
  // C.3.1 ratings "by rolling a six sided [d]ie per chart": the Gunner's d6 typed in (6 → 2,
  // Marksman), the crew's by the app; the add event carries both dice (#14 item 9).
  const gunnerRoll = fort.getByTestId('pv-rating-roll').filter({ hasText: "the Gunner's rating" });
  await gunnerRoll.getByText("Roll the Gunner's rating").click();
  await enterFaces(gunnerRoll.getByTestId('dice-pad'), [6]);
  await expect(fort.getByRole('combobox', { name: 'Gunner rating' })).toHaveValue('2');
  await expect(fort.getByTestId('pv-fort-gunner-rolled')).toHaveText('Rolled d6 6');
  const crewRoll = fort.getByTestId('pv-rating-roll').filter({ hasText: "the crew's rating" });
  await crewRoll.getByText("Roll the crew's rating").click();
  await crewRoll.getByRole('button', { name: 'Roll d6' }).click();
  await expect(fort.getByTestId('pv-fort-crew-rolled')).toHaveText(/^Rolled d6 [1-6]$/);
  // Rolled again, typed: 2 → 0 (Swabs), so the reload below is 7 + Gunner 2 + crew 0.
  await enterFaces(crewRoll.getByTestId('dice-pad'), [2]);
  await expect(fort.getByRole('combobox', { name: 'Crew rating' })).toHaveValue('0');
  await expect(fort.getByTestId('pv-fort-crew-rolled')).toHaveText('Rolled d6 2');
  const rows = fort.getByTestId('pv-fort-guns');
  await rows.nth(0).getByLabel('Gun class').selectOption({ label: 'Heavy' });
  await setStepper(rows.nth(0), 'Number of guns', 2);
  await rows.nth(0).getByLabel('Independent battery').fill('North');
  await fort.getByRole('button', { name: 'Add fortification guns' }).click();
  await rows.nth(1).getByLabel('Gun class').selectOption({ label: 'Medium' });
  await rows.nth(1).getByLabel('Independent battery').fill('South');
  await fort.getByRole('button', { name: 'Add fortification', exact: true }).click();
  await expect(rosterShip(page, 'Fort San Felipe')).toContainText('Guns 3 loaded of 3');
  await expect(rosterShip(page, 'Fort San Felipe')).toContainText('Hull 50/50');
  await expect(
    page
      .getByTestId('battle-log')
      .locator('li[data-kind="ship.add"]', { hasText: 'Fort San Felipe' })
  ).toContainText(
    /Fort San Felipe \(Spanish\) joins the battle; Gunner's rating rolled, d6 6 → 2 \(Marksman\); crew rating rolled, d6 2 → 0 \(Swabs\)/
  );

  // Phase 4: Movement & Firing.
  await nextPhase(page, /2\/6/);
  await nextPhase(page, /3\/6/);
  await nextPhase(page, /4\/6 · Movement & Firing/);
  const fire = page.getByTestId('pv-broadside');

  // The ship fires at the fortification: "all land targets" are fired low, on the ship's bands.
  await fire.getByLabel('Firing ship').selectOption({ label: 'Lively' });
  await fire
    .getByRole('combobox', { name: 'Target', exact: true })
    .selectOption({ label: 'Fort San Felipe' });
  await expect(fire).toContainText('A target on land is fired at low');
  await expect(fire.getByLabel('Aim')).toHaveCount(0);
  await setStepper(fire, 'Range (inches)', 30);
  // 30″ is Long for a ship (1–3, No Sail +1 = 4).
  await expect(fire.getByTestId('pv-fire-needed')).toContainText('Long range, fire low');
  await expect(fire.getByTestId('pv-fire-needed')).toContainText('≤ 4');

  // The battery fires at the ship: 30″ is Medium on land (24–36″ under the default shiftUpper).
  await fire.getByLabel('Firing ship').selectOption({ label: 'Fort San Felipe' });
  await fire
    .getByRole('combobox', { name: 'Target', exact: true })
    .selectOption({ label: 'Lively' });
  await setStepper(fire, 'Range (inches)', 30);
  // The guns are folded behind their one line: open them as a referee does.
  await unfold(fire.getByTestId('pv-fire-settings'));
  await fire.getByRole('checkbox', { name: 'Land medium 1' }).uncheck();
  const needed = fire.getByTestId('pv-fire-needed');
  await expect(needed).toContainText('Medium range (land-based guns: 0–24″ / 24–36″ / 36–48″)');
  // Fire low on Medium: 1–6; no sail modifier for a fortification (Errata 1).
  await expect(needed).toContainText('fire low: hit on d12 ≤ 6');
  await unfold(fire.getByTestId('odds-fold'));
  const hitOdds = fire.getByTestId('odds-display').first();
  await expect(hitOdds.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '3/4');
  await expect(hitOdds.locator('li[data-label="Land heavy 1 hits"]')).toHaveAttribute(
    'data-fraction',
    '1/2'
  );
  await expect(fire.getByTestId('pv-fire-expected')).toContainText('Expected crew casualties');
  // At 40″ the land Long band (36–48″): 1–3.
  await setStepper(fire, 'Range (inches)', 40);
  await expect(needed).toContainText('Long range');
  await expect(needed).toContainText('≤ 3');
  await setStepper(fire, 'Range (inches)', 30);
  await expect(needed).toContainText('≤ 6');

  // Typed dice: 2 and 6 both hit → 6 Ball Low dice; 2 3 4 5 6 6 → 9 hull, 1 crew, 2 guns.
  const pads = fire.getByTestId('dice-pad');
  await tapFaces(pads.first(), [2, 6]);
  await pads.first().getByRole('button', { name: 'Use 2, 6' }).click();
  await expect(fire.getByTestId('pv-fire-hits')).toContainText('2 of 2 hit: 6 Ball Low');
  await tapFaces(pads.first(), [2, 3, 4, 5, 6, 6]);
  await pads.first().getByRole('button', { name: 'Use 2, 3, 4, 5, 6, 6' }).click();
  const summary = 'Fort San Felipe fires 2 guns at Lively: 2 hits, 9 hull, 1 crew, 2 guns';
  await expect(fire.getByTestId('pv-fire-outcome')).toHaveText(summary);
  await expect(
    page.getByTestId('battle-log').locator('li[data-kind="pv.damage-toss"]')
  ).toContainText(summary);
  await expect(rosterShip(page, 'Lively')).toContainText('Hull 31/40');
  await expect(rosterShip(page, 'Lively')).toContainText('Crew 59/60');
  await expect(rosterShip(page, 'Lively')).toContainText('Guns 0 loaded of 0');
  await expect(rosterShip(page, 'Fort San Felipe')).toContainText('Guns 1 loaded of 3');

  // Next turn, Phase 3: the North battery reloads on its own d12 + Gunner 2 + crew 0 (C.3.1
  // "Reload Modifier: Add the Gunner and Crew ratings together"); the South battery is loaded.
  await nextPhase(page, /5\/6/);
  await nextPhase(page, /6\/6/);
  await nextPhase(page, /Turn 2.*1\/6|1\/6/);
  await nextPhase(page, /2\/6/);
  await nextPhase(page, /3\/6/);
  const reload = page.getByTestId('pv-fort-reload');
  await expect(reload).toHaveCount(1);
  await expect(reload).toContainText('Reload: Fort San Felipe, battery 1');
  await tapFaces(reload.getByTestId('dice-pad'), [7]);
  await reload.getByRole('button', { name: 'Use 7' }).click();
  await expect(page.getByTestId('battle-log').locator('li[data-kind="pv.reload"]')).toContainText(
    'Fort San Felipe battery 1 reloads (7 → 9): 2 of 2 guns loaded'
  );
  await expect(rosterShip(page, 'Fort San Felipe')).toContainText('Guns 3 loaded of 3');
});
