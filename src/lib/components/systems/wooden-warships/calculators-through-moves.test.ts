// Issue 31: a Wooden Warships calculator's figures are the move's own. Each calculator is drawn as
// the page draws it, and its figures and dice are compared with what the move's preview says for
// the same ships on a battle made by the real moves (moves.testkit: players joined, ships bought
// from the EXAMPLE charts, guns loaded, a log edited by the referee): a calculator that worked its
// odds out some other way, or asked for other dice, fails here. The figures themselves are checked
// against the text's appendix and independent enumeration in rules/wooden-warships/*.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { padOf } from '$lib/components/dice/dice-pad';
import type { DiceNeed } from '$lib/battle/move';
import { formatFraction } from '$lib/engine/rational';
import { EXAMPLE_CHARTS, exampleChart } from '$lib/rules/wooden-warships/example-charts';
import {
  board,
  boardingRound,
  fire,
  islandCollision,
  moveShip,
  reload,
  type FireSetup
} from '$lib/rules/wooden-warships/moves';
import { edited, fleetsOf, must, played } from '$lib/rules/wooden-warships/moves.testkit';
import { fireOdds } from '$lib/rules/wooden-warships/odds-gunnery';
import { fireSinkingChance } from '$lib/rules/wooden-warships/fire-odds';
import { DEFAULT_OPTIONS as O } from '$lib/rules/wooden-warships/options';
import DicePad from '$lib/components/dice/DicePad.svelte';
import WwBoardingCalculator from './WwBoardingCalculator.svelte';
import WwGunneryCalculator from './WwGunneryCalculator.svelte';
import WwMovementCalculator from './WwMovementCalculator.svelte';
import { prepareCalculatorBattle } from '$lib/rules/wooden-warships/calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const charts = () => structuredClone([...EXAMPLE_CHARTS]);

/** Every headline's exact fraction on the page, in order. */
const headlinesOf = (body: string): string[] =>
  [...body.matchAll(/data-testid="odds-headline" data-fraction="([^"]*)"/g)].map((m) => m[1]);

/** Every outcome's label and exact fraction on the page, in order. */
const outcomesOf = (body: string): string[] =>
  [...body.matchAll(/<li class="outcome[^"]*" data-label="([^"]*)" data-fraction="([^"]*)"/g)].map(
    (m) => `${m[1]}: ${m[2]}`
  );

/** The dice a pad asks for, as it names them to the referee: each group and each die's slot. */
const padDiceOf = (body: string): string[] =>
  [...body.matchAll(/aria-label="(Dice: [^"]*|Die \d+ of \d+[^"]*?)(?:: empty[^"]*)?"/g)].map(
    (m) => m[1]
  );

/** The same, for a pad of these dice drawn on its own. */
const padOfNeeds = (needs: readonly DiceNeed[]): string[] =>
  padDiceOf(render(DicePad, { props: { dice: padOf(needs), onroll: () => {} } }).body);

