// The system Chromium and the flags every tool here starts it with: the Playwright tests, Lighthouse
// and the browser bench (Playwright's own browser download does not work on our machines).
import { execSync } from 'node:child_process';

/** Headless-friendly flags: no sandbox in containers, no GPU, no background traffic to skew timings. */
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

/**
 * The Chromium executable: CHROME_PATH, else `chromium` or `chromium-browser` on the PATH.
 * @returns {string}
 */
export function chromiumPath() {
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
