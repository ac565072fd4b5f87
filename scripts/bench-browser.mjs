// Browser benchmark of the battle screens: the production build (build/) served by scripts/serve.mjs
// on its own port, in the system Chromium with the same flags and phone emulation as the Playwright
// tests. It measures and prints; it asserts nothing. Run after `npm run build`.
//
//  (a) open a battle of 10,000 log entries: from navigation start to the roster and the log drawn
//      (median of 5 loads, served by the service worker as on a phone in play);
//  (b) one user action committed: "Next phase/turn" clicked 100 times, from the click to the log showing
//      the new entry (p50/p95), in a new battle and in the 10,000-entry one.
//
// Seeding: the battle, its ships, one sheet edit and one turn are made through the UI; the other
// entries are copies of those real events (same record shapes, new ids, seq and values) written with
// the raw IndexedDB API, so the app reads them exactly as its own.
import { spawn } from 'node:child_process';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4317);
const BASE = `http://localhost:${PORT}`;
const EVENTS = 10_000;
const LOADS = 5;
const ACTIONS = 100;
const executablePath = chromiumPath();

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

async function startServer() {
  const child = spawn('node', ['scripts/serve.mjs', '--port', String(PORT)], {
    stdio: 'ignore',
    detached: true
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(BASE)).ok) return child;
    } catch {
      if (i > 150) throw new Error(`serve.mjs did not start on ${PORT}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** New battle → Create; adds two ships, edits a hull, advances a turn. Returns ids and the URL. */
async function makeBattle(page, name) {
  await page.goto('/battles/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create battle' }).click();
  await page.waitForURL((u) => /^\/battles\/(?!new$)[^/]+$/.test(u.pathname));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const url = new URL(page.url()).pathname;
  const battleId = url.split('/').at(-1);
  for (const [ship, side] of [
    ['Surprise', 'British'],
    ['Acheron', 'French']
  ]) {
    await page.getByLabel('Ship name').fill(ship);
    await page.getByLabel('Side', { exact: true }).fill(side);
    await page.getByRole('button', { name: 'Add ship' }).click();
    await page.getByRole('link', { name: new RegExp(ship) }).waitFor();
  }
  return { battleId, url };
}

/** Copies the battle's real sheet.edit and turn.advance events until it has `total` events. */
async function seed(page, battleId, total) {
  return page.evaluate(
    async ({ battleId, total }) => {
      const request = (r) =>
        new Promise((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const done = (tx) =>
        new Promise((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
      const db = await request(indexedDB.open('quarterdeck'));
      let tx = db.transaction(['events', 'battles'], 'readonly');
      const all = await request(tx.objectStore('events').getAll());
      const battle = await request(tx.objectStore('battles').get(battleId));
      const events = all.filter((e) => e.battleId === battleId).sort((a, b) => a.seq - b.seq);
      const edit = events.find((e) => e.kind === 'sheet.edit');
      const turn = events.find((e) => e.kind === 'turn.advance');
      if (!edit || !turn) throw new Error('seed needs one sheet edit and one turn');
      if (edit.ops.length !== 1) throw new Error('seed expects a one-field sheet edit');
      let seq = events.length;
      let turnNo = 2;
      let damage = edit.ops[0].value;
      let at = events.at(-1).at;
      const shipName = edit.summary.split(':')[0];
      const uuid = () => crypto.randomUUID();
      const setOps = (ops, from, to) => ops.map((op) => ({ ...op, prev: from, value: to }));
      while (seq < total) {
        tx = db.transaction(['events', 'battles'], 'readwrite');
        const store = tx.objectStore('events');
        for (let i = 0; i < 1000 && seq < total; i++) {
          seq++;
          at += 1000;
          if (seq % 2 === 0) {
            // Only the turn number: the phase is already 0 after the real new turn, and sheet
            // bookkeeping a system does at a new turn would not change anything again here.
            const ops = turn.ops
              .filter((op) => op.path[0] === 'turn')
              .map((op) => ({ ...op, prev: turnNo, value: turnNo + 1 }));
            turnNo++;
            store.add({ ...turn, id: uuid(), seq, at, ops, summary: `Turn ${turnNo} begins` });
          } else {
            const next = damage === 0 ? 1 : damage - 1;
            store.add({
              ...edit,
              id: uuid(),
              seq,
              at,
              ops: setOps(edit.ops, damage, next),
              summary: `${shipName}: hull damage ${damage} → ${next}`
            });
            damage = next;
          }
        }
        tx.objectStore('battles').put({ ...battle, lastSeq: seq, updatedAt: at });
        await done(tx);
      }
      db.close();
      return seq;
    },
    { battleId, total }
  );
}

/**
 * Navigation start → roster and log drawn, on the page's own clock: an init script watches the DOM
 * from the first moment of each load. Used on a page of its own so the observer costs nothing to
 * the action timings.
 */
async function openTimer(context, expectCount) {
  const page = await context.newPage();
  await page.addInitScript((expectCount) => {
    const isDrawn = () =>
      document.querySelector('a.ship') !== null &&
      document.querySelector('[data-testid="battle-log"] li') !== null &&
      (document.getElementById('log-title')?.textContent ?? '').includes(`(${expectCount})`);
    const observer = new MutationObserver(() => {
      if (!isDrawn()) return;
      observer.disconnect();
      window.__drawnAt = performance.now();
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, expectCount);
  return async (url) => {
    await page.goto(url);
    await page.waitForFunction(() => typeof window.__drawnAt === 'number', null, {
      timeout: 120_000,
      polling: 50
    });
    return page.evaluate(() => window.__drawnAt);
  };
}

/**
 * Clicks "Next phase" / "Next turn" `n` times; each time from the click to the log's newest line
 * being the new entry.
 */
async function timeActions(page, n) {
  return page.evaluate(async (n) => {
    const button = () => document.querySelector('section[aria-label="Turn"] button');
    const newest = () =>
      document.querySelector('[data-testid="battle-log"] li .seq')?.textContent ?? '';
    const until = (isDone) =>
      new Promise((resolve) => {
        if (isDone()) return resolve();
        const observer = new MutationObserver(() => {
          if (!isDone()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true
        });
      });
    const times = [];
    for (let i = 0; i < n; i++) {
      await until(() => !button().disabled);
      const seq = Number(newest().replace('#', '')) + 1;
      const t0 = performance.now();
      button().click();
      await until(() => newest() === `#${seq}`);
      times.push(performance.now() - t0);
    }
    const error = document.querySelector('main p.error[role="alert"]')?.textContent;
    if (error) throw new Error(error);
    return times;
  }, n);
}

