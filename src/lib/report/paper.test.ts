import { describe, expect, it } from 'vitest';
import { fold } from '$lib/battle/fold';
import { MAX_BOXES, trackBlock, type PaperSection, type PaperSheet } from '../engine/paper-sheet';
import { boxRows, paperLog, paperSheetOf, type PaperLog } from './paper';

type TrackBlock = Extract<PaperLog['sections'][number]['blocks'][number], { kind: 'track' }>;

/** Every track of the log, in the order printed. */
function paperTracks(log: PaperLog): TrackBlock[] {
  return log.sections.flatMap((s) => s.blocks.filter((b): b is TrackBlock => b.kind === 'track'));
}
import {
  masterAndCommanderPaperBattle,
  privateersPaperBattle,
  woodenWarshipsPaperBattle
} from './paper-battles.test-helpers';
import { FRAME, seriesPath, ticks, xOf, yOf, type TrackChart } from './chart';
import { mc, privateersBattle, pv, ww } from './scripted-battles.test-helpers';
import { paper as pvPaper } from '$lib/rules/privateers/paper';
import { paper as wwPaper } from '$lib/rules/wooden-warships/paper';
import { paper as mcPaper } from '$lib/rules/master-and-commander/paper';

/** Each system's paper sheet, as printing loads it (RuleSystem.loadPaper). */
const PAPER: Record<string, PaperSheet<object>> = {
  [pv.id]: pvPaper,
  [ww.id]: wwPaper,
  [mc.id]: mcPaper
};

const nulls = (n: number): null[] => Array.from({ length: n }, () => null);
const textOf = (log: PaperLog): string =>
  JSON.stringify(log.sections) + log.statuses.map((s) => s.word).join(' ');
