// WebKit, the engine of every browser on an iPhone, as WebKitGTK's MiniBrowser driven through
// WebKitWebDriver (Debian's webkit2gtk-driver): classic W3C WebDriver over HTTP, spoken here with a
// few fetch calls so nothing is downloaded at run time. MiniBrowser (GTK 3) has no headless mode:
// without a display it runs under xvfb-run.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../serve-build.mjs';

/** W3C WebDriver's key for an element reference in JSON. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const TAB = '\uE004';

/** @returns {string | null} */
function onPath(/** @type {string} */ command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** MiniBrowser sits beside the WebKitGTK library (Debian: /usr/lib/<triplet>/webkit2gtk-4.1). */
function miniBrowser() {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  const dirs = ['/usr/libexec', ...readdirSync('/usr/lib').map((d) => join('/usr/lib', d))];
  for (const dir of dirs) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
      const path = join(dir, api, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  }
  return null;
}

/** What is missing to run WebKit here, or null when everything is. */
export function webkitMissing() {
  const missing = [];
  if (!onPath('WebKitWebDriver'))
    missing.push('WebKitWebDriver (apt-get install webkit2gtk-driver)');
  if (!miniBrowser()) missing.push('MiniBrowser (apt-get install webkit2gtk-driver)');
  if (!process.env.DISPLAY && !onPath('xvfb-run')) missing.push('xvfb-run (apt-get install xvfb)');
  return missing.length ? missing.join(', ') : null;
}

/** @returns {Promise<import('./smoke.mjs').EnginePage>} */
export async function openWebKit() {
  const binary = miniBrowser();
  if (!binary) throw new Error('MiniBrowser not found');
  const port = await freePort();
  // Its own home: MiniBrowser saves downloads there, and keeps no state between runs.
  const home = mkdtempSync(join(tmpdir(), 'qd-webkit-'));
  const command = ['WebKitWebDriver', `--port=${port}`];
  const driver = spawn(
    process.env.DISPLAY ? command[0] : 'xvfb-run',
    process.env.DISPLAY ? command.slice(1) : ['-a', ...command],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, HOME: home }
    }
  );
  // The page's console (MiniBrowser writes it to its output), for a failure's report.
  /** @type {string[]} */
  const output = [];
  for (const stream of [driver.stdout, driver.stderr]) {
    stream?.on('data', (chunk) => output.push(...String(chunk).split('\n').filter(Boolean)));
  }
  const base = `http://127.0.0.1:${port}`;

  /** One WebDriver command; a WebDriver error becomes an Error with its message. */
  async function send(/** @type {string} */ method, /** @type {string} */ path, body = {}) {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body)
    });
    const json = /** @type {{ value: any }} */ (await response.json());
    if (!response.ok) throw new Error(`WebKit: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  }

  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await send('GET', '/status')).ready !== false) break;
    } catch {
      if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const created = await send('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        'webkitgtk:browserOptions': {
          binary,
          args: ['--automation', '--enable-write-console-messages-to-stdout=true']
        }
      }
    }
  });
  const session = `/session/${created.sessionId}`;
  // As narrow as MiniBrowser's window goes (its toolbar keeps it about 450 px wide); the 360 px
  // check measures each page in a frame of its own.
  await send('POST', `${session}/window/rect`, { width: 360, height: 780 });

  /**
   * The element `find(...args)` returns in the page, as a WebDriver reference, scrolled to the
   * middle of the window: WebDriver's own scroll puts it at the bottom edge, under the app's
   * fixed navigation bar, and the click is then refused as intercepted.
   */
  async function element(/** @type {string} */ find, /** @type {unknown[]} */ args) {
    const found = await send('POST', `${session}/execute/sync`, {
      script: `const el = (${find}).apply(null, arguments);
        // An option scrolls with its select.
        (el?.closest('select') ?? el)?.scrollIntoView({ block: 'center', inline: 'center' });
        return el;`,
      args
    });
    if (!found || !found[ELEMENT])
      throw new Error(`WebKit: no element for ${JSON.stringify(args)}`);
    return `${session}/element/${found[ELEMENT]}`;
  }

  return {
    engine: 'WebKit',
    version: `WebKitGTK ${created.capabilities.browserVersion} (MiniBrowser)`,
    downloads: home,
    console: () => output.slice(-30),
    goto: async (url) => void (await send('POST', `${session}/url`, { url })),
    reload: async () => void (await send('POST', `${session}/refresh`)),
    evaluate: (fn, args) =>
      send('POST', `${session}/execute/sync`, {
        script: `return (${fn}).apply(null, arguments);`,
        args
      }),
    evaluateAsync: (fn, args) =>
      send('POST', `${session}/execute/async`, {
        script: `const done = arguments[arguments.length - 1];
          (${fn}).apply(null, [...arguments].slice(0, -1)).then(done, (e) => done({ error: String(e) }));`,
        args
      }),
    click: async (find, args) => void (await send('POST', `${await element(find, args)}/click`)),
    fill: async (find, args, text) => {
      // Empty the field without an event, then type: WebDriver's clear fires a change of its
      // own, which a stepper answers by putting its value back. Tab leaves the field, as a user
      // does, so a field that saves on change saves.
      const el = await element(find, args);
      await send('POST', `${session}/execute/sync`, {
        script: 'arguments[0].value = "";',
        args: [{ [ELEMENT]: el.split('/').at(-1) }]
      });
      await send('POST', `${el}/value`, { text: text + TAB });
    },
    select: async (find, args, label) => {
      // WebDriver selects an option by clicking it.
      const option = await element(
        `function (args, label) {
          const select = (${find}).apply(null, args);
          return [...(select?.options ?? [])].find((o) => o.label === label) ?? null;
        }`,
        [args, label]
      );
      await send('POST', `${option}/click`);
    },
    upload: async (find, args, path) =>
      void (await send('POST', `${await element(find, args)}/value`, { text: path })),
    close: async () => {
      await send('DELETE', session).catch(() => undefined);
      if (driver.pid) process.kill(-driver.pid, 'SIGTERM');
      rmSync(home, { recursive: true, force: true });
    }
  };
}
