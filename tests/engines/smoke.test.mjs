// `npm run test:engines` (node's test runner, after a build): the engine smoke in WebKit and
// Firefox, each against a server of its own that the smoke stops to go offline.
//
// A missing engine fails the run under CI (CI=1: .ci/run installs both, so missing means broken);
// on a developer's machine without it, that engine's test is skipped with a line saying what to
// install. ENGINES=webkit or ENGINES=firefox runs one engine.
import { test } from 'node:test';
import { startPreview } from '../serve-build.mjs';
import { firefoxMissing, openFirefox } from './firefox.mjs';
import { runSmoke } from './smoke.mjs';
import { openWebKit, webkitMissing } from './webkit.mjs';

const ENGINES = [
  { name: 'webkit', missing: webkitMissing, open: openWebKit },
  { name: 'firefox', missing: firefoxMissing, open: openFirefox }
];
const chosen = (process.env.ENGINES ?? 'webkit,firefox').split(',');

for (const engine of ENGINES.filter((e) => chosen.includes(e.name))) {
  test(
    `the app works in ${engine.name}: battle, reload, offline, calculators, backup, 360 px`,
    {
      timeout: 240_000
    },
    async (t) => {
      const missing = engine.missing();
      if (missing) {
        if (process.env.CI) throw new Error(`${engine.name} is not installed: ${missing}`);
        console.warn(`\n*** ${engine.name} NOT TESTED: install ${missing} ***\n`);
        t.skip(`${engine.name} not installed: ${missing}`);
        return;
      }
      const started = Date.now();
      const server = await startPreview();
      const page = await engine.open();
      let current = 'opening the browser';
      const times = [];
      let stepStart = started;
      try {
        await runSmoke(page, {
          url: server.url,
          stopServer: server.stop,
          step: (name) => {
            times.push(`${current} ${((Date.now() - stepStart) / 1000).toFixed(1)} s`);
            current = name;
            stepStart = Date.now();
          }
        });
        times.push(`${current} ${((Date.now() - stepStart) / 1000).toFixed(1)} s`);
        t.diagnostic(`${page.version}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
        t.diagnostic(times.join('; '));
      } catch (e) {
        const output = page.console?.() ?? [];
        throw new Error(
          `${page.version}, at "${current}": ${e instanceof Error ? e.message : e}\n${output.join('\n')}`,
          {
            cause: e
          }
        );
      } finally {
        await page.close();
        await server.stop().catch(() => undefined);
      }
    }
  );
}
