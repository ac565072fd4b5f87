import { expect, type Locator, type Page } from '@playwright/test';

// What a referee does with a campaign (issue 36), shared by the campaign browser tests: make it,
// add captains and ships, sail a battle from the roster, review and apply it, and read the
// figures the roster, the ledger and the report show.

export async function newCampaign(
  page: Page,
  name: string,
  system: 'Privateers' | 'Wooden Warships' | 'Master and Commander',
  game?: 'Basic' | 'Advanced'
): Promise<void> {
  await page.goto('/campaigns');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Rule system').selectOption({ label: system });
  if (game) await page.getByLabel('Game').selectOption({ label: game });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export async function addCaptain(page: Page, name: string, side = ''): Promise<void> {
  await page.getByLabel("Captain's name").fill(name);
  await page.getByLabel('Side (nation or fleet)').fill(side);
  await page.getByRole('button', { name: 'Add captain' }).click();
  await expect(page.getByTestId('captain').filter({ hasText: name })).toBeVisible();
}

export function rosterForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Add a ship to the roster' });
}

export function purse(page: Page, captain: string): Locator {
  return page.getByTestId('captain').filter({ hasText: captain }).getByTestId('purse');
}

/** A roster ship's card, matched by her name alone (another's history may name her). */
export function rosterRow(page: Page, ship: string): Locator {
  return page
    .getByTestId('roster-ship')
    .filter({ has: page.locator('strong', { hasText: new RegExp(`^${ship}$`) }) });
}

/** Sails the named roster ships in a new battle; the battle page opens. Returns its URL. */
export async function sail(page: Page, battle: string, ships: readonly string[]): Promise<string> {
  const form = page.getByRole('form', { name: 'New battle from the roster' });
  await form.getByLabel('Battle name').fill(battle);
  for (const s of ships) await form.getByRole('checkbox', { name: new RegExp(`^${s} `) }).check();
  await form.getByRole('button', { name: 'Start battle' }).click();
  await expect(page).toHaveURL(/\/battles\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: battle })).toBeVisible();
  return page.url();
}

/** The review of a battle: opened from the campaign page, ships checked by the caller. */
export async function openReview(page: Page, campaignUrl: string, battle: string): Promise<void> {
  await page.goto(campaignUrl);
  await page
    .getByTestId('campaign-battle')
    .filter({ hasText: battle })
    .getByRole('link', { name: 'Review and apply' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `After ${battle}` })).toBeVisible();
}

export function reviewShip(page: Page, ship: string): Locator {
  return page
    .getByTestId('review-ship')
    .filter({ has: page.locator('strong, h3, h2', { hasText: new RegExp(`^${ship}`) }) });
}

export async function applyReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Apply to the campaign' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Roster' })).toBeVisible();
}

/** A repair typed into the repairs form (the campaign page). */
export async function repair(page: Page, ship: string, track: RegExp, points: number) {
  const form = page.getByRole('form', { name: 'Repair a ship' });
  await form.getByLabel('Ship').selectOption({ label: ship });
  const option = form.getByLabel('Track').locator('option', { hasText: track });
  await form
    .getByLabel('Track')
    .selectOption({ value: (await option.getAttribute('value')) ?? '' });
  await form.getByLabel('Points to repair').fill(String(points));
  await form.getByRole('button', { name: 'Repair' }).click();
}

/** The campaign log's Undo or Redo. */
export async function campaignUndo(page: Page, which: 'Undo' | 'Redo'): Promise<void> {
  await page.getByRole('button', { name: which, exact: true }).click();
}

/** Every figure of a captain's ledger row, as shown. */
export async function expectLedger(
  page: Page,
  captain: string,
  figures: Partial<
    Record<'start' | 'prizes' | 'sales' | 'spent' | 'purse' | 'taken' | 'lost' | 'afloat', string>
  >
): Promise<void> {
  const row = page.getByTestId('ledger-row').filter({ hasText: captain });
  for (const [key, value] of Object.entries(figures)) {
    await expect(row.getByTestId(`ledger-${key}`)).toHaveText(value);
  }
}

type ReportKey = 'battles' | 'hitsScored' | 'damageDealt' | 'damageTaken' | 'captures' | 'prizes';

/** A captain's or a ship's figures on the campaign report. */
export async function expectReport(
  page: Page,
  kind: 'captain' | 'ship',
  name: string,
  figures: Partial<Record<ReportKey, string>>
): Promise<void> {
  const row = page
    .getByTestId(`report-${kind}`)
    .filter({ has: page.locator('strong', { hasText: new RegExp(`^${name}$`) }) });
  for (const [key, value] of Object.entries(figures)) {
    await expect(row.getByTestId(`report-${key}`)).toHaveText(value);
  }
}

/**
 * With SCREENSHOTS=1, the page (or a part of it) at 360×780 and 820×1180 into
 * docs/campaign-<name>-{phone,tablet}.png; the viewport is back at the phone's afterwards.
 */
export async function shoot(page: Page, name: string, part?: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  for (const [form, size] of [
    ['phone', { width: 360, height: 780 }],
    ['tablet', { width: 820, height: 1180 }]
  ] as const) {
    await page.setViewportSize(size);
    const path = `docs/campaign-${name}-${form}.png`;
    // The whole page in one tall window, so the phone's tab bar (fixed to the window's foot) sits
    // at the foot of the shot, not over the page's middle as a full-page capture draws it.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
    if (part) await page.locator(part).screenshot({ path });
    else await page.screenshot({ path });
  }
  await page.setViewportSize({ width: 360, height: 780 });
}
