import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissOfflineNotice, enterFaces, unfold } from './table';

// Wooden Warships on the battle page, beyond the main battle test: an upgrade bought from the hold
// (funds, effects, end of turn, undo), an island collision (ram damage to her own hull, undo), and
// the battle option "1 boarding round a turn" stopping a boarding after its round and letting it
// go on next turn. The ship charts are the shipped EXAMPLE charts (invented numbers).

dismissOfflineNotice();

async function createBattle(page: Page, name: string, readings: Record<string, string> = {}) {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New battle' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /^Wooden Warships/ }).check();
  if (Object.keys(readings).length > 0) {
    await page.getByText('Rule readings and modules').click();
    for (const [label, choice] of Object.entries(readings)) {
      await page.getByLabel(label).selectOption({ label: choice });
    }
  }
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function addPlayers(page: Page, names: string[]): Promise<void> {
  const setup = page.getByTestId('ww-setup');
  for (const p of names) {
    await setup.getByLabel('New player').fill(p);
    await setup.getByRole('button', { name: 'Add player' }).click();
    await expect(setup.getByTestId(`ww-funds-${p}`)).toHaveText('£7,000');
  }
}

async function buy(page: Page, player: string, chart: string, name: string, hold: string[] = []) {
  const form = page.getByTestId('ww-setup').getByTestId('ww-purchase');
  await form.getByLabel('Buyer').selectOption(player);
  await form.getByLabel('Ship chart').selectOption({ label: chart });
  await form.getByLabel("Ship's name").fill(name);
  for (const card of hold) await form.getByRole('checkbox', { name: card }).check();
  await form.getByRole('button', { name: /^Buy for / }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
}

/** Taps faces on a dice pad's keypad (dice up to d12), then commits them. */

/** Types the faces of d100s one by one, then commits them. */
async function typeFaces(pad: Locator, faces: number[]): Promise<void> {
  for (const f of faces) {
    await pad.getByLabel(/^Face of Die/).fill(String(f));
    await pad.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}` }).click();
}

/** Clicks Next phase / Next turn (going on when asked about work left) until the counter shows `stepName` in turn `turn`. */
async function nextUntil(page: Page, stepName: string, turn: number): Promise<void> {
  const counter = page.getByRole('region', { name: 'Turn' });
  for (let i = 0; i < 12; i++) {
    const text = (await counter.locator('.turn-text').textContent()) ?? '';
    if (text.includes(`Turn ${turn}`) && text.includes(stepName)) break;
    await counter.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
    // With work left in the step (a ship without her sail set, guns unloaded) the table screen asks
    // once: go on anyway.
    const anyway = counter.getByRole('button', { name: /^Next .* anyway$/ });
    await expect(async () => {
      if (await anyway.isVisible()) await anyway.click();
      await expect(counter.locator('.turn-text')).not.toHaveText(text, { timeout: 500 });
    }).toPass();
  }
  await expect(counter.locator('.turn-text')).toContainText(`Turn ${turn}`);
  await expect(page.getByTestId('ww-battle-panel').getByRole('heading', { level: 2 })).toHaveText(
    stepName
  );
}

function logLine(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('battle-log').locator('li:not([data-kind="undo"])', { hasText: text });
}

async function undo(page: Page): Promise<void> {
  // The keyboard, as a referee with a keyboard would: the sticky bar can sit under the log's last
  // line at the very bottom of a long page, where a pointer click lands on the log instead.
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .press('Enter');
}

test('an upgrade bought from the hold and an island collision, each undone as one event', async ({
  page
}) => {
  test.setTimeout(120_000);
  await createBattle(page, 'Quiberon Bay');
  await addPlayers(page, ['Hawke', 'Conflans']);
  const setup = page.getByTestId('ww-setup');

  // An upgrade card (user data): £400, hull +20.
  await setup.getByText('Captain, loot and upgrade cards (entered by you)').click();
  await setup.getByLabel('Upgrade card name').fill('Copper bottom');
  await setup.getByRole('spinbutton', { name: 'Upgrade cost (£)' }).fill('400');
  await setup.getByRole('spinbutton', { name: 'Upgrade cost (£)' }).blur();
  await setup.getByRole('spinbutton', { name: 'Hull +' }).fill('20');
  await setup.getByRole('spinbutton', { name: 'Hull +' }).blur();
  await setup.getByRole('button', { name: 'Add upgrade card' }).click();
  await expect(logLine(page, 'Cards: 0 captain, 0 loot, 1 upgrade')).toBeVisible();
  // Issue 15 #3: the next card starts blank (every new card inherited "hull +10"); cards can be
  // removed.
  await expect(setup.getByRole('spinbutton', { name: 'Hull +' })).toHaveValue('0');
  await setup.getByLabel('Upgrade card name').fill('Spare sails');
  await setup.getByRole('button', { name: 'Add upgrade card' }).click();
  await expect(logLine(page, 'Cards: 0 captain, 0 loot, 2 upgrade')).toBeVisible();
  await setup.getByRole('button', { name: 'Edit Spare sails' }).click();
  await expect(setup.getByLabel('Upgrade card name')).toHaveValue('Spare sails');
  await setup.getByRole('button', { name: 'Remove Spare sails' }).click();
  await expect(logLine(page, 'Cards: 0 captain, 0 loot, 1 upgrade').first()).toBeVisible();
  await expect(setup.getByRole('button', { name: 'Remove Spare sails' })).toHaveCount(0);
  await setup.getByLabel('Upgrade card name').fill('');

  // The card is drawn into the Man O' War's hold at purchase.
  await buy(page, 'Hawke', "Man O' War (EXAMPLE) — £3,000", 'Royal George', [
    'Copper bottom — £400'
  ]);
  await buy(page, 'Conflans', 'Battle Schooner (EXAMPLE) — £600', 'Soleil');
  await expect(logLine(page, 'Hawke buys Royal George')).toContainText('hold: Copper bottom');
  await expect(setup.getByTestId('ww-funds-Hawke')).toHaveText('£4,000');
  // Issue 15 #1, #11: a drawn card leaves the deck; it cannot go into a second hold.
  await expect(
    setup.getByTestId('ww-purchase').getByRole('checkbox', { name: 'Copper bottom — £400' })
  ).toHaveCount(0);
  // Issue 15 #8: a four-digit price fits its field in the chart editor.
  await setup.getByText('Ship charts (saved on this device)').click();
  const price = setup.getByRole('spinbutton', { name: 'Price (£)' });
  await price.fill('3000');
  await price.blur();
  expect(await price.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(
    true
  );
  await setup.getByText('Ship charts (saved on this device)').click();

  // Turn 1, Maintenance Part 1: not moving (no sail set yet), she fits the card: £400, hull +20.
  await nextUntil(page, 'Step 2: Maintenance Part 1', 1);
  const upgrade = page.getByTestId('ww-upgrade');
  await expect(
    upgrade.getByRole('checkbox', { name: 'Royal George is not moving this turn' })
  ).toBeChecked();
  await upgrade.getByRole('button', { name: 'Fit Copper bottom to Royal George for £400' }).click();
  await expect(logLine(page, 'Royal George fits Copper bottom for £400')).toContainText(
    'hull +20; speeds 3/2/1): Hawke has £3,600 left; end of her turn'
  );
  await expect(setup.getByTestId('ww-funds-Hawke')).toHaveText('£3,600');
  await expect(page.getByRole('link', { name: /Royal George/ })).toContainText('Hull 220/220');
  // "End of your turn.": no sail for her this turn, said before the tap (the move's preview).
  const sail = page.getByTestId('ww-sail');
  await expect(sail.getByRole('button', { name: 'Set sail: Royal George' })).toBeDisabled();
  await expect(sail.getByTestId('ww-sail-outlook')).toContainText(
    'This ship ended its turn by upgrading.'
  );

  // Undo takes back the payment, the effect and the end of turn together.
  await undo(page);
  await expect(logLine(page, 'Royal George fits Copper bottom')).toHaveClass(/voided/);
  await expect(setup.getByTestId('ww-funds-Hawke')).toHaveText('£4,000');
  await expect(page.getByRole('link', { name: /Royal George/ })).toContainText('Hull 200/200');
  await expect(
    upgrade.getByRole('button', { name: 'Fit Copper bottom to Royal George for £400' })
  ).toBeEnabled();

  // Turn 2, Hawke's Step 1: only his ship is offered (issue 32 #5: Conflans's Soleil moved in
  // Hawke's turn); Royal George moves once and is marked (issue 15 #5).
  await nextUntil(page, 'Step 1: Movement', 2);
  await expect(sail.getByRole('button', { name: 'Move Soleil' })).toHaveCount(0);
  await sail.getByRole('button', { name: 'Move Royal George' }).click();
  await expect(logLine(page, 'Royal George (Sailing free) does not move')).toBeVisible();
  await expect(sail.getByTestId('ww-moved')).toHaveCount(1);
  await expect(sail.getByRole('button', { name: 'Move Royal George' })).toHaveCount(0);
  // Then she runs onto an island (a folded part, opened by a tap). EXAMPLE ram damage 3d6 against
  // Royal George's 200 hull.
  await page.locator('[data-part="island"] > summary').click();
  const island = page.getByTestId('ww-island');
  await island.getByLabel('Ship that ran aground').selectOption({ label: 'Royal George' });
  await expect(island.getByTestId('odds-display')).toContainText(
    "Ram damage 3d6 to Royal George's hull (200 left)"
  );
  await expect(island.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '0');
  await expect(island.getByTestId('odds-table').locator('tr[data-value="15"]')).toHaveAttribute(
    'data-fraction',
    '5/108'
  );
  await enterFaces(island.getByTestId('dice-pad'), [6, 5, 4]);
  await expect(logLine(page, 'Royal George runs onto an island')).toContainText(
    'ram damage 3d6 = 15 to her own hull (185 left); she stops at the point of contact'
  );
  await expect(page.getByRole('link', { name: /Royal George/ })).toContainText('Hull 185/200');
  await undo(page);
  await expect(logLine(page, 'Royal George runs onto an island')).toHaveClass(/voided/);
  await expect(page.getByRole('link', { name: /Royal George/ })).toContainText('Hull 200/200');
});

test('one boarding round a turn: the second waits for the next turn', async ({ page }) => {
  test.setTimeout(150_000);
  await createBattle(page, 'Lagos', { 'Boarding rounds per turn': '1 round a turn' });
  await addPlayers(page, ['Boscawen', 'de la Clue']);
  await buy(page, 'Boscawen', "Man O' War (EXAMPLE) — £3,000", 'Namur');
  await buy(page, 'de la Clue', 'Battle Schooner (EXAMPLE) — £600', 'Océan');

  // Turn 1: load grape in zones 1 and 3.
  await nextUntil(page, 'Step 5: Maintenance Part 2', 1);
  const reload = page.getByTestId('ww-reload');
  await reload
    .getByRole('group', { name: 'Namur', exact: true })
    .getByText('Choose the shot per battery')
    .click();
  await reload.getByLabel('Namur: Zone 1').selectOption({ label: 'Grape shot' });
  await reload.getByLabel('Namur: Zone 3').selectOption({ label: 'Grape shot' });
  await reload.getByRole('button', { name: 'Load Namur' }).click();
  await expect(logLine(page, 'Namur loads Zone 1: grape, Zone 3: grape')).toBeVisible();

  // Turn 2: a half broadside at Océan's crew (25): 2 of 3 hit, 6d6 = 23: crew 2, crippled.
  await nextUntil(page, 'Step 3: Attack!!!', 2);
  const fire = page.getByTestId('ww-fire');
  await fire.getByLabel('Firing ship').selectOption({ label: 'Namur (Boscawen)' });
  // The guns and aim are folded behind their one line: open them as a referee does.
  await unfold(fire.getByTestId('ww-fire-settings'));
  await fire.getByLabel('Guns').selectOption('halfBroadside');
  await fire.getByRole('combobox', { name: /^Zone/ }).selectOption('zone1');
  await fire.getByLabel('Target area').selectOption('crew');
  await typeFaces(fire.getByTestId('dice-pad'), [10, 10, 90]);
  await enterFaces(fire.getByTestId('dice-pad'), [6, 6, 6, 3, 1, 1]);
  await expect(logLine(page, 'Namur fires a half broadside')).toContainText(
    '2 of 3 hit, 6d6 = 23 crew (2 left)'
  );

  // Turn 3, Step 4: 5 boarders against 2 defenders; one round, then the option stops the fight.
  await nextUntil(page, 'Step 4: Boarding', 3);
  const board = page.getByTestId('ww-boarding');
  await board.getByLabel('Side by side').check();
  await board.getByRole('spinbutton', { name: 'Boarding party' }).fill('5');
  await board.getByRole('spinbutton', { name: 'Boarding party' }).blur();
  await board.getByRole('button', { name: 'Board Océan with 5' }).click();
  const fight = board.getByTestId('ww-fight');
  await expect(fight.getByTestId('ww-rounds-note')).toContainText('1 of 1 round left this turn');
  // 1,1,1 v 6,6: the boarders lose two (3 v 2).
  await enterFaces(fight.getByTestId('dice-pad'), [1, 1, 1, 6, 6]);
  await expect(fight.getByTestId('ww-fight-state')).toContainText('3 boarders');
  await expect(fight.getByTestId('ww-rounds-note')).toContainText(
    "This battle fights 1 boarding round a turn: Namur's boarders fight on in next turn's Step 4"
  );
  await expect(fight.getByTestId('dice-pad')).toHaveCount(0);
  await expect(fight.getByRole('button', { name: /^Fight / })).toHaveCount(0);
  // Undo the round: the dice come back.
  await undo(page);
  await expect(fight.getByTestId('ww-fight-state')).toContainText('5 boarders');
  await expect(fight.getByTestId('ww-rounds-note')).toContainText('1 of 1 round left this turn');
  await enterFaces(fight.getByTestId('dice-pad'), [1, 1, 1, 6, 6]);
  await expect(fight.getByTestId('ww-rounds-note')).toContainText('fight on in next turn');

  // Turn 4, Step 4: the boarding goes on; 6,6,6 v 1,1 takes the ship.
  await nextUntil(page, 'Step 4: Boarding', 4);
  await expect(fight.getByTestId('ww-rounds-note')).toContainText('1 of 1 round left this turn');
  await enterFaces(fight.getByTestId('dice-pad'), [6, 6, 6, 1, 1]);
  await expect(logLine(page, 'round 2: boarders 6,6,6 v defenders 1,1')).toContainText(
    'Océan is captured'
  );
  await expect(page.getByTestId('ww-victor')).toContainText('Boscawen wins: the only ships afloat');
});
