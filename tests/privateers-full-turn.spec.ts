import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  dismissOfflineNotice,
  rosterShip,
  setStepper,
  statusBadge,
  tapFaces,
  typeGroupFaces,
  unfold
} from './table';
import { newBattle, turnRegion } from './screen';

// One full Privateers turn on a phone through the step-first screen (issue 13), two ships on two
// sides, every phase, the dice typed in table order; then the next turn's reload. Every expected
// number is worked out by hand from the tables (privateers.txt) in the comments. Class values are
// EXAMPLE user data: 3 masts and a bowsprit, 40 hull, 30 rigging, 20 crew, 3 medium guns a side,
// Broad reaching 8″ at Fighting Sail. All ratings start at 0 (Landlubber / Swabs).

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

/** Keyboard activation: on the long Phase 4 page a pointer tap can land on the sticky bars. */
async function press(target: Locator): Promise<void> {
  await expect(target).toBeEnabled();
  await target.focus();
  await target.press('Enter');
}

/** Next phase / Next turn (going on past "… anyway"), then the step named. */
async function nextTo(page: Page, step: RegExp): Promise<void> {
  const turn = turnRegion(page);
  await press(turn.getByRole('button', { name: /^Next (phase|turn)$/ }));
  const anyway = turn.getByRole('button', { name: /^Next (phase|turn) anyway$/ });
  if (await anyway.isVisible()) await press(anyway);
  await expect(turn).toContainText(step);
}

const logLine = (page: Page, kind: string) =>
  page.getByTestId('battle-log').locator(`li[data-kind="${kind}"]`).first();

