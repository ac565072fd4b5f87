import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissOfflineNotice, enterFaces, mcPlayers, statusStep } from './table';
import { addShip, newBattle, turnRegion } from './screen';

// Next's question and a refused Next on a 360 px phone (issue 32 #3, #4): the question takes the
// Turn card's width (the Next bar at the screen's foot), each button on one line, above the Undo
// bar; a refused
// action's reason is said once, under Next where it was tapped. UPDATE_DOCS=1 also refreshes
// docs/confirm-360.png.

dismissOfflineNotice();

test.use({ viewport: { width: 360, height: 780 } });

/**
 * The question opened by Next: in the Turn card, across it (its padding aside), each
 * button a one-line 44 px target wholly on screen above the Undo bar.
 */
async function expectRoomy(page: Page, ask: Locator, buttons: readonly string[]): Promise<void> {
  const turn = turnRegion(page);
  const turnBox = await turn.boundingBox();
  const box = await ask.boundingBox();
  const bar = await page.getByRole('toolbar', { name: 'Undo and redo' }).boundingBox();
  if (!turnBox || !box || !bar)
    throw new Error('no box for the Turn card, its question or the Undo bar');
  expect(box.width).toBeGreaterThanOrEqual(300);
  expect(box.width).toBeGreaterThanOrEqual(turnBox.width - 2 * 17);
  // On a phone the Turn card is the bar at the screen's foot (issue 32 #1), its title for screen
  // readers only (the status bar names the step): the question opens inside it.
  expect(box.y).toBeGreaterThanOrEqual(turnBox.y);
  expect(box.y + box.height).toBeLessThanOrEqual(turnBox.y + turnBox.height);
  for (const name of buttons) {
    const button = ask.getByRole('button', { name, exact: true });
    const b = await button.boundingBox();
    if (!b) throw new Error(`no box for ${name}`);
    expect(b.height, `${name} on one line`).toBeLessThan(60);
    expect(b.height, `${name} a 44 px target`).toBeGreaterThanOrEqual(44);
    expect(b.y + b.height, `${name} above the Undo bar`).toBeLessThanOrEqual(bar.y);
    await expect(button).toBeInViewport({ ratio: 1 });
  }
}

test('"Still to do in this step" takes the Turn card\'s width, each button on one line, above the Undo bar', async ({
  page
}) => {
  await newBattle(page, 'Action off Ushant', 'Privateers');
  await addShip(page, 'Surprise', 'Britain');
  await addShip(page, 'Acheron', 'France');
  // Next at the top of the page, the Undo bar stuck at the screen's bottom, as at the table.
  await page.evaluate(() => window.scrollTo(0, 0));
  const turn = turnRegion(page);
  await turn.getByRole('button', { name: 'Next phase', exact: true }).click();
  const confirm = turn.getByTestId('advance-confirm');
  await expect(confirm).toContainText('Give orders');

  await expectRoomy(page, confirm, ['Stay', 'Next phase anyway']);
  if (process.env.UPDATE_DOCS) await page.screenshot({ path: 'docs/confirm-360.png' });

  // "Stay" closes it; going on passes the step.
  await confirm.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await turn.getByRole('button', { name: 'Next phase', exact: true }).click();
  await confirm.getByRole('button', { name: 'Next phase anyway', exact: true }).click();
  await expect(turn.locator('.turn-text')).toContainText('2/6');
});

