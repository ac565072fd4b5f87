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
  sail
} from './campaign';
import { dismissOfflineNotice, nextPhase, setStepper, tapFaces } from './table';

// Issue 36, done when: a Privateers campaign played through as a referee plays it. Ships from a
// library template (EXAMPLE values: 40 hull, 60 crew, 3 medium guns to starboard); two battles
// fought on the battle page with the d12s and the damage d6s typed in, each applied (the hull
// damage carried, a prize changing owner with her prize money); a repair the purse cannot pay
// refused with the reason and nothing written, then one it can; the post-battle step undone and
// redone; the roster's, the ledger's and the report's figures checked.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

async function frigateTemplate(page: Page): Promise<void> {
  await page.goto('/library');
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'New template' }) });
  await form.getByLabel('Rule system').selectOption({ label: 'Privateers' });
  await form.getByLabel('Ship name').fill('Example frigate');
  await form.getByRole('button', { name: 'Create template' }).click();
  await page.waitForURL(/\/library\/[^/]+$/);
  await page.getByText("Ship chart (from the scenario's ship charts)").click();
  const editor = page.getByTestId('pv-sheet-editor');
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Crew at start', 60);
  for (let i = 0; i < 3; i++) await editor.getByRole('button', { name: 'Add gun' }).click();
  await expect(editor.getByTestId('pv-sheet-gun')).toHaveCount(3);
}

async function buy(page: Page, captain: string, name: string, price: string) {
  const form = rosterForm(page);
  await form.getByLabel('Captain').selectOption({ label: captain });
  await form.getByLabel("Ship's log from").selectOption({ label: 'Example frigate (library)' });
  await form.getByLabel("Ship's name").fill(name);
  await form.getByLabel(/Price paid/).fill(price);
  await form.getByRole('button', { name: 'Add ship' }).click();
  await expect(rosterRow(page, name)).toBeVisible();
}

/** Phase 4: Surprise's starboard broadside at Hermione, 10″: the hit d12s, then the Ball Low d6s. */
async function broadside(page: Page, damage: readonly number[]): Promise<void> {
  await nextPhase(page, /2\/6/);
  await nextPhase(page, /3\/6/);
  await nextPhase(page, /4\/6 · Movement & Firing/);
  const fire = page.getByTestId('pv-broadside');
  await fire.getByLabel('Firing ship').selectOption({ label: 'Surprise' });
  await fire
    .getByRole('combobox', { name: 'Target', exact: true })
    .selectOption({ label: 'Hermione' });
  await setStepper(fire, 'Range (inches)', 10);
  const pad = fire.getByTestId('dice-pad').first();
  await tapFaces(pad, [2, 5, 10]);
  await pad.getByRole('button', { name: 'Use 2, 5, 10' }).click();
  await expect(fire.getByTestId('pv-fire-hits')).toContainText('3 of 3 hit: 6 Ball Low');
  await tapFaces(pad, damage);
  await pad.getByRole('button', { name: `Use ${damage.join(', ')}` }).click();
}

