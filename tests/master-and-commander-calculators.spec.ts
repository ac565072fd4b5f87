import { expect, test, type Locator, type Page } from '@playwright/test';
import { showCalculator, showEveryCalculator } from './calculators';

async function open(page: Page): Promise<void> {
  await page.goto('/calculators/master-and-commander');
  await expect(page.getByRole('heading', { level: 1, name: 'Master and Commander' })).toBeVisible();
  await showEveryCalculator(page);
}

/** Taps faces on a DicePad keypad, then "Use …". */
async function typeFaces(pad: Locator, faces: readonly number[]): Promise<void> {
  for (const f of faces) {
    await pad
      .getByRole('group', { name: /^Face of Die/ })
      .getByRole('button', { name: String(f), exact: true })
      .click();
  }
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}` }).click();
}

test('engagement: exact odds for 3 dice against 2, the 8a roll typed in, then the counter-attack', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('mc-engagement');

  // Full strength attacks a ship with one Prize Disk: 3 dice against 2 (SPEC A.7.1: 4747/7776).
  await calc.getByRole('button', { name: 'Decrease Defender Prize Disks' }).click();
  const headline = calc.getByTestId('odds-headline').first();
  await expect(headline).toHaveAttribute('data-fraction', '4747/7776');
  await expect(headline).toHaveText('61.0%');

  // Illustration 8a: "Sixes tie … Five beats four so attack is successful".
  await typeFaces(calc.getByTestId('dice-pad'), [6, 5, 2, 6, 4]);
  const attack = calc.getByTestId('mc-attack-result');
  await expect(attack).toContainText('Sixes tie; Five beats four: hit.');
  await expect(attack).toContainText('now 0 disks (1 die)');
  await expect(attack.getByTestId('roll-card')).toHaveAttribute('data-source', 'entered');

  // The defender, now one die, counter-attacks the attacker's three: 25/144.
  const counterOdds = calc
    .getByTestId('odds-display')
    .filter({ hasText: 'Counter-attack: 1 die against 3' });
  await expect(counterOdds.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '25/144');
  await expect(counterOdds.getByTestId('odds-headline')).toHaveText('17.4%');
  await typeFaces(calc.getByTestId('dice-pad'), [6, 5, 5, 4]);
  await expect(calc.getByTestId('mc-counter-result')).toContainText('Six beats five: hit.');
  await expect(calc.getByTestId('mc-engagement-summary')).toContainText(
    'attacker 1 disk (2 dice), defender 0 disks (1 die)'
  );
});

test('slug it out: two full-strength ships, SPEC A.7.2 0.5148; the page loads without errors', async ({
  page
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await open(page);
  const duel = page.getByTestId('mc-duel');
  await expect(duel.getByTestId('odds-headline')).toHaveText('51.5%');
  await duel.getByRole('button', { name: 'Decrease Ship Y Prize Disks' }).click();
  await expect(duel.getByTestId('odds-headline')).toHaveText('88.2%');
  expect(problems).toEqual([]);
});

test('the hourglass keeps its time across a reload and prompts the wind roll when empty', async ({
  page
}) => {
  // A paused fake clock: time moves only when the test moves it, also across the reload.
  await page.clock.install({ time: new Date('2026-11-29T20:00:00Z') });
  await page.goto('/calculators/master-and-commander');
  await page.clock.pauseAt(new Date('2026-11-29T20:00:05Z'));
  await showCalculator(page, 'Wind and hourglass');
  const wind = page.getByTestId('mc-wind');
  await expect(wind.getByTestId('mc-wind-due')).toBeVisible();
  await wind
    .getByRole('group', { name: /tap the face rolled/ })
    .getByRole('button', { name: 'S', exact: true })
    .click();
  await expect(wind.getByTestId('mc-wind-now')).toContainText('Southerly');
  await expect(wind.getByTestId('mc-hourglass')).toHaveText('3:00');
  // The page plays the wind move (issue 31): while the sand runs the Wind Die is not due, and a
  // mis-roll is undone instead.
  const faces = wind.getByRole('group', { name: /tap the face rolled/ });
  await expect(wind.getByTestId('mc-wind-not-due')).toContainText('The sand is still running');
  await expect(faces.getByRole('button', { name: 'N', exact: true })).toBeDisabled();
  await page.getByTestId('mc-wind-undo').click();
  await expect(wind.getByTestId('mc-wind-now')).toContainText('No wind yet');
  await faces.getByRole('button', { name: 'S', exact: true }).click();
  await expect(wind.getByTestId('mc-wind-now')).toContainText('Southerly');

  await page.clock.fastForward(60_000);
  await expect(wind.getByTestId('mc-hourglass')).toHaveText('2:00');
  await page.reload();
  await showCalculator(page, 'Wind and hourglass');
  await expect(wind.getByTestId('mc-wind-now')).toContainText('Southerly');
  await expect(wind.getByTestId('mc-hourglass')).toHaveText('2:00');

  await page.clock.fastForward(121_000);
  await expect(wind.getByTestId('mc-hourglass')).toHaveText('0:00');
  await expect(wind.getByTestId('mc-wind-due')).toContainText('The sand has run out');
  // The next player rolls: a westerly, and the glass is turned over.
  await faces.getByRole('button', { name: 'W', exact: true }).click();
  await expect(wind.getByTestId('mc-wind-now')).toContainText('Westerly');
  await expect(wind.getByTestId('mc-hourglass')).toHaveText('3:00');
});

test('movement: a storm roll and a Beginner roll are played by their moves; the allowance follows', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('mc-movement');
  // Bow north, wind from the north: upwind, up to 1 (SPEC A.3.2).
  await expect(calc.getByTestId('mc-allowance')).toHaveText('1 Upwind: up to 1');
  // A storm: the captain's one roll for the fleet (the storm move's die), a 3 typed in.
  await calc.getByLabel('Wind from').selectOption({ label: 'Storm' });
  await expect(calc.getByTestId('mc-allowance')).toHaveText(
    'Storm: roll one die for movement first.'
  );
  await typeFaces(calc.getByTestId('dice-pad'), [3]);
  await expect(calc.getByTestId('mc-allowance')).toHaveText('3 Storm: up to 3 squares');
  // The Beginner game: the ship's own die, and she moves exactly the number rolled.
  await calc.getByLabel('Game').selectOption('beginner');
  await expect(calc.getByTestId('mc-allowance')).toHaveText('Roll the die for this ship first.');
  await expect(
    calc.getByRole('group', { name: /^Face of Die 1 of 1, d6 \(Attacker movement\)/ })
  ).toBeVisible();
  await typeFaces(calc.getByTestId('dice-pad'), [4]);
  await expect(calc.getByTestId('mc-allowance')).toHaveText('4 Move 4 squares');
});

test('repairs: one a turn at the Homeport, played by the repair move, then again next turn', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('mc-repair');
  const repair = calc.getByRole('button', { name: 'Repair one Prize Disk' });
  await expect(calc.getByTestId('mc-repair-result')).toHaveText(
    'One Repair Card exchanged for one Prize Disk at the Homeport.'
  );
  await repair.click();
  await expect(calc.getByTestId('mc-repair-holds')).toContainText(
    '1 Prize Disk on the ship (1 repaired this turn); 3 Repair Cards'
  );
  await expect(repair).toBeDisabled();
  await expect(calc.getByTestId('mc-repair-result')).toContainText(
    'already been repaired this turn'
  );
  await calc.getByRole('button', { name: 'Next turn' }).click();
  await repair.click();
  await expect(calc.getByTestId('mc-repair-holds')).toContainText('2 Prize Disks on the ship');
  await expect(
    calc.getByText(
      'Attacker 1 repairs at the N Homeport: 1 Repair Card for a Prize Disk (2 disks; 2 cards left)'
    )
  ).toBeVisible();
  await expect(calc.getByTestId('mc-repair-result')).toHaveText('The ship is at full strength.');
});
