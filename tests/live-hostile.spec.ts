import { expect, test } from '@playwright/test';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as encoding from 'lib0/encoding';
import { createRequire } from 'node:module';
import * as Y from 'yjs';
import {
  closeTable,
  expectConverged,
  nextStep,
  openTable,
  screenOf,
  shareAndJoin,
  type Device,
  type Table
} from './live-hub';
import { freePort } from './serve-build.mjs';
import { addShip, newBattle } from './screen';

/**
 * A hostile device cannot break the table (issue 34 item 2), with the real hub (scripts/host.mjs)
 * and three browser profiles: the referee's tablet and the phones of Ann and Bob. Bob's phone is
 * the hostile one: the test sends the hub, on Bob's own socket, what a modified client would.
 */

// Node 20 has no global WebSocket; the provider takes the `ws` package in its place.
const WebSocketPolyfill = createRequire(import.meta.url)('ws') as unknown;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let table: Table | undefined;
let referee: Device;
let ann: Device;
let bob: Device;
let battleId = '';
let links: Record<string, string> = {};

/** The battle's document on the hub, as a player's link names it. */
const docOf = (link: string): string =>
  `battle:${new URLSearchParams(new URL(link).hash.slice(1)).get('k') ?? ''}`;

/** A Yjs update as a provider sends it to the hub (sync, update). */
function updateFrame(doc: string, update: Uint8Array): Buffer {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, doc);
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 2);
  encoding.writeVarUint8Array(e, update);
  return Buffer.from(encoding.toUint8Array(e));
}

test.beforeAll(async ({ browser }) => {
  // A short cooldown, so the dropped phone can rejoin within the test, and a lower rate, so the
  // flood is short: Playwright relays each frame of a routed socket, and a long flood held up the
  // other pages' frames until they timed out.
  table = await openTable(browser, await freePort(), 'qd-hostile-', 3, [
    '--drop-cooldown',
    '3',
    '--max-updates-per-second',
    '10'
  ]);
  [referee, ann, bob] = table.devices;
  battleId = await newBattle(referee.page, 'Hostile waters', 'Privateers');
  await addShip(referee.page, 'Swift', 'British', 'Ann');
  await addShip(referee.page, 'Bold', 'Spanish', 'Bob');
  ({ links } = await shareAndJoin(referee.page, table.hub, battleId, { Ann: ann, Bob: bob }));
  await expectConverged([referee, ann, bob], battleId);
});

test.afterAll(() => closeTable(table));

test('a device flooding updates is dropped, says why, and the other two keep playing', async () => {
  // Bob's phone pours out changes: 120 updates at once (the hub takes 10 a second, 50 at once).
  const flood = new Y.Doc();
  flood.getMap('flood').set('x', 'x'.repeat(200));
  const frame = updateFrame(docOf(links.Bob), Y.encodeStateAsUpdate(flood));
  for (let i = 0; i < 120; i++) expect(bob.toHub(frame)).toBe(true);

  const status = bob.page.getByTestId('live-status');
  await expect(status).toHaveAttribute('data-status', 'dropped', { timeout: 15_000 });
  await expect(bob.page.getByTestId('live-refusal')).toContainText(
    'The hub dropped this device: it sent changes far faster than anyone taps (over 10 a second).'
  );
  await expect(bob.page.getByTestId('live-refusal')).toContainText('tap Rejoin');
  const rejoin = status.getByRole('button', { name: 'Rejoin' });
  await expect(rejoin).toBeVisible();
  expect((await rejoin.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

  // The referee and Ann play on and see each other's moves; Bob's phone does not reconnect itself.
  await nextStep(referee.page);
  await addShip(ann.page, 'Swift II', 'British', 'Ann');
  await expectConverged([referee, ann], battleId);
  expect((await screenOf(referee.page)).ships.join(' ')).toContain('Swift II');
  for (const d of [referee, ann]) {
    await expect(d.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected');
  }
  await expect(status).toHaveAttribute('data-status', 'dropped');
  expect((await screenOf(bob.page)).ships.join(' ')).not.toContain('Swift II');

  // Rejoin: the hub lets Bob back once the cooldown has passed, and he catches up.
  await rejoin.click();
  await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await expectConverged([referee, ann, bob], battleId);
});

test('a device sending what is not a change of the battle is dropped; the others play on', async () => {
  const garbage = Buffer.from(
    (() => {
      const e = encoding.createEncoder();
      encoding.writeVarString(e, docOf(links.Ann));
      encoding.writeVarUint(e, 0);
      encoding.writeVarUint(e, 2);
      encoding.writeVarUint8Array(e, new Uint8Array([1, 2, 3, 4, 5]));
      return encoding.toUint8Array(e);
    })()
  );
  expect(ann.toHub(garbage)).toBe(true);
  await expect(ann.page.getByTestId('live-status')).toHaveAttribute('data-status', 'dropped', {
    timeout: 15_000
  });
  await expect(ann.page.getByTestId('live-refusal')).toContainText(
    'it sent something that is not a change of this battle'
  );
  await nextStep(referee.page);
  await addShip(bob.page, 'Bold II', 'Spanish', 'Bob');
  await expectConverged([referee, bob], battleId);
  await ann.page.getByRole('button', { name: 'Rejoin' }).click();
  await expect(ann.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000
  });
  await expectConverged([referee, ann, bob], battleId);
});

test('a forged event written straight into the shared battle is flagged everywhere and changes nothing', async () => {
  const before = await Promise.all([referee, ann, bob].map((d) => screenOf(d.page)));
  // Bob's token, a modified client: a sheet edit of Ann's Swift, written by no move.
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: table!.hub.url.replace('http', 'ws'),
    WebSocketPolyfill
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: docOf(links.Bob),
    document: doc,
    token: new URLSearchParams(new URL(links.Bob).hash.slice(1)).get('t') ?? ''
  });
  provider.attach();
  await expect.poll(() => provider.isSynced, { timeout: 15_000 }).toBe(true);
  const events = doc.getMap<Record<string, unknown>>('events');
  let swift = '';
  for (const e of events.values()) {
    for (const op of (e.ops ?? []) as {
      path: unknown[];
      value?: { sheet?: { name?: unknown } };
    }[]) {
      if (op.path.length === 2 && op.value?.sheet?.name === 'Swift') swift = String(op.path[1]);
    }
  }
  expect(swift).not.toBe('');
  const now = Date.now();
  events.set('forged-swift-strikes', {
    id: 'forged-swift-strikes',
    battleId,
    deviceId: 'forger',
    at: now,
    clock: `${now.toString(16).padStart(12, '0')}0000`,
    kind: 'sheet.edit',
    summary: 'Swift strikes her colours to Bob',
    ops: [
      { op: 'set', path: ['ships', swift, 'sheet', 'name'], value: 'Prize of Bob', prev: 'Swift' }
    ]
  });
  for (const d of [referee, ann, bob]) {
    await expect(d.page.getByTestId('battle-log')).toContainText(
      '“Swift strikes her colours to Bob” not applied: it was put into the shared battle without a move, so not by the app.',
      { timeout: 20_000 }
    );
  }
  expect(await Promise.all([referee, ann, bob].map((d) => screenOf(d.page)))).toEqual(before);
  provider.destroy();
  socket.destroy();
});
