import { expect, test, type Page } from '@playwright/test';
import { OTHER_STATIC_ROUTES, TOP_LEVEL_ROUTES } from './routes';
import { addShip, newBattle, turnRegion, type SystemName } from './screen';
import { dismissOfflineNotice, enterFaces, mcPlayers } from './table';

// No sideways scrolling at 360 px (issue 13 #8): every route and every phase of each system on a
// 360 × 780 phone, with the longest names the forms take (one unbroken word: the worst case for
// wrapping) and every disclosure opened. The page may not be wider than the viewport, and the Undo
// bar and the navigation stay on screen. A failure names the elements that stick out.

dismissOfflineNotice();

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 780 } });

const long = (stem: string, n: number) => (stem + 'x'.repeat(n)).slice(0, n);
const BATTLE = long('Battle', 200);
// Sides and players take 200 characters; ship logs keep names to 80 (every system's sheet).
const SHIPS = [
  { name: long('Surprise', 80), side: long('Britain', 200), player: long('Jack', 200) },
  { name: long('Acheron', 80), side: long('France', 200), player: long('Stephen', 200) }
];

interface Fit {
  viewport: number;
  page: number;
  offenders: string[];
  /** Buttons whose one-word label breaks across lines ("Expo / rt"). */
  broken: string[];
  bars: { name: string; left: number; right: number; bottom: number }[];
}

/** Opens every disclosure, then measures the page and lists what sticks out. */
async function measure(page: Page): Promise<Fit> {
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  // Let the opened content lay out (and any lazy panel render) before measuring.
  await page.waitForTimeout(150);
  // The phone's width, not innerWidth: a mobile viewport widens to a page that overflows.
  return page.evaluate((vw) => {
    const scrollsItself = (el: Element | null): boolean => {
      for (let p = el?.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };
    const name = (el: Element): string => {
      const test = el.closest('[data-testid]')?.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}${test ? ` in [${test}]` : ''} "${text}"`;
    };
    const offenders: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (b.right <= vw + 0.5 && b.left >= -0.5) continue;
      if (scrollsItself(el)) continue;
      // Report the outermost offender of a subtree only.
      const parent = el.parentElement?.getBoundingClientRect();
      if (
        parent &&
        (parent.right > vw + 0.5 || parent.left < -0.5) &&
        !scrollsItself(el.parentElement)
      )
        continue;
      offenders.push(`${name(el)} (${Math.round(b.left)}–${Math.round(b.right)} px)`);
    }
    // A one-word label wraps only by breaking the word: its text then lays out in two line boxes.
    const broken: string[] = [];
    for (const el of document.querySelectorAll('main button, main a.btn')) {
      const text = (el.textContent ?? '').trim();
      if (!text || /\s/.test(text)) continue;
      // The text's own line boxes (an icon beside the word is not a line of its own).
      const lines = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (!t.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.top));
      }
      if (lines.size > 1) broken.push(`${name(el)} (${lines.size} lines)`);
    }
    const bars = [
      ['Undo bar', document.querySelector('[role="toolbar"][aria-label="Undo and redo"]')],
      ['navigation', document.querySelector('nav[aria-label="Main"]')]
    ]
      .filter((x): x is [string, Element] => x[1] !== null)
      .map(([n, el]) => {
        const b = el.getBoundingClientRect();
        return { name: n, left: b.left, right: b.right, bottom: b.bottom };
      });
    return {
      viewport: vw,
      page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      offenders: offenders.slice(0, 12),
      broken,
      bars
    };
  }, WIDTH);
}

async function expectFits(page: Page, where: string): Promise<void> {
  const fit = await measure(page);
  expect
    .soft(
      fit.page,
      `${where}: page ${fit.page} px wide at ${fit.viewport} px; sticking out:\n${fit.offenders.join('\n')}`
    )
    .toBeLessThanOrEqual(fit.viewport);
  expect.soft(fit.broken, `${where}: a one-word button label broken across lines`).toEqual([]);
  for (const bar of fit.bars) {
    expect
      .soft(
        bar.left >= -0.5 && bar.right <= fit.viewport + 0.5,
        `${where}: the ${bar.name} leaves the screen (${Math.round(bar.left)}–${Math.round(bar.right)} px)`
      )
      .toBe(true);
  }
}

test('every page a referee opens fits 360 px without sideways scrolling', async ({ page }) => {
  for (const route of [...TOP_LEVEL_ROUTES, ...OTHER_STATIC_ROUTES]) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expectFits(page, route.path);
  }
});

for (const system of ['Privateers', 'Wooden Warships', 'Master and Commander'] as SystemName[]) {
  test(`${system}: every phase of a turn fits 360 px with the longest names`, async ({ page }) => {
    test.setTimeout(360_000);
    await newBattle(page, BATTLE, system);
    if (system === 'Master and Commander') {
      // Its fleets come from the players' set-up (no generic form): the longest player names the
      // form takes, the first player, and the Wind Die so every phase can be walked.
      await mcPlayers(page, [{ name: long('Jack', 40) }, { name: long('Stephen', 40) }]);
      await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
      await page
        .getByTestId('mc-wind')
        .getByRole('group', { name: /tap the face rolled/ })
        .getByRole('button', { name: 'W', exact: true })
        .click();
      await expect(page.getByTestId('mc-battle-due')).toBeHidden();
    } else for (const s of SHIPS) await addShip(page, s.name, s.side, s.player);
    await page.goto('/');
    await expectFits(page, `${system}: the battle list`);
    await page
      .getByRole('link', { name: new RegExp(`^${BATTLE.slice(0, 30)}`) })
      .first()
      .click();
    await expect(page.getByTestId('status-bar')).toBeVisible();

    const turn = turnRegion(page);
    for (let step = 0; step < 12; step++) {
      const text = (await turn.locator('.turn-text').textContent()) ?? '';
      await expectFits(page, `${system}, ${text.trim()}`);
      if (step > 0 && /Turn 2\b/.test(text)) break;
      await turn.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
      const anyway = turn.getByRole('button', { name: /^Next (phase|turn) anyway$/ });
      if (await anyway.isVisible()) await anyway.click();
      // A step that refuses to be left (a required roll) ends the walk there.
      const moved = await expect(turn.locator('.turn-text'))
        .not.toHaveText(text, { timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      if (!moved) break;
    }

    // A ship's own log.
    const first = system === 'Master and Commander' ? long('Jack', 30) : SHIPS[0].name.slice(0, 30);
    await page
      .getByRole('link', { name: new RegExp(first) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ships\//);
    await page.waitForTimeout(500);
    await expectFits(page, `${system}: a ship's log`);
  });
}
