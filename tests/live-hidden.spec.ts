import { expect, test, type Page } from '@playwright/test';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { createRequire } from 'node:module';
import * as Y from 'yjs';
import {
  closeTable,
  device,
  join,
  openTable,
  shareAndJoin,
  storedText,
  type Device,
  type Table
} from './live-hub';
import { rosterShip, setStepper } from './table';

/**
 * Hidden information on the live table (#19 item 5), with the real hub and three browser profiles
 * (the referee's tablet, Ann's and Bob's phones) and a spectator: each player seals their ship's
 * orders on their own phone; the other phone's IndexedDB (every store, read here with the raw API)
 * and the websocket traffic it received never hold those orders or their salt; the hub refuses a
 * seat's private document to every other token; the referee's device reveals the orders, checked
 * against the seals, and every device converges on them. Class values are EXAMPLE user data.
 */

const HUB_PORT = Number(process.env.LIVE_HIDDEN_HUB_PORT ?? 4403);
const HUB = `http://localhost:${HUB_PORT}`;
const WS = HUB.replace('http', 'ws');
// Node 20 has no global WebSocket; the provider takes the `ws` package in its place.
const WebSocketPolyfill = createRequire(import.meta.url)('ws') as unknown;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let table: Table | undefined;

/** A battle with hidden orders, an EXAMPLE frigate class, Surprise (Ann's) and Hermione (Bob's). */
async function newHiddenBattle(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Night action, live');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByText('Rule readings and modules').click();
  await page
    .getByLabel(/^Orders kept secret in the app/)
    .selectOption({ label: 'Hidden until revealed' });
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Night action, live' })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Masts', 3);
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 20);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [ship, side, player] of [
    ['Surprise', 'British', 'Ann'],
    ['Hermione', 'Spanish', 'Bob']
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

async function shipIdOf(page: Page, name: string): Promise<string> {
  const href = (await rosterShip(page, name).first().getAttribute('href')) ?? '';
  return href.split('/').at(-1) ?? '';
}

const tokenOf = (link: string): string => new URL(link).hash.match(/t=([^&]+)/)?.[1] ?? '';

const ordersOf = (page: Page, ship: string) =>
  page.getByTestId('pv-orders').getByRole('article', { name: `Orders: ${ship}` });

/** The salts in this profile's local copy of its private documents (hex, 32 digits). */
async function ownSalts(page: Page): Promise<string[]> {
  const text = await storedText(page);
  return [...new Set(text.match(/(?<=salt.{1,3})[0-9a-f]{32}/g) ?? [])];
}

/** A document on the hub opened with a token: 'synced' with its content, or 'refused'. */
async function openOnHub(
  name: string,
  token: string,
  write?: (doc: Y.Doc) => void
): Promise<{ outcome: 'synced' | 'refused' | 'timeout'; doc: Y.Doc }> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url: WS, WebSocketPolyfill });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    document: doc,
    token
  });
  const outcome = await new Promise<'synced' | 'refused' | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 10_000);
    provider.on('synced', () => {
      clearTimeout(timer);
      resolve('synced');
    });
    provider.on('authenticationFailed', () => {
      clearTimeout(timer);
      resolve('refused');
    });
    provider.attach();
  });
  if (write) {
    write(doc);
    await new Promise((r) => setTimeout(r, 1500));
  }
  provider.destroy();
  socket.destroy();
  return { outcome, doc };
}

let referee: Device;
let ann: Device;
let bob: Device;
let battleId = '';
const links: Record<string, string> = {};
const shipIds: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  table = await openTable(browser, HUB_PORT, 'qd-hub-hidden-');
  [referee, ann, bob] = table.devices;
});

test.afterAll(() => closeTable(table));

const undoOf = (page: Page) =>
  page.getByRole('toolbar', { name: 'Undo and redo' }).getByRole('button', { name: 'Undo' });

