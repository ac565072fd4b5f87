import { describe, expect, it } from 'vitest';
import { note, removeShip } from '../battle/actions';
import { privateers } from '../rules/privateers';
import { addFortification, setHeading } from '../rules/privateers/moves';
import { ctxOf, exampleFrigate } from '../rules/privateers/moves.fixture';
import { shipFromClass } from '../rules/privateers/moves-setup';
import type { Sheet } from '../rules/privateers/sheet';
import { woodenWarships } from '../rules/wooden-warships';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import { addPlayer, purchase } from '../rules/wooden-warships/moves-setup';
import { DEFAULT_OPTIONS as WW_DEFAULTS } from '../rules/wooden-warships/options';
import type { MoveContext } from '../battle/move';
import { overlapShift, seriesPath, seriesStyle, trackCharts } from './chart';
import { describeFaces, fairnessOf, luckAudit } from './luck';
import { reportMarkdown, toldEntries } from './markdown';
import { paperLog, paperSheetOf } from './paper';
import { buildReport, describeLogCount, shipStory, type Report } from './model';
import { ScriptedLog } from './scripted.test-helpers';

import { withMoves } from '../rules/with-moves';

// With their moves: the report reads an old event by the move its kind names.
const PV = await withMoves(privateers);
const WW = await withMoves(woodenWarships);

// Issue 33, item 2: the report never shows an empty or internal value. Every battle here is
// played through the systems' real moves (ScriptedLog.play), never hand-built outcome shapes.

const ctx = ctxOf();

function privateersBattle(): ScriptedLog {
  const log = new ScriptedLog();
  log.setup(privateers.initialSystemState?.('standard', {}) as never);
  for (const [id, name, side] of [
    ['a', 'Surprise', 'GB'],
    ['b', 'Hermione', 'ES']
  ] as const) {
    const ship = shipFromClass(exampleFrigate(), { id, name, side, player: '', order: 0 });
    log.addShip(id, side, ship.sheet as Sheet);
  }
  return log;
}

const pvReport = (log: ScriptedLog): Report =>
  buildReport({ events: log.events, system: PV, title: 'T' });

