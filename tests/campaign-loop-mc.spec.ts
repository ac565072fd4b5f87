import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addCaptain,
  applyReview,
  campaignUndo,
  expectLedger,
  expectReport,
  newCampaign,
  openReview,
  purse,
  repair,
  reviewShip,
  rosterForm,
  rosterRow,
  sail
} from './campaign';
import { dismissOfflineNotice, statusStep, tapFaces } from './table';

// Issue 36, done when: a Master and Commander campaign (the Basic game) played through as a
// referee plays it. Two games fought on the battle page with the dice typed in, each applied (a
// lost Prize Disk carried, a prize changing owner with her prize money as the referee set it); a
// repair the purse cannot pay refused with the reason and nothing written, the prize sold and the
// repair paid; the post-battle step undone and redone; the roster's, the ledger's and the
// report's figures checked.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

async function addShip(page: Page, captain: string, name: string, colour: string, port: string) {
  const form = rosterForm(page);
  await form.getByLabel('Captain').selectOption({ label: captain });
  await form.getByLabel('Colour').selectOption({ label: colour });
  await form.getByLabel('Homeport').selectOption({ label: port });
  await form.getByLabel("Ship's name").fill(name);
  await form.getByLabel(/Price paid/).fill(name === 'Sophie' ? '2000' : '0');
  await form.getByRole('button', { name: 'Add ship' }).click();
  await expect(rosterRow(page, name)).toBeVisible();
}