const server = await startServer();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: BASE,
    serviceWorkers: 'allow'
  });
  const page = await context.newPage();
  // The one-time "Ready to work offline" banner would cover the undo bar.
  await page.addLocatorHandler(page.getByText('Ready to work offline.'), async () => {
    await page.getByRole('button', { name: 'OK' }).click();
  });
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // A small battle: the same action with a short log.
  await makeBattle(page, 'Bench small');
  const smallTimes = await timeActions(page, ACTIONS);

  // The 10,000-entry battle.
  const big = await makeBattle(page, 'Bench 10k');
  await page.getByRole('link', { name: /Surprise/ }).click();
  await page.getByRole('button', { name: /^Increase Hull damage/ }).click();
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByText(/hull damage 0 → 1/)
    .waitFor();
  await page.goto(big.url);
  // Through the system's phases (if it has any) to the first new turn.
  const turnNo = page.locator('section[aria-label="Turn"] .turn-no');
  while ((await turnNo.textContent()) !== 'Turn 2') {
    const before = await page.locator('#log-title').textContent();
    await page.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
    await page.waitForFunction(
      (before) => document.getElementById('log-title')?.textContent !== before,
      before
    );
  }
  const seedStart = performance.now();
  const count = await seed(page, big.battleId, EVENTS);
  const seedMs = performance.now() - seedStart;

  const timeOpen = await openTimer(context, count);
  await timeOpen(big.url); // warm-up (caches, compiled code)
  const opens = [];
  for (let i = 0; i < LOADS; i++) opens.push(await timeOpen(big.url));
  await page.bringToFront();
  await page.reload();
  await page.getByText(`(${count})`).waitFor();
  const bigTimes = await timeActions(page, ACTIONS);

  const fmt = (ms) => `${ms.toFixed(1).padStart(8)} ms`;
  const rows = [
    [
      `open battle, ${count} entries → roster + log drawn (median of ${LOADS})`,
      quantile(opens, 0.5)
    ],
    [
      `  fastest / slowest of ${LOADS}`,
      null,
      `${Math.min(...opens).toFixed(1)} / ${Math.max(...opens).toFixed(1)} ms`
    ],
    [`Next phase/turn → log shows it, new battle (p50, n=${ACTIONS})`, quantile(smallTimes, 0.5)],
    [`Next phase/turn → log shows it, new battle (p95)`, quantile(smallTimes, 0.95)],
    [
      `Next phase/turn → log shows it, ${count}-entry battle (p50, n=${ACTIONS})`,
      quantile(bigTimes, 0.5)
    ],
    [`Next phase/turn → log shows it, ${count}-entry battle (p95)`, quantile(bigTimes, 0.95)],
    [`(setup: ${count} entries seeded through raw IndexedDB)`, seedMs]
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`Quarterdeck browser bench (Chromium ${browser.version()}, Pixel 7 emulation)`);
  for (const [label, ms, text] of rows) {
    console.log(`${label.padEnd(width)}  ${text ?? fmt(ms)}`);
  }
} finally {
  await browser.close();
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