test('undo rights: a player cannot undo another player’s action; the referee can', async () => {
  const page = referee.page;
  battleId = await newHiddenBattle(page);
  shipIds.Surprise = await shipIdOf(page, 'Surprise');
  shipIds.Hermione = await shipIdOf(page, 'Hermione');
  const shared = await shareAndJoin(page, table!.hub, battleId, { Ann: ann, Bob: bob }, [
    'Spectator',
    'Referee'
  ]);
  Object.assign(links, shared.links);

  // Ann turns Surprise; Bob's phone has written nothing, so it has nothing to undo.
  const heading = ordersOf(ann.page, 'Surprise');
  await setStepper(heading, 'Heading of Surprise (degrees)', 45);
  await heading.getByRole('button', { name: 'Set heading' }).click();
  const turned = 'Surprise heading 0° → 45°';
  for (const d of [referee, ann, bob])
    await expect(d.page.getByTestId('battle-log')).toContainText(turned, { timeout: 20_000 });
  await expect(undoOf(ann.page)).toBeEnabled();
  await expect(undoOf(bob.page)).toBeDisabled();
  // The referee undoes it for everyone.
  await undoOf(page).click();
  for (const d of [referee, ann, bob]) {
    await expect(d.page.getByTestId('battle-log')).toContainText(`Undid: ${turned}`, {
      timeout: 20_000
    });
    await expect(ordersOf(d.page, 'Surprise')).toContainText('heading 0°');
  }
  await expect(undoOf(bob.page)).toBeDisabled();
});

test('each player seals their orders; the other phone never holds them; the referee reveals', async ({
  browser
}) => {
  const page = referee.page;

  // Ann's phone seals Surprise's orders; Hermione is Bob's to seal.
  await expect(ordersOf(ann.page, 'Hermione').getByTestId('pv-orders-waiting')).toBeVisible();
  const surprise = ordersOf(ann.page, 'Surprise');
  await surprise.getByRole('button', { name: 'Enter orders for Surprise' }).click();
  await surprise.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
  await surprise.getByLabel('Maneuver').selectOption({ label: 'Larboard/Port' });
  await surprise.getByRole('button', { name: 'Seal orders' }).click();
  await expect(surprise.getByTestId('pv-orders-given')).toHaveText(
    'Orders given (sealed until revealed)'
  );
  const hermione = ordersOf(bob.page, 'Hermione');
  await hermione.getByRole('button', { name: 'Enter orders for Hermione' }).click();
  await hermione.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
  await hermione.getByRole('button', { name: 'Seal orders' }).click();
  await expect(hermione.getByTestId('pv-orders-given')).toHaveText(
    'Orders given (sealed until revealed)'
  );
  // Each seal reaches every device as "orders given" only.
  for (const d of [referee, ann, bob]) {
    const log = d.page.getByTestId('battle-log');
    await expect(log.locator('li[data-kind="pv.seal-orders"]')).toHaveCount(2, {
      timeout: 20_000
    });
    await expect(log).toContainText('Surprise: orders given (sealed until revealed)');
    await expect(log).not.toContainText('Larboard');
  }
  // The phones (players) do not reveal; the referee's tablet does.
  await expect(ann.page.getByRole('button', { name: 'Reveal orders' })).toHaveCount(0);

  // Each phone holds its own seat's orders and salt (so this reading would find them) ...
  const annSalts = await ownSalts(ann.page);
  const bobSalts = await ownSalts(bob.page);
  expect(annSalts).toHaveLength(1);
  expect(bobSalts).toHaveLength(1);
  const larboard = /maneuver.{1,3}larboard/;
  const annText = await storedText(ann.page);
  expect(annText).toMatch(larboard);
  expect(annText).toContain(`pv.orders/${shipIds.Surprise}`);
  // ... and nothing of the other seat's: not in IndexedDB, not in what its websocket received.
  const bobText = await storedText(bob.page);
  expect(bobText).not.toContain(annSalts[0]);
  expect(bobText).not.toMatch(larboard);
  expect(bobText).not.toContain(`pv.orders/${shipIds.Surprise}`);
  expect(annText).not.toContain(bobSalts[0]);
  expect(annText).not.toContain(`pv.orders/${shipIds.Hermione}`);
  const bobHeard = bob.received.join('\n');
  expect(bobHeard).not.toContain(annSalts[0]);
  expect(bobHeard).not.toMatch(larboard);
  expect(ann.received.join('\n')).not.toContain(bobSalts[0]);
  expect(ann.received.join('\n')).toContain(annSalts[0]); // its own document, from the hub

  // A spectator sees "orders given" only, and has no private document at all.
  const watcher = await device(browser, table!.hub);
  await join(watcher, links.Spectator, battleId);
  await expect(ordersOf(watcher.page, 'Surprise').getByTestId('pv-orders-given')).toHaveText(
    'Orders given (sealed until revealed)',
    { timeout: 20_000 }
  );
  await expect(watcher.page.getByRole('button', { name: 'Seal orders' })).toHaveCount(0);
  const watcherText = await storedText(watcher.page);
  for (const salt of [...annSalts, ...bobSalts]) {
    expect(watcherText).not.toContain(salt);
    expect(watcher.received.join('\n')).not.toContain(salt);
  }
  await watcher.context.close();

  // The referee's tablet reveals every seat's orders, checked against the seals.
  await expect(page.getByTestId('pv-orders-count')).toHaveText('2 of 2 ships have orders');
  await page.getByRole('button', { name: 'Reveal orders' }).click();
  const revealed = 'Orders revealed: Surprise Fighting Sail, Larboard/Port; Hermione Fighting Sail';
  for (const d of [referee, ann, bob]) {
    await expect(
      d.page.getByTestId('battle-log').locator('li[data-kind="pv.reveal-orders"]')
    ).toContainText(revealed, { timeout: 20_000 });
    await expect(ordersOf(d.page, 'Surprise').getByTestId('pv-orders-given')).toHaveText(
      'Orders: Fighting Sail, Larboard/Port'
    );
    await expect(rosterShip(d.page, 'Hermione')).toContainText('Fighting Sail');
  }
});

