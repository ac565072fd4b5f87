import { expect, test, type Page } from '@playwright/test';
import { startPreview } from './preview-server';

/**
 * What a referee relies on from the battle log, in the real production build: every change is
 * logged, undo and redo are visible log entries, two tabs never lose or duplicate an entry, an
 * action survives the tab closing at once, a battle opens offline, and a bad import changes nothing.
 * Stored data is checked with the raw IndexedDB API, apart from the app's own code.
 */

type Dump = Record<string, unknown[]>;

/** The one-time "Ready to work offline" banner sits over the undo bar until a referee taps OK. */
async function dismissOfflineBanner(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByText('Ready to work offline.'), async () => {
    await page.getByRole('button', { name: 'OK' }).click();
  });
}

test.beforeEach(async ({ page }) => {
  await dismissOfflineBanner(page);
});

/** Every object store of the app's database, read with the raw IndexedDB API. */
function dumpDb(page: Page): Promise<Dump> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const req = indexedDB.open('quarterdeck');
        req.onupgradeneeded = () => {
          // The app has not created its database yet: do not create it for the app.
          req.transaction?.abort();
          reject(new Error('the quarterdeck database does not exist'));
        };
        req.onerror = () => reject(req.error ?? new Error('open failed'));
        req.onsuccess = () => {
          const db = req.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const out: Record<string, unknown[]> = {};
          for (const name of names) {
            const r = tx.objectStore(name).getAll();
            r.onsuccess = () => {
              out[name] = r.result as unknown[];
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
          tx.onerror = () => {
            db.close();
            reject(tx.error ?? new Error('read failed'));
          };
        };
      })
  );
}

interface StoredEvent {
  battleId: string;
  seq: number;
  id: string;
  kind: string;
}

async function storedEvents(page: Page, battleId: string): Promise<StoredEvent[]> {
  const dump = await dumpDb(page);
  return (dump.events as StoredEvent[])
    .filter((e) => e.battleId === battleId)
    .sort((a, b) => a.seq - b.seq);
}

/** New battle → name, rule system, Create; returns the battle's id from the URL. */
async function createBattle(page: Page, name: string, system = 'Privateers'): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New battle' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: new RegExp(`^${system}`) }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1);
  if (!id) throw new Error('no battle id in the URL');
  return id;
}

async function addShip(page: Page, name: string, side: string): Promise<void> {
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Add a ship' }) });
  await form.getByLabel('Ship name').fill(name);
  await form.getByLabel('Side').fill(side);
  await form.getByRole('button', { name: 'Add ship' }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
}

/** The number of entries the log heading shows ("Log (12)"). */
async function logCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Log/ });
  await expect(heading).toBeVisible();
  return Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1] ?? 0);
}

function expectLogCount(page: Page, n: number) {
  return expect(page.getByRole('heading', { name: /^Log/ })).toContainText(`(${n})`);
}

/** Kinds of the stored entries after the first `from` (creating a battle may log a setup entry). */
async function kindsAfter(page: Page, battleId: string, from: number): Promise<string[]> {
  return (await storedEvents(page, battleId)).slice(from).map((e) => e.kind);
}

/**
 * Taps "Next phase" / "Next turn" (the label depends on the rule system's phases) and waits until
 * the log shows the new entry; returns that entry's text.
 */
async function next(page: Page): Promise<string> {
  const n = await logCount(page);
  const turn = page.getByRole('region', { name: 'Turn' });
  await turn.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
  // With work left in the step the table screen asks once before moving on (AdvanceButton).
  const anyway = turn.getByRole('button', { name: /^Next (phase|turn) anyway$/ });
  const logged = page.getByRole('heading', { name: new RegExp(`^Log.*\\(${n + 1}\\)`) });
  await expect(anyway.or(logged)).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expectLogCount(page, n + 1);
  return (await page.getByTestId('battle-log').locator('li .text').first().textContent()) ?? '';
}

function logLine(page: Page, text: string | RegExp) {
  return page.getByTestId('battle-log').locator('li', { hasText: text });
}

function hullDamage(page: Page) {
  return page.getByRole('spinbutton', { name: /^Hull damage/ });
}