async function useFaces(pad: Locator, faces: readonly number[]): Promise<void> {
  await tapFaces(pad, faces);
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}` }).click();
}

/** Anna first (5 v 2), a westerly, no ship moves; the Engagements phase. */
async function toTheEngagements(page: Page): Promise<void> {
  await useFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
  await expect(page.getByTestId('mc-active-player')).toContainText("Anna's turn");
  await page
    .getByTestId('mc-wind')
    .getByRole('group', { name: /tap the face rolled/ })
    .getByRole('button', { name: 'W', exact: true })
    .click();
  await page.getByRole('button', { name: 'Next phase' }).click();
  await expect(statusStep(page)).toContainText('Movement');
  await page.getByRole('button', { name: 'Next phase' }).click();
  const ask = page.getByTestId('advance-confirm');
  await ask.getByRole('button', { name: 'Next phase anyway' }).click();
  await expect(statusStep(page)).toContainText('Engagements');
  await page.getByRole('button', { name: 'Sophie stays put' }).click();
}

/** Sophie attacks Acheron: the attacker's three dice, then the defender's. */
async function sophieAttacks(page: Page, acheron: string, faces: readonly number[]) {
  const fight = page.getByTestId('mc-engagement-battle');
  await fight
    .getByRole('combobox', { name: 'Attacker' })
    .selectOption({ label: 'Sophie · 2 disks (3 dice)' });
  await fight
    .getByRole('combobox', { name: 'Target' })
    .selectOption({ label: `Acheron (Ben) · ${acheron}` });
  await useFaces(fight.getByTestId('dice-pad').first(), faces);
  return fight.getByTestId('mc-engagement-result');
}

test('Master and Commander: two games with typed dice, a prize sold to pay a repair, undo and redo, the figures', async ({
  page
}) => {
  test.setTimeout(120_000);
  await newCampaign(page, 'Far Side', 'Master and Commander', 'Basic');
  const campaignUrl = page.url();
  await addCaptain(page, 'Anna');
  await addCaptain(page, 'Ben');
  await addShip(page, 'Anna', 'Sophie', 'Black', 'North');
  await addShip(page, 'Ben', 'Acheron', 'Gold', 'South');
  await addShip(page, 'Ben', 'Leopard', 'Gold', 'South');
  await expect(purse(page, 'Anna')).toHaveText('Purse £0');

  // Game 1: Sophie hits Acheron (sixes tie, five beats four); Acheron's counter-attack hits back.
  await sail(page, 'Galapagos', ['Sophie', 'Acheron', 'Leopard']);
  await toTheEngagements(page);
  const result = await sophieAttacks(page, '2 disks (3 dice)', [6, 5, 2, 6, 4, 1]);
  await expect(result).toContainText('Acheron gives up a Prize Disk (1 left).');
  await useFaces(page.getByTestId('mc-counter').getByTestId('dice-pad'), [6, 3, 5, 5, 2]);
  await expect(result).toContainText('Sophie gives up a Prize Disk (1 left).');

  // Applied: the lost disks carried; Leopard taken by Anna, the referee setting £100 prize money.
  await openReview(page, campaignUrl, 'Galapagos');
  await expect(reviewShip(page, 'Sophie')).toContainText('Hits 1 · damage dealt 1 · taken 1');
  const leopard = reviewShip(page, 'Leopard');
  await leopard.getByTestId('fate').selectOption({ label: 'Taken as a prize' });
  await leopard.getByTestId('taken-by').selectOption({ label: 'Anna' });
  await leopard.getByTestId('prize-money').fill('100');
  await expect(leopard.getByTestId('review-change')).toHaveText(
    'Leopard goes to Anna, who receives £100 prize money.'
  );
  await applyReview(page);
  await expect(rosterRow(page, 'Acheron').getByTestId('roster-tracks')).toHaveText(
    'Prize disks 1/2'
  );
  await expect(rosterRow(page, 'Sophie').getByTestId('roster-tracks')).toHaveText(
    'Prize disks 1/2'
  );
  await expect(purse(page, 'Anna')).toHaveText('Purse £100');

  // A disk is £200 (an example): refused, nothing written; Anna sells her prize, then pays.
  const entries = await page.getByTestId('campaign-log-entry').count();
  await repair(page, 'Sophie', /^Prize disks/, 1);
  await expect(page.getByTestId('campaign-refusal')).toContainText("Anna's purse holds £100");
  await expect(page.getByTestId('campaign-log-entry')).toHaveCount(entries);
  const sale = page.getByRole('form', { name: 'Sell a ship' });
  await sale.getByLabel('Ship to sell').selectOption({ label: 'Leopard' });
  await sale.getByLabel(/Sale price/).fill('300');
  await sale.getByRole('button', { name: 'Sell' }).click();
  await expect(purse(page, 'Anna')).toHaveText('Purse £400');
  await repair(page, 'Sophie', /^Prize disks/, 1);
  await expect(rosterRow(page, 'Sophie').getByTestId('roster-tracks')).toHaveText(
    'Prize disks 2/2'
  );
  await expect(purse(page, 'Anna')).toHaveText('Purse £200');

  // Game 2: Acheron enters with the one disk game 1 left her; Sophie hits her again.
  await sail(page, 'Cape Horn', ['Sophie', 'Acheron']);
  await expect(page.getByRole('link', { name: /Acheron/ })).toContainText('Prize disks 1/2');
  await toTheEngagements(page);
  const second = await sophieAttacks(page, '1 disk (2 dice)', [6, 5, 2, 4, 1]);
  await expect(second).toContainText('Acheron gives up a Prize Disk');
  await openReview(page, campaignUrl, 'Cape Horn');
  await applyReview(page);
  const acheron = rosterRow(page, 'Acheron');
  await expect(acheron.getByTestId('service-record')).toContainText('2 battles');

  // The post-battle step undone (Acheron at sea again), then redone.
  await campaignUndo(page, 'Undo');
  await expect(acheron).toContainText('at sea: Cape Horn');
  await expect(acheron.getByTestId('service-record')).toContainText('1 battle ·');
  await campaignUndo(page, 'Redo');
  await expect(acheron.getByTestId('service-record')).toContainText('2 battles');

  await expect(rosterRow(page, 'Sophie').getByTestId('service-record')).toHaveText(
    '2 battles · hits 2 · dealt 2 · taken 1 · captures 0 · repaired 1'
  );
  await expectLedger(page, 'Anna', {
    start: '£2,000',
    prizes: '£100',
    sales: '£300',
    spent: '£2,200',
    purse: 'Purse £200',
    taken: '1',
    lost: '0'
  });
  await expectLedger(page, 'Ben', { start: '£2,000', purse: 'Purse £2,000', lost: '1' });
  await page.getByRole('link', { name: 'Campaign report' }).click();
  await expectReport(page, 'captain', 'Anna', {
    battles: '2',
    hitsScored: '2',
    damageDealt: '2',
    damageTaken: '1',
    captures: '1',
    prizes: '£100'
  });
  await expectReport(page, 'captain', 'Ben', { battles: '2', damageTaken: '2', damageDealt: '1' });
  await expectReport(page, 'ship', 'Acheron', { battles: '2', damageTaken: '2' });
});