test('the hub opens a seat’s private document to that seat and the referee only', async () => {
  const battleDoc = `battle:${new URLSearchParams(new URL(links.Ann).hash.slice(1)).get('k') ?? ''}`;
  const annDoc = `${battleDoc}/seat/Ann`;
  const key = `pv.orders/${shipIds.Surprise}`;
  // The referee's token reads it (so a refusal below is the hub's rule, not an empty document).
  const asReferee = await openOnHub(annDoc, tokenOf(links.Referee));
  expect(asReferee.outcome).toBe('synced');
  expect(asReferee.doc.getMap('secrets').has(key)).toBe(true);
  // Ann's own token too.
  expect((await openOnHub(annDoc, tokenOf(links.Ann))).outcome).toBe('synced');
  // Bob, the spectator and a stranger are refused, and what they write never lands.
  const forge = (doc: Y.Doc) => doc.getMap('secrets').set('forged', 1);
  expect((await openOnHub(annDoc, tokenOf(links.Bob), forge)).outcome).toBe('refused');
  expect((await openOnHub(annDoc, tokenOf(links.Spectator), forge)).outcome).toBe('refused');
  expect((await openOnHub(annDoc, 'AAAAAAAAAAAAAAAAAAAAAA', forge)).outcome).toBe('refused');
  // The referee's own document is the referee's alone.
  const refereeDoc = `${battleDoc}/seat/%40referee`;
  expect((await openOnHub(refereeDoc, tokenOf(links.Referee))).outcome).toBe('synced');
  for (const who of ['Ann', 'Bob', 'Spectator'])
    expect((await openOnHub(refereeDoc, tokenOf(links[who]))).outcome).toBe('refused');
  const after = await openOnHub(annDoc, tokenOf(links.Referee));
  expect(after.doc.getMap('secrets').has('forged')).toBe(false);
  expect(after.doc.getMap('secrets').get(key)).toEqual(asReferee.doc.getMap('secrets').get(key));
});
