import { expect, test, type Page } from '@playwright/test';
import {
  masterAndCommanderPaperBattle,
  privateersPaperBattle,
  woodenWarshipsPaperBattle
} from '../src/lib/report/paper-battles.test-helpers';
import type { ScriptedLog } from '../src/lib/report/scripted.test-helpers';
import { battleFile } from './battle-file';
import { pdfPages } from './pdf-text';
import { dismissOfflineNotice } from './table';

/**
 * Paper logs that carry the game on (issue 33 item 5): each system's logs printed from a battle
 * played through its real moves, and its blank log, to A4 and Letter PDF — one ship a page, every
 * field of the players' own paper sheet in the text, each ship's current figures on its page.
 * UPDATE_DOCS=1 also refreshes docs/paper-log-<system>-filled.png and -blank.png.
 */

dismissOfflineNotice();

const UPDATE_DOCS = process.env.UPDATE_DOCS === '1';

interface Case {
  systemId: string;
  variant: string;
  battle: string;
  build: () => ScriptedLog;
  options?: Record<string, string>;
  /** Every field the players' paper sheet has (SPEC C.2 / B.2 / A.2), filled or blank. */
  fields: string[];
  /** Each ship in roster order, with figures its page must show. */
  ships: { name: string; figures: string[] }[];
}

const CASES: Case[] = [
  {
    systemId: 'privateers',
    variant: 'standard',
    battle: 'Paper Cadiz',
    build: privateersPaperBattle,
    fields: [
      'Officers and crew',
      'Captain',
      '1st Lt.',
      'Master',
      'Gunner',
      'Crew',
      'Rating',
      'Title',
      'Starboard broadside',
      'Larboard broadside',
      'Bow, stern and land guns',
      'Class',
      'Load',
      'Loaded',
      'Fired',
      'Hull',
      'Rigging',
      'Marines',
      'Sail setting',
      'Maneuver',
      'Hidden orders',
      'Crew assignments',
      'Sailing rates'
    ],
    ships: [
      {
        name: 'Surprise',
        figures: ['40 of 40', '60 of 60', '8 of 8', 'Sea Dog', 'Marksman', 'Seaman', 'Heavy']
      },
      { name: 'Hermione', figures: ['26 of 40', '59 of 60', 'Landlubber', 'Navigator'] }
    ]
  },
  {
    systemId: 'wooden-warships',
    variant: 'standard',
    battle: 'Paper Ushant',
    build: woodenWarshipsPaperBattle,
    options: { turnStructure: 'simultaneousSteps' },
    fields: [
      'Ship type',
      'Captain card',
      'Crew quality',
      'Crew skill',
      'Gun zones and loads',
      'Fore chase guns',
      'Zone 1',
      'Zone 4',
      'Round shot',
      'Grape shot',
      'Chain shot',
      'Sail setting',
      'Hull',
      'Crew',
      'Rigging',
      'Hold rating',
      'Loot card',
      'Upgrade cards in the hold',
      'Upgrades applied'
    ],
    ships: [
      {
        name: 'Diana',
        figures: ['140 of 140', '120 of 120', 'Bold', '£4,800', 'Spanish silver', 'New topsails']
      },
      { name: 'Juno', figures: ['59 of 90', '70 of 70', 'Cautious', 'Casks of rum'] }
    ]
  },
  {
    systemId: 'master-and-commander',
    variant: 'basic',
    battle: 'Paper Far Side',
    build: masterAndCommanderPaperBattle,
    fields: ['Prize disks', 'Ship strength', 'Homeport', 'Repair cards', 'Heading', 'Turn record'],
    ships: [
      { name: 'Anna 1', figures: ['2 of 2', '3 of 4', 'Black ship'] },
      { name: 'Anna 2', figures: ['2 of 2', '3 of 4'] },
      { name: 'Ben 1', figures: ['1 of 2', '4 of 4', 'Gold ship'] },
      { name: 'Ben 2', figures: ['2 of 2', '4 of 4'] }
    ]
  }
];

const PAPERS = [
  ['A4', 'A4'],
  ['letter', 'Letter']
] as const;

async function openPrintLogs(page: Page, c: Case): Promise<void> {
  await page.goto('/settings');
  await page.getByTestId('import-file').setInputFiles({
    name: 'battle.json',
    mimeType: 'application/json',
    buffer: Buffer.from(battleFile(c.systemId, c.variant, c.battle, c.build(), c.options))
  });
  await expect(page.getByTestId('backup-message')).toContainText('Imported');
  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(c.battle) }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.battle })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'This battle' })
    .getByRole('link', { name: 'Print logs' })
    .click();
  await expect(page.getByTestId('paper-log')).toHaveCount(c.ships.length);
}

/** The PDF's pages on this paper, as the print dialog would lay them out (the page's @page). */
async function printed(page: Page, paper: 'A4' | 'letter'): Promise<string[]> {
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('combobox', { name: 'Paper' }).selectOption(paper);
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  return pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
}

async function shoot(page: Page, file: string): Promise<void> {
  // The first page as printed: A4's width inside its 12 mm margins at 96 px an inch (186 mm),
  // print styles, the first log alone.
  await page.setViewportSize({ width: 703, height: 1032 });
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await page.getByTestId('paper-log').first().screenshot({ path: file });
}

for (const c of CASES) {
  test(`${c.systemId}: the paper logs of a real battle, one ship a page, every field and figure`, async ({
    page
  }) => {
    await openPrintLogs(page, c);
    for (const [paper, label] of PAPERS) {
      const pages = await printed(page, paper);
      expect(pages, `${label}: one ship a page`).toHaveLength(c.ships.length);
      c.ships.forEach((ship, i) => {
        const where = `${label}, page ${i + 1}`;
        expect(pages[i], where).toContain(ship.name);
        for (const other of c.ships)
          if (other !== ship) expect(pages[i], where).not.toContain(`${other.name}\n`);
        for (const f of [...c.fields, ...ship.figures])
          expect(pages[i], `${where}: ${f}`).toContain(f);
      });
    }
    if (UPDATE_DOCS) await shoot(page, `docs/paper-log-${c.systemId}-filled.png`);
  });

  test(`${c.systemId}: the blank log keeps every field on one page, A4 and Letter`, async ({
    page
  }) => {
    await page.goto(`/print/${c.systemId}`);
    await expect(page.getByTestId('paper-log')).toHaveCount(1);
    for (const [paper, label] of PAPERS) {
      const pages = await printed(page, paper);
      expect(pages, `${label}: one page`).toHaveLength(1);
      for (const f of c.fields) expect(pages[0], `${label}: ${f}`).toContain(f);
      // Nothing of any ship is on it: no figures, only boxes and lines.
      expect(pages[0]).not.toMatch(/\d+ of \d+/);
    }
    if (UPDATE_DOCS) await shoot(page, `docs/paper-log-${c.systemId}-blank.png`);
  });
}
