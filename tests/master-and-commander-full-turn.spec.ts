import { expect, test, type Locator, type Page } from '@playwright/test';
import { addShipForm, newBattle, next } from './screen';
import {
  dismissOfflineNotice,
  enterFaces,
  mcPlayers,
  rosterShip,
  statusActive,
  statusStep,
  typeGroupFaces
} from './table';

// One full turn of a Basic game of Master and Commander with two players (issue 13), through the
// step-first screen on a phone: each player's turn — the Wind Die and the hourglass, movement, an
// engagement with the attacker's and the defender's dice typed in table order, the end of the turn —
// checking what the players read: the disks lost, who has the turn, the hourglass.
//
// Worked by hand from the rules ("A hit is made if the high die of the attacker exceeds the high die
// of the defender … Sixes tie, move to second highest dice rolls … In the case of a tie with all
// dice, then the defender is successful"; a full-strength ship rolls 3 dice, one with a Prize Disk
// left rolls 2):
// - First player: Anna 5, Ben 2: Anna goes first; the turn passes to the left, to Ben.
// - Anna's turn, wind W (westerly): Anna 1 sails out of the north Homeport heading south, a reach
//   ("up to 5"): 3 forward. Anna 2 stays put.
//   Anna 1 (2 disks, 3 dice) attacks Ben 1 (2 disks, 3 dice), both broadside: attacker 6 5 2 v
//   defender 6 4 1: sixes tie, 5 beats 4: a hit. Ben 1 gives up a Prize Disk: 2 → 1.
//   The counter-attack: Ben 1 now rolls one die fewer, 2 dice, against Anna 1's 3: 3 2 v 5 1 1:
//   5 beats 3: repelled, no disk lost. Prize Disks set aside: 1.
//   The sand runs out during the turn: the wind holds until Anna's turn ends; Ben rolls the Wind Die.
// - Ben's turn (turn 2), wind N: both Ben's ships stay put (one tap: "Ben's fleet stays put").
//   Ben 2 (2 disks, 3 dice) attacks Anna 1 (2 disks, 3 dice), not broadside to one another (no
//   counter-attack). The defender's dice are called first at the table: Anna 1 6 3 1, then Ben 2
//   6 4 2: sixes tie, 4 beats 3: a hit. Anna 1: 2 → 1. Prize Disks set aside: 2.
// - End of Ben's turn: turn 3, Anna has the turn; the glass Ben turned still runs, so no Wind Die
//   is due.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

function logLine(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('battle-log').locator('li', { hasText: text });
}

async function windFace(page: Page, face: string): Promise<void> {
  await page
    .getByTestId('mc-wind')
    .getByRole('group', { name: /tap the face rolled/ })
    .getByRole('button', { name: face, exact: true })
    .click();
}