test('a sheet edit is logged; undo strikes it through and restores the value; redo and reload keep it', async ({
  page
}) => {
  const battleId = await createBattle(page, 'Action off Ushant');
  const base = (await storedEvents(page, battleId)).length;
  await addShip(page, 'Surprise', 'British');
  await addShip(page, 'Acheron', 'French');
  await expect(page.getByRole('region', { name: 'British' })).toContainText('Surprise');
  await expect(page.getByRole('region', { name: 'French' })).toContainText('Acheron');

  await page.getByRole('link', { name: /Surprise/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Surprise' })).toBeVisible();
  await expect(hullDamage(page)).toHaveValue('0');
  await page.getByRole('button', { name: /^Increase Hull damage/ }).click();
  await expect(hullDamage(page)).toHaveValue('1');

  await page.getByRole('link', { name: /Action off Ushant/ }).click();
  const edit = page.getByTestId('battle-log').locator('li[data-kind="sheet.edit"]');
  await expect(edit).toContainText('Surprise: hull damage 0 → 1');
  await expect(edit).toBeVisible();
  await expect(edit).not.toContainText('(undone)');

  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(edit).toContainText('(undone)');
  await expect(edit.locator('.text')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(page.locator('li[data-kind="undo"]')).toContainText('Undid');
  await page.getByRole('link', { name: /Surprise/ }).click();
  await expect(hullDamage(page)).toHaveValue('0');

  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Redo' })
    .click();
  await expect(hullDamage(page)).toHaveValue('1');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Surprise' })).toBeVisible();
  await expect(hullDamage(page)).toHaveValue('1');
  await page.goto(`/battles/${battleId}`);
  await expect(page.getByRole('link', { name: /Surprise/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Acheron/ })).toBeVisible();
  await expect(edit).toBeVisible();
  await expect(edit).not.toContainText('(undone)');
  await expect(edit.locator('.text')).toHaveCSS('text-decoration-line', 'none');
  // ship, ship, edit, undo, redo: every entry is still in the log, none rewritten.
  await expectLogCount(page, base + 5);
  expect(await kindsAfter(page, battleId, base)).toEqual([
    'ship.add',
    'ship.add',
    'sheet.edit',
    'undo',
    'redo'
  ]);
});

test('an edit refused because the log moved on shows the stored value, not the unsaved one', async ({
  page
}) => {
  const battleId = await createBattle(page, 'Stale screen');
  const base = (await storedEvents(page, battleId)).length;
  await addShip(page, 'Surprise', 'British');
  await page.getByRole('link', { name: /Surprise/ }).click();
  await expect(hullDamage(page)).toHaveValue('0');

  // A writer this screen has not heard from (as another device's entry arriving later): a note
  // appended with the raw IndexedDB API, which the app's live query does not see.
  await page.evaluate(async (battleId: string) => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('request failed'));
      });
    const db = await request(indexedDB.open('quarterdeck'));
    const tx = db.transaction(['events', 'battles'], 'readwrite');
    const battle = (await request(tx.objectStore('battles').get(battleId))) as {
      lastSeq: number;
    };
    const events = (await request(tx.objectStore('events').getAll())) as { deviceId: string }[];
    const seq = battle.lastSeq + 1;
    tx.objectStore('events').add({
      id: `raw-note-${seq}`,
      battleId,
      seq,
      deviceId: events[0]?.deviceId ?? 'other-device',
      at: 1,
      kind: 'note',
      summary: 'From another device',
      ops: []
    });
    tx.objectStore('battles').put({ ...battle, lastSeq: seq });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('write failed'));
    });
    db.close();
  }, battleId);

  await page.getByRole('button', { name: /^Increase Hull damage/ }).click();
  await expect(page.locator('main p.error[role="alert"]')).toContainText(/(nothing was|not) saved/);
  await expect(hullDamage(page)).toHaveValue('0');
  await page.reload();
  await expect(hullDamage(page)).toHaveValue('0');
  expect(await kindsAfter(page, battleId, base)).toEqual(['ship.add', 'note']);
});