test('Privateers: two battles with typed dice, a prize, a short purse, undo and redo, the figures', async ({
  page
}) => {
  test.setTimeout(120_000);
  await frigateTemplate(page);
  await newCampaign(page, 'Spanish Main', 'Privateers');
  const campaignUrl = page.url();
  await addCaptain(page, 'Aubrey', 'GB');
  await addCaptain(page, 'Lucas', 'France');
  await buy(page, 'Aubrey', 'Surprise', '0');
  await buy(page, 'Lucas', 'Hermione', '1900');
  await buy(page, 'Lucas', 'Acheron', '0');
  await expect(purse(page, 'Lucas')).toHaveText('Purse £100');

  // Battle 1: Ball Low 2+3+4+4+3+2 = 18 hull (no pair of ones: no critical).
  await sail(page, 'Cabo Blanco', ['Surprise', 'Hermione', 'Acheron']);
  await broadside(page, [2, 3, 4, 4, 3, 2]);
  await expect(page.getByRole('link', { name: /Hermione/ })).toContainText('Hull 22/40');

  // Applied: the damage carried; Acheron struck to Aubrey (the referee's call), £1,000 prize.
  await openReview(page, campaignUrl, 'Cabo Blanco');
  await expect(reviewShip(page, 'Surprise')).toContainText('Hits 3 · damage dealt 18 · taken 0');
  const acheron = reviewShip(page, 'Acheron');
  await acheron.getByTestId('fate').selectOption({ label: 'Taken as a prize' });
  await acheron.getByTestId('taken-by').selectOption({ label: 'Aubrey' });
  await expect(acheron.getByTestId('prize-money')).toHaveValue('1000');
  await applyReview(page);
  await expect(rosterRow(page, 'Hermione').getByTestId('roster-tracks')).toContainText(
    'Hull 22/40'
  );
  await expect(rosterRow(page, 'Acheron')).toContainText('Captains: Lucas → Aubrey');
  await expect(purse(page, 'Aubrey')).toHaveText('Purse £3,000');

  // Lucas's £100 cannot pay 18 hull at £20: refused, nothing written; 5 points he can.
  const entries = await page.getByTestId('campaign-log-entry').count();
  await repair(page, 'Hermione', /^Hull/, 18);
  await expect(page.getByTestId('campaign-refusal')).toHaveText(
    "Lucas's purse holds £100: 18 hull on Hermione costs £360."
  );
  await expect(page.getByTestId('campaign-log-entry')).toHaveCount(entries);
  await repair(page, 'Hermione', /^Hull/, 5);
  await expect(rosterRow(page, 'Hermione').getByTestId('roster-tracks')).toContainText(
    'Hull 27/40'
  );
  await expect(purse(page, 'Lucas')).toHaveText('Purse £0');

  // Battle 2: Hermione enters as repaired; 6 × 2 = 12 hull more.
  await sail(page, 'Cabo Rojo', ['Surprise', 'Hermione']);
  await expect(page.getByRole('link', { name: /Hermione/ })).toContainText('Hull 27/40');
  await broadside(page, [2, 2, 2, 2, 2, 2]);
  await expect(page.getByRole('link', { name: /Hermione/ })).toContainText('Hull 15/40');
  await openReview(page, campaignUrl, 'Cabo Rojo');
  await applyReview(page);
  const hermione = rosterRow(page, 'Hermione').getByTestId('roster-tracks');
  await expect(hermione).toContainText('Hull 15/40');

  // The post-battle step undone, then redone.
  await campaignUndo(page, 'Undo');
  await expect(hermione).toContainText('Hull 27/40');
  await expect(page.getByTestId('campaign-battle').filter({ hasText: 'Cabo Rojo' })).toContainText(
    'Review and apply'
  );
  await campaignUndo(page, 'Redo');
  await expect(hermione).toContainText('Hull 15/40');

  await expect(rosterRow(page, 'Surprise').getByTestId('service-record')).toHaveText(
    '2 battles · hits 6 · dealt 30 · taken 0 · captures 0'
  );
  await expect(rosterRow(page, 'Hermione').getByTestId('service-record')).toHaveText(
    '2 battles · hits 0 · dealt 0 · taken 30 · captures 0 · repaired 5'
  );
  await expectLedger(page, 'Aubrey', {
    start: '£2,000',
    prizes: '£1,000',
    spent: '£0',
    purse: 'Purse £3,000',
    taken: '1',
    lost: '0',
    afloat: '2'
  });
  await expectLedger(page, 'Lucas', {
    start: '£2,000',
    spent: '£2,000',
    purse: 'Purse £0',
    lost: '1',
    afloat: '1'
  });
  await page.getByRole('link', { name: 'Campaign report' }).click();
  await expectReport(page, 'captain', 'Aubrey', {
    battles: '2',
    hitsScored: '6',
    damageDealt: '30',
    captures: '1',
    prizes: '£1,000'
  });
  await expectReport(page, 'captain', 'Lucas', { battles: '2', damageTaken: '30', prizes: '£0' });
  await expectReport(page, 'ship', 'Hermione', { battles: '2', damageTaken: '30' });
  await expect(page.getByTestId('report-capture')).toHaveText(
    'Acheron taken, to Aubrey, £1,000 prize money.'
  );
});
