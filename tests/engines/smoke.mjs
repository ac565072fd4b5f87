// The engine smoke (issue 38): what a new user does on a phone, once per browser engine, against the
// production build: the start page, a Privateers battle with two ships and typed dice (the exact
// odds shown, the roll logged), a reload, offline after the first visit (the service worker
// controls the page, then the server is stopped), the calculators pages, a backup exported and
// imported, and no sideways scroll at 360 px. The Chromium suite (Playwright) covers everything in
// depth; this proves the same app works in WebKit (every iPhone) and Firefox.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findElement, measureAt360 } from './in-page.mjs';

/** @typedef {import('./in-page.mjs').Locator} Locator */

/**
 * One engine's page, as the smoke drives it. `find` is a function's source run in the page with
 * `args`; it returns the element to act on. Typing ends with Tab, as a user leaves a field.
 * `console` gives the page's last console lines where the engine hands them over (for a failure).
 * @typedef {{
 *   engine: string,
 *   version: string,
 *   downloads: string,
 *   goto: (url: string) => Promise<void>,
 *   reload: () => Promise<void>,
 *   evaluate: (fn: string, args: unknown[]) => Promise<any>,
 *   evaluateAsync: (fn: string, args: unknown[]) => Promise<any>,
 *   click: (find: string, args: unknown[]) => Promise<void>,
 *   fill: (find: string, args: unknown[], text: string) => Promise<void>,
 *   select: (find: string, args: unknown[], label: string) => Promise<void>,
 *   upload: (find: string, args: unknown[], path: string) => Promise<void>,
 *   close: () => Promise<void>,
 *   console?: () => string[]
 * }} EnginePage
 */

const FIND = findElement.toString();
const WAIT_MS = 15_000;
const BATTLE = 'Action off Cabo Blanco';

