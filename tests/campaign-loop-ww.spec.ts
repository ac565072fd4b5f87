import { expect, test, type Page } from '@playwright/test';
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
  sail,
  shoot
} from './campaign';
import { dismissOfflineNotice } from './table';
import { wwFireAtCrew, wwLoad, wwNextUntil } from './wooden-warships';

// Issue 36, done when: a Wooden Warships campaign played through as a referee plays it. Two
// battles fought on the battle page with the dice typed in, each applied to the campaign (the
// damage carried, a prize changing owner with her prize money), a repair the purse cannot pay
// refused with the reason and nothing written, then one it can; the post-battle step undone and
// redone; the roster, the ledger and the report's figures checked. EXAMPLE charts throughout.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

async function buy(page: Page, captain: string, name: string, price: string | null) {
  const form = rosterForm(page);
  await form.getByLabel('Captain').selectOption({ label: captain });
  await form
    .getByLabel("Ship's log from")
    .selectOption({ label: 'Battle Schooner (EXAMPLE) chart' });
  await form.getByLabel("Ship's name").fill(name);
  if (price !== null) await form.getByLabel(/Price paid/).fill(price);
  await form.getByRole('button', { name: 'Add ship' }).click();
  await expect(rosterRow(page, name)).toBeVisible();
}

/** Turn 1 to load Pickle's guns (round and grape), then turn 2's attack step. */
async function toTheAttack(page: Page): Promise<void> {
  await wwNextUntil(page, 'Step 5: Maintenance Part 2', 1);
  await wwLoad(page, 'Pickle', { 'Zone 1': 'Round shot', 'Zone 2': 'Grape shot' });
  await wwNextUntil(page, 'Step 3: Attack!!!', 2);
}

