import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { next, turnRegion } from './screen';

/**
 * The live table in a browser test (#19): the real hub (scripts/host.mjs) on its own port and data
 * folder, devices as separate browser profiles whose received websocket frames are kept, and a
 * reading of everything a profile keeps in IndexedDB, for tests that a secret never reached it.
 */

export interface Hub {
  url: string;
  child: ChildProcess;
}

/** `args`: more of host.mjs's flags (its limits: `--drop-cooldown 3`). */
export async function startHub(
  port: number,
  dataDir: string,
  args: readonly string[] = []
): Promise<Hub> {
  const url = `http://localhost:${port}`;
  const child = spawn(
    'node',
    ['scripts/host.mjs', '--port', String(port), '--data', dataDir, '--quiet', ...args],
    { stdio: process.env.LIVE_DEBUG ? 'inherit' : 'ignore', detached: true }
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/live/info`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the hub exited');
    if (Date.now() > deadline) throw new Error('the hub did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopHub(hub: Hub | null): Promise<void> {
  const child = hub?.child;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/**
 * A device: its own profile; every websocket message it receives is kept (latin1 text), and its
 * sockets pass through a switch the test controls. LIVE_DEBUG=1 prints the page's console;
 * LIVE_NOROUTE=1 leaves its sockets unrouted (no switch, nothing kept) to tell a routing fault apart.
 */
export interface Device {
  context: BrowserContext;
  page: Page;
  received: string[];
  /** 'up': sockets pass; 'down': closed and refused; 'silent': open, nothing passes. */
  link: 'up' | 'down' | 'silent';
  /** Closes the sockets open now (the app reconnects through the switch). */
  close: () => void;
  /**
   * Sends a frame to the hub on the device's latest socket, as if the page had sent it (a modified
   * client on that device); false when it has no open socket.
   */
  toHub: (frame: Buffer) => boolean;
}

let deviceCount = 0;

export async function device(browser: Browser, hub: Hub): Promise<Device> {
  const context = await browser.newContext({ baseURL: hub.url });
  const page = await context.newPage();
  if (process.env.LIVE_DEBUG) {
    const tag = ++deviceCount;
    page.on('console', (m) => console.log(`[page${tag} ${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  }
  await page.addLocatorHandler(page.getByText('Ready to work offline.'), async () => {
    await page
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  });
  const open: { close: () => Promise<void> }[] = [];
  let latest: { send: (m: Buffer) => void; isOpen: boolean } | null = null;
  const dev: Device = {
    context,
    page,
    received: [],
    link: 'up',
    close: () => {
      for (const ws of open.splice(0)) void ws.close().catch(() => undefined);
    },
    toHub: (frame) => {
      if (!latest?.isOpen) return false;
      latest.send(frame);
      return true;
    }
  };
  if (!process.env.LIVE_NOROUTE)
    await page.routeWebSocket(/./, (ws) => {
      if (dev.link === 'down') {
        void ws.close();
        return;
      }
      const server = ws.connectToServer();
      open.push(ws);
      const route = { send: (m: Buffer) => server.send(m), isOpen: true };
      latest = route;
      server.onClose((code, reason) => {
        route.isOpen = false;
        // Forwarded as Playwright does by default, code and reason kept (the hub's drop says why).
        void ws.close({ code, reason }).catch(() => undefined);
      });
      ws.onMessage((m) => {
        if (dev.link === 'up') server.send(m);
      });
      server.onMessage((m) => {
        if (dev.link !== 'up') return;
        dev.received.push(typeof m === 'string' ? m : Buffer.from(m).toString('latin1'));
        ws.send(m);
      });
    });
  return dev;
}

/** The hub on its own port and fresh data folder, and the referee's and players' devices. */
export interface Table {
  hub: Hub;
  dataDir: string;
  devices: Device[];
}

export async function openTable(
  browser: Browser,
  port: number,
  dirPrefix: string,
  count = 3,
  hubArgs: readonly string[] = []
): Promise<Table> {
  const dataDir = mkdtempSync(joinPath(tmpdir(), dirPrefix));
  const hub = await startHub(port, dataDir, hubArgs);
  const devices: Device[] = [];
  for (let i = 0; i < count; i++) devices.push(await device(browser, hub));
  return { hub, dataDir, devices };
}

export async function closeTable(table: Table | undefined): Promise<void> {
  if (!table) return;
  await Promise.all(table.devices.map((d) => d.context.close()));
  await stopHub(table.hub);
  rmSync(table.dataDir, { recursive: true, force: true });
}

/**
 * Everything in this profile's IndexedDB, every store of every database, as text: each value as
 * JSON, and every string in it that reads as base64 (the private documents' local copy is Yjs
 * state) decoded, as latin1, beside it.
 */
export function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    const decode = (v: unknown): void => {
      if (typeof v === 'string') {
        if (v.length >= 8 && /^[A-Za-z0-9+/]+=*$/.test(v)) {
          try {
            out.push(atob(v));
          } catch {
            // not base64 after all
          }
        }
      } else if (v && typeof v === 'object') for (const x of Object.values(v)) decode(x);
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name ?? '');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('open failed'));
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const r = db.transaction(name, 'readonly').objectStore(name).getAll();
          r.onsuccess = () => resolve(r.result as unknown[]);
          r.onerror = () => reject(r.error ?? new Error('read failed'));
        });
        for (const row of rows) {
          out.push(JSON.stringify(row));
          decode(row);
        }
      }
      db.close();
    }
    return out.join('\n');
  });
}