const section = (log: PaperLog, id: string): PaperSection => {
  const found = log.sections.find((s) => s.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
};
const table = (s: PaperSection) => s.blocks.find((b) => b.kind === 'table')!;
const ticked = (s: PaperSection, label: string) => {
  const b = s.blocks.find((x) => x.kind === 'ticks' && x.label === label);
  return b?.kind === 'ticks' ? b.options.filter((o) => o.isTicked).map((o) => o.word) : [];
};
const field = (s: PaperSection, label: string) =>
  s.blocks.flatMap((b) => (b.kind === 'fields' ? b.items : [])).find((f) => f.label === label)
    ?.value;

describe('the paper ship log', () => {
  const state = fold(privateersBattle().events);

  it('boxes each track with the points already lost struck through, as the log stands', () => {
    const log = paperLog(pv, PAPER[pv.id], state.ships.h, {
      title: 'Privateers ship log',
      currentTurn: 2,
      state
    });
    expect(log.name).toBe('Hermione');
    expect(log.side).toBe('Spain');
    const hull = paperTracks(log).find((t) => t.id === 'hull')!;
    expect(hull).toMatchObject({ value: 24, boxes: 30, isWriteIn: false });
    expect(paperTracks(log).find((t) => t.id === 'crew')).toMatchObject({ value: 97, boxes: 100 });
    expect(log.statuses.filter((s) => s.isTicked).map((s) => s.word)).toEqual(['struck']);
    expect(log.lines[0]).toBe('Hull 24/30');
  });

  it('writes in a track too long to box', () => {
    const t = trackBlock({ id: 'crew', label: 'Crew', value: 250, max: 300 }, null);
    expect(t.isWriteIn).toBe(true);
    expect(MAX_BOXES).toBeLessThan(300);
    expect(trackBlock({ id: 'crew', label: 'Crew', value: 190, max: 200 }, null).isWriteIn).toBe(
      false
    );
  });

  it('breaks long rows of boxes', () => {
    expect(boxRows([...Array(115).keys()]).map((r) => r.length)).toEqual([50, 50, 15]);
  });
});

describe('a paper log filled from a battle played through the real moves (issue 33 item 5)', () => {
  it('Privateers: officers and ratings, every gun by broadside with loaded and fired, sail, orders', () => {
    const log = privateersPaperBattle();
    const at = (id: string) =>
      paperLog(pv, PAPER[pv.id], log.state.ships[id], {
        title: 'T',
        currentTurn: 1,
        state: log.state
      });
    const surprise = at('a');
    expect(table(section(surprise, 'officers'))).toMatchObject({
      rows: [
        ['Captain', '1', 'Sea Dog', false],
        ['1st Lt.', '0', 'Midshipman', false],
        ['Master', '0', 'Helmsman', false],
        ['Gunner', '2', 'Marksman', false],
        ['Crew', '1', 'Seaman', null]
      ]
    });
    // Reload: Gunner 2 + crew 1; morale: Captain 1 + crew 1, taken off the roll.
    expect(field(section(surprise, 'officers'), 'Reload (Gunner + Crew)')).toBe('+3');
    expect(field(section(surprise, 'officers'), 'Morale (Captain + Crew, off the roll)')).toBe(
      '−2'
    );
    // The starboard broadside fired (to reload); the larboard is still loaded; the bow swivel too.
    const starboard = table(section(surprise, 'guns-starboard'));
    expect(starboard.kind === 'table' && starboard.rows).toEqual([
      ['1', 'Medium', 'Ball', false, true, false, false],
      ['2', 'Medium', 'Ball', false, true, false, false],
      ['3', 'Medium', 'Ball', false, true, false, false],
      ['4', 'Heavy', 'Ball', false, true, false, false]
    ]);
    const larboard = table(section(surprise, 'guns-larboard'));
    expect(larboard.kind === 'table' && larboard.rows.map((r) => r[3])).toEqual([
      true,
      true,
      true,
      true
    ]);
    expect(table(section(surprise, 'guns-ends'))).toMatchObject({
      rows: [['1', 'Swivel', 'Ball', true, false, false, false]]
    });
    expect(ticked(section(surprise, 'sail'), 'Sail setting')).toEqual(['Fighting Sail']);
    expect(ticked(section(surprise, 'sail'), 'Maneuver')).toEqual(['Straight']);
    expect(field(section(surprise, 'assignments'), 'Gun crews')).toBe('4');
    expect(table(section(surprise, 'orders'))).toMatchObject({
      rows: [
        ['Sail', 'Fighting', ...nulls(11)],
        ['Maneuver', 'Straight', ...nulls(11)],
        ['Revealed', true, ...Array.from({ length: 11 }, () => false)]
      ]
    });
    // Hermione took the broadside: 14 hull, a man and a gun.
    const hermione = at('b');
    expect(paperTracks(hermione).map((t) => [t.id, t.value, t.boxes])).toEqual([
      ['hull', 26, 40],
      ['rigging', 30, 30],
      ['crew', 59, 60],
      ['marines', 8, 8]
    ]);
    const destroyed = [
      ...['guns-starboard', 'guns-larboard'].flatMap((id) => {
        const t = table(section(hermione, id));
        return t.kind === 'table' ? t.rows.filter((r) => r[6] === true) : [];
      })
    ];
    expect(destroyed).toHaveLength(1);
  });

  it('Wooden Warships: type, captain card, quality, gun zones by ammunition, sail, hold and upgrades', () => {
    const log = woodenWarshipsPaperBattle();
    const at = (id: string) =>
      paperLog(ww, PAPER[ww.id], log.state.ships[id], {
        title: 'T',
        currentTurn: 2,
        state: log.state
      });
    const diana = at('diana');
    expect(ticked(section(diana, 'ship'), 'Ship type')).toEqual(['Frigate']);
    expect(field(section(diana, 'captain'), 'Captain card')).toBe('Bold');
    expect(field(section(diana, 'captain'), 'Player’s funds')).toBe('£4,800');
    expect(ticked(section(diana, 'quality'), 'Crew skill')).toEqual(['Skilled']);
    // She fired zones 1 and 2 this turn (empty now); the fore chase keeps its chain shot.
    expect(table(section(diana, 'guns'))).toMatchObject({
      columns: [
        'Battery',
        'Round shot (red)',
        'Grape shot (green)',
        'Chain shot (black)',
        'Fired this turn'
      ],
      rows: [
        ['Fore chase guns', false, false, true, false],
        ['Aft chase guns', false, false, false, false],
        ['Zone 1', false, false, false, true],
        ['Zone 2', false, false, false, true],
        ['Zone 3', false, false, false, false],
        ['Zone 4', false, false, false, false]
      ]
    });
    expect(ticked(section(diana, 'sail'), 'Sail setting')).toEqual(['Battle Sail']);
    expect(field(section(diana, 'hold'), 'Loot card')).toBe('Spanish silver (£500)');
    expect(textOf(diana)).toContain('New topsails (£400): Speed +1 at full sail');
    const juno = at('juno');
    expect(paperTracks(juno).map((t) => [t.id, t.value, t.boxes])).toEqual([
      ['hull', 59, 90],
      ['crew', 70, 70],
      ['rigging', 70, 70]
    ]);
    const junoGuns = table(section(juno, 'guns'));
    expect(junoGuns.kind === 'table' && junoGuns.rows[4]).toEqual([
      'Zone 3',
      false,
      true,
      false,
      false
    ]);
  });

  it('Master and Commander: prize disks, ship strength, homeport and its repair cards', () => {
    const log = masterAndCommanderPaperBattle();
    const at = (id: string) =>
      paperLog(mc, PAPER[mc.id], log.state.ships[id], {
        title: 'T',
        currentTurn: 1,
        state: log.state
      });
    // Anna 1 was hit by the counter-attack and repaired at her Homeport with one of four cards.
    const anna = at('ship-1');
    // The captain by name, never the player id the battle stores.
    expect(anna.player).toBe('Anna');
    expect(paperTracks(anna).map((t) => [t.id, t.value, t.boxes])).toEqual([
      ['prize-disks', 2, 2],
      ['repair-cards', 3, 4]
    ]);
    expect(ticked(section(anna, 'homeport'), 'Homeport')).toEqual(['North']);
    expect(field(section(anna, 'homeport'), 'Disks repaired this turn')).toBe('1');
    const ben = at('ship-3');
    expect(paperTracks(ben)[0]).toMatchObject({ value: 1, boxes: 2 });
    expect(ticked(section(ben, 'strength'), 'Ship strength (dice in attack or defence)')).toEqual([
      'One hit: 2 dice'
    ]);
    expect(field(section(ben, 'strength'), 'Dice she rolls now')).toBe('2');
    expect(ticked(section(ben, 'homeport'), 'Homeport')).toEqual(['South']);
  });
});

describe("a system's paper sheet is loaded when printing (issue 40)", () => {
  it('paperSheetOf gives each system its own paper.ts; a system without one prints its tracks', async () => {
    for (const system of [pv, ww, mc])
      expect(await paperSheetOf(system as never)).toBe(PAPER[system.id]);
    expect(await paperSheetOf({ ...pv, loadPaper: undefined })).toBeNull();
  });
});

describe('a blank paper log per system, to photocopy', () => {
  const blank = (system: typeof pv) =>
    paperLog(system, PAPER[system.id], null, { title: 'x', currentTurn: null, state: null });

  it('keeps every field with nothing filled in, and boxes enough for the largest ship', () => {
    for (const system of [pv, ww, mc] as const) {
      const log = blank(system as typeof pv);
      expect(log.isBlank).toBe(true);
      expect(log.name).toBe('');
      expect(log.statuses.some((s) => s.isTicked)).toBe(false);
      for (const s of log.sections)
        for (const b of s.blocks) {
          if (b.kind === 'fields') expect(b.items.every((f) => f.value === '')).toBe(true);
          if (b.kind === 'ticks') expect(b.options.some((o) => o.isTicked)).toBe(false);
          if (b.kind === 'track') expect(b.value).toBeNull();
          if (b.kind === 'table')
            expect(
              b.rows.flat().every((c) => c === null || c === false || typeof c === 'string')
            ).toBe(true);
        }
    }
    expect(paperTracks(blank(pv)).map((t) => [t.label, t.boxes])).toEqual([
      ['Hull', 100],
      ['Rigging', 100],
      ['Crew', 200],
      ['Marines', 50]
    ]);
    // A Man O' War of the EXAMPLE charts has 200 hull and 200 crew.
    expect(paperTracks(blank(ww as never)).map((t) => [t.label, t.boxes])).toEqual([
      ['Hull', 200],
      ['Crew', 200],
      ['Rigging', 150]
    ]);
    expect(paperTracks(blank(mc as never)).map((t) => [t.label, t.boxes])).toEqual([
      ['Prize disks', 2],
      ['Repair cards', 8]
    ]);
    // Room for ten guns a broadside and four at bow and stern.
    const pvBlank = blank(pv);
    expect(table(section(pvBlank, 'guns-starboard'))).toMatchObject({ rows: { length: 10 } });
    expect(table(section(pvBlank, 'guns-ends'))).toMatchObject({ rows: { length: 4 } });
  });
});

describe('chart geometry', () => {
  const chart: TrackChart = {
    trackId: 'hull',
    label: 'Hull',
    maxValue: 30,
    firstTurn: 0,
    lastTurn: 2,
    series: [
      {
        shipId: 'h',
        name: 'Hermione',
        side: 'Spain',
        points: [
          { turn: 0, value: 30 },
          { turn: 2, value: 0 }
        ]
      }
    ]
  };

  it('runs from the left axis at the start to the right edge at the last turn, full at the top', () => {
    expect(xOf(0, 0, 2)).toBe(FRAME.left);
    expect(xOf(2, 0, 2)).toBe(FRAME.width - FRAME.right);
    expect(yOf(30, 30)).toBe(FRAME.top);
    expect(yOf(0, 30)).toBe(FRAME.height - FRAME.bottom);
    expect(seriesPath(chart.series[0], chart)).toBe('M30.0 10.0 L310.0 136.0');
  });

  it('labels the value axis with round ticks', () => {
    expect(ticks(30)).toEqual([0, 10, 20, 30]);
    expect(ticks(2)).toEqual([0, 1, 2]);
    expect(ticks(0)).toEqual([0]);
  });
});