test('Basic, two players: one full turn each through the step-first screen', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.clock.install({ time: new Date('2026-12-02T20:00:00Z') });

  await newBattle(page, 'Far Side of the World', 'Master and Commander');
  // The fleets come from the players' set-up: no generic "Add a ship" form (issue 16 #12).
  await expect(addShipForm(page)).toHaveCount(0);
  await mcPlayers(page, [{ name: 'Anna' }, { name: 'Ben' }]);
  for (const name of ['Anna 1', 'Anna 2', 'Ben 1', 'Ben 2'])
    await expect(rosterShip(page, name)).toContainText('Prize disks 2/2');

  await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
  await expect(logLine(page, 'Anna goes first')).toBeVisible();
  await expect(statusActive(page)).toHaveText('Anna');
  await expect(statusStep(page)).toContainText('Wind');

  // Anna's turn: the Wind Die (a required roll) and the hourglass.
  await windFace(page, 'W');
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText('Wind W');
  await expect(page.getByTestId('status-clock')).toHaveText(/^Hourglass: (3:00|2:5\d) left$/);
  await next(page);
  await expect(statusStep(page)).toContainText('Movement');

  const anna1 = page.getByTestId('mc-move-Anna 1');
  await expect(anna1.getByTestId('mc-allowance')).toHaveText('On a reach: up to 5');
  const forward = anna1.getByRole('button', { name: 'Increase Squares forward for Anna 1' });
  for (let i = 0; i < 3; i++) await forward.click();
  await anna1.getByLabel('Where Anna 1 lies after the move').selectOption({ label: 'At sea' });
  await anna1.getByRole('button', { name: 'Record the move of Anna 1' }).click();
  await expect(anna1.getByTestId('mc-allowance')).toHaveText('moved 3 of 5');
  await page.getByRole('button', { name: 'Anna 2 stays put' }).click();
  await expect(page.getByTestId('mc-move-Anna 2').getByTestId('mc-allowance')).toHaveText(
    'moved 0 of 5'
  );
  await next(page);
  await expect(statusStep(page)).toContainText('Engagements');

  // Attacker's dice, then defender's, as the table rolled them.
  const fight = page.getByTestId('mc-engagement-battle');
  await expect(fight.getByRole('combobox', { name: 'Attacker' })).toHaveValue(/.+/);
  await fight
    .getByRole('combobox', { name: 'Attacker' })
    .selectOption({ label: 'Anna 1 · 2 disks (3 dice)' });
  await fight
    .getByRole('combobox', { name: 'Target' })
    .selectOption({ label: 'Ben 1 (Ben) · 2 disks (3 dice)' });
  await enterFaces(fight.getByTestId('dice-pad').first(), [6, 5, 2, 6, 4, 1]);
  await expect(fight.getByTestId('mc-engagement-result')).toContainText(
    'Ben 1 gives up a Prize Disk (1 left).'
  );
  await expect(rosterShip(page, 'Ben 1')).toContainText('Prize disks 1/2');

  // Ben 1 fires back with one die fewer: 3 2 against Anna 1's 5 1 1 is repelled.
  const counter = page.getByTestId('mc-counter');
  await expect(counter).toContainText('Ben 1 fires back at Anna 1');
  await enterFaces(counter.getByTestId('dice-pad'), [3, 2, 5, 1, 1]);
  await expect(counter).toBeHidden();
  await expect(rosterShip(page, 'Anna 1')).toContainText('Prize disks 2/2');
  await expect(page.getByTestId('mc-discarded')).toHaveText('Prize Disks set aside: 1');

  // The sand runs out during Anna's turn: the wind holds, Ben rolls before his turn.
  await page.clock.fastForward(181_000);
  await expect(page.getByTestId('status-clock')).toHaveText('Hourglass: sand run out');
  await expect(page.getByTestId('mc-battle-due')).toContainText(
    "The sand has run out. The wind holds until Anna's turn ends; then Ben rolls the Wind Die"
  );
  await next(page);
  await expect(statusStep(page)).toContainText('Repairs and end of turn');
  await next(page);

  // Ben's turn: turn 2, the Wind Die due first.
  await expect(statusActive(page)).toHaveText('Ben');
  await expect(bar).toContainText('Turn 2');
  await expect(statusStep(page)).toContainText('Wind');
  await expect(page.getByTestId('mc-battle-due')).toContainText('Ben rolls the Wind Die');
  await windFace(page, 'N');
  await expect(bar).toContainText('Wind N');
  await expect(page.getByTestId('status-clock')).toHaveText(/^Hourglass: (3:00|2:5\d) left$/);
  await next(page);
  await expect(statusStep(page)).toContainText('Movement');
  await page.getByRole('button', { name: "Ben's fleet stays put" }).click();
  await expect(logLine(page, "Ben's fleet stays put: Ben 1, Ben 2")).toBeVisible();
  await next(page);
  await expect(statusStep(page)).toContainText('Engagements');

  // The defender's dice called first at the table, then the attacker's: each group takes its own.
  await fight
    .getByRole('combobox', { name: 'Attacker' })
    .selectOption({ label: 'Ben 2 · 2 disks (3 dice)' });
  await fight
    .getByRole('combobox', { name: 'Target' })
    .selectOption({ label: 'Anna 1 (Anna) · 2 disks (3 dice)' });
  await fight.getByRole('checkbox', { name: /Both ships broadside/ }).uncheck();
  const pad = fight.getByTestId('dice-pad').first();
  await typeGroupFaces(pad, 'Defender: Anna 1', [6, 3, 1]);
  await typeGroupFaces(pad, 'Attacker: Ben 2', [6, 4, 2]);
  await pad.getByRole('button', { name: 'Use 6, 4, 2, 6, 3, 1', exact: true }).click();
  await expect(fight.getByTestId('mc-engagement-result')).toContainText(
    'Anna 1 gives up a Prize Disk (1 left).'
  );
  await expect(page.getByTestId('mc-counter')).toBeHidden();
  await expect(rosterShip(page, 'Anna 1')).toContainText('Prize disks 1/2');
  await expect(page.getByTestId('mc-discarded')).toHaveText('Prize Disks set aside: 2');

  await next(page);
  await expect(statusStep(page)).toContainText('Repairs and end of turn');
  await next(page);

  // Turn 3: Anna again; the glass Ben turned still has sand, so no Wind Die is due.
  await expect(statusActive(page)).toHaveText('Anna');
  await expect(bar).toContainText('Turn 3');
  await expect(page.getByTestId('status-clock')).toHaveText(/^Hourglass: 2:\d\d left$/);
  await expect(page.getByTestId('mc-battle-due')).toBeHidden();
  for (const [name, disks] of [
    ['Anna 1', 1],
    ['Anna 2', 2],
    ['Ben 1', 1],
    ['Ben 2', 2]
  ] as const)
    await expect(rosterShip(page, name)).toContainText(`Prize disks ${disks}/2`);
  expect(problems).toEqual([]);
});
