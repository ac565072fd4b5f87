// Runs Lighthouse 12.2.3 (mobile and desktop) against the production build served by scripts/serve.mjs
// and writes the JSON reports to reports/. It measures; it asserts nothing. Run after `npm run build`.
// Options: --runs N (default 1) repeats each form factor and reports the median run (scores vary
// with the machine's load); --only mobile|desktop; --path /x (repeatable) audits those pages instead
// of the start page; --battle <system id> (repeatable) audits a deep-linked battle of that system with
// 1,000 events, seeded first into a browser profile that every run of it reuses (storage is kept
// between runs: Lighthouse's storage reset would delete the battle). LIGHTHOUSE_TRACE=1 also writes
// the median run's trace (reports/lighthouse-….trace.json).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { makeBattle, seed } from './bench-battles.mjs';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs') ?? 1));
const FORM_FACTORS = arg('--only') ? [arg('--only')] : ['mobile', 'desktop'];
// LIGHTHOUSE_PORT, else E2E_PORT (the checkout's own browser port), else 4191 (not 4190: browsers
// and fetch refuse that port, sieve).
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? process.env.E2E_PORT ?? 4191);
// --path /calculators/privateers (repeatable) audits those pages instead of the start page (#18 goal 4:
// the start page, each calculators page and a deep-linked battle; a battle needs a seeded profile).
const PATHS = process.argv.flatMap((a, i) => (a === '--path' ? [process.argv[i + 1]] : []));
const BATTLES = process.argv.flatMap((a, i) => (a === '--battle' ? [process.argv[i + 1]] : []));
const SYSTEM_NAMES = {
  privateers: 'Privateers',
  'wooden-warships': 'Wooden Warships',
  'master-and-commander': 'Master and Commander'
};
const BATTLE_EVENTS = 1_000;
const BASE = `http://localhost:${PORT}`;
const URLS = (PATHS.length || BATTLES.length ? PATHS : ['/']).map((p) => `${BASE}${p}`);
const URL_TO_TEST = BASE;
/** The profile the seeded battles live in (only with --battle). */
let profileDir = null;
const chromePath = chromiumPath();

const server = spawn('node', ['scripts/serve.mjs', '--port', String(PORT)], {
  stdio: 'ignore',
  detached: true
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(URL_TO_TEST)).ok) break;
    } catch {
      if (i > 150) throw new Error('preview server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await mkdir('reports', { recursive: true });
  const targets = URLS.map((url) => ({ url, keepStorage: false, slug: null }));
  if (BATTLES.length) {
    profileDir = await mkdtemp(join(tmpdir(), 'quarterdeck-lighthouse-'));
    const urls = await seedBattles(profileDir);
    urls.forEach((url, i) =>
      targets.push({ url, keepStorage: true, slug: `battle-${BATTLES[i]}` })
    );
  }
  for (const { url, keepStorage, slug: named } of targets)
    for (const formFactor of FORM_FACTORS) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(formFactor, url, keepStorage));
      // The median run by performance score is the one reported and written.
      runs.sort(
        (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0)
      );
      const median = runs[Math.floor((runs.length - 1) / 2)];
      const slug =
        named ?? new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      const file = `reports/lighthouse-${formFactor}${slug ? `-${slug}` : ''}.json`;
      await writeFile(file, median.report);
      // LIGHTHOUSE_TRACE=1: the median run's trace beside it (its tasks are what TBT is made of:
      // the long-tasks audit names only a script, often 'Unattributable'; trace-tasks.mjs reads it).
      if (process.env.LIGHTHOUSE_TRACE && median.trace)
        await writeFile(file.replace(/\.json$/, '.trace.json'), JSON.stringify(median.trace));
      const scores = Object.values(median.categories)
        .map((c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`)
        .join(' · ');
      const all = runs
        .map((r) => Math.round((r.categories.performance.score ?? 0) * 100))
        .join(', ');
      console.log(
        `${url.replace(/^http:\/\/localhost:\d+/, '')} ${formFactor.padEnd(8)} ${scores}  → ${file}${RUNS > 1 ? `  (performance of ${RUNS} runs: ${all})` : ''}`
      );
      for (const a of median.failing) console.log(`  ✗ ${a.id}: ${a.title}`);
    }
} finally {
  // The server's process group may be gone already (it exits with the run on some machines).
  try {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  } catch (e) {
    if (e.code !== 'ESRCH') console.error(e);
  }
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
}

/**
 * One battle of each --battle system, grown to 1,000 events, in the profile at `dir` (Playwright on
 * the same Chromium; the audits then open that profile). Returns their URLs.
 */
async function seedBattles(dir) {
  const context = await chromium.launchPersistentContext(dir, {
    ...devices['Pixel 7'],
    executablePath: chromePath,
    args: CHROMIUM_ARGS,
    baseURL: BASE,
    serviceWorkers: 'allow'
  });
  try {
    const page = await context.newPage();
    // The one-time "Ready to work offline" banner would cover the controls.
    await page.addLocatorHandler(page.getByText('Ready to work offline.'), async () => {
      await page.getByRole('button', { name: 'OK' }).click();
    });
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const urls = [];
    for (const id of BATTLES) {
      const name = SYSTEM_NAMES[id];
      if (!name) throw new Error(`--battle ${id}: not a system (${Object.keys(SYSTEM_NAMES)})`);
      const battle = await makeBattle(page, { id, name }, `Lighthouse ${name}`);
      await seed(page, battle.battleId, BATTLE_EVENTS);
      urls.push(`${BASE}${battle.url}`);
    }
    return urls;
  } finally {
    await context.close();
  }
}

/** One Lighthouse run; prints its timing metrics and returns the scores and the report. */
async function audit(formFactor, url, keepStorage) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    ...(keepStorage ? { userDataDir: profileDir } : {})
  });
  try {
    const config =
      formFactor === 'desktop'
        ? (await import('lighthouse/core/config/desktop-config.js')).default
        : undefined;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        // A seeded battle lives in the profile's IndexedDB: the reset would delete it.
        disableStorageReset: keepStorage,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo']
      },
      config
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const a = result.lhr.audits;
    const ms = (id) => `${Math.round(a[id]?.numericValue ?? NaN)} ms`;
    console.log(
      `  ${formFactor} run: performance ${Math.round((result.lhr.categories.performance.score ?? 0) * 100)}` +
        ` · FCP ${ms('first-contentful-paint')} · LCP ${ms('largest-contentful-paint')}` +
        ` · TBT ${ms('total-blocking-time')} · SI ${ms('speed-index')}` +
        ` · CLS ${(a['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`
    );
    const failing = Object.values(a).filter(
      (x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === 'binary'
    );
    return {
      categories: result.lhr.categories,
      report: result.report,
      trace: result.artifacts?.Trace,
      failing
    };
  } finally {
    await chrome.kill();
  }
}
