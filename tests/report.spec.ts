import { expect, test, type Page } from '@playwright/test';
import { privateersBattle } from '../src/lib/report/scripted-battles.test-helpers';
import { battleFile } from './battle-file';
import { pdfPages, pdfText } from './pdf-text';
import { dismissOfflineNotice } from './table';

/**
 * The after-action report and the paper ship logs in the production build: a scripted Privateers
 * battle (built through the generic event log, as the unit tests build it) is imported as a battle
 * file, its report and a printed ship log are rendered to PDF by Chromium, and the ships' names and
 * final figures are read back out of the PDF. UPDATE_DOCS=1 also refreshes the screenshots in docs/.
 */

dismissOfflineNotice();

const UPDATE_DOCS = process.env.UPDATE_DOCS === '1';

async function importBattle(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByTestId('import-file').setInputFiles({
    name: 'off-cadiz.json',
    mimeType: 'application/json',
    buffer: Buffer.from(battleFile('privateers', 'standard', 'Off Cadiz', privateersBattle()))
  });
  await expect(page.getByTestId('backup-message')).toContainText('Imported');
  await page.goto('/');
  await page.getByRole('link', { name: /Off Cadiz/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Off Cadiz' })).toBeVisible();
}

test('the after-action report tells the battle from the log and prints to PDF with its figures', async ({
  page
}) => {
  await importBattle(page);
  await page
    .getByRole('navigation', { name: 'This battle' })
    .getByRole('link', { name: 'Report' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Off Cadiz' })).toBeVisible();
  // The outcome is the system's own ending (Privateers' turn model) now that it has one.
  await expect(page.getByTestId('report-outcome')).toHaveText(
    'Britain wins: no ship of the other side is still fighting'
  );
  const rows = page.getByTestId('report-ship');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Hermione' })).toContainText(
    'Hull 24/30, Rigging 20/20, Crew 97/100'
  );
  await expect(rows.filter({ hasText: 'Surprise' })).toContainText(
    'Hull 30/30, Rigging 16/20, Crew 100/100'
  );
  // The undone shot is not told; the critical is.
  await expect(page.getByText('Hermione fires at Surprise: 3 hits')).toHaveCount(0);
  await expect(page.getByText(/Hermione fires high at Surprise: 1 hit, a critical/)).toBeVisible();
  // Charts carry a text table for screen readers.
  await expect(
    page.getByRole('table', { name: /Hull of each ship at the end of each turn/ })
  ).toHaveCount(1);
  await expect(page.getByTestId('luck-line').first()).toContainText(
    /Britain's gunnery \(6 dice\) ran in the/
  );

  if (UPDATE_DOCS) {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.screenshot({ path: 'docs/report.png', fullPage: true });
  }

  await page.emulateMedia({ media: 'print' });
  // The site's chrome is not printed.
  await expect(page.locator('.topbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share as Markdown' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  for (const figure of [
    'Off Cadiz',
    'Hermione',
    'Surprise',
    'Hull 24/30, Rigging 20/20, Crew 97/100',
    'Hull 30/30, Rigging 16/20, Crew 100/100',
    'Britain wins'
  ]) {
    expect(text, figure).toContain(figure);
  }
});

test('a ship log prints on A4 and Letter with its tracks boxed and lost points struck', async ({
  page
}) => {
  await importBattle(page);
  await page
    .getByRole('navigation', { name: 'This battle' })
    .getByRole('link', { name: 'Print logs' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paper ship logs' })).toBeVisible();
  await expect(page.getByTestId('paper-log')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Ships' }).selectOption({ label: 'Hermione' });
  const log = page.getByTestId('paper-log');
  await expect(log).toHaveCount(1);
  await expect(log).toContainText('Hermione');
  const hull = log.getByTestId('paper-track').filter({ hasText: 'Hull' });
  await expect(hull).toContainText('24 of 30');
  await expect(hull.locator('.box')).toHaveCount(30);
  await expect(hull.locator('.box.lost')).toHaveCount(6);
  // Of the status words, only 'struck' is ticked.
  await expect(log.getByRole('region', { name: 'Status' }).locator('.tick.ticked')).toHaveCount(1);

  if (UPDATE_DOCS) {
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: 'docs/paper-log.png', fullPage: true });
  }

  // The paper in points (A4 210 × 297 mm; Letter 8½ × 11 in), to a point of Chromium's rounding.
  for (const [paper, width, height] of [
    ['A4', 595.28, 841.89],
    ['letter', 612, 792]
  ] as const) {
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('combobox', { name: 'Paper' }).selectOption(paper);
    await page.emulateMedia({ media: 'print' });
    // preferCSSPageSize: the page's own @page rule picks the paper, as the print dialog would.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(box, paper).not.toBeNull();
    expect(Math.abs(Number(box![1]) - width), paper).toBeLessThan(1.5);
    expect(Math.abs(Number(box![2]) - height), paper).toBeLessThan(1.5);
    const pages = pdfPages(pdf);
    expect(pages, paper).toHaveLength(1);
    expect(pages[0]).toContain('Hermione');
    expect(pages[0]).toContain('24 of 30');
    expect(pages[0]).toContain('97 of 100');
  }
});

test('a blank log of each system prints without a battle', async ({ page }) => {
  for (const [system, track] of [
    ['privateers', 'Hull'],
    ['wooden-warships', 'Rigging'],
    ['master-and-commander', 'Prize disks']
  ] as const) {
    await page.goto(`/print/${system}`);
    const log = page.getByTestId('paper-log');
    await expect(log).toContainText(track);
    await page.emulateMedia({ media: 'print' });
    const text = pdfText(await page.pdf({ format: 'Letter' }));
    expect(text, system).toContain(track);
    await page.emulateMedia({ media: 'screen' });
  }
});
