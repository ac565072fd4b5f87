import { chromium, expect, test } from '@playwright/test';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as Y from 'yjs';
import {
  closeTable,
  device,
  expectConverged,
  join,
  nextStep,
  openTable,
  screenOf,
  shareAndJoin,
  startHub,
  stopHub,
  storedEvents,
  type Device,
  type Table
} from './live-hub';
import { addShip, newBattle, turnRegion } from './screen';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';

/**
 * The live table (issue 19) with the real hub (`scripts/host.mjs`, started here against the built
 * app) and three browser profiles as the referee's tablet and two players' phones. The link is cut
 * with Playwright's websocket routing: offline = the profile offline and its sockets closed and
 * refused; a silent drop = the socket kept open but nothing passes.
 */

const HUB_PORT = Number(process.env.LIVE_HUB_PORT ?? 4402);
const HUB = `http://localhost:${HUB_PORT}`;
/** The hub's LAN address as it hands it out: a made-up name (not localhost, so plain http is not a
 *  secure context there, as on a phone) that the phone's browser below resolves to this machine.
 *  Every machine has it, so the LAN test runs in CI too. */
const LAN_HOST = 'quarterdeck-lan.test';
const LAN = `http://${LAN_HOST}:${HUB_PORT}`;
// Node 20 has no global WebSocket; the provider takes the `ws` package in its place.
const WebSocketPolyfill = createRequire(import.meta.url)('ws') as unknown;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let table: Table | undefined;

async function goOffline(d: Device): Promise<void> {
  d.link = 'down';
  await d.context.setOffline(true);
  d.close();
}

async function goOnline(d: Device): Promise<void> {
  d.link = 'up';
  await d.context.setOffline(false);
}

let referee: Device;
let ann: Device;
let bob: Device;
let battleId = '';
const links: Record<string, string> = {};

/** The links as printed, on the hub's LAN address (plain http: not a secure context). */
let lanLinks: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  table = await openTable(browser, HUB_PORT, 'qd-hub-', 3, ['--address', LAN]);
  [referee, ann, bob] = table.devices;
});

test.afterAll(() => closeTable(table));

test('three devices: the referee shares, two players join, concurrent actions converge', async () => {
  const page = referee.page;
  battleId = await newBattle(page, 'Live at Cape Passaro', 'Privateers');
  await addShip(page, 'Swift', 'British', 'Ann');
  await addShip(page, 'Bold', 'Spanish', 'Bob');
  const shared = await shareAndJoin(page, table!.hub, battleId, { Ann: ann, Bob: bob }, [
    'Spectator',
    'Referee'
  ]);
  Object.assign(links, shared.links);
  lanLinks = shared.shown;
  await expectConverged([referee, ann, bob], battleId);
  // Everyone is listed by who they are.
  await expect(page.getByTestId('live-peers')).toContainText('Ann (player)');
  await expect(page.getByTestId('live-peers')).toContainText('Bob (player)');

  // At once: the referee moves the turn on, each player adds a ship.
  await Promise.all([
    (async () => {
      for (let i = 0; i < 3; i++) await nextStep(page);
    })(),
    addShip(ann.page, 'Swift II', 'British', 'Ann'),
    addShip(bob.page, 'Bold II', 'Spanish', 'Bob')
  ]);
  await expectConverged([referee, ann, bob], battleId);
  const screen = await screenOf(ann.page);
  expect(screen.ships.join(' ')).toContain('Swift II');
  expect(screen.ships.join(' ')).toContain('Bold II');
});

test('a player offline for many events reconciles when the Wi-Fi comes back', async () => {
  await goOffline(bob);
  await expect(bob.page.getByTestId('live-status')).not.toHaveAttribute(
    'data-status',
    'connected',
    {
      timeout: 15_000
    }
  );
  const before = (await storedEvents(referee.page, battleId)).length;
  // Bob keeps playing offline; the referee and Ann carry on.
  for (let i = 0; i < 5; i++) await addShip(bob.page, `Bob's prize ${i + 1}`, 'Spanish', 'Bob');
  await expect(bob.page.getByTestId('live-unsent')).toContainText('changes not sent');
  for (let i = 0; i < 20; i++) await nextStep(referee.page);
  await addShip(ann.page, 'Swift III', 'British', 'Ann');
  await goOnline(bob);
  await expect(bob.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000
  });
  await expectConverged([referee, ann, bob], battleId, before + 5 + 20 + 1);
  await expect(bob.page.getByTestId('live-unsent')).toHaveCount(0);
  // What Bob wrote offline arrived late on the others: marked in their log.
  await expect(
    referee.page.locator('[data-testid="battle-log"] li[data-late]').first()
  ).toBeVisible();
});