describe('the Wooden Warships calculators answer through the moves (issue 31)', () => {
  it('gunnery: the number to roll under, the odds and the percentile dice are the attack move’s preview', () => {
    const { body } = render(WwGunneryCalculator, { props: { charts: charts(), options: O } });
    // Opens on the first chart (the EXAMPLE Man O' War) firing a full broadside of round shot
    // from Zones 1 and 2 at a Frigate's hull 5″ away.
    let s = fleetsOf([
      { id: 'victory', player: 'Nelson', name: 'Firing ship', chart: exampleChart('ManOWar') },
      { id: 'fleche', player: 'Villeneuve', name: 'Target', chart: exampleChart('Frigate') }
    ]);
    s = played(s, reload, { shipId: 'victory', loads: { zone1: 'round', zone2: 'round' } });
    const setup: FireSetup = {
      firerId: 'victory',
      targetId: 'fleche',
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      distanceInches: 5,
      area: 'hull',
      isExposedSide: false,
      hasLineOfSight: true
    };
    const { plan } = must(fire.preview.odds(s, setup, O));
    const odds = fireOdds(plan);
    expect(headlinesOf(body)[0]).toBe(formatFraction(odds.anyHit));
    expect(outcomesOf(body).slice(0, 2)).toEqual([
      `Each roll hits: ${formatFraction(odds.perRoll)}`,
      `Every roll misses: ${formatFraction({ n: odds.anyHit.d - odds.anyHit.n, d: odds.anyHit.d })}`
    ]);
    expect(body).toContain(`roll under <strong>${plan.hitFaces}</strong>`);
    const dice = must(fire.preview.dice(s, setup, O));
    expect(dice.map((d) => d.count)).toEqual([3, 3]);
    expect(padDiceOf(body)).toEqual(padOfNeeds(dice));
    // The chance of sinking her: the move's own, against her hull as the form asks (100).
    const at100 = edited(s, 'fleche', (f) => ({ ...f, hull: { ...f.hull, current: 100 } }));
    const sinks = must(fireSinkingChance(must(fire.preview.odds(at100, setup, O)), odds));
    expect(body).toMatch(
      new RegExp(`data-testid="ww-sink-chance" data-fraction="${formatFraction(sinks)}"`)
    );
    expect(body.replace(/<[^>]+>|<!--[^>]*-->/g, '')).toContain(
      'Chance of sinking the target (hull 100)'
    );
  });

  it('boarding: the round’s odds, the capture chance and the dice are the round move’s preview', () => {
    const { body } = render(WwBoardingCalculator, { props: { charts: charts(), options: O } });
    // Opens on 3 Novice boarders against 2 Novice defenders: the Man O' War's boarders across to
    // a ship of the same chart, as the board move leaves them (Appendix B-1's 3 v 2).
    let s = fleetsOf([
      { id: 'victory', player: 'Nelson', name: 'Boarding ship', chart: exampleChart('ManOWar') },
      { id: 'fleche', player: 'Villeneuve', name: 'Target', chart: exampleChart('ManOWar') }
    ]);
    s = edited(s, 'victory', (x) => ({
      ...x,
      boarding: { targetShipId: 'fleche', party: 3, exposedSide: null, roundsFought: 0 }
    }));
    s = edited(s, 'fleche', (x) => ({ ...x, crew: { ...x.crew, current: 2 } }));
    const odds = must(boardingRound.preview.odds(s, { attackerId: 'victory' }, O));
    expect(headlinesOf(body)[0]).toBe(formatFraction(odds.capture));
    expect(outcomesOf(body).slice(2)).toEqual(
      odds.round.map((o) => `${o.label}: ${formatFraction(o.p)}`)
    );
    const dice = must(boardingRound.preview.dice(s, { attackerId: 'victory' }, O));
    expect(padDiceOf(body)).toEqual(padOfNeeds(dice));
    expect(body).toContain('Next round: 3 dice against 2');
  });

  it('boarding: may this ship board is the board move’s own conditions', () => {
    const { body } = render(WwBoardingCalculator, { props: { charts: charts(), options: O } });
    // Opens on the Man O' War with 100 crew boarding another at hull 10, rigging 100 and crew
    // 100, 1″ away, side by side, her guns loaded and not having attacked.
    let s = fleetsOf([
      { id: 'victory', player: 'Nelson', name: 'Boarding ship', chart: exampleChart('ManOWar') },
      { id: 'fleche', player: 'Villeneuve', name: 'Target', chart: exampleChart('ManOWar') }
    ]);
    s = played(s, reload, { shipId: 'victory', loads: { zone1: 'round' } });
    s = edited(s, 'victory', (x) => ({ ...x, crew: { ...x.crew, current: 100 } }));
    s = edited(s, 'fleche', (x) => ({
      ...x,
      hull: { ...x.hull, current: 10 },
      rigging: { ...x.rigging, current: 100 },
      crew: { ...x.crew, current: 100 }
    }));
    const setup = {
      attackerId: 'victory',
      targetId: 'fleche',
      distanceInches: 1,
      isSideBySide: true,
      party: 1
    };
    const check = must(board.preview.odds(s, setup, O));
    const listed = [...body.matchAll(/<li class="(ok|error)[^"]*">[✓✗] ([^<]*)<\/li>/g)].map(
      (m) => `${m[1]} ${m[2].replaceAll('&#39;', "'").replaceAll('&quot;', '"')}`
    );
    expect(listed).toEqual(check.conditions.map((c) => `${c.isMet ? 'ok' : 'error'} ${c.label}`));
    expect(body.match(/may be up to <strong>(\d+)<\/strong>/)?.[1]).toBe(`${check.maxParty}`);
  });

  it('movement: how she moves, the ram damage’s odds and its dice are the moves’ previews', () => {
    const { body } = render(WwMovementCalculator, { props: { charts: charts() } });
    // Opens on the first chart (the EXAMPLE Man O' War) at Full Sail last turn, the wind free, her
    // hull 100: her log so edited by the referee in a battle made by the real moves.
    let s = fleetsOf([
      { id: 'victory', player: 'Nelson', name: 'Ship', chart: exampleChart('ManOWar') }
    ]);
    s = edited(s, 'victory', (x) => ({
      ...x,
      speedSetting: 'full',
      hull: { ...x.hull, current: 100 }
    }));
    const move = must(moveShip.preview.odds(s, { shipId: 'victory', wind: 'free' }, O));
    const said = body
      .match(/data-testid="ww-movement-outcome"[^>]*>([\s\S]*?)<\/p>/)?.[1]
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    expect(said).toBe(
      `Moves at Full Sail, speed ${move.speed}. ${move.reason}`.replaceAll("'", '&#39;')
    );
    const aground = must(islandCollision.preview.odds(s, { shipId: 'victory' }, O));
    // Each value of the ram damage with its exact chance, as the odds table lists them.
    const rows = [...body.matchAll(/<tr data-value="(\d+)"[^>]*data-fraction="([^"]*)"/g)].map(
      (m) => `${m[1]}: ${m[2]}`
    );
    expect(rows).toEqual(aground.dist.entries().map((e) => `${e.value}: ${formatFraction(e.p)}`));
    const dice = must(islandCollision.preview.dice(s, { shipId: 'victory' }, O));
    expect(padDiceOf(body)).toEqual(padOfNeeds(dice));
  });
});
