import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

/** E2E_PORT lets two checkouts run their browser tests side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // One retry everywhere, reported as flaky (not passed) by the list reporter: on a loaded 2-core
  // machine three timing-bound specs (live-table's offline reconcile, full-device's freed disk,
  // shell's palette) each failed once in a full run and passed when run again; a failure that
  // repeats still fails the run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices['Pixel 7'],
    // Playwright's device preset names its own browser channel; we always use the system Chromium.
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure'
  },
  webServer: {
    // Tests run against the production build (`npm test` builds first).
    command: `node scripts/serve.mjs --port ${PORT}`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000
  }
});
