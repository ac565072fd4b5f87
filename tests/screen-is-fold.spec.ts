import { expect, test, type Page } from '@playwright/test';
import { makeBattle, makeGunBattle, nextButton, toPhase4 } from '../scripts/bench-battles.mjs';
import { dismissOfflineNotice } from './table';

// Issue 39: the battle screen keeps itself up to date event by event (history, log lines and the
// turn status are extended, not rebuilt, and ships that an event did not touch keep their state),
// so a tap answers fast. None of that may trade away "what the screen shows is fold(log)": after a
// scripted sequence of real actions in each system, the screen must read exactly as it does when
// the battle is opened afresh and the whole stored log is folded again from its first event.

dismissOfflineNotice();

/** What the screen says of the battle's state: the status bar, the turn card, the fleet, the log. */
async function screenOf(page: Page) {
  await expect(nextButton(page)).toBeVisible({ timeout: 30_000 });
  return page.evaluate(() => {
    const text = (el: Element | null | undefined) =>
      (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const status = document.querySelector('[data-testid="status-bar"]')?.cloneNode(true) as
      Element | undefined;
    // The hourglass runs on by itself between the two readings.
    status?.querySelector('[data-testid="status-clock"]')?.remove();
    const fleet = [...document.querySelectorAll('main h2')].find(
      (h) => text(h) === 'Ships'
    )?.parentElement;
    return {
      status: text(status),
      turn: text(document.querySelector('main section[aria-label="Turn"] h2')),
      fleet: text(fleet),
      log: [...document.querySelectorAll('[data-testid="battle-log"] li')].map(
        (li) => `${text(li.querySelector('.seq'))} ${text(li.querySelector('.text'))}`
      )
    };
  });
}

/** The reading is of a real battle, so equal readings mean something: ships, a step, entries. */
function expectRead(shown: Awaited<ReturnType<typeof screenOf>>, ship: string) {
  expect(shown.fleet).toContain(ship);
  expect(shown.status).not.toBe('');
  expect(shown.turn).not.toBe('');
  expect(shown.log.length).toBeGreaterThan(5);
}

/** Opens the battle afresh with no checkpoint left, so the whole stored log is folded again. */
async function reopenFolded(page: Page) {
  await page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
      });
    const db = await request(indexedDB.open('quarterdeck'));
    if (db.objectStoreNames.contains('checkpoints')) {
      const tx = db.transaction('checkpoints', 'readwrite');
      await request(tx.objectStore('checkpoints').clear());
    }
    db.close();
  });
  await page.reload();
}

/** The newest entry's number in the log ("#12" → 12). */
async function newestSeq(page: Page): Promise<number> {
  const seq = await page.getByTestId('battle-log').locator('li .seq').first().textContent();
  return Number((seq ?? '#0').replace('#', ''));
}

/** Waits for the log's newest entry to be the one after `seq`. */
async function entryAfter(page: Page, seq: number) {
  await expect(page.getByTestId('battle-log').locator('li .seq').first()).toHaveText(`#${seq + 1}`);
}

async function undo(page: Page) {
  const seq = await newestSeq(page);
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await entryAfter(page, seq);
}

const SYSTEMS = [
  { id: 'wooden-warships', name: 'Wooden Warships' },
  { id: 'master-and-commander', name: 'Master and Commander' }
] as const;

for (const system of SYSTEMS) {
  test(`${system.name}: after a turn of taps, an undo and more taps, the screen is the fold of the log`, async ({
    page
  }) => {
    test.setTimeout(120_000);
    const { url } = await makeBattle(page, system, `Fold ${system.name}`);
    await page.goto(url);
    await step(page);
    await undo(page);
    await step(page);
    await step(page);
    const shown = await screenOf(page);
    expectRead(shown, 'Surprise');
    await reopenFolded(page);
    expect(await screenOf(page)).toEqual(shown);
  });
}

test('Privateers: orders, crew, initiative and Phase 4 steps with an undo; the screen is the fold of the log', async ({
  page
}) => {
  test.setTimeout(150_000);
  const { url } = await makeGunBattle(page, 'Fold Privateers');
  await page.goto(url);
  await toPhase4(page);
  await step(page);
  await undo(page);
  await step(page);
  const shown = await screenOf(page);
  expectRead(shown, 'Hermione');
  await reopenFolded(page);
  expect(await screenOf(page)).toEqual(shown);
});

/** One Next, going on past "… anyway" when the step still has work, and waiting for its entry. */
async function step(page: Page) {
  const seq = await newestSeq(page);
  await nextButton(page).click();
  const anyway = page
    .getByTestId('advance-confirm')
    .getByRole('button', { name: /^Next (phase|turn|step)\b/i });
  if (await anyway.isVisible({ timeout: 500 }).catch(() => false)) await anyway.click();
  await entryAfter(page, seq);
}