test('two tabs appending 100 actions each at once give 200 entries with unique, gap-free numbers', async ({
  page,
  context
}) => {
  // 200 committed actions plus the retries: about 25 s of a 40–55 s run on the shared 2-core
  // machine under load; the margin keeps a busy machine from failing a correct app.
  test.setTimeout(120_000);
  const battleId = await createBattle(page, 'Two tabs');
  await addShip(page, 'Surprise', 'British');
  const base = (await storedEvents(page, battleId)).length;
  const other = await context.newPage();
  await other.goto(`/battles/${battleId}`);
  await expect(other.getByRole('link', { name: /Surprise/ })).toBeVisible();

  // Both tabs click the real "Next turn/phase" button until the log holds 200 more entries. A
  // click either adds an entry or is refused because the other tab wrote first: "changed in
  // another tab", or "already been passed" (the step this tab's Next passed was passed by the
  // other tab: a step is passed once, issue 31); any other error fails the test. Controls stay
  // enabled while a click is saved (issue 39), so each click waits for the log to grow or for the
  // refusal. Waits use DOM observers and message-channel tasks, not timers: one of the two tabs is
  // in the background, where Chromium throttles timers.
  const run = (p: Page, goal: number) =>
    p.evaluate(async (goal: number) => {
      const buttonNamed = (name: RegExp) =>
        [...document.querySelectorAll<HTMLButtonElement>('section[aria-label="Turn"] button')].find(
          (b) => name.test(b.textContent?.trim() ?? '')
        );
      const button = () => {
        const b = buttonNamed(/^Next (phase|turn)( anyway)?$/);
        if (!b) throw new Error('no Next button');
        return b;
      };
      const heading = () => document.getElementById('log-title')?.textContent ?? '';
      const count = () => Number(/\((\d+)\)/.exec(heading())?.[1] ?? '0');
      const errorText = () =>
        document.querySelector('main p.error[role="alert"]')?.textContent ?? '';
      const isRefusal = (t: string) =>
        t.includes('another tab') || t.includes('already been passed');
      const nextTask = () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(0);
        });
      const until = (isDone: () => boolean) =>
        new Promise<void>((resolve) => {
          if (isDone()) return resolve();
          const observer = new MutationObserver(() => {
            if (!isDone()) return;
            observer.disconnect();
            resolve();
          });
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true
          });
        });
      let clicks = 0;
      let refused = 0;
      while (count() < goal) {
        if (++clicks > 4000) throw new Error(`gave up after ${clicks} clicks`);
        const shown = count();
        button().click();
        await nextTask();
        // With work left in the step the screen asks once first ("Next phase anyway").
        const anyway = buttonNamed(/^Next (phase|turn) anyway$/);
        if (anyway) {
          anyway.click();
          await nextTask();
        }
        await until(() => count() !== shown || errorText() !== '');
        const error = errorText();
        if (count() !== shown) continue;
        if (!isRefusal(error)) throw new Error(error);
        refused++;
        // Refused: the other tab's entry is on its way; try again once it is here.
        await until(() => count() !== shown);
      }
      return { refused };
    }, goal);

  const goal = (await storedEvents(page, battleId)).length + 200;
  const [a, b] = await Promise.all([run(page, goal), run(other, goal)]);

  const events = await storedEvents(page, battleId);
  const total = base + 200;
  expect(events).toHaveLength(total);
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  expect(new Set(events.map((e) => e.id)).size).toBe(total);
  // Both tabs show the whole log, each folded from the same events: the same turn and step (the
  // text before the Next button; a tab may still show its last refusal after it).
  const where = (p: Page) =>
    p
      .locator('section[aria-label="Turn"]')
      .textContent()
      .then((t) => (t ?? '').split('Next')[0].trim());
  const step = await where(page);
  expect(step).toMatch(/^Turn \d+/);
  for (const p of [page, other]) {
    await p.bringToFront();
    await expectLogCount(p, total);
    await expect.poll(() => where(p)).toBe(step);
  }
  test.info().annotations.push({
    type: 'conflicts',
    description: `refused as stale and retried: ${a.refused + b.refused}`
  });
  await other.close();
});

test('an action is kept when the tab is closed right after the screen shows it, and a tab closed mid-write leaves the log whole', async ({
  page,
  context
}) => {
  const battleId = await createBattle(page, 'Closed at once');
  const base = (await storedEvents(page, battleId)).length;
  await addShip(page, 'Surprise', 'British');
  const shipHref = await page.getByRole('link', { name: /Surprise/ }).getAttribute('href');
  if (!shipHref) throw new Error('no ship link');

  // The screen shows an action only once its transaction committed, so closing the tab the
  // moment the log shows the new entry cannot lose it.
  const entry = await next(page);
  const turn = (await page.locator('section[aria-label="Turn"]').textContent()) ?? '';
  await page.close();

  const second = await context.newPage();
  await second.goto(`/battles/${battleId}`);
  await expectLogCount(second, base + 2);
  await expect(second.getByTestId('battle-log').locator('li').first()).toContainText(entry);
  await expect(second.locator('section[aria-label="Turn"]')).toHaveText(turn);

  await second.goto(shipHref);
  await expect(hullDamage(second)).toHaveValue('0');
  await second.getByRole('button', { name: /^Increase Hull damage/ }).click();
  await expect(second.getByRole('toolbar', { name: 'Undo and redo' })).toContainText(
    'Surprise: hull damage 0 → 1'
  );
  await second.close();

  const third = await context.newPage();
  await third.goto(shipHref);
  await expect(hullDamage(third)).toHaveValue('1');
  const kinds = await kindsAfter(third, battleId, base);
  expect(kinds).toHaveLength(3);
  expect(kinds[0]).toBe('ship.add');
  expect(kinds[1]).toMatch(/^(phase|turn)\.advance$/);
  expect(kinds[2]).toBe('sheet.edit');

  // Closed with the write still in flight: IndexedDB may abort it, but then all of it. The log is
  // either with or without the new entry, never half-written.
  await third.getByRole('button', { name: /^Increase Hull damage/ }).click();
  await third.close();
  const fourth = await context.newPage();
  await fourth.goto(shipHref);
  await expect(hullDamage(fourth)).toHaveValue(/^[12]$/);
  const value = await hullDamage(fourth).inputValue();
  const events = await storedEvents(fourth, battleId);
  const battles = (await dumpDb(fourth)).battles as { id: string; lastSeq: number }[];
  expect(value === '1' || value === '2').toBe(true);
  expect(events).toHaveLength(base + (value === '2' ? 4 : 3));
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  expect(battles.find((b) => b.id === battleId)?.lastSeq).toBe(events.length);
});