test('one full Privateers turn typed in table order: orders, crew, initiative, movement, a broadside, morale, then reload', async ({
  page
}) => {
  test.setTimeout(240_000);
  await newBattle(page, 'Off Finisterre', 'Privateers');

  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Masts', 3);
  await editor.getByLabel('Bowsprit').check();
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 20);
  await setStepper(editor, 'Broad reaching Fighting Sail', 8);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  await setStepper(editor, 'Number', 3);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  const rows = editor.locator('.row', { has: page.getByRole('spinbutton', { name: 'Number' }) });
  await rows.nth(1).getByLabel('Side').selectOption('larboard');
  await setStepper(rows.nth(1), 'Number', 3);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(name);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  }

  // The panel does not repeat the status bar's step nor show spec tags (the rule is behind Why).
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText('Turn 1');
  const panel = page.getByTestId('pv-battle-panel');
  await expect(panel.getByRole('heading', { name: /^Phase \d/ })).toHaveCount(0);
  await expect(panel).not.toContainText('SPEC', { useInnerText: true });

  // Phase 1, orders. Wind from 0°. A heading of 44° is kept as typed: "Ship In Irons: Wind straight
  // ahead to 45 degrees" (#14 item 3; it used to snap to 45°, Beating).
  const surpriseOrders = page.getByRole('article', { name: 'Orders: Surprise' });
  const hermioneOrders = page.getByRole('article', { name: 'Orders: Hermione' });
  await setStepper(surpriseOrders, 'Heading of Surprise (degrees)', 44);
  await press(surpriseOrders.getByRole('button', { name: 'Set heading' }));
  await expect(surpriseOrders).toContainText('44° off the wind, In Irons');
  // 110° and 250°: wind 110° off the bow, "Broad Reaching: Wind from 90 degrees to 45 degrees from
  // either side of the stern".
  await setStepper(surpriseOrders, 'Heading of Surprise (degrees)', 110);
  await press(surpriseOrders.getByRole('button', { name: 'Set heading' }));
  await expect(surpriseOrders).toContainText('Broad Reaching');
  await setStepper(hermioneOrders, 'Heading of Hermione (degrees)', 250);
  await press(hermioneOrders.getByRole('button', { name: 'Set heading' }));
  await expect(hermioneOrders).toContainText('Broad Reaching');
  for (const o of [surpriseOrders, hermioneOrders]) {
    await o.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
    await press(o.getByRole('button', { name: 'Give orders' }));
    await expect(o.getByTestId('pv-orders-given')).toContainText('Fighting Sail, Straight');
  }

  // Phase 2, crew: Fighting Sail needs 1 crew a mast, bowsprit included = 4; every gun manned; the
  // Gunner sights Surprise's Starboard medium 1.
  await nextTo(page, /2\/6/);
  const crew = page.getByTestId('pv-crew');
  for (const name of ['Surprise', 'Hermione']) {
    await crew.getByRole('combobox', { name: 'Ship', exact: true }).selectOption({ label: name });
    await setStepper(crew, 'Sailing crew', 4);
    await press(crew.getByRole('button', { name: 'Man every gun' }));
    if (name === 'Surprise')
      await crew.getByLabel('Gunner sights').selectOption({ label: 'Starboard medium 1' });
    await press(crew.getByRole('button', { name: 'Save crew assignments' }));
    await expect(logLine(page, 'pv.crew')).toContainText(`${name}`);
  }

  // Phase 3, initiative: d12 + Master + crew (0 + 0). Typed in table order, Surprise's die then
  // Hermione's: 9 and 4, so Surprise moves first. The guns are loaded ("considered to be loaded on
  // the first broadside"): no reload this turn.
  await nextTo(page, /3\/6/);
  const init = page.getByTestId('pv-initiative');
  await expect(init.getByRole('region', { name: 'Dice: Surprise' })).toBeVisible();
  await tapFaces(init.getByTestId('dice-pad'), [9, 4]);
  await press(init.getByRole('button', { name: 'Use 9, 4', exact: true }));
  await expect(init.getByTestId('pv-initiative-order')).toContainText('Surprise, Hermione');
  await expect(page.getByTestId('pv-reload')).toHaveCount(0);

  // Phase 4: movement in initiative order, Broad reaching at Fighting Sail = 8″ each.
  await nextTo(page, /4\/6 · Movement & Firing/);
  // Once every ship has moved the movement folds (issue 32 #1): its summary counts the moves.
  const moves = page.locator('[data-part="movement"] > summary');
  for (const [i, name] of ['Surprise', 'Hermione'].entries()) {
    const card = page.getByRole('article', { name: `Movement: ${name}` });
    await press(card.getByRole('button', { name: 'Move 8″' }));
    await expect(moves).toContainText(`${i + 1} of 2 moved`);
  }
  await expect(page.getByRole('article', { name: 'Movement: Surprise' })).toBeHidden();

  // Cannon fire comes before the collision calculator (#14 item 12), folded until tapped.
  const fire = page.getByTestId('pv-broadside');
  const fireBox = await fire.boundingBox();
  const collisionBox = await page.locator('[data-part="collision"]').boundingBox();
  expect(fireBox && collisionBox && fireBox.y < collisionBox.y).toBe(true);

  // Surprise's starboard battery at Hermione, 10″ = Short, fire low, stern rake.
  await fire.getByLabel('Firing ship').selectOption({ label: 'Surprise' });
  await fire
    .getByRole('combobox', { name: 'Target', exact: true })
    .selectOption({ label: 'Hermione' });
  // The guns and aim are folded behind their one line: open them as a referee does.
  await unfold(fire.getByTestId('pv-fire-settings'));
  await fire.getByLabel('Guns on the').selectOption('starboard');
  await setStepper(fire, 'Range (inches)', 10);
  await fire.getByLabel('Rake').selectOption({ label: 'Stern rake (2× dice)' });
  // Short, fire low: 1–9; Fighting Sail: no modifier; "Gunner Sights Gun: +2" on Starboard medium 1
  // → ≤ 11 there, ≤ 9 on the other two, each with its breakdown (#14 item 10).
  const needed = fire.getByTestId('pv-fire-needed');
  await expect(needed).toContainText('≤ 11 (9 Short, fire low; Gunner Sights Gun +2)');
  await expect(needed).toContainText('9 (9 Short, fire low)');
  await unfold(fire.getByTestId('odds-fold'));
  const hitOdds = fire.getByTestId('odds-display').first();
  await expect(hitOdds.locator('li[data-label="Starboard medium 1 hits"]')).toHaveAttribute(
    'data-fraction',
    '11/12'
  );
  await expect(hitOdds.locator('li[data-label="Starboard medium 2 hits"]')).toHaveAttribute(
    'data-fraction',
    '3/4'
  );
  // The hit d12s typed as Surprise's group, one per gun in order: 3 (≤ 11, hit), 10 (> 9, miss),
  // 12 (miss) → 1 hit. A medium gun's hit sets aside 2 damage dice; stern rake "2x Damage Dice" → 4.
  const pad = fire.getByTestId('dice-pad').first();
  await typeGroupFaces(pad, 'Surprise', [3, 10, 12]);
  await press(pad.getByRole('button', { name: 'Use 3, 10, 12', exact: true }));
  await expect(fire.getByTestId('pv-fire-hits')).toContainText('1 of 3 hit: 4 Ball Low');
  // Ball Low damage dice 1, 2, 4, 5: 1 + 2 + 4 = 7 hull points, the 5 is Crew; one 1 only, so no
  // critical ("double ones").
  await tapFaces(fire.getByTestId('dice-pad').first(), [1, 2, 4, 5]);
  await press(fire.getByRole('button', { name: 'Use 1, 2, 4, 5', exact: true }));
  await expect(fire.getByTestId('pv-fire-outcome')).toHaveText(
    'Surprise fires 3 guns at Hermione: 1 hit, 7 hull, 1 crew'
  );
  // What the referee reads on the fleet list: Hermione 40 − 7 = 33 hull, 20 − 1 = 19 crew, rigging
  // untouched; Surprise's three starboard guns are spent.
  await expect(rosterShip(page, 'Hermione')).toContainText('Hull 33/40');
  await expect(rosterShip(page, 'Hermione')).toContainText('Crew 19/20');
  await expect(rosterShip(page, 'Hermione')).toContainText('Rigging 30/30');
  await expect(rosterShip(page, 'Surprise')).toContainText('Guns 3 loaded of 6');

  // Phase 5: nothing to grapple or board. Phase 6: "Stern rake taken" calls for a morale check:
  // d12 + 0 (Captain Landlubber 0, Crew Swabs 0): 1–6 pass (1/2), 7 Disordered (1/12), 8–12 Strike.
  await nextTo(page, /5\/6/);
  await nextTo(page, /6\/6 · Morale & Sinkings/);
  const morale = page.getByTestId('pv-morale-check');
  await expect(morale).toContainText('Morale: Hermione');
  await expect(morale).toContainText('"Stern rake taken"');
  await expect(morale.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '1/2');
  await tapFaces(morale.getByTestId('dice-pad'), [7]);
  await press(morale.getByRole('button', { name: 'Use 7', exact: true }));
  await expect(logLine(page, 'pv.morale')).toContainText(
    'Hermione morale check: 7 + 0 = 7, Fail by One [Disordered]'
  );
  await expect(statusBadge(page, 'Hermione', 'disordered')).toHaveCount(1);

  // Next turn: turn 2, the turn just ended summarised.
  await nextTo(page, /Turn 2/);
  await expect(page.getByTestId('turn-summary')).toContainText('The turn just ended');

  // Turn 2, Phase 3: Surprise reloads. d12 + Gunner 0 + Crew 0: 7+ loads every gun (6/12 = 1/2),
  // the Gunner's gun 6+ (7/12), double shot 10+ (3/12 = 1/4) once designated.
  await nextTo(page, /2\/6/);
  await nextTo(page, /3\/6/);
  const reload = page.getByRole('region', { name: 'Reload: Surprise' });
  await expect(reload.locator('li[data-label="every gun loads (7+)"]')).toHaveAttribute(
    'data-fraction',
    '1/2'
  );
  await expect(reload.locator(`li[data-label="the Gunner's gun loads (6+)"]`)).toHaveAttribute(
    'data-fraction',
    '7/12'
  );
  await reload.getByRole('checkbox', { name: 'Starboard medium 2' }).check();
  await expect(logLine(page, 'pv.double-shot')).toContainText(
    'Surprise loads double shot in Starboard medium 2 (reload 10+)'
  );
  await expect(reload.locator('li[data-label="double shot (10+)"]')).toHaveAttribute(
    'data-fraction',
    '1/4'
  );
  await tapFaces(reload.getByTestId('dice-pad'), [10]);
  await press(reload.getByRole('button', { name: 'Use 10', exact: true }));
  await expect(logLine(page, 'pv.reload')).toContainText(
    'Surprise reloads (10 → 10): 3 of 3 guns loaded'
  );
  await expect(rosterShip(page, 'Surprise')).toContainText('Guns 6 loaded of 6');
});