test('a hub killed and restarted with empty storage is rebuilt from the devices', async ({
  browser
}) => {
  const count = (await storedEvents(referee.page, battleId)).length;
  await stopHub(table!.hub);
  rmSync(table!.dataDir, { recursive: true, force: true });
  await expect(ann.page.getByTestId('live-status')).not.toHaveAttribute(
    'data-status',
    'connected',
    {
      timeout: 15_000
    }
  );
  table!.hub = await startHub(HUB_PORT, table!.dataDir);
  // On the empty hub a player's or a spectator's link cannot register the battle and so become its
  // referee (issue 34: the battle's name is the hash of the referee's token, which no link holds).
  for (const who of ['Ann', 'Spectator']) {
    const p = new URLSearchParams(new URL(links[who]).hash.slice(1));
    const r = await fetch(`${HUB}/live/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ doc: `battle:${p.get('k')}`, referee: p.get('t'), grants: [] })
    });
    expect(r.status).toBe(403);
  }
  for (const d of [referee, ann, bob]) {
    await expect(d.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
      timeout: 30_000
    });
  }
  // A phone joining now gets the whole battle from the rebuilt hub.
  const late = await device(browser, table!.hub);
  await join(late, links.Ann, battleId);
  await expectConverged([referee, late], battleId, count);
  await late.context.close();
});

test('a wrong token is refused, and a spectator cannot write', async ({ browser }) => {
  const stranger = await device(browser, table!.hub);
  const wrong = links.Ann.replace(/t=([^&]+)/, 't=AAAAAAAAAAAAAAAAAAAAAA');
  await stranger.page.goto(wrong);
  await expect(stranger.page.getByRole('alert')).toContainText('refused this link', {
    timeout: 20_000
  });
  await stranger.context.close();

  // The spectator's screen watches; its moves are refused on the device.
  const watcher = await device(browser, table!.hub);
  await join(watcher, links.Spectator, battleId);
  await expectConverged([referee, watcher], battleId);
  await turnRegion(watcher.page)
    .getByRole('button', { name: /^Next (phase|turn)$/ })
    .click();
  await expect(watcher.page.getByRole('alert').first()).toContainText('watches the battle');
  await watcher.context.close();

  // And the hub drops what a spectator's link writes (a modified client, straight to the hub).
  const token = new URL(links.Spectator).hash.match(/t=([^&]+)/)?.[1] ?? '';
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: HUB.replace('http', 'ws'),
    WebSocketPolyfill
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: docOf(links.Spectator),
    document: doc,
    token
  });
  provider.attach();
  await expect.poll(() => provider.isSynced, { timeout: 15_000 }).toBe(true);
  doc.getMap('events').set('forged', { id: 'forged', battleId, kind: 'note', summary: 'forged' });
  await new Promise((r) => setTimeout(r, 2000));
  provider.destroy();
  socket.destroy();
  const events = await storedEvents(referee.page, battleId);
  expect(events.some((e) => e.id === 'forged')).toBe(false);
  // And the hub's own copy, read with the referee's token, does not hold it either.
  const check = new Y.Doc();
  const socket2 = new HocuspocusProviderWebsocket({
    url: HUB.replace('http', 'ws'),
    WebSocketPolyfill
  });
  const refereeToken = new URL(links.Referee).hash.match(/t=([^&]+)/)?.[1] ?? '';
  const p2 = new HocuspocusProvider({
    websocketProvider: socket2,
    name: docOf(links.Spectator),
    document: check,
    token: refereeToken
  });
  p2.attach();
  await expect.poll(() => p2.isSynced, { timeout: 15_000 }).toBe(true);
  expect(check.getMap('events').size).toBeGreaterThan(0);
  expect(check.getMap('events').has('forged')).toBe(false);
  p2.destroy();
  socket2.destroy();
});

test('a phone on the LAN address (plain http) joins and is told to keep the page open', async () => {
  const lan = lanLinks.Spectator ?? '';
  expect(lan.startsWith(`${LAN}/`)).toBe(true);
  // The phone's own browser, where the LAN name is this machine (as the table's Wi-Fi would have it).
  const phone = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]
  });
  const context = await phone.newContext();
  const page = await context.newPage();
  await page.goto(lan);
  await expect(page).toHaveURL(new RegExp(`/battles/${battleId}$`), { timeout: 30_000 });
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  const status = page.getByTestId('live-status');
  await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await expect(status).toContainText('Live over the table’s Wi-Fi — keep this page open');
  await expect(page.getByTestId('battle-log')).toBeVisible();
  await context.close();
  await phone.close();
});

test('a silent Wi-Fi drop is noticed within 10 s', async () => {
  await expect(ann.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected');
  const start = Date.now();
  ann.link = 'silent';
  await expect(ann.page.getByTestId('live-status')).not.toHaveAttribute(
    'data-status',
    'connected',
    {
      timeout: 12_000
    }
  );
  const noticed = Date.now() - start;
  console.log(`drop noticed after ${(noticed / 1000).toFixed(1)} s`);
  expect(noticed).toBeLessThan(10_000);
  ann.link = 'up';
  ann.close();
  await expect(ann.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000
  });
});

/** The battle's document on the hub, as a player's or spectator's link names it (issue 34). */
function docOf(link: string): string {
  return `battle:${new URLSearchParams(new URL(link).hash.slice(1)).get('k') ?? ''}`;
}
