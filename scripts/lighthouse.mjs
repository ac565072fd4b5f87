// Runs Lighthouse 12.2.3 (mobile and desktop) against the production build served by scripts/serve.mjs
// and writes the JSON reports to reports/. It measures; it asserts nothing. Run after `npm run build`.
import { spawn, execSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const PORT = 4191; // not 4190: browsers and fetch refuse that port (sieve)
const URL_TO_TEST = `http://localhost:${PORT}/`;
const chromePath =
  process.env.CHROME_PATH || execSync('command -v chromium', { encoding: 'utf8' }).trim();

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
  for (const formFactor of ['mobile', 'desktop']) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage'
      ]
    });
    try {
      const config =
        formFactor === 'desktop'
          ? (await import('lighthouse/core/config/desktop-config.js')).default
          : undefined;
      const result = await lighthouse(
        URL_TO_TEST,
        {
          port: chrome.port,
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo']
        },
        config
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const file = `reports/lighthouse-${formFactor}.json`;
      await writeFile(file, result.report);
      const scores = Object.values(result.lhr.categories)
        .map((c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`)
        .join(' · ');
      console.log(`${formFactor.padEnd(8)} ${scores}  → ${file}`);
      const failing = Object.values(result.lhr.audits).filter(
        (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary'
      );
      for (const a of failing) console.log(`  ✗ ${a.id}: ${a.title}`);
    } finally {
      await chrome.kill();
    }
  }
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