test('a battle opens and reloads offline once the service worker controls the page', async ({
  browser
}) => {
  const server = await startPreview();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await dismissOfflineBanner(page);
  try {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    const battleId = await createBattle(page, 'Offline battle');
    await addShip(page, 'Surprise', 'British');
    await addShip(page, 'Acheron', 'French');
    const entry = await next(page);
    const count = await logCount(page);

    await server.stop();
    await context.setOffline(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Offline battle' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Surprise/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Acheron/ })).toBeVisible();
    await expectLogCount(page, count);
    await expect(logLine(page, entry)).toBeVisible();

    // Play goes on offline, and that survives a reload too.
    const offlineEntry = await next(page);
    const turn = (await page.locator('section[aria-label="Turn"]').textContent()) ?? '';
    await page.goto(`/battles/${battleId}`);
    await expectLogCount(page, count + 1);
    await expect(page.getByTestId('battle-log').locator('li').first()).toContainText(offlineEntry);
    await expect(page.locator('section[aria-label="Turn"]')).toHaveText(turn);
  } finally {
    // The server first: a failing context.close() must not leave it running.
    await server.stop().catch(() => undefined);
    await context.close();
  }
});

test('a bad import file is refused with a message naming the problem, and changes nothing', async ({
  page
}) => {
  await createBattle(page, 'Keep me');
  await addShip(page, 'Surprise', 'British');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const before = await dumpDb(page);

  const validShape = {
    format: 'quarterdeck-backup',
    formatVersion: 1,
    appVersion: '0.1.0',
    schemaVersion: 1,
    exportedAt: 0,
    scope: 'battle',
    checksum: `sha256:${'0'.repeat(64)}`,
    payload: {
      battles: [
        {
          id: 'b1',
          name: 'Imported',
          systemId: 'privateers',
          variant: 'standard',
          options: {},
          createdAt: 0,
          updatedAt: 0,
          isArchived: false,
          lastSeq: 0,
          notes: ''
        }
      ],
      ships: [],
      events: [],
      shipClasses: [],
      settings: []
    }
  };
  const badName = structuredClone(validShape);
  badName.payload.battles[0].name = '';
  const cases: { what: string; text: string; problem: RegExp }[] = [
    {
      what: 'cut short',
      text: JSON.stringify(validShape).slice(0, 120),
      problem: /not a JSON file/
    },
    {
      what: 'wrong checksum',
      text: JSON.stringify(validShape),
      problem: /checksum: does not match/
    },
    { what: 'empty battle name', text: JSON.stringify(badName), problem: /battles.*0.*name/ },
    {
      what: 'not ours',
      text: JSON.stringify({ hello: 'world' }),
      problem: /not a Quarterdeck backup file/
    }
  ];

  const input = page.getByTestId('import-file');
  const message = page.getByTestId('backup-message');
  for (const c of cases) {
    await input.setInputFiles({
      name: `${c.what}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(c.text)
    });
    await expect(message, c.what).toContainText('The file was not imported; nothing changed.');
    await expect(message, c.what).toContainText(c.problem);
    await expect(message.getByRole('paragraph'), c.what).toHaveClass(/error/);
    expect(await dumpDb(page), c.what).toEqual(before);
  }

  await page.goto('/');
  const list = page.getByRole('list', { name: 'Battles' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Keep me');
  expect(await dumpDb(page)).toEqual(before);
});
