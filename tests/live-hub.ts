import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The live table in a browser test (#19): the real hub (scripts/host.mjs) on its own port and data
 * folder, devices as separate browser profiles whose received websocket frames are kept, and a
 * reading of everything a profile keeps in IndexedDB, for tests that a secret never reached it.
 */

export interface Hub {
  url: string;
  child: ChildProcess;
}

export async function startHub(port: number, dataDir: string): Promise<Hub> {
  const url = `http://localhost:${port}`;
  const child = spawn(
    'node',
    ['scripts/host.mjs', '--port', String(port), '--data', dataDir, '--quiet'],
    { stdio: 'ignore', detached: true }
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

/** A device: its own profile; every websocket message it receives is kept (latin1 text). */
export interface Device {
  context: BrowserContext;
  page: Page;
  received: string[];
}

export async function device(browser: Browser, hub: Hub): Promise<Device> {
  const context = await browser.newContext({ baseURL: hub.url });
  const page = await context.newPage();
  await page.addLocatorHandler(page.getByText('Ready to work offline.'), async () => {
    await page
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  });
  const received: string[] = [];
  await page.routeWebSocket(/./, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      received.push(typeof m === 'string' ? m : Buffer.from(m).toString('latin1'));
      ws.send(m);
    });
  });
  return { context, page, received };
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

/** The link "Share live" shows for one seat (or Spectator), pointed at the hub. */
export async function linkFor(page: Page, who: string, hub: Hub): Promise<string> {
  const share = page.getByTestId('live-share');
  if (!(await share.isVisible().catch(() => false))) {
    await page.getByRole('button', { name: 'Share live' }).click();
  }
  await share.getByRole('button', { name: who, exact: true }).click();
  const href = await share.getByTestId('live-link').getAttribute('href');
  if (!href) throw new Error(`no link for ${who}`);
  return href.replace(/^http:\/\/[^/]+/, hub.url);
}

/** A device opens its link and is connected to the battle. */
export async function join(d: Device, link: string, battleId: string): Promise<void> {
  await d.page.goto(link);
  await expect(d.page).toHaveURL(new RegExp(`/battles/${battleId}$`), { timeout: 30_000 });
  await expect(d.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000
  });
}
