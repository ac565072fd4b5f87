import { expect, test, type Locator, type Page } from '@playwright/test';
import { next, turnRegion } from './screen';
import { dismissOfflineNotice, enterFaces, shipIdOf, unfold } from './table';

// Issue 13: one full turn of a two-player Wooden Warships battle on a phone, through the step-first
// screen: every step of both players (turns go by player, SPEC B.5 #17), with the dice typed in
// table order, the attacker's then the defender's, and the results a referee reads checked. The
// charts are the shipped EXAMPLE charts (invented numbers, labelled as examples); the figures below
// are worked by hand from them and from the tables.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

function logLine(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('battle-log').locator('li:not([data-kind="undo"])', { hasText: text });
}

/** The status bar shows the step and whose turn it is. */
async function expectStep(page: Page, turn: number, step: string, player: string): Promise<void> {
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText(`Turn ${turn}`);
  await expect(bar).toContainText(step);
  await expect(bar.locator('.active .name')).toHaveText(player);
}

/** Types the faces of d100s one by one, then commits them. */
async function typePercentiles(pad: Locator, faces: number[]): Promise<void> {
  for (const f of faces) {
    await pad.getByLabel(/^Face of Die/).fill(String(f));
    await pad.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}` }).click();
}

test('one full turn, every step of both players, dice typed in table order', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Off Ushant');
  await page.getByRole('radio', { name: /^Wooden Warships/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);

  // Set-up (B.4.1): Ben joins first, so his turn comes first; £7,000 each.
  const setup = page.getByTestId('ww-setup');
  for (const p of ['Ben', 'Anna']) {
    await setup.getByLabel('New player').fill(p);
    await setup.getByRole('button', { name: 'Add player' }).click();
    await expect(setup.getByTestId(`ww-funds-${p}`)).toHaveText('£7,000');
  }
  const buy = async (player: string, chart: string, name: string) => {
    const form = setup.getByTestId('ww-purchase');
    await form.getByLabel('Buyer').selectOption(player);
    await form.getByLabel('Ship chart').selectOption({ label: chart });
    await form.getByLabel("Ship's name").fill(name);
    await form.getByRole('button', { name: /^Buy for / }).click();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  };
  await buy('Ben', 'Battle Schooner (EXAMPLE) — £600', 'Fleche');
  await buy('Anna', "Man O' War (EXAMPLE) — £3,000", 'Victory');
  await buy('Anna', 'Brig (EXAMPLE) — £1,400', 'Swift');
  // £7,000 − £3,000 − £1,400 = £2,600; £7,000 − £600 = £6,400.
  await expect(setup.getByTestId('ww-funds-Anna')).toHaveText('£2,600');
  await expect(setup.getByTestId('ww-funds-Ben')).toHaveText('£6,400');

  // Turn 1 is "only the maintenance steps so you can set your speed and load your cannons".
  const sail = page.getByTestId('ww-sail');
  const reload = page.getByTestId('ww-reload');
  await expectStep(page, 1, 'Step 2: Maintenance Part 1', 'Ben');
  await sail.getByLabel('Fleche: sail').selectOption({ label: 'Battle Sail' });
  await sail.getByRole('button', { name: 'Set sail: Fleche' }).click();
  await expect(logLine(page, 'Fleche sets Battle Sail')).toBeVisible();
  await next(page);
  await expectStep(page, 1, 'Step 5: Maintenance Part 2', 'Ben');
  // One tap loads every gun of a ship, one entry in the log (issue 15 #11).
  await reload.getByRole('button', { name: 'All round shot for Fleche' }).click();
  await expect(logLine(page, 'Fleche loads every battery with round shot')).toHaveCount(1);
  await expect(reload.getByTestId('ww-loaded').first()).toContainText('Zone 1: Round shot');
  await next(page);
  await expectStep(page, 1, 'Step 2: Maintenance Part 1', 'Anna');
  for (const ship of ['Victory', 'Swift']) {
    await sail.getByLabel(`${ship}: sail`).selectOption({ label: 'Battle Sail' });
    await sail.getByRole('button', { name: `Set sail: ${ship}` }).click();
    await expect(logLine(page, `${ship} sets Battle Sail`)).toBeVisible();
  }
  await next(page);
  await expectStep(page, 1, 'Step 5: Maintenance Part 2', 'Anna');
  for (const ship of ['Victory', 'Swift']) {
    await reload.getByRole('button', { name: `All round shot for ${ship}` }).click();
    await expect(logLine(page, `${ship} loads every battery with round shot`)).toHaveCount(1);
  }
  await next(page);

  // ---- Turn 2, the full turn: Ben's five steps, then Anna's. ----
  await expectStep(page, 2, 'Step 1: Movement', 'Ben');
  await sail.getByRole('button', { name: 'Move Fleche' }).click();
  await expect(logLine(page, 'Fleche (Sailing free) moves at Battle Sail, speed 4')).toBeVisible();
  await next(page);

  await expectStep(page, 2, 'Step 2: Maintenance Part 1', 'Ben');
  await sail.getByLabel('Fleche: sail').selectOption({ label: 'Full Sail' });
  await sail.getByRole('button', { name: 'Set sail: Fleche' }).click();
  await expect(logLine(page, 'Fleche sets Full Sail for next turn')).toBeVisible();
  await next(page);

  // Ben's Step 3: Fleche's full broadside at Swift's hull, 3″. EXAMPLE Schooner v Brig up to 4″:
  // 60%; the half deck rolls one die per zone: 2 rolls. 10 hits, 75 misses: one zone hits with
  // round shot on the hull, 3d6 × ½ deck = 1d6 + ½d6: 5 + ⌈3/2⌉ = 7. Swift's hull 90 → 83.
  await expectStep(page, 2, 'Step 3: Attack!!!', 'Ben');
  const fire = page.getByTestId('ww-fire');
  await expect(fire.getByLabel('Firing ship')).toHaveValue(/.+/);
  await expect(fire.getByLabel('Firing ship').locator('option')).toHaveText(['Fleche (Ben)']);
  await fire.getByLabel(/^Target(?! area)/).selectOption({ label: 'Swift (Anna)' });
  await unfold(fire.getByTestId('ww-fire-settings'));
  await expect(fire.getByLabel('Target area')).toHaveValue('hull');
  await expect(fire.getByTestId('ww-fire-needed')).toContainText('roll under 60');
  // The most a half-deck broadside can do is 2 × (6 + 3) = 18 < 90: no chance to sink her.
  await expect(fire.getByTestId('ww-sink-chance')).toContainText(
    'Chance of sinking Swift (hull 90)'
  );
  await expect(fire.getByTestId('ww-sink-chance')).toHaveAttribute('data-fraction', '0');
  await expect(fire.getByRole('region', { name: 'Dice: Attacker: Fleche' })).toBeVisible();
  await typePercentiles(fire.getByTestId('dice-pad'), [10, 75]);
  await expect(fire.getByTestId('roll-card')).toContainText('1 of 2 hit: roll 1d6 + ½d6.');
  await enterFaces(fire.getByTestId('dice-pad'), [5, 3]);
  await expect(logLine(page, "Fleche fires a full broadside at Swift's hull (3″)")).toContainText(
    '= 7 hull (83 left)'
  );
  await next(page);

  // Ben's Step 4: nothing to board ("You aren't able to attack and board in the same turn").
  await expectStep(page, 2, 'Step 4: Boarding', 'Ben');
  await next(page);

  // Ben's Step 5: Fleche fired this turn, so she cannot load (Errata 14, whole ship).
  await expectStep(page, 2, 'Step 5: Maintenance Part 2', 'Ben');
  await expect(reload.getByTestId('ww-reload-why')).toContainText('Fleche fired Zone 1, Zone 2');
  await expect(reload.getByRole('button', { name: 'All round shot for Fleche' })).toBeDisabled();
  await expect(reload.getByTestId('ww-loaded').first()).toContainText(
    'Zone 1: empty, Zone 2: empty'
  );
  await next(page);

  await expectStep(page, 2, 'Step 1: Movement', 'Anna');
  for (const ship of ['Victory', 'Swift']) {
    await sail.getByRole('button', { name: `Move ${ship}` }).click();
    await expect(logLine(page, `${ship} (Sailing free) moves at Battle Sail`)).toBeVisible();
  }
  await next(page);

  await expectStep(page, 2, 'Step 2: Maintenance Part 1', 'Anna');
  // The sail shown is the one set: one tap keeps Battle Sail for next turn.
  await sail.getByRole('button', { name: 'Set sail: Victory' }).click();
  await expect(logLine(page, 'Victory sets Battle Sail for next turn')).toHaveCount(2);
  await next(page);

  // Anna's Step 3: Victory's full broadside at Fleche's crew, 3″. EXAMPLE Man O' War v Schooner up
  // to 4″: 65%; 3 decks × 2 zones = 6 rolls. 10, 20, 30 hit; 70, 80, 90 miss. Round shot at the
  // crew is the wrong shot: each of 3d6 a d4, so 3 hits × 3d4 = 9d4. 4+4+4+4+4+1+1+1+1 = 24:
  // Fleche's crew 25 → 1, crippled (1 ≤ 10% of 25).
  await expectStep(page, 2, 'Step 3: Attack!!!', 'Anna');
  await expect(fire.getByLabel('Firing ship').locator('option')).toHaveText([
    'Victory (Anna)',
    'Swift (Anna)'
  ]);
  await expect(fire.getByLabel(/^Target(?! area)/).locator('option')).toHaveText(['Fleche (Ben)']);
  await unfold(fire.getByTestId('ww-fire-settings'));
  await fire.getByLabel('Target area').selectOption('crew');
  await expect(fire.getByTestId('ww-fire-needed')).toContainText('roll under 65');
  await expect(fire.getByTestId('ww-sink-chance')).toContainText('cannot sink Fleche');
  await typePercentiles(fire.getByTestId('dice-pad'), [10, 20, 30, 70, 80, 90]);
  await expect(fire.getByTestId('roll-card')).toContainText('3 of 6 hit: roll 9d4.');
  await enterFaces(fire.getByTestId('dice-pad'), [4, 4, 4, 4, 4, 1, 1, 1, 1]);
  await expect(logLine(page, "Victory fires a full broadside at Fleche's crew (3″)")).toContainText(
    '9d4 = 24 crew (1 left)'
  );
  await next(page);

  // Anna's Step 4: Swift (she did not fire) boards the crippled Fleche side by side, 3 boarders
  // (Swift's crew 70, minimum 35: up to 35). Novice v Novice, 3 v 1: the boarders roll 3 d6, the
  // defender 1. Typed in table order, boarders first: 6, 2, 2 then 5 — 6 beats 5, the last
  // defender falls and Fleche is taken; no boarder lost.
  await expectStep(page, 2, 'Step 4: Boarding', 'Anna');
  const board = page.getByTestId('ww-boarding');
  // Anna's ships only, Swift first (Victory fired this turn), and the enemy's ship to board.
  await expect(board.getByLabel('Boarding ship').locator('option')).toHaveText([
    'Victory',
    'Swift'
  ]);
  await expect(board.getByLabel('Boarding ship')).toHaveValue(await shipIdOf(page, 'Swift'));
  await expect(board.getByLabel('Ship to board').locator('option')).toHaveText(['Fleche']);
  await board.getByLabel('Side by side').check();
  await board.getByRole('spinbutton', { name: 'Boarding party' }).fill('3');
  await board.getByRole('spinbutton', { name: 'Boarding party' }).blur();
  await board.getByRole('button', { name: 'Board Fleche with 3' }).click();
  const fight = board.getByTestId('ww-fight');
  await expect(fight.getByTestId('ww-fight-state')).toContainText('3 boarders');
  await expect(fight.getByTestId('ww-fight-state')).toContainText('against 1 defender (');
  await expect(fight.getByRole('region', { name: 'Dice: Attacker: Swift' })).toBeVisible();
  await expect(fight.getByRole('region', { name: 'Dice: Defender: Fleche' })).toBeVisible();
  await enterFaces(fight.getByTestId('dice-pad'), [6, 2, 2, 5]);
  await expect(
    logLine(page, 'Swift boarding Fleche, round 1: boarders 6,2,2 v defenders 5')
  ).toContainText('Fleche is captured');
  // Ben has no ship afloat: Anna has won.
  await expect(page.getByTestId('ww-victor')).toContainText('Anna wins');
  await next(page);

  // Anna's Step 5: Victory fired, so she cannot load; Swift loads grape everywhere in one tap.
  await expectStep(page, 2, 'Step 5: Maintenance Part 2', 'Anna');
  const victory = reload.getByRole('group', { name: 'Victory', exact: true });
  await expect(victory.getByTestId('ww-reload-why')).toContainText('Victory fired Zone 1, Zone 2');
  const swift = reload.getByRole('group', { name: 'Swift', exact: true });
  await expect(swift.getByRole('button', { name: 'All round shot for Swift' })).toBeDisabled();
  await swift.getByRole('button', { name: 'All grape shot for Swift' }).click();
  await expect(logLine(page, 'Swift loads every battery with grape shot')).toHaveCount(1);
  await expect(swift.getByTestId('ww-loaded')).toContainText(
    'Fore chase guns: Grape shot, Aft chase guns: Grape shot, Zone 1: Grape shot'
  );

  // What the referee reads on the ship logs: Swift hull 83 of 90, crew 70 (the boarders count in
  // her crew); Fleche's last defender fell in the round: crew 0, captured.
  await page.getByRole('link', { name: /Swift/ }).first().click();
  await expect(page.getByRole('spinbutton', { name: 'Hull', exact: true })).toHaveValue('83');
  await expect(page.getByRole('spinbutton', { name: 'Crew', exact: true })).toHaveValue('70');
  await page.goBack();
  await page
    .getByRole('link', { name: /Fleche/ })
    .first()
    .click();
  await expect(page.getByRole('spinbutton', { name: 'Crew', exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Status')).toHaveValue('captured');
  await page.goBack();
  await expect(turnRegion(page)).toBeVisible();
});