test('Wooden Warships: two battles with typed dice, a prize, a short purse, undo and redo, the figures', async ({
  page
}) => {
  test.setTimeout(120_000);
  await newCampaign(page, 'Channel 1805', 'Wooden Warships');
  const campaignUrl = page.url();
  await addCaptain(page, 'Nelson', 'Britain');
  await addCaptain(page, 'Villeneuve', 'France');
  // Pickle at the text's price (£600); Villeneuve pays £6,800 for Fleche and is given Aigle.
  await buy(page, 'Nelson', 'Pickle', null);
  await buy(page, 'Villeneuve', 'Fleche', '6800');
  await buy(page, 'Villeneuve', 'Aigle', '0');
  await expect(purse(page, 'Nelson')).toHaveText('Purse £6,400');
  await expect(purse(page, 'Villeneuve')).toHaveText('Purse £200');

  // Battle 1: Pickle's broadside at Fleche's crew, 10 and 20 on the d100s (both under 50), then
  // 1d4 + ½d4 + 1d6 + ½d6 = 4 + 6 + 2 + 3 = 15 crew.
  await sail(page, 'Off Ushant', ['Pickle', 'Fleche', 'Aigle']);
  await toTheAttack(page);
  await wwFireAtCrew(page, 'Pickle (Nelson)', 'Fleche (Villeneuve)', [10, 20], [4, 6, 3, 5]);
  await expect(page.getByTestId('battle-log')).toContainText('= 15 crew (10 left)');

  // Applied: Fleche's crew carried; Aigle struck to Pickle (the referee's call), £1,000 to Nelson.
  await openReview(page, campaignUrl, 'Off Ushant');
  await expect(
    reviewShip(page, 'Fleche').locator('tr', { hasText: 'Crew' }).getByTestId('track-after')
  ).toHaveText('10/25');
  await expect(reviewShip(page, 'Pickle')).toContainText('Hits 2 · damage dealt 15 · taken 0');
  const aigle = reviewShip(page, 'Aigle');
  await aigle.getByTestId('fate').selectOption({ label: 'Taken as a prize' });
  await aigle.getByTestId('taken-by').selectOption({ label: 'Nelson' });
  await expect(aigle.getByTestId('prize-money')).toHaveValue('1000');
  await shoot(page, 'review');
  await applyReview(page);
  await expect(rosterRow(page, 'Fleche').getByTestId('roster-tracks')).toContainText('Crew 10/25');
  await expect(rosterRow(page, 'Aigle')).toContainText('Captains: Villeneuve → Nelson');
  await expect(purse(page, 'Nelson')).toHaveText('Purse £7,400');

  // Between battles: Villeneuve's £200 cannot pay 15 crew at £40: refused, nothing written.
  const entries = await page.getByTestId('campaign-log-entry').count();
  await repair(page, 'Fleche', /^Crew/, 15);
  await expect(page.getByTestId('campaign-refusal')).toHaveText(
    "Villeneuve's purse holds £200: 15 crew on Fleche costs £600."
  );
  await expect(page.getByTestId('campaign-log-entry')).toHaveCount(entries);
  await expect(rosterRow(page, 'Fleche').getByTestId('roster-tracks')).toContainText('Crew 10/25');
  // Five points he can pay.
  await repair(page, 'Fleche', /^Crew/, 5);
  await expect(rosterRow(page, 'Fleche').getByTestId('roster-tracks')).toContainText('Crew 15/25');
  await expect(purse(page, 'Villeneuve')).toHaveText('Purse £0');

  // Battle 2: Fleche enters with the 15 crew she was left; Pickle's second broadside takes 8.
  await sail(page, 'Cape Finisterre', ['Pickle', 'Fleche']);
  await expect(page.getByRole('link', { name: /Fleche/ })).toContainText('15');
  await toTheAttack(page);
  await wwFireAtCrew(page, 'Pickle (Nelson)', 'Fleche (Villeneuve)', [10, 20], [3, 2, 2, 3]);
  await expect(page.getByTestId('battle-log')).toContainText('= 8 crew (7 left)');
  await openReview(page, campaignUrl, 'Cape Finisterre');
  await applyReview(page);
  await expect(rosterRow(page, 'Fleche').getByTestId('roster-tracks')).toContainText('Crew 7/25');

  // The post-battle step undone: Fleche back at 15 crew, the battle to review again; redone.
  await campaignUndo(page, 'Undo');
  await expect(rosterRow(page, 'Fleche').getByTestId('roster-tracks')).toContainText('Crew 15/25');
  await expect(
    page.getByTestId('campaign-battle').filter({ hasText: 'Cape Finisterre' })
  ).toContainText('Review and apply');
  await campaignUndo(page, 'Redo');
  await expect(rosterRow(page, 'Fleche').getByTestId('roster-tracks')).toContainText('Crew 7/25');

  // The roster's records, the ledger and the report.
  await expect(rosterRow(page, 'Pickle').getByTestId('service-record')).toHaveText(
    '2 battles · hits 4 · dealt 23 · taken 0 · captures 0'
  );
  await expect(rosterRow(page, 'Fleche').getByTestId('service-record')).toHaveText(
    '2 battles · hits 0 · dealt 0 · taken 23 · captures 0 · repaired 5'
  );
  await expectLedger(page, 'Nelson', {
    start: '£7,000',
    prizes: '£1,000',
    spent: '£600',
    purse: 'Purse £7,400',
    taken: '1',
    lost: '0',
    afloat: '2'
  });
  await expectLedger(page, 'Villeneuve', {
    start: '£7,000',
    prizes: '£0',
    spent: '£7,000',
    purse: 'Purse £0',
    taken: '0',
    lost: '1',
    afloat: '1'
  });
  await shoot(page, 'roster', 'section[aria-labelledby="roster"]');
  await page.getByRole('link', { name: 'Campaign report' }).click();
  await expectReport(page, 'captain', 'Nelson', {
    battles: '2',
    hitsScored: '4',
    damageDealt: '23',
    damageTaken: '0',
    captures: '1',
    prizes: '£1,000'
  });
  await expectReport(page, 'captain', 'Villeneuve', {
    battles: '2',
    damageTaken: '23',
    captures: '0',
    prizes: '£0'
  });
  await expectReport(page, 'ship', 'Fleche', { battles: '2', damageTaken: '23' });
  await expectReport(page, 'ship', 'Aigle', { battles: '1', damageTaken: '0' });
  await expect(page.getByTestId('report-capture')).toHaveText(
    'Aigle taken, to Nelson, £1,000 prize money.'
  );
  await shoot(page, 'report');
});
