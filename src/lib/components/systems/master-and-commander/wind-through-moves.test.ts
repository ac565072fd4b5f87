// Issue 31: the wind panels' figures are the wind moves' own. The battle's panel and the
// calculators page's (whose table is a scratch battle played through the same moves,
// calculator-battle.ts windTableBattle) are drawn as the page draws them, and what they show is
// compared with the moves' previews on a battle set up through the real moves (the testkit).
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import { formatFraction } from '$lib/engine/rational';
import { endTurnMove, stormMove, windMove } from '$lib/rules/master-and-commander/moves';
import {
  windTableBattle,
  prepareCalculatorBattle
} from '$lib/rules/master-and-commander/calculator-battle';
import {
  annaFirst,
  ctxOf,
  must,
  play,
  twoPlayerGame,
  typed
} from '$lib/rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS } from '$lib/rules/master-and-commander/options';
import McStandaloneWind from './McStandaloneWind.svelte';
import McStatus from './McStatus.svelte';
import McWindHourglass from './McWindHourglass.svelte';
import { turnStatus } from '$lib/rules/master-and-commander/turn';
import { readBattle } from '$lib/rules/master-and-commander/view';

// The calculators' battles are set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const T0 = 1_000_000;
const GLASS = { seconds: 180, startedAt: T0 };
const noop = (): void => {};

/** Every outcome's label and exact fraction on the page, in order. */
function outcomesOf(body: string): string[] {
  return [
    ...body.matchAll(/<li class="outcome[^"]*" data-label="([^"]*)" data-fraction="([^"]*)"/g)
  ].map((m) => `${m[1]}: ${m[2]}`);
}

function panel(battle: BattleState, now: number): string {
  return render(McWindHourglass, {
    props: { battle, opts: DEFAULT_OPTIONS, now, onwind: noop, onglass: noop, onstorm: noop }
  }).body;
}

/** The wind panel's figures: the wind, the sand, the odds, the refusal, the faces offered. */
function figures(body: string) {
  const text = (id: string) =>
    body.match(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</p>`))?.[1]?.trim() ?? null;
  return {
    sand: text('mc-hourglass'),
    due: text('mc-wind-due'),
    refusal: text('mc-wind-not-due'),
    odds: outcomesOf(body),
    isRollOffered: /<button[^>]*class="btn btn-primary roll[^"]*"(?![^>]*disabled)/.test(body)
  };
}

function previewFigures(battle: BattleState, now: number) {
  const o = must(windMove.preview.odds(battle, { now }, DEFAULT_OPTIONS));
  const dice = windMove.preview.dice(battle, { now }, DEFAULT_OPTIONS);
  return {
    odds: o.odds.map((x) => `${x.label}: ${formatFraction(x.p)}`),
    refusal: dice.ok ? null : dice.error,
    isRollOffered: dice.ok
  };
}

/** A battle where Anna rolled `pip` at T0 (the testkit, as a New battle is set up). */
const rolled = (pip: number): BattleState =>
  must(
    play(
      windMove,
      annaFirst(twoPlayerGame('basic')),
      { roll: typed([pip]) },
      ctxOf(DEFAULT_OPTIONS, T0)
    )
  ).next;

describe('the wind panels answer through the wind moves (issue 31)', () => {
  it('the calculators page opens on the first roll: its odds are the move’s preview', () => {
    const page = figures(render(McStandaloneWind).body);
    const battle = annaFirst(twoPlayerGame('basic'));
    const expected = previewFigures(battle, T0);
    expect(page.odds).toEqual(expected.odds);
    expect(page.odds).toEqual([
      'From the N: 1/5',
      'From the S: 1/5',
      'From the E: 1/5',
      'From the W: 1/5',
      'Storm: 1/5'
    ]);
    expect(page.isRollOffered).toBe(true);
    expect(page.due).toBe('Before the first turn, the first player rolls the Wind Die.');
  });

  it('the page’s table refuses a roll while the sand runs, as the battle’s move does (a mis-roll is undone)', () => {
    // The page's table: a southerly rolled at T0. The old page took a roll at any time.
    const table = must(
      windTableBattle({ wind: { from: 'S' }, hourglass: GLASS, stormRoll: null }, T0 + 60_000)
    );
    const page = figures(panel(table, T0 + 60_000));
    const battle = previewFigures(rolled(2), T0 + 60_000);
    expect(page.sand).toBe('2:00');
    expect(page).toMatchObject({
      odds: battle.odds,
      refusal: battle.refusal,
      isRollOffered: false
    });
    expect(battle.refusal).toContain('The sand is still running (2:00 left)');
  });

  it('once the sand has run out the page’s next roll is due, as after the turn passes in a battle', () => {
    const now = T0 + 181_000;
    const table = must(
      windTableBattle({ wind: { from: 'S' }, hourglass: GLASS, stormRoll: null }, now)
    );
    const page = figures(panel(table, now));
    const passed = must(play(endTurnMove, rolled(2), {}, ctxOf(DEFAULT_OPTIONS, now))).next;
    const battle = previewFigures(passed, now);
    expect(page).toMatchObject({ sand: '0:00', ...battle, isRollOffered: true });
    expect(page.due).toContain('The sand has run out');
  });

  it('a storm: the storm roll’s squares and die are the storm move’s preview, once a turn', () => {
    const storm = { wind: { storm: true as const }, hourglass: GLASS, stormRoll: null };
    const table = must(windTableBattle(storm, T0 + 1000));
    const body = panel(table, T0 + 1000);
    const squares = must(stormMove.preview.odds(table, {}, DEFAULT_OPTIONS)).squares;
    expect(body).toContain('Storm movement');
    for (const e of squares.entries())
      expect(body).toContain(`data-fraction="${formatFraction(e.p)}"`);
    expect(body).toContain('storm movement');
    // Once rolled the pad is gone, as the move refuses a second roll; the roll is shown.
    const made = must(windTableBattle({ ...storm, stormRoll: 4 }, T0 + 1000));
    const after = panel(made, T0 + 1000);
    expect(stormMove.preview.dice(made, {}, DEFAULT_OPTIONS).ok).toBe(false);
    expect(after).toMatch(
      /data-testid="mc-storm-roll"[^>]*>\s*Move each ship up to <strong>4<\/strong>/
    );
    expect(after).not.toContain('Roll 1d6');
  });

  it('the battle’s status reads the same sand and wind as the wind move’s preview', () => {
    const battle = rolled(2);
    const now = T0 + 61_500;
    const view = readBattle(battle);
    if (view === null) throw new Error('no battle');
    const status = turnStatus(battle, { options: {}, variant: 'basic', now });
    const body = render(McStatus, { props: { view, status } }).body;
    // The status ticks its own clock from Date.now(): read what the preview says at that instant.
    const o = must(windMove.preview.odds(battle, { now: Date.now() }, DEFAULT_OPTIONS));
    expect(body).toContain(`· ${o.windName}`);
    expect(o.windName).toBe('Southerly (from the south)');
  });
});