/** Tries `attempt` until it neither throws nor returns false, for up to 15 s. */
async function until(/** @type {string} */ what, /** @type {() => Promise<unknown>} */ attempt) {
  const deadline = Date.now() + WAIT_MS;
  let last = '';
  for (;;) {
    try {
      if ((await attempt()) !== false) return;
      last = 'not yet';
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    if (Date.now() > deadline) throw new Error(`${what} (waited ${WAIT_MS / 1000} s): ${last}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const show = (/** @type {Locator} */ loc) => JSON.stringify(loc);

/** The text of what `loc` finds, or null. */
function textOf(/** @type {EnginePage} */ page, /** @type {Locator} */ loc) {
  return page.evaluate(
    `function (loc) { const el = (${FIND})(loc); return el ? el.textContent.replace(/\\s+/g, ' ').trim() : null; }`,
    [loc]
  );
}

function attributeOf(
  /** @type {EnginePage} */ page,
  /** @type {Locator} */ loc,
  /** @type {string} */ name
) {
  return page.evaluate(
    `function (loc, name) { const el = (${FIND})(loc); return el ? el.getAttribute(name) : null; }`,
    [loc, name]
  );
}

/**
 * Scrolls a calculators page through, as a referee scrolls down it: each calculator past the first
 * loads as it comes near the screen (issue 40), and is a card with its heading until then.
 */
async function showEveryCalculator(/** @type {EnginePage} */ page) {
  await until('every calculator on the page', async () => {
    const left = await page.evaluate(
      `function () {
        const slot = document.querySelector('[data-testid=calculator-slot]');
        if (slot) slot.scrollIntoView();
        return document.querySelectorAll('[data-testid=calculator-slot]').length;
      }`,
      []
    );
    return left === 0;
  });
}

/** Waits until `loc` shows (and, given `text`, contains it). */
async function see(/** @type {EnginePage} */ page, /** @type {Locator} */ loc, text = '') {
  await until(`see ${show(loc)} ${text}`, async () => {
    const seen = await textOf(page, loc);
    if (seen === null) return false;
    if (!seen.includes(text)) throw new Error(`it says "${seen}"`);
  });
}

async function seeAttribute(
  /** @type {EnginePage} */ page,
  /** @type {Locator} */ loc,
  /** @type {string} */ name,
  /** @type {string} */ value
) {
  await until(`${show(loc)} ${name}="${value}"`, async () => {
    const seen = await attributeOf(page, loc, name);
    if (seen !== value) throw new Error(`it is ${seen}`);
  });
}

/**
 * The one-time "Ready to work offline." notice shows when the service worker has installed, at any
 * moment of the first visit, and may cover what the next tap aims at: tap its OK first.
 */
async function dismissOfflineNotice(/** @type {EnginePage} */ page) {
  const ok = { css: '.banner button', name: 'OK' };
  if ((await textOf(page, { css: '.banner', text: 'Ready to work offline.' })) !== null) {
    await page.click(FIND, [ok]).catch(() => undefined);
  }
}

async function click(/** @type {EnginePage} */ page, /** @type {Locator} */ loc) {
  await until(`click ${show(loc)}`, async () => {
    await dismissOfflineNotice(page);
    await page.click(FIND, [loc]);
  });
}

/**
 * Clicks until `effect` shows `text`: a prerendered page shows its buttons before the app has
 * hydrated it, and a click then does nothing (a user taps again).
 */
async function clickFor(
  /** @type {EnginePage} */ page,
  /** @type {Locator} */ loc,
  /** @type {Locator} */ effect,
  /** @type {string} */ text
) {
  await until(`click ${show(loc)} for ${text}`, async () => {
    await dismissOfflineNotice(page);
    await page.click(FIND, [loc]);
    let seen = null;
    for (let i = 0; i < 10; i++) {
      seen = await textOf(page, effect);
      if ((seen ?? '').includes(text)) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`it says "${seen}"`);
  });
}

async function fill(/** @type {EnginePage} */ page, /** @type {Locator} */ loc, text = '') {
  await until(`fill ${show(loc)} with ${text}`, async () => {
    await dismissOfflineNotice(page);
    await page.fill(FIND, [loc], text);
    const value = await page.evaluate(`function (loc) { return (${FIND})(loc)?.value; }`, [loc]);
    if (value !== text) throw new Error(`it holds "${value}"`);
  });
}

async function select(
  /** @type {EnginePage} */ page,
  /** @type {Locator} */ loc,
  /** @type {string} */ label
) {
  await until(`select ${label} in ${show(loc)}`, async () => {
    await dismissOfflineNotice(page);
    await page.select(FIND, [loc], label);
    const chosen = await page.evaluate(
      `function (loc) { const s = (${FIND})(loc); return s?.selectedOptions[0]?.label; }`,
      [loc]
    );
    if (chosen !== label) throw new Error(`"${chosen}" is chosen`);
  });
}

/** "Next …" on the turn card (going on when it asks about work left), until it reads `to`. */
async function nextPhase(/** @type {EnginePage} */ page, /** @type {string} */ to) {
  const turn = 'section[aria-label="Turn"]';
  await click(page, { within: turn, css: 'button', namePrefix: 'Next' });
  await until(`the turn reads ${to}`, async () => {
    const anyway = { within: turn, css: '[data-testid=advance-confirm] button.btn-primary' };
    if ((await textOf(page, anyway)) !== null) await page.click(FIND, [anyway]);
    return ((await textOf(page, { css: turn })) ?? '').includes(to);
  });
}

/** Taps each face on the first dice pad inside `within`, then "Use …". */
async function typeDice(
  /** @type {EnginePage} */ page,
  /** @type {string} */ within,
  /** @type {number[]} */ faces
) {
  const pad = `${within} [data-testid=dice-pad]`;
  for (const face of faces) {
    await click(page, {
      within: pad,
      css: '[role=group][aria-label^="Face of Die"] button',
      name: String(face)
    });
  }
  await click(page, { within: pad, css: 'button', name: `Use ${faces.join(', ')}` });
}

/** The backup file the browser saved into its download folder, once it is whole. */
async function savedBackup(/** @type {EnginePage} */ page) {
  /** @type {string | null} */
  let saved = null;
  await until('the backup file is saved', async () => {
    for (const dir of [page.downloads, join(page.downloads, 'Downloads')]) {
      let names = [];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      const name = names.find((n) => /^quarterdeck-backup-.*\.json$/.test(n));
      if (!name) continue;
      const path = join(dir, name);
      JSON.parse(readFileSync(path, 'utf8'));
      saved = path;
      return true;
    }
    throw new Error(
      `the folder holds ${JSON.stringify(readdirSync(page.downloads, { recursive: true }))}`
    );
  });
  return /** @type {string} */ (/** @type {unknown} */ (saved));
}

const h1 = (/** @type {string} */ name) => ({ css: 'h1', name });
const logEntry = (/** @type {string} */ kind) => ({
  css: `[data-testid=battle-log] li[data-kind="${kind}"]`
});
const SHOT = 'Surprise fires 3 guns at Hermione: 3 hits';

/**
 * Runs the smoke in one engine. `stopServer` stops the only server of the app: after it, nothing
 * reaches the network, so every page comes from the service worker.
 * @param {EnginePage} page
 * @param {{ url: string, stopServer: () => Promise<void>, step: (name: string) => void }} run
 */
export async function runSmoke(page, { url, stopServer, step }) {
  step('start page');
  await page.goto(`${url}/`);
  await see(page, h1('Battles'));

  step('a Privateers battle: a class, two ships');
  await click(page, { css: 'a', name: 'New battle' });
  await fill(page, { css: 'input', name: 'Name' }, BATTLE);
  await click(page, { css: 'input[type=radio]', namePrefix: 'Privateers' });
  await click(page, { css: 'button', name: 'Create battle' });
  await see(page, h1(BATTLE));
  const battlePath = await page.evaluate('function () { return location.pathname; }', []);

  const editor = '[data-testid=pv-class-editor]';
  await click(page, { within: editor, css: 'button', name: 'Add class' });
  await fill(page, { within: editor, css: 'input', name: 'Class name' }, 'Example frigate');
  await fill(page, { within: editor, css: 'input', name: 'Hull points' }, '40');
  await fill(page, { within: editor, css: 'input', name: 'Rigging points' }, '30');
  await fill(page, { within: editor, css: 'input', name: 'Crew' }, '60');
  // Three medium guns a side (EXAMPLE values).
  await click(page, { within: editor, css: 'button', name: 'Add guns' });
  await fill(page, { within: editor, css: 'input', name: 'Number' }, '3');
  await click(page, { within: editor, css: 'button', name: 'Add guns' });
  await select(page, { within: editor, css: 'select', name: 'Side', nth: 1 }, 'larboard');
  await fill(page, { within: editor, css: 'input', name: 'Number', nth: 1 }, '3');
  for (const [ship, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await select(page, { css: 'select', name: 'Ship class' }, 'Example frigate');
    await fill(page, { css: 'input', name: 'Name of the ship' }, ship);
    await fill(page, { css: 'input', name: 'Side of the ship' }, side);
    await click(page, { css: 'button', name: 'Add ship from class' });
    await see(page, { css: 'a', text: ship });
  }
  await see(page, { css: 'a', text: 'Hermione' }, 'Hull 40/40');

  step('exact odds and typed dice');
  const wind = '[data-testid=pv-wind]';
  await click(page, { within: wind, css: 'button', namePrefix: 'Increase Wind from (degrees)' });
  await click(page, { within: wind, css: 'button', namePrefix: 'Increase Wind from (degrees)' });
  await click(page, { within: wind, css: 'button', name: 'Set wind' });
  await see(page, logEntry('pv.wind'), 'Wind from 90°');
  await nextPhase(page, '2/6');
  await nextPhase(page, '3/6');
  await nextPhase(page, '4/6 · Movement & Firing');
  const fire = '[data-testid=pv-broadside]';
  await select(page, { within: fire, css: 'select', name: 'Firing ship' }, 'Surprise');
  await select(page, { within: fire, css: 'select', name: 'Target' }, 'Hermione');
  await fill(page, { within: fire, css: 'input', name: 'Range (inches)' }, '10');
  // Short range, fire low, No Sail +1: each gun hits on ≤ 10 of a d12, 5/6; one hit or more of
  // three is 215/216, all three 125/216 (the Chromium spec privateers-battle checks the rules).
  await see(page, { within: fire, css: '[data-testid=pv-fire-needed]' }, '≤ 10');
  // The charts are built when the referee opens the odds (issue 39).
  await click(page, { within: fire, css: '[data-testid=odds-fold] summary' });
  await seeAttribute(
    page,
    { within: fire, css: '[data-testid=odds-headline]' },
    'data-fraction',
    '215/216'
  );
  await seeAttribute(
    page,
    { within: fire, css: '[data-testid=odds-table] [data-value="3"]' },
    'data-fraction',
    '125/216'
  );
  await typeDice(page, fire, [1, 5, 10]);
  await see(page, { within: fire, css: '[data-testid=pv-fire-hits]' }, '3 of 3 hit: 6 Ball Low');
  await see(page, logEntry('pv.cannon-fire'), SHOT);

  step('reload');
  await page.reload();
  await see(page, h1(BATTLE));
  await see(page, logEntry('pv.cannon-fire'), SHOT);
  await see(page, { css: 'a', text: 'Surprise' });

  step('offline: the service worker, then no server');
  const ready = await page.evaluateAsync(
    'async function () { return (await navigator.serviceWorker.ready).active?.state ?? null; }',
    []
  );
  if (ready === null || typeof ready === 'object') {
    throw new Error(`no service worker: ${JSON.stringify(ready)}`);
  }
  // In prompt mode the first worker does not claim an open page: a reload brings it under it.
  await page.reload();
  await until('the service worker controls the page', () =>
    page.evaluate('function () { return navigator.serviceWorker.controller !== null; }', [])
  );
  await stopServer();
  await page.reload();
  await see(page, h1(BATTLE));
  await see(page, logEntry('pv.cannon-fire'), SHOT);

  // From here on, page to page through the app's own links, as a user taps (a full load of each
  // page is what the 360 px frames below do).
  step('calculators, offline');
  const nav = (/** @type {string} */ name) => ({
    within: 'nav[aria-label=Main]',
    css: 'a',
    text: name
  });
  const calculators = async (/** @type {string} */ system) => {
    await click(page, nav('Calculators'));
    await see(page, h1('Calculators'));
    await click(page, { css: 'a.system-link', text: system });
    await see(page, h1(system));
    await showEveryCalculator(page);
  };
  await calculators('Privateers');
  // One medium gun at 18″, fire low, Fighting Sail: hit on 1–6 of a d12.
  await seeAttribute(
    page,
    { within: '[data-testid=pv-gunnery]', css: '[data-testid=odds-headline]' },
    'data-fraction',
    '1/2'
  );
  await calculators('Wooden Warships');
  // Novice boarders 3 against Novice defenders 2 (Appendix B-1).
  await seeAttribute(
    page,
    { within: '[data-testid=ww-boarding]', css: '[data-testid=odds-headline]' },
    'data-fraction',
    '6610505/10077696'
  );
  await calculators('Master and Commander');
  await see(page, { within: '[data-testid=mc-duel]', css: '[data-testid=odds-headline]' }, '51.5%');

  step('backup: export, then import beside');
  await click(page, nav('Settings'));
  await see(page, h1('Settings'));
  await clickFor(
    page,
    { css: 'button', name: 'Export everything' },
    { css: 'section[aria-labelledby=backup-title]' },
    'Last backup exported from this device'
  );
  const file = await savedBackup(page);
  const backup = JSON.parse(readFileSync(file, 'utf8'));
  if (backup.format !== 'quarterdeck-backup' || !JSON.stringify(backup).includes(BATTLE)) {
    throw new Error(`the exported file is no backup of the battle: ${file}`);
  }
  await until('the file is picked', async () => {
    await page.upload(FIND, [{ css: '[data-testid=import-file]', hidden: true }], file);
  });
  await see(page, { css: '[data-testid=backup-message]' }, 'Imported 1 battle');
  await click(page, nav('Battles'));
  await see(page, h1('Battles'));
  await see(page, { css: 'a', text: BATTLE, nth: 1 });
  await click(page, { css: 'a', text: BATTLE, nth: 1 });
  await see(page, h1(BATTLE));
  await see(page, logEntry('pv.cannon-fire'), SHOT);
  const copyPath = await page.evaluate('function () { return location.pathname; }', []);
  if (copyPath === battlePath) throw new Error('the second battle listed is the original');

  step('360 px: no sideways scroll');
  const wide = [];
  for (const [path, readySelector] of [
    ['/', 'h1'],
    [battlePath, '[data-testid=battle-log] li'],
    ['/calculators/privateers', '[data-testid=pv-gunnery]'],
    ['/settings', '[data-testid=import-file]']
  ]) {
    const fit = await page.evaluateAsync(measureAt360.toString(), [path, readySelector]);
    if (typeof fit === 'string') throw new Error(fit);
    // The frame is a phone's width (less a scrollbar where the engine draws one).
    if (fit.width > 360 || fit.width < 340)
      throw new Error(`${path} measured ${fit.width} px wide`);
    if (fit.scrollWidth > fit.width)
      wide.push(`${path}: ${fit.scrollWidth} px in ${fit.width}`, ...fit.offenders);
  }
  if (wide.length) throw new Error(`sideways scroll at 360 px:\n${wide.join('\n')}`);
}
