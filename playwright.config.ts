import { defineConfig, devices } from '@playwright/test';
import { execSync } from 'node:child_process';

/** The system Chromium (Playwright's own browser download does not work here); CHROME_PATH overrides. */
function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', {
      encoding: 'utf8'
    }).trim();
  } catch {
    throw new Error(
      'No Chromium found: install it (apt-get install -y chromium) or set CHROME_PATH.'
    );
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage'
];

/** E2E_PORT lets two checkouts run their browser tests side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
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