test('going on leaves the question up until the next step is drawn, in the same frame (issue 39)', async ({
  page
}) => {
  await newBattle(page, 'Action off Ushant', 'Privateers');
  await addShip(page, 'Surprise', 'Britain');
  await addShip(page, 'Acheron', 'France');
  const turn = turnRegion(page);
  await turn.getByRole('button', { name: 'Next phase', exact: true }).click();
  const confirm = turn.getByTestId('advance-confirm');
  await expect(confirm).toContainText('Give orders');
  // Each change the page makes, as the step it shows and whether the question is up: closing the
  // question at the tap drew a frame of the old step without it while the advance was saved.
  await page.evaluate(() => {
    const seen: string[] = [];
    Reflect.set(window, '__seen', seen);
    const read = () =>
      `${document.querySelector('main .turn-text')?.textContent?.match(/\d+\/\d+/)?.[0]}` +
      ` ${document.querySelector('main [data-testid="advance-confirm"]') ? 'asking' : 'button'}`;
    new MutationObserver(() => {
      const now = read();
      if (seen.at(-1) !== now) seen.push(now);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    seen.push(read());
  });
  await confirm.getByRole('button', { name: 'Next phase anyway', exact: true }).click();
  await expect(turn.locator('.turn-text')).toContainText('2/6');
  await expect(confirm).toHaveCount(0);
  expect(await page.evaluate(() => Reflect.get(window, '__seen') as string[])).toEqual([
    '1/6 asking',
    '2/6 button'
  ]);
});

test('"This comes first" (the Wind Die) is as roomy and above the Undo bar too', async ({
  page
}) => {
  await newBattle(page, 'Far Side of the World', 'Master and Commander');
  await mcPlayers(page, [{ name: 'Anna' }, { name: 'Ben' }]);
  await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
  await expect(statusStep(page)).toContainText('Wind');
  await page.evaluate(() => window.scrollTo(0, 0));
  const turn = turnRegion(page);
  await turn.getByRole('button', { name: 'Next phase', exact: true }).click();
  const blocked = turn.getByTestId('advance-blocked');
  await expect(blocked).toContainText('Anna rolls the Wind Die');
  await expectRoomy(page, blocked, ['OK']);
});

const PASSED = 'That step has already been passed (on this or another device).';

test('a refused Next says why once, under Next', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const behind = await context.newPage();
    // This tab does not hear the other tab's writes (Dexie tells other tabs through a
    // BroadcastChannel): its screen still shows the step the other tab has passed.
    await behind.addInitScript(() => {
      Reflect.deleteProperty(window, 'BroadcastChannel');
    });
    await newBattle(behind, 'Cape Ortegal', 'Privateers');
    const other = await context.newPage();
    await other.goto(behind.url());
    await turnRegion(other).getByRole('button', { name: 'Next phase', exact: true }).click();
    await expect(turnRegion(other).locator('.turn-text')).toContainText('2/6');

    const turn = turnRegion(behind);
    await expect(turn.locator('.turn-text')).toContainText('1/6');
    await turn.getByRole('button', { name: 'Next phase', exact: true }).click();
    await expect(turn.getByRole('alert')).toHaveText(PASSED);
    await expect(behind.getByText(PASSED)).toHaveCount(1);
    await expect(behind.getByRole('alert')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('a Next that cannot be saved says why once, under Next', async ({ page }) => {
  await newBattle(page, 'Finisterre', 'Privateers');
  // The next write fails as storage can (a disk error aborts the transaction).
  await page.evaluate(() => {
    let isArmed = true;
    for (const name of ['put', 'add']) {
      const original = Reflect.get(IDBObjectStore.prototype, name) as (...a: unknown[]) => unknown;
      Reflect.set(
        IDBObjectStore.prototype,
        name,
        new Proxy(original, {
          apply(target, store, args) {
            if (!isArmed) return Reflect.apply(target, store, args);
            isArmed = false;
            throw new DOMException('Internal error writing to the backing store.', 'UnknownError');
          }
        })
      );
    }
  });
  const turn = turnRegion(page);
  await turn.getByRole('button', { name: 'Next phase', exact: true }).click();
  const alert = turn.getByRole('alert');
  await expect(alert).toBeVisible();
  const text = (await alert.innerText()).trim();
  expect(text.length).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  await expect(turn.locator('.turn-text')).toContainText('1/6');
});