describe('the report words every ship in its own terms (issue 33)', () => {
  it('a ship removed from the battle is not followed by an empty ": ."', () => {
    const log = privateersBattle();
    log.push(removeShip(log.state, 'b', 'Hermione'));
    const hermione = pvReport(log).ships.find((s) => s.id === 'b');
    const story = shipStory(hermione!);
    expect(story).toContain('was removed from the battle');
    expect(story).not.toMatch(/: \.$/);
    expect(story).toMatch(/removed from the battle\.$/);
  });

  it('a fortification without hull or rigging shows no "Hull 0/0" and draws no line at 0', () => {
    const log = privateersBattle();
    log.play(
      addFortification,
      {
        name: 'Fort San Felipe',
        side: 'ES',
        guns: [{ cls: 'heavy', extraHeavyDice: 0, count: 2, battery: '' }],
        gunnerRating: 0,
        hasGunner: true,
        crewRating: 0,
        crew: 20,
        hullPoints: 0
      },
      ctx
    );
    const report = pvReport(log);
    const fort = report.ships.find((s) => s.name === 'Fort San Felipe');
    expect(fort).toBeDefined();
    const story = shipStory(fort!);
    expect(story).not.toContain('0/0');
    expect(story).toContain('Crew 20/20');
    const md = reportMarkdown(report, luckAudit(report));
    expect(md).not.toContain('0/0');
    for (const chart of trackCharts(report)) {
      const line = chart.series.find((s) => s.name === 'Fort San Felipe');
      if (chart.trackId === 'hull' || chart.trackId === 'rigging') expect(line).toBeUndefined();
    }
    expect(trackCharts(report).find((c) => c.trackId === 'crew')?.series).toHaveLength(3);
  });

  it('a heading set to the heading the ship had is not told; a real turn is', () => {
    const log = privateersBattle();
    const heading = (log.state.ships.a.sheet as Sheet).headingDeg;
    log.play(setHeading, { shipId: 'a', headingDeg: heading }, ctx);
    log.play(setHeading, { shipId: 'a', headingDeg: (heading + 90) % 360 }, ctx);
    // A note writes nothing by nature and is told all the same.
    log.push(note('Fog rolls in from the west'));
    const told = toldEntries(pvReport(log).turns.flatMap((t) => t.entries)).map((x) => x.summary);
    expect(told).not.toContain(`Surprise heading ${heading}° → ${heading}°`);
    expect(told).toContain(`Surprise heading ${heading}° → ${(heading + 90) % 360}°`);
    expect(told).toContain('Fog rolls in from the west');
  });

  it('counts the log as the battle page does ("Log (n)") and says what it leaves out', () => {
    const log = privateersBattle();
    log.play(setHeading, { shipId: 'a', headingDeg: 90 }, ctx);
    log.undo();
    const report = pvReport(log);
    // setup, 2 ships, the heading and its undo: the battle page's "Log (5)".
    expect(report.logCount).toBe(log.events.length);
    expect(describeLogCount(report)).toBe(
      '5 entries in the log (1 undone and 1 undo or redo left out)'
    );
    expect(reportMarkdown(report, luckAudit(report))).toContain('5 entries in the log');
  });

  it('a Wooden Warships ship on an EXAMPLE chart does not end "EXAMPLE chart"', async () => {
    const log = new ScriptedLog();
    log.setup(woodenWarships.initialSystemState?.('standard', {}) as never);
    let n = 0;
    const wwCtx: MoveContext<typeof WW_DEFAULTS> = {
      options: { ...WW_DEFAULTS },
      storedOptions: {},
      variant: 'standard',
      now: 0,
      newId: () => `new-${++n}`
    };
    log.play(addPlayer, { name: 'Nelson' }, wwCtx);
    log.play(
      purchase,
      {
        id: 'p',
        player: 'Nelson',
        name: 'Pickle',
        chart: exampleChart('BattleSchooner'),
        crewSkill: 'Novice'
      },
      wwCtx
    );
    const report = buildReport({ events: log.events, system: WW, title: 'T' });
    const pickle = report.ships.find((s) => s.id === 'p')!;
    expect(pickle.status.join(' ')).not.toContain('EXAMPLE');
    expect(shipStory(pickle)).not.toContain('EXAMPLE');
    expect(reportMarkdown(report, luckAudit(report))).not.toMatch(/\| EXAMPLE chart \|/);
    const paper = paperLog(woodenWarships, await paperSheetOf(woodenWarships), log.state.ships.p, {
      title: 'T',
      currentTurn: 1,
      state: log.state
    });
    expect(paper.statuses.map((s) => s.word)).not.toContain('EXAMPLE chart');
    // The label stays with the chart's figures.
    expect(paper.lines.join(' ')).toContain('EXAMPLE chart');
  });

  it('a d100 fairness line is told in tens, not as a hundred faces', () => {
    const faces = Array.from({ length: 30 }, (_, i) => ((i * 7) % 100) + 1);
    const check = fairnessOf(100, faces);
    const text = describeFaces(check.counts);
    expect(text.split(', ')).toHaveLength(10);
    expect(text).toMatch(/^1–10: \d+, 11–20: \d+/);
    expect(text).not.toContain('100×');
    expect(describeFaces(fairnessOf(6, [1, 2, 6]).counts)).toBe('1×1, 2×1, 3×0, 4×0, 5×0, 6×1');
  });
});

describe('the charts tell every ship apart (issue 33, item 3)', () => {
  it('eight ships get eight colours, dashes and marker turns; identical lines are drawn apart', () => {
    const looks = Array.from({ length: 8 }, (_, i) => seriesStyle(i));
    expect(new Set(looks.map((l) => l.colour)).size).toBe(8);
    expect(new Set(looks.map((l) => l.dash)).size).toBe(8);
    expect(looks[0].marker).not.toBe(looks[1].marker);
    // Surprise and Hermione are of one class and untouched: their crew lines are the same.
    const report = pvReport(privateersBattle());
    const crew = trackCharts(report).find((c) => c.trackId === 'crew')!;
    const [a, b] = crew.series;
    expect(a.points).toEqual(b.points);
    expect(seriesPath(a, crew)).not.toBe(seriesPath(b, crew));
    expect(overlapShift(b)).not.toBe(overlapShift(a));
  });
});
