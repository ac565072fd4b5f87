// Runs Lighthouse 12.2.3 (mobile and desktop) against the production build served by scripts/serve.mjs
// and writes the JSON reports to reports/. It measures; it asserts nothing. Run after `npm run build`.
// Options: --runs N (default 1) repeats each form factor and reports the median run (scores vary
// with the machine's load); --only mobile|desktop.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

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
const URLS = (PATHS.length ? PATHS : ['/']).map((p) => `http://localhost:${PORT}${p}`);
const URL_TO_TEST = URLS[0];
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
  for (const url of URLS)
    for (const formFactor of FORM_FACTORS) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(formFactor, url));
      // The median run by performance score is the one reported and written.
      runs.sort(
        (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0)
      );
      const median = runs[Math.floor((runs.length - 1) / 2)];
      const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      const file = `reports/lighthouse-${formFactor}${slug ? `-${slug}` : ''}.json`;
      await writeFile(file, median.report);
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
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

/** One Lighthouse run; prints its timing metrics and returns the scores and the report. */
async function audit(formFactor, url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS]
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
    return { categories: result.lhr.categories, report: result.report, failing };
  } finally {
    await chrome.kill();
  }
}
