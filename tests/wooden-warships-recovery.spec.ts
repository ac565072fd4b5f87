import { expect, test, type Page } from '@playwright/test';
import { addShip, newBattle } from './screen';
import { appendRawEntry, dismissOfflineNotice, shipIdOf } from './table';

// Issue 15 #1: "no state, however reached, may hang a page: render an error with a way out." A log
// entry written outside the app (a damaged import, a hand-edited file, a late entry from another
// device) leaves a ship's log the app cannot read, or one that breaks a screen: the ship page and
// the Wooden Warships panel show what is wrong and offer back, undo and export.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 780 } });

/** The number the app formats as money; formatting it throws, as a broken screen would. */
const POISON = 4321;

/**
 * Money is written by `groupThousands` (format/numbers.ts: the digits grouped with `replace`), and
 * by `toLocaleString` for what that leaves to the browser: both throw on the poisoned number.
 */
async function poisonMoney(page: Page): Promise<void> {
  await page.addInitScript((poison: number) => {
    const refuse = (): never => {
      throw new Error('This number cannot be shown');
    };
    const numbers = Number.prototype;
    const format = Object.getOwnPropertyDescriptor(numbers, 'toLocaleString')?.value as (
      this: number,
      ...args: unknown[]
    ) => string;
    Object.defineProperty(numbers, 'toLocaleString', {
      configurable: true,
      writable: true,
      value(this: number, ...args: unknown[]): string {
        if (this.valueOf() === poison) refuse();
        return format.apply(this, args);
      }
    });
    const strings = String.prototype;
    const replace = Object.getOwnPropertyDescriptor(strings, 'replace')?.value as (
      this: string,
      ...args: unknown[]
    ) => string;
    Object.defineProperty(strings, 'replace', {
      configurable: true,
      writable: true,
      value(this: string, ...args: unknown[]): string {
        if (this.valueOf() === String(poison)) refuse();
        return replace.apply(this, args);
      }
    });
  }, POISON);
}

async function wayOutWorks(page: Page, battleName: string, undoLine: RegExp): Promise<void> {
  const out = page.getByTestId('ship-way-out');
  await expect(out.getByRole('link', { name: `Back to ${battleName}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await out.getByRole('button', { name: 'Export this battle' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);
  await out.getByRole('button', { name: undoLine }).click();
}

test('an unreadable ship log: the ship page says what is wrong, exports, and undo brings her back', async ({
  page
}) => {
  const battleId = await newBattle(page, 'Leaky', 'Wooden Warships');
  await addShip(page, 'Swift', 'British', 'Anna');
  const shipId = await shipIdOf(page, 'Swift');
  await appendRawEntry(page, battleId, {
    kind: 'note',
    summary: 'Hull sprung',
    ops: [
      {
        op: 'set',
        path: ['ships', shipId, 'sheet', 'hull'],
        value: 'sprung',
        prev: { original: 0, current: 0 }
      }
    ]
  });
  await page.goto(`/battles/${battleId}/ships/${shipId}`);
  await expect(page.getByRole('alert')).toContainText('does not match the Wooden Warships sheet');
  await wayOutWorks(page, 'Leaky', /^Undo Hull sprung/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Hull', exact: true })).toBeVisible();
});

test('a ship page whose rendering throws shows the error with a way out, not "Opening the ship log…"', async ({
  page
}) => {
  await poisonMoney(page);
  const battleId = await newBattle(page, 'Broken', 'Wooden Warships');
  await addShip(page, 'Swift', 'British', 'Anna');
  const shipId = await shipIdOf(page, 'Swift');
  await appendRawEntry(page, battleId, {
    kind: 'note',
    summary: 'Silver aboard',
    ops: [
      {
        op: 'set',
        path: ['ships', shipId, 'sheet', 'lootCard'],
        value: { id: 'silver', name: 'Silver', amount: POISON },
        prev: null
      }
    ]
  });
  await page.goto(`/battles/${battleId}/ships/${shipId}`);
  await expect(page.getByTestId('ship-page-error')).toContainText(
    "Swift's log could not be shown: This number cannot be shown"
  );
  await expect(page.getByText('Opening the ship log…')).toHaveCount(0);
  await wayOutWorks(page, 'Broken', /^Undo Silver aboard/);
  await expect(page.getByTestId('ship-page-error')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Hull', exact: true })).toBeVisible();
});

test('a Wooden Warships step that cannot be shown says so and offers undo; the fleet and log stay', async ({
  page
}) => {
  await poisonMoney(page);
  const battleId = await newBattle(page, 'Broken purse', 'Wooden Warships');
  const setup = page.getByTestId('ww-setup');
  await setup.getByLabel('New player').fill('Anna');
  await setup.getByRole('button', { name: 'Add player' }).click();
  await expect(setup.getByTestId('ww-funds-Anna')).toHaveText('£7,000');
  await appendRawEntry(page, battleId, {
    kind: 'note',
    summary: 'Purse miscounted',
    ops: [{ op: 'set', path: ['system', 'players', 'Anna', 'funds'], value: POISON, prev: 7000 }]
  });
  await page.goto(`/battles/${battleId}`);
  const error = page.getByTestId('ww-panel-error');
  await expect(error).toContainText('could not be shown: This number cannot be shown');
  await expect(page.getByTestId('status-bar')).toBeVisible();
  await expect(page.getByTestId('battle-log')).toContainText('Purse miscounted');
  await error.getByRole('button', { name: /^Undo Purse miscounted/ }).click();
  await expect(error).toHaveCount(0);
  await expect(setup.getByTestId('ww-funds-Anna')).toHaveText('£7,000');
});
