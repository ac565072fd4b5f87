import { describe, expect, it } from 'vitest';
import { fold } from '$lib/battle/fold';
import { boxRows, MAX_BOXES, paperLog, paperTrack } from './paper';
import { FRAME, seriesPath, ticks, xOf, yOf, type TrackChart } from './chart';
import { mc, privateersBattle, pv, ww } from './scripted-battles.test-helpers';

describe('the paper ship log', () => {
  const state = fold(privateersBattle().events);

  it('boxes each track with the points already lost struck through, as the log stands', () => {
    const log = paperLog(pv, state.ships.h, { title: 'Privateers ship log', currentTurn: 2 });
    expect(log.name).toBe('Hermione');
    expect(log.side).toBe('Spain');
    const hull = log.tracks.find((t) => t.id === 'hull')!;
    expect(hull.boxes).toHaveLength(30);
    expect(hull.boxes.filter((b) => b.isLost).map((b) => b.index)).toEqual([
      24, 25, 26, 27, 28, 29
    ]);
    const crew = log.tracks.find((t) => t.id === 'crew')!;
    expect(crew.boxes.filter((b) => b.isLost)).toHaveLength(3);
    expect(log.statuses.filter((s) => s.isTicked).map((s) => s.word)).toEqual(['struck']);
    expect(log.lines[0]).toBe('Hull 24/30');
  });

  it('writes in a track too long to box', () => {
    const t = paperTrack(
      { id: 'crew', label: 'Crew', value: 250, max: 300, isDamage: true },
      false
    );
    expect(t.isWriteIn).toBe(true);
    expect(t.boxes).toHaveLength(0);
    expect(MAX_BOXES).toBeLessThan(300);
  });

  it('prints a blank log per system, with the tracks its sheet has', () => {
    const blankPv = paperLog(pv, null, { title: 'x', currentTurn: null });
    expect(blankPv.isBlank).toBe(true);
    expect(blankPv.name).toBe('');
    expect(blankPv.tracks.map((t) => t.label)).toEqual([
      'Hull',
      'Rigging',
      'Crew',
      'Marines',
      'Guns'
    ]);
    expect(blankPv.tracks.every((t) => t.isWriteIn)).toBe(true);
    expect(blankPv.statuses.some((s) => s.isTicked)).toBe(false);
    expect(
      paperLog(ww, null, { title: 'x', currentTurn: null }).tracks.map((t) => t.label)
    ).toEqual(['Hull', 'Crew', 'Rigging']);
    const blankMc = paperLog(mc, null, { title: 'x', currentTurn: null });
    expect(blankMc.tracks[0]).toMatchObject({ label: 'Prize disks', max: 2, isWriteIn: false });
    expect(blankMc.tracks[0].boxes.every((b) => !b.isLost)).toBe(true);
  });

  it('breaks long rows of boxes', () => {
    expect(boxRows([...Array(65).keys()]).map((r) => r.length)).toEqual([30, 30, 5]);
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
