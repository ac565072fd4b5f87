// The benchmarks' battles (issue 18), shared by the browser bench and the Lighthouse script: a
// battle of each system made through the UI (its ships, one sheet edit, one turn), then grown with
// copies of those real events (same record shapes, new ids, seq and values) written with the raw
// IndexedDB API, so the app reads them exactly as its own.

export const NEXT_BUTTON = /^Next (phase|turn|step)\b/i;
/** Extra detail on stderr with BENCH_VERBOSE=1. */
const verbose = process.env.BENCH_VERBOSE ? (...a) => console.error(...a) : () => {};
const why = (e) => (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 160);

/** Reads the battle's events (seq order) and record straight from IndexedDB. */
export function readLog(page, battleId) {
  return page.evaluate(async (battleId) => {
    const request = (r) =>
      new Promise((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const db = await request(indexedDB.open('quarterdeck'));
    const tx = db.transaction(['events'], 'readonly');
    const range = IDBKeyRange.bound([battleId, 0], [battleId, Infinity]);
    const events = await request(tx.objectStore('events').index('[battleId+seq]').getAll(range));
    db.close();
    return events.map((e) => ({ seq: e.seq, kind: e.kind, paths: e.ops.map((o) => o.path[0]) }));
  }, battleId);
}

/** The Next phase/turn button, by role and name. */
export const nextButton = (page) => page.getByRole('button', { name: NEXT_BUTTON }).first();

/** Clicks Next until the log holds an event that changes the turn number (at most 20 clicks). */
async function advanceToNewTurn(page, battleId) {
  for (let i = 0; i < 20; i++) {
    const log = await readLog(page, battleId);
    if (log.some((e) => e.paths.includes('turn'))) return;
    await nextButton(page).click({ timeout: 10_000 });
    // With work left in the step the screen asks once ("Next phase anyway").
    const anyway = page.getByTestId('advance-confirm').getByRole('button', { name: NEXT_BUTTON });
    if (await anyway.isVisible({ timeout: 300 }).catch(() => false)) await anyway.click();
    await page.waitForFunction(
      async ({ battleId, n }) => {
        const db = await new Promise((res, rej) => {
          const r = indexedDB.open('quarterdeck');
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
        const count = await new Promise((res) => {
          const range = IDBKeyRange.bound([battleId, 0], [battleId, Infinity]);
          const r = db
            .transaction('events')
            .objectStore('events')
            .index('[battleId+seq]')
            .count(range);
          r.onsuccess = () => res(r.result);
        });
        db.close();
        return count > n;
      },
      { battleId, n: log.length },
      { polling: 50, timeout: 10_000 }
    );
  }
  throw new Error('no new turn after 20 clicks on Next');
}

/**
 * New battle of `system` → Create; adds two ships, one sheet edit (the first "Increase …" on the
 * first ship's page), then Next until a new turn. Returns the battle's id and URL.
 */
export async function makeBattle(page, system, name) {
  await page.goto('/battles/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: new RegExp(`^${system.name}\\b`) }).check();
  // Master and Commander: the Beginner game (no Wind Die owed before every turn).
  if (system.id === 'master-and-commander')
    await page.getByRole('radio', { name: /^Beginner\b/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await page.waitForURL((u) => /^\/battles\/(?!new$)[^/]+$/.test(u.pathname));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const url = new URL(page.url()).pathname;
  const battleId = url.split('/').at(-1);
  if (system.id === 'master-and-commander') {
    // Its fleets come from the players' setup, and the first player is rolled for.
    const setup = page.getByTestId('mc-players');
    await setup.getByLabel('Name of player 1').fill('Surprise');
    await setup.getByLabel('Name of player 2').fill('Acheron');
    await setup.getByRole('button', { name: 'Set up the fleets' }).click();
    const pad = page.getByTestId('mc-first-player').getByTestId('dice-pad');
    for (const f of [5, 2])
      await pad
        .getByRole('group', { name: /^Face of Die/ })
        .getByRole('button', { name: String(f), exact: true })
        .click();
    await pad.getByRole('button', { name: 'Use 5, 2' }).click();
    await page.getByTestId('mc-first-player').waitFor({ state: 'hidden', timeout: 10_000 });
    await advanceToNewTurn(page, battleId);
    return { battleId, url };
  }
  for (const [ship, side] of [
    ['Surprise', 'British'],
    ['Acheron', 'French']
  ]) {
    await page.getByLabel('Ship name').fill(ship);
    await page.getByLabel('Side', { exact: true }).fill(side);
    await page.getByRole('button', { name: 'Add ship' }).click();
    await page
      .getByRole('link', { name: new RegExp(ship) })
      .first()
      .waitFor();
  }
  try {
    const before = (await readLog(page, battleId)).length;
    await page
      .getByRole('link', { name: /Surprise/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Increase / })
      .first()
      .click({ timeout: 10_000 });
    for (let i = 0; i < 50 && (await readLog(page, battleId)).length === before; i++)
      await page.waitForTimeout(100);
  } catch (e) {
    verbose(`(${system.name}: no sheet edit to copy: ${why(e)})`);
  }
  await page.goto(url);
  await nextButton(page).waitFor({ timeout: 10_000 });
  await advanceToNewTurn(page, battleId);
  return { battleId, url };
}

/**
 * Grows the battle to `total` events with copies of its own real events: a one-op-per-field sheet
 * edit (back and forth between its two values) and the turn number going up.
 */
export async function seed(page, battleId, total) {
  return page.evaluate(
    async ({ battleId, total }) => {
      const request = (r) =>
        new Promise((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const done = (tx) =>
        new Promise((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
      const db = await request(indexedDB.open('quarterdeck'));
      let tx = db.transaction(['events', 'battles'], 'readonly');
      const range = IDBKeyRange.bound([battleId, 0], [battleId, Infinity]);
      const events = await request(tx.objectStore('events').index('[battleId+seq]').getAll(range));
      const battle = await request(tx.objectStore('battles').get(battleId));
      const turn = events.findLast((e) => e.ops.some((op) => op.path[0] === 'turn'));
      const edit = events.find(
        (e) =>
          e.ops.length > 0 &&
          e.ops.every((op) => op.op === 'set' && op.path[0] === 'ships' && 'prev' in op)
      );
      if (!turn) throw new Error('seed needs one new turn in the log');
      let seq = events.length;
      let turnNo = Math.max(
        ...events.flatMap((e) => e.ops.filter((o) => o.path[0] === 'turn').map((o) => o.value))
      );
      let at = events.at(-1).at;
      let isForward = false;
      const uuid = () => crypto.randomUUID();
      while (seq < total) {
        tx = db.transaction(['events', 'battles'], 'readwrite');
        const store = tx.objectStore('events');
        for (let i = 0; i < 1000 && seq < total; i++) {
          seq++;
          at += 1000;
          if (seq % 2 === 0 || !edit) {
            // Only the turn number: sheet bookkeeping a system does at a new turn would change
            // nothing again here.
            const ops = turn.ops
              .filter((op) => op.path[0] === 'turn')
              .map((op) => ({ ...op, prev: turnNo, value: turnNo + 1 }));
            turnNo++;
            store.add({ ...turn, id: uuid(), seq, at, ops, summary: `Turn ${turnNo} begins` });
          } else {
            // The edit's state is "after" now: copies go back (value → prev), then forth.
            const ops = edit.ops.map((op) =>
              isForward ? op : { ...op, prev: op.value, value: op.prev }
            );
            isForward = !isForward;
            store.add({ ...edit, id: uuid(), seq, at, ops });
          }
        }
        tx.objectStore('battles').put({ ...battle, lastSeq: seq, updatedAt: at });
        await done(tx);
      }
      db.close();
      return seq;
    },
    { battleId, total }
  );
}

/** A stepper field: typed, then Tab (its change is committed on leaving the field). */
async function setStepper(scope, label, value) {
  const input = scope.getByRole('spinbutton', { name: label, exact: true });
  await input.fill(String(value));
  await input.press('Tab');
}

/** Next until the step counter shows `step` (going on past "… anyway"), at most 12 clicks. */
export async function nextTo(page, step) {
  const turn = page.getByRole('region', { name: 'Turn' });
  for (let i = 0; i < 12; i++) {
    const text = (await turn.textContent()) ?? '';
    if (step.test(text)) return;
    await nextButton(page).click({ timeout: 10_000 });
    const anyway = page.getByTestId('advance-confirm').getByRole('button', { name: NEXT_BUTTON });
    if (await anyway.isVisible({ timeout: 300 }).catch(() => false)) await anyway.click();
    await page.waitForFunction(
      ([sel, before]) => (document.querySelector(sel)?.textContent ?? '') !== before,
      ['main section[aria-label="Turn"]', text],
      { timeout: 10_000 }
    );
  }
  throw new Error(`no ${step} after 12 clicks on Next`);
}

/**
 * Privateers with guns (issue 18: "each Privateers Phase 4 step"): an EXAMPLE class (3 masts and a
 * bowsprit, 40 hull, 30 rigging, 20 crew, 3 medium guns a side, Broad reaching 8″ at Fighting Sail)
 * and two ships of it, then one turn (the seed copies its turn event). Returns id and URL.
 */
export async function makeGunBattle(page, name) {
  await page.goto('/battles/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /^Privateers\b/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await page.waitForURL((u) => /^\/battles\/(?!new$)[^/]+$/.test(u.pathname));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const url = new URL(page.url()).pathname;
  const battleId = url.split('/').at(-1);
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Masts', 3);
  await editor.getByLabel('Bowsprit').check();
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 20);
  await setStepper(editor, 'Broad reaching Fighting Sail', 8);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  await setStepper(editor, 'Number', 3);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  const rows = editor.locator('.row', { has: page.getByRole('spinbutton', { name: 'Number' }) });
  await rows.nth(1).getByLabel('Side').selectOption('larboard');
  await setStepper(rows.nth(1), 'Number', 3);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [ship, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(ship);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await page
      .getByRole('link', { name: new RegExp(ship) })
      .first()
      .waitFor();
  }
  await advanceToNewTurn(page, battleId);
  return { battleId, url };
}

/**
 * From Phase 1 of a gun battle (makeGunBattle) to its Phase 4: headings 110° and 250° (Broad
 * reaching), Fighting Sail; four sailing crew and every gun manned; initiative rolled in the app.
 */
export async function toPhase4(page) {
  await nextTo(page, /1\/6/);
  for (const [ship, heading] of [
    ['Surprise', 110],
    ['Hermione', 250]
  ]) {
    const orders = page.getByRole('article', { name: `Orders: ${ship}` });
    await setStepper(orders, `Heading of ${ship} (degrees)`, heading);
    await orders.getByRole('button', { name: 'Set heading' }).click();
    await orders.getByText('Broad Reaching').first().waitFor();
    await orders.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
    await orders.getByRole('button', { name: 'Give orders' }).click();
    await orders.getByTestId('pv-orders-given').waitFor();
  }
  await nextTo(page, /2\/6/);
  const crew = page.getByTestId('pv-crew');
  for (const ship of ['Surprise', 'Hermione']) {
    await crew.getByRole('combobox', { name: 'Ship', exact: true }).selectOption({ label: ship });
    await setStepper(crew, 'Sailing crew', 4);
    await crew.getByRole('button', { name: 'Man every gun' }).click();
    const before = await page.getByTestId('battle-log').locator('li').first().textContent();
    await crew.getByRole('button', { name: 'Save crew assignments' }).click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="battle-log"] li')?.textContent !== before,
      before,
      { timeout: 10_000 }
    );
  }
  await nextTo(page, /3\/6/);
  const init = page.getByTestId('pv-initiative');
  // Ties are rolled again on the same pad until the order is set.
  for (let i = 0; i < 10 && !(await init.getByTestId('pv-initiative-order').isVisible()); i++) {
    await init
      .getByTestId('dice-pad')
      .getByRole('button', { name: /^Roll / })
      .click({ timeout: 10_000 });
    await page.waitForTimeout(300);
  }
  await init.getByTestId('pv-initiative-order').waitFor({ timeout: 10_000 });
  await nextTo(page, /4\/6/);
}
