import { expect, test, type Page } from '@playwright/test';
import {
  masterAndCommanderBattle,
  privateersBattle,
  woodenWarshipsBattle
} from '../src/lib/report/scripted-battles.test-helpers';
import { battleFile } from './battle-file';
import { pdfPages } from './pdf-text';
import { dismissOfflineNotice } from './table';

/**
 * The report on a phone and on paper (issue 33): each system's report at 360 px in the dark and
 * the light theme without sideways scroll and without a word broken inside in its ships table, and
 * printed white with black ink from the dark theme, headings kept with what follows them.
 * UPDATE_DOCS=1 also refreshes docs/report-360.png and docs/report-printed.png.
 */

dismissOfflineNotice();

const UPDATE_DOCS = process.env.UPDATE_DOCS === '1';

const BATTLES = [
  ['privateers', 'standard', 'Off Cadiz', privateersBattle],
  ['wooden-warships', 'standard', 'Off Ushant', woodenWarshipsBattle],
  ['master-and-commander', 'beginner', 'Far Side', masterAndCommanderBattle]
] as const;

async function openReport(page: Page, battle: (typeof BATTLES)[number]): Promise<void> {
  const [systemId, variant, name, build] = battle;
  await page.goto('/settings');
  await page.getByTestId('import-file').setInputFiles({
    name: 'battle.json',
    mimeType: 'application/json',
    buffer: Buffer.from(battleFile(systemId, variant, name, build()))
  });
  await expect(page.getByTestId('backup-message')).toContainText('Imported');
  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'This battle' })
    .getByRole('link', { name: 'Report' })
    .click();
  await expect(page.getByTestId('report-ship').first()).toBeVisible();
}

/** How far the page scrolls sideways, in px (0 when it fits). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
}

/** Every word of the ships table that the layout breaks over two lines. */
function brokenWords(page: Page): Promise<string[]> {
  return page.locator('table.ships').evaluate((table) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set(
          [...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))
        );
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
}

test('each report fits 360 px in both themes, with no word of the ships table broken', async ({
  page
}) => {
  for (const battle of BATTLES) {
    await page.setViewportSize({ width: 820, height: 1000 });
    await openReport(page, battle);
    expect(await brokenWords(page), `${battle[0]} at 820 px`).toEqual([]);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 360, height: 800 });
      const where = `${battle[0]}, ${colorScheme}, 360 px`;
      await expect.poll(() => sidewaysScroll(page), where).toBe(0);
      expect(await brokenWords(page), where).toEqual([]);
      if (UPDATE_DOCS && battle[0] === 'privateers' && colorScheme === 'dark') {
        await page.screenshot({ path: 'docs/report-360.png', fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'dark' });
  }
});

test('the report and the paper logs print white with black ink from the dark theme', async ({
  page
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openReport(page, BATTLES[0]);
  const colours = () =>
    page.evaluate(() =>
      [document.documentElement, document.body, document.querySelector('main')].map((el) => {
        const cs = getComputedStyle(el!);
        return { background: cs.backgroundColor, ink: cs.color };
      })
    );
  // On screen the dark theme is dark (the check below means something).
  expect((await colours())[1].background).not.toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const printed = await colours();
  expect(printed[0].background).toBe('rgb(255, 255, 255)');
  expect(printed[1].background).toBe('rgb(255, 255, 255)');
  expect(printed[1].ink).toBe('rgb(0, 0, 0)');
  expect(['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)']).toContain(printed[2].background);
  // Headings stay with what follows them.
  const h2 = page.getByRole('heading', { level: 2, name: 'Turn by turn' });
  expect(await h2.evaluate((el) => getComputedStyle(el).breakAfter)).toBe('avoid');
  const pages = pdfPages(await page.pdf({ format: 'A4', printBackground: true }));
  const at = pages.findIndex((p) => p.includes('Turn by turn'));
  expect(at).toBeGreaterThanOrEqual(0);
  expect(pages[at]).toContain('Turn 1');
  if (UPDATE_DOCS) {
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: 'docs/report-printed.png', fullPage: false });
  }

  // The paper logs: white paper, black ink, from the dark theme with background graphics on.
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  await page
    .getByRole('navigation', { name: 'This battle' })
    .getByRole('link', { name: 'Print logs' })
    .click();
  await expect(page.getByTestId('paper-log').first()).toBeVisible();
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const log = await page
    .getByTestId('paper-log')
    .first()
    .evaluate((el) => {
      const cs = getComputedStyle(el);
      return { background: cs.backgroundColor, ink: cs.color, border: cs.borderTopColor };
    });
  expect(['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)']).toContain(log.background);
  expect(log.ink).toBe('rgb(0, 0, 0)');
  const paper = await colours();
  expect(paper[0].background).toBe('rgb(255, 255, 255)');
  expect(paper[1].background).toBe('rgb(255, 255, 255)');
});
