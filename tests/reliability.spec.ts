import { expect, test, type Page } from '@playwright/test';
import { cp, mkdtemp, appendFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPlainServer } from './plain-server';
import { OTHER_STATIC_ROUTES, TOP_LEVEL_ROUTES } from './routes';
import { dismissOfflineNotice } from './table';

// Issue 17, the faults a hostile tester found in the browser; each test failed before its fix.

dismissOfflineNotice();

const BUILD = resolve('build');

/** Resolves when the service worker is installed and active; rejects after `ms` (it never installed). */
async function serviceWorkerReady(page: Page, ms = 20_000): Promise<void> {
  await page.evaluate(
    (ms) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => undefined),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the service worker never installed')), ms)
        )
      ]),
    ms
  );
}

async function underControl(page: Page): Promise<void> {
  await serviceWorkerReady(page);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

async function createBattle(page: Page, name: string): Promise<string> {
  await page.goto('/battles/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New battle' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

test('#3 on a static host that maps no clean URLs the app installs and works offline', async ({
  browser
}) => {
  test.setTimeout(180_000);
  const server = await startPlainServer(BUILD);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Battles' })).toBeVisible();
    await underControl(page);
    // Every precached URL was a file the host has (a 404 would have failed the install).
    expect(server.requests.filter((r) => r === '/settings' || r === '/library')).toEqual([]);

    await server.stop();
    await context.setOffline(true);
    for (const route of [...TOP_LEVEL_ROUTES, ...OTHER_STATIC_ROUTES]) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    }
    // A battle URL (never prerendered) reloads into the app shell, not a 404.
    await page.goto('/battles/some-battle');
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByText('Not found', { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop().catch(() => undefined);
  }
});

test('#2 taking an update in one tab reloads that tab only', async ({ browser }) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'quarterdeck-update-'));
  await cp(BUILD, dir, { recursive: true });
  const server = await startPlainServer(dir);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const [one, two] = [await context.newPage(), await context.newPage()];
    for (const page of [one, two]) {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Battles' })).toBeVisible();
    }
    await underControl(one);
    await two.reload();
    await expect
      .poll(() => two.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    // A new release on the host: a service worker that differs by one byte.
    await appendFile(join(dir, 'sw.js'), '\n// the next release\n');
    // What the second tab's user was doing: unsaved state on the page.
    for (const page of [one, two])
      await page.evaluate(() => ((window as unknown as { unsaved: number }).unsaved = 1));
    for (const page of [one, two])
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    for (const page of [one, two])
      await expect(page.getByText('New version ready.')).toBeVisible({ timeout: 20_000 });

    await one.getByRole('button', { name: 'Reload', exact: true }).click();
    // Polled across the reload: while the page navigates, evaluate throws, which is not an answer.
    await expect
      .poll(() =>
        one
          .evaluate(() => (window as unknown as { unsaved?: number }).unsaved)
          .catch(() => 'navigating')
      )
      .toBeUndefined();
    await expect(two.getByText('A new version was taken in another tab.')).toBeVisible();
    await two.waitForTimeout(1500);
    expect(await two.evaluate(() => (window as unknown as { unsaved?: number }).unsaved)).toBe(1);
  } finally {
    await context.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

/** Writes raw records into the app's database, as a damaged disk or a hostile extension would. */
async function putRaw(page: Page, records: unknown[]): Promise<void> {
  await page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.open('quarterdeck');
        r.onsuccess = () => {
          const tx = r.result.transaction('battles', 'readwrite');
          for (const rec of records) tx.objectStore('battles').put(rec);
          tx.oncomplete = () => {
            r.result.close();
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
    records
  );
}

test('#1 #4 a damaged record or an odd date never hides the other battles', async ({ page }) => {
  const goodId = await createBattle(page, 'Good battle');
  await page.goto('/favicon.svg');
  const now = Date.now();
  const base = {
    systemId: 'privateers',
    variant: 'standard',
    options: {},
    createdAt: now,
    updatedAt: now,
    isArchived: false,
    lastSeq: 0,
    notes: ''
  };
  await putRaw(page, [
    { ...base, id: 'nameless', name: '' },
    { ...base, id: 'far-future', name: 'Far future', updatedAt: 9e15 }
  ]);
  await page.goto('/');
  const good = page.getByRole('link', { name: /Good battle/ });
  await expect(good).toBeVisible();
  const damaged = page.getByTestId('damaged-battle');
  await expect(damaged).toHaveCount(2);
  await expect(damaged.filter({ hasText: 'Far future' })).toContainText('updatedAt');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Far future as it is' }).click();
  const raw = JSON.parse(await (await download).createReadStream().then(readAll)) as {
    battle: { updatedAt: number };
  };
  expect(raw.battle.updatedAt).toBe(9e15);

  // "Export everything" exports the good battle and says what it left out.
  await page.goto('/settings');
  const backup = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export everything' }).click();
  await expect(page.getByTestId('backup-message')).toContainText('Left out as damaged');
  const file = JSON.parse(await (await backup).createReadStream().then(readAll)) as {
    appVersion: string;
    payload: { battles: { id: string }[] };
  };
  expect(file.payload.battles.map((b) => b.id)).toEqual([goodId]);
  // #8: the release is in the file, not "0.0.0".
  expect(file.appVersion).toBe(process.env.npm_package_version ?? '0.1.0');

  await page.goto('/');
  await page.getByRole('button', { name: 'Delete Far future' }).click();
  await page.getByRole('button', { name: 'Delete battle' }).click();
  await expect(damaged).toHaveCount(1);
  await good.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Good battle' })).toBeVisible();
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

test('#5 a database the browser cleared is noticed; Settings says when the last backup was', async ({
  page
}) => {
  await createBattle(page, 'Kept battle');
  await page.goto('/settings');
  await expect(page.getByTestId('last-backup')).toContainText('No backup has been exported');
  await expect(page.getByTestId('backup-reminder')).toContainText('Kept battle');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export everything' }).click();
  await download;
  await expect(page.getByTestId('last-backup')).toContainText('Last backup exported');
  await expect(page.getByTestId('backup-reminder')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Kept battle/ })).toBeVisible();

  // What eviction does: the database is gone (localStorage, where the marker is, stays).
  await page.goto('/favicon.svg');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.deleteDatabase('quarterdeck');
        r.onsuccess = () => resolve();
        r.onerror = () => reject(new Error('delete failed'));
      })
  );
  await page.goto('/');
  await expect(page.getByTestId('battles-removed')).toContainText('The browser removed the battle');
  await expect(page.getByRole('button', { name: 'Import the last backup…' })).toBeVisible();
  await expect(page.getByText('No battles yet.')).toHaveCount(0);
  // Still said after a reload, until dismissed.
  await page.reload();
  await expect(page.getByTestId('battles-removed')).toBeVisible();

  // Deleting one's own last battle is not eviction.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await createBattle(page, 'Short-lived');
  await page.goto('/');
  await page.getByRole('button', { name: 'Delete Short-lived' }).click();
  await page.getByRole('button', { name: 'Delete battle' }).click();
  await expect(page.getByText('No battles yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No battles yet.')).toBeVisible();
  await expect(page.getByTestId('battles-removed')).toHaveCount(0);
});

test('#6 a database blocked by another tab is explained within two seconds', async ({
  context,
  page
}) => {
  // The other tab: an older Quarterdeck holding version 1 open and never letting go.
  const other = await context.newPage();
  await other.goto('/favicon.svg');
  await other.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const r = indexedDB.open('quarterdeck', 1);
        r.onsuccess = () => {
          const db = r.result;
          db.onversionchange = () => undefined;
          (window as unknown as { held: IDBDatabase }).held = db;
          resolve();
        };
      })
  );
  await page.goto('/');
  const start = Date.now();
  // The browser's "blocked" event names the older tab; on a loaded machine the page's own timer
  // (1.5 s) may speak first, and says the same: another tab may be holding the data.
  await expect(page.getByTestId('storage-banner')).toContainText(/another Quarterdeck tab/i, {
    timeout: 2_000
  });
  expect(Date.now() - start).toBeLessThan(2_000);
  // Once the other tab lets go, this one opens by itself.
  await other.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
  await expect(page.getByText('No battles yet.')).toBeVisible();
  await expect(page.getByTestId('storage-banner')).toHaveCount(0);
});

test('#7 a 200-character unbroken name keeps pages within the window', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  try {
    const name = 'W'.repeat(200);
    await createBattle(page, name);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(1100);
    await page.goto('/');
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(1100);
  } finally {
    await context.close();
  }
});
