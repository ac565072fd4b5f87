// Firefox (Debian's firefox-esr) driven over WebDriver BiDi by puppeteer-core: puppeteer-core
// downloads no browser; it starts the system Firefox with a fresh profile, headless.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

/** FIREFOX_PATH, else firefox-esr or firefox on the PATH. */
function firefoxPath() {
  if (process.env.FIREFOX_PATH) return process.env.FIREFOX_PATH;
  try {
    return (
      execFileSync('sh', ['-c', 'command -v firefox-esr || command -v firefox'], {
        encoding: 'utf8'
      }).trim() || null
    );
  } catch {
    return null;
  }
}

/** What is missing to run Firefox here, or null when it is installed. */
export function firefoxMissing() {
  const path = firefoxPath();
  return path && existsSync(path)
    ? null
    : 'Firefox (apt-get install firefox-esr, or set FIREFOX_PATH)';
}

/** @returns {Promise<import('./smoke.mjs').EnginePage>} */
export async function openFirefox() {
  const executablePath = firefoxPath();
  if (!executablePath) throw new Error('Firefox not found');
  const downloads = mkdtempSync(join(tmpdir(), 'qd-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    // The phone's width from the window, not page.setViewport: puppeteer's setViewport also sends
    // BiDi emulation.setScreenOrientationOverride, which Debian's Firefox 140.12 ESR does not know
    // ('unknown command'), so the smoke failed before any page opened.
    defaultViewport: null,
    args: ['--width=360', '--height=780'],
    // Saves a download straight into our folder, as a user's "always save" does, without asking.
    extraPrefsFirefox: {
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false
    }
  });
  const page = await browser.newPage();

  const call = (/** @type {string} */ fn, /** @type {unknown[]} */ args) =>
    `(${fn}).apply(null, ${JSON.stringify(args)})`;
  /**
   * The element `find(...args)` returns in the page, scrolled to the middle of the window: at an
   * edge the app's fixed bars cover it, and the click would land on them.
   */
  async function element(/** @type {string} */ find, /** @type {unknown[]} */ args) {
    const found = (await page.evaluateHandle(call(find, args))).asElement();
    if (!found) throw new Error(`Firefox: no element for ${JSON.stringify(args)}`);
    await found.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    return /** @type {import('puppeteer-core').ElementHandle<Element>} */ (found);
  }

  return {
    engine: 'Firefox',
    version: `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`,
    downloads,
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: (fn, args) => page.evaluate(call(fn, args)),
    evaluateAsync: (fn, args) => page.evaluate(call(fn, args)),
    click: async (find, args) => (await element(find, args)).click(),
    fill: async (find, args, text) => {
      const el = await element(find, args);
      await el.evaluate((input) => {
        /** @type {HTMLInputElement} */ (input).value = '';
      });
      await el.type(text);
      // Tab leaves the field, as a user does, so a field that saves on change saves.
      await page.keyboard.press('Tab');
    },
    select: async (find, args, label) => {
      const el = /** @type {import('puppeteer-core').ElementHandle<HTMLSelectElement>} */ (
        await element(find, args)
      );
      const value = await el.evaluate(
        (select, label) => [...select.options].find((o) => o.label === label)?.value,
        label
      );
      if (value === undefined) throw new Error(`Firefox: no option ${label}`);
      await el.select(value);
    },
    upload: async (find, args, path) =>
      /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement>} */ (
        await element(find, args)
      ).uploadFile(path),
    close: async () => {
      await browser.close();
      rmSync(downloads, { recursive: true, force: true });
    }
  };
}