/** The link "Share live" shows for one seat (or Spectator, Referee), as printed: on the hub's LAN
 *  address where the machine has one. */
export async function shownLink(page: Page, who: string): Promise<string> {
  const share = page.getByTestId('live-share');
  if (!(await share.isVisible().catch(() => false))) {
    await page.getByRole('button', { name: 'Share live' }).click();
  }
  await share.getByRole('button', { name: who, exact: true }).click();
  const href = await share.getByTestId('live-link').getAttribute('href');
  if (!href) throw new Error(`no link for ${who}`);
  return href;
}

/** The seat's link pointed at the hub on localhost (the test's profiles reach it there). */
export async function linkFor(page: Page, who: string, hub: Hub): Promise<string> {
  return (await shownLink(page, who)).replace(/^http:\/\/[^/]+/, hub.url);
}

/** A device opens its link and is connected to the battle. */
export async function join(d: Device, link: string, battleId: string): Promise<void> {
  await d.page.goto(link);
  await expect(d.page).toHaveURL(new RegExp(`/battles/${battleId}$`), { timeout: 30_000 });
  await expect(d.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000
  });
}

/**
 * The referee shares the battle live; each player's device opens its seat's link and is
 * connected. The links by seat, for the players and for `others` (Spectator, Referee) too, on
 * localhost (`links`) and as printed (`shown`).
 */
export async function shareAndJoin(
  referee: Page,
  hub: Hub,
  battleId: string,
  players: Record<string, Device>,
  others: readonly string[] = []
): Promise<{ links: Record<string, string>; shown: Record<string, string> }> {
  await referee.getByRole('button', { name: 'Share live' }).click();
  await expect(referee.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000
  });
  const links: Record<string, string> = {};
  const shown: Record<string, string> = {};
  for (const who of [...Object.keys(players), ...others]) {
    shown[who] = await shownLink(referee, who);
    links[who] = shown[who].replace(/^http:\/\/[^/]+/, hub.url);
  }
  for (const [who, d] of Object.entries(players)) await join(d, links[who], battleId);
  return { links, shown };
}

/** The battle's events in this profile's IndexedDB (raw API, apart from the app's code). */
export function storedEvents(
  page: Page,
  battleId: string
): Promise<{ id: string; seq: number; deviceId: string }[]> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('quarterdeck');
        req.onerror = () => reject(req.error ?? new Error('open failed'));
        req.onsuccess = () => {
          const db = req.result;
          const r = db.transaction('events', 'readonly').objectStore('events').getAll();
          r.onsuccess = () => {
            db.close();
            resolve(
              (r.result as { id: string; seq: number; deviceId: string; battleId: string }[])
                .filter((e) => e.battleId === id)
                .map(({ id: eid, seq, deviceId }) => ({ id: eid, seq, deviceId }))
            );
          };
          r.onerror = () => reject(r.error ?? new Error('read failed'));
        };
      }),
    battleId
  );
}

export async function eventIds(page: Page, battleId: string): Promise<string[]> {
  return (await storedEvents(page, battleId)).map((e) => e.id).sort();
}

export async function screenOf(page: Page): Promise<{ turn: string; ships: string[] }> {
  const turn = (await turnRegion(page).locator('.turn-text').textContent()) ?? '';
  const ships = await page
    .getByRole('region', { name: /Ships/ })
    .getByRole('link')
    .allTextContents();
  return { turn: turn.trim(), ships: ships.map((s) => s.trim()).sort() };
}

export async function expectConverged(
  devices: Device[],
  battleId: string,
  count?: number
): Promise<void> {
  await expect(async () => {
    const ids = await Promise.all(devices.map((d) => eventIds(d.page, battleId)));
    if (process.env.LIVE_DEBUG)
      console.log(
        'converging',
        ids.map((i) => i.length),
        count
      );
    if (count !== undefined) expect(ids[0]).toHaveLength(count);
    for (const other of ids.slice(1)) expect(other).toEqual(ids[0]);
    const screens = await Promise.all(devices.map((d) => screenOf(d.page)));
    for (const other of screens.slice(1)) expect(other).toEqual(screens[0]);
  }).toPass({ timeout: 20_000 });
}

/**
 * Next phase / Next turn on one device, waiting until the step moved on: tapped again while the
 * last advance was still being saved, Next is one advance (SaveGuard), and a loaded machine
 * dropped one of twenty quick taps that way (33 of 34 events in the offline reconcile).
 */
export async function nextStep(page: Page): Promise<void> {
  await next(page);
}
