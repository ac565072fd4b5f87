import { expect, test, type Page } from '@playwright/test';
import {
  closeTable,
  device,
  openTable,
  shareAndJoin,
  shownLink,
  startHub,
  stopHub,
  storedText,
  type Device,
  type Table
} from './live-hub';
import { freePort } from './serve-build.mjs';
import { rosterShip, setStepper } from './table';

/**
 * The display link (issue 37), with the real hub on a free port: the referee's "Share live" shows a
 * "Table display" link and QR code; a TV's browser (its own profile) opens it and lands on the
 * table display, joined read-only like a spectator. It follows the table; it opens no private
 * document, and neither its IndexedDB (every store) nor the websocket frames it received hold the
 * sealed orders or their salts; when the hub goes down it keeps the last state, says
 * "Reconnecting…", and catches up once the hub is back. Class values are EXAMPLE user data.
 */

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

let table: Table | undefined;
let port = 0;

test.beforeAll(async ({ browser }) => {
  port = Number(process.env.LIVE_DISPLAY_HUB_PORT ?? (await freePort()));
  table = await openTable(browser, port, 'qd-hub-display-', 2);
});

test.afterAll(() => closeTable(table));

const ordersOf = (page: Page, ship: string) =>
  page.getByTestId('pv-orders').getByRole('article', { name: `Orders: ${ship}` });

/** Hidden orders; Surprise is Ann's, Hermione has no player (the referee's device seals hers). */
async function newHiddenBattle(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Night action on the TV');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByText('Rule readings and modules').click();
  await page
    .getByLabel(/^Orders kept secret in the app/)
    .selectOption({ label: 'Hidden until revealed' });
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Night action on the TV' })
  ).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 20);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [ship, side, player] of [
    ['Surprise', 'British', 'Ann'],
    ['Hermione', 'Spanish', '']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(ship);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByLabel('Player of the ship').fill(player);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, ship)).toBeVisible();
  }
  return id;
}

async function seal(page: Page, ship: string, maneuver?: string): Promise<void> {
  const orders = ordersOf(page, ship);
  await orders.getByRole('button', { name: `Enter orders for ${ship}` }).click();
  await orders.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
  if (maneuver) await orders.getByLabel('Maneuver').selectOption({ label: maneuver });
  await orders.getByRole('button', { name: 'Seal orders' }).click();
  await expect(orders.getByTestId('pv-orders-given')).toHaveText(
    'Orders given (sealed until revealed)'
  );
}

test('a display link follows the table through the hub, holds no secret, and recovers after the hub restarts', async ({
  browser
}) => {
  const [referee, ann] = table!.devices;
  const battleId = await newHiddenBattle(referee.page);
  await shareAndJoin(referee.page, table!.hub, battleId, { Ann: ann });

  // The display link, with its own QR code, from Share live.
  const printed = await shownLink(referee.page, 'Table display');
  await expect(
    referee.page.getByTestId('live-share').getByRole('img', { name: /QR code of Table display/ })
  ).toBeVisible();
  expect(new URL(printed).hash).toContain('r=spectator');
  const tv: Device = await device(browser, table!.hub);
  await tv.page.setViewportSize({ width: 1280, height: 800 });
  await tv.page.goto(printed.replace(/^http:\/\/[^/]+/, table!.hub.url));
  await expect(tv.page).toHaveURL(new RegExp(`/battles/${battleId}/display$`), { timeout: 30_000 });
  const shown = tv.page.getByTestId('table-display');
  const link = shown.getByTestId('display-link');
  await expect(link).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await expect(shown.getByTestId('display-ship')).toHaveCount(2);

  // It follows what Ann's phone and the referee's tablet do.
  const heading = ordersOf(ann.page, 'Surprise');
  await setStepper(heading, 'Heading of Surprise (degrees)', 45);
  await heading.getByRole('button', { name: 'Set heading' }).click();
  const log = shown.getByTestId('display-log');
  await expect(log).toContainText('Surprise heading 0° → 45°', { timeout: 20_000 });
  await seal(ann.page, 'Surprise', 'Larboard/Port');
  await seal(referee.page, 'Hermione', 'Starboard');
  await expect(log).toContainText('Surprise: orders given (sealed until revealed)', {
    timeout: 20_000
  });
  await expect(log).toContainText('Hermione: orders given (sealed until revealed)', {
    timeout: 20_000
  });

  // No secret reached it: the orders and salts are on Ann's phone and the referee's tablet only.
  const salts = (text: string) => [...new Set(text.match(/(?<=salt.{1,3})[0-9a-f]{32}/g) ?? [])];
  const refereeSalts = salts(await storedText(referee.page));
  expect(refereeSalts.length).toBeGreaterThanOrEqual(2);
  // The referee's socket hears the seats' documents, Ann's seal among them: this reading finds them.
  const refereeHeard = referee.received.join('\n');
  expect(refereeHeard).toContain('/seat/');
  expect(refereeSalts.some((salt) => refereeHeard.includes(salt))).toBe(true);
  const tvStored = await storedText(tv.page);
  const tvHeard = tv.received.join('\n');
  for (const text of [tvStored, tvHeard]) {
    for (const salt of refereeSalts) expect(text).not.toContain(salt);
    expect(text.toLowerCase()).not.toMatch(/maneuver.{1,3}(larboard|starboard)/);
    expect(text).not.toContain('pv.orders/');
  }
  expect(tvStored).toContain('orders given (sealed until revealed)');
  // It opened no private document: every frame it received is of the battle's own document.
  expect(tvHeard).not.toContain('/seat/');

  // The hub goes down: the display keeps the last state and says so, then catches up.
  await stopHub(table!.hub);
  await expect(link).toHaveText('Reconnecting…', { timeout: 20_000 });
  await expect(shown.getByTestId('display-ship')).toHaveCount(2);
  await expect(log).toContainText('Hermione: orders given (sealed until revealed)');
  table!.hub = await startHub(port, table!.dataDir);
  await expect(link).toHaveAttribute('data-status', 'connected', { timeout: 40_000 });
  await expect(referee.page.getByTestId('live-status')).toHaveAttribute(
    'data-status',
    'connected',
    { timeout: 40_000 }
  );
  await expect(referee.page.getByTestId('pv-orders-count')).toHaveText('2 of 2 ships have orders');
  await referee.page.getByRole('button', { name: 'Reveal orders' }).click();
  await expect(log).toContainText('Orders revealed: Surprise Fighting Sail, Larboard/Port', {
    timeout: 20_000
  });
  await tv.context.close();
});
