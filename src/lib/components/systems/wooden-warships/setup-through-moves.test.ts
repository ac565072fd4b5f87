// Issue 31: the Wooden Warships fleet purchase shows the purchase move's own figures. The form
// (the battle's set-up's and the purchase calculator's) is drawn on battles made by the real moves
// (moves.testkit: players joined, ships bought from the EXAMPLE charts) and its price and the
// chest's warnings are read against purchase.preview on the same battle, and against the figures
// the screens worked out themselves before (the chart's price plus the crew's surcharge; the
// miniatures of the ships already bought).
import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import { EXAMPLE_CHARTS, exampleChart } from '$lib/rules/wooden-warships/example-charts';
import { board, purchase } from '$lib/rules/wooden-warships/moves';
import { edited, fleets, fleetsOf, must } from '$lib/rules/wooden-warships/moves.testkit';
import { minimumCrew, type Sheet } from '$lib/rules/wooden-warships/sheet';
import { DEFAULT_OPTIONS as O } from '$lib/rules/wooden-warships/options';
import { miniatureWarnings, shipCost } from '$lib/rules/wooden-warships/resolve-setup';
import { pounds, sheetOf, systemOf } from '$lib/rules/wooden-warships/ships';
import SheetEditor from './SheetEditor.svelte';
import WwPurchaseForm from './WwPurchaseForm.svelte';
import WwFleetPurchase from './WwFleetPurchase.svelte';
import type { PlanStep } from '$lib/rules/wooden-warships/fleet-plan';

const charts = () => structuredClone([...EXAMPLE_CHARTS]);

/** The button's price, as the referee reads it. */
const buyLabelOf = (body: string): string => {
  const m = body.match(/<button type="submit"[^>]*>(Buy for [^<]*)<\/button>/);
  if (!m) throw new Error('no Buy button on the form');
  return m[1];
};

/** The chest's warnings on the form. */
const chestOf = (body: string): string[] =>
  [...body.matchAll(/data-testid="ww-chest">([^<]*)</g)].map((m) => m[1].replaceAll('&#39;', "'"));

const formOn = (battle: BattleState) =>
  render(WwPurchaseForm, { props: { battle, charts: charts(), onbuy: () => true } }).body;

describe('the fleet purchase form shows the purchase move’s preview (issue 31)', () => {
  it('the price on Buy is the preview’s, the chart’s price plus the crew’s surcharge as before', () => {
    const s = fleetsOf([
      { id: 'victory', player: 'Nelson', name: 'Victory', chart: exampleChart('Frigate') }
    ]);
    const body = formOn(s);
    // Opens on Nelson, the first chart (the EXAMPLE Man O' War), a Novice crew, no name yet.
    const first = charts()[0];
    const seen = must(
      purchase.preview.odds(s, { player: 'Nelson', name: '', chart: first, crewSkill: 'Novice' }, O)
    );
    expect(buyLabelOf(body)).toBe(`Buy for ${pounds(seen.cost)}`);
    // The old figure on the same input: unchanged.
    expect(seen.cost).toBe(shipCost(first, 'Novice'));
    expect(buyLabelOf(body)).toBe('Buy for £3,000');
  });

  it("the chest's warnings are the preview's: the fleets with this ship (before: once bought)", () => {
    // Two EXAMPLE Man O' Wars bought; the chest holds 2 (SPEC B.1). The form opens on a third.
    const s = fleetsOf([
      { id: 'a', player: 'Nelson', name: 'A', chart: exampleChart('ManOWar') },
      { id: 'b', player: 'Villeneuve', name: 'B', chart: exampleChart('ManOWar') }
    ]);
    const seen = must(
      purchase.preview.odds(
        s,
        { player: 'Nelson', name: '', chart: exampleChart('ManOWar'), crewSkill: 'Novice' },
        O
      )
    );
    expect(chestOf(formOn(s))).toEqual(seen.warnings);
    expect(seen.warnings).toEqual(["3 Man O' Wars with this ship; the chest has 2 miniatures."]);
    // The screens said nothing until the third was bought (the old figure on the same battle):
    // [APP] B.4.1 step 4 asks for the warning on the purchase, so it now comes before it.
    expect(miniatureWarnings(['ManOWar', 'ManOWar'])).toEqual([]);
    // Once a third is bought, both say it.
    const three = fleetsOf([
      { id: 'a', player: 'Nelson', name: 'A', chart: exampleChart('ManOWar') },
      { id: 'b', player: 'Villeneuve', name: 'B', chart: exampleChart('ManOWar') },
      { id: 'c', player: 'Villeneuve', name: 'C', chart: exampleChart('Frigate') }
    ]);
    expect(chestOf(formOn(three))).toEqual(seen.warnings);
    expect(
      chestOf(
        formOn(fleetsOf([{ id: 'a', player: 'N', name: 'A', chart: exampleChart('Frigate') }]))
      )
    ).toEqual([]);
  });

  it('no player joined: no form', () => {
    expect(formOn(fleetsOf([]))).not.toContain('data-testid="ww-purchase"');
  });
});

describe('the log editor shows what the boarding move reads of the log (issue 31)', () => {
  /** The editor's line of derived figures: crippled areas and the largest party. */
  const figuresOf = (sheet: Sheet) => {
    const body = render(SheetEditor, { props: { sheet, onchange: () => {} } }).body;
    const crippled = body.match(/Crippled \(([^)]*)\): may be boarded\./)?.[1] ?? '';
    const party = Number(body.match(/Boarding party up to (\d+)\./)?.[1]);
    const minimum = Number(body.match(/minimum crew (\d+)\./)?.[1]);
    return { crippled: crippled ? crippled.split(', ') : [], party, minimum };
  };

  it("crippled areas and the largest party are board.preview's on the same battle", () => {
    // Pickle (EXAMPLE Battle Schooner) side by side with Fleche, whose hull and crew the referee
    // cuts in the log to 10% and below (B.3.9: 'reduced to 10% or less of its original HP').
    for (const [hull, crew] of [
      [100, 100],
      [10, 100],
      [1, 5],
      [11, 11]
    ]) {
      let s = fleets();
      s = edited(s, 'fleche', (f) => ({
        ...f,
        hull: { ...f.hull, current: Math.floor((f.hull.original * hull) / 100) },
        crew: { ...f.crew, current: Math.floor((f.crew.original * crew) / 100) }
      }));
      s = edited(s, 'pickle', (p) => ({ ...p, loaded: { ...p.loaded, zone1: null, zone2: null } }));
      const check = must(
        board.preview.odds(
          s,
          {
            attackerId: 'pickle',
            targetId: 'fleche',
            distanceInches: 0,
            isSideBySide: true,
            party: 1
          },
          O
        )
      );
      const pickle = sheetOf(s.ships['pickle']) as Sheet;
      const fleche = sheetOf(s.ships['fleche']) as Sheet;
      expect(figuresOf(fleche).crippled).toEqual(check.crippled);
      if (hull <= 10) expect(check.crippled).toContain('hull');
      expect(figuresOf(pickle).party).toBe(check.maxParty);
      // The figures the editor worked out before, on the same log: unchanged.
      expect(figuresOf(pickle).party).toBe(Math.max(0, pickle.crew.current - minimumCrew(pickle)));
      expect(figuresOf(pickle).minimum).toBe(minimumCrew(pickle));
    }
  });
});

describe('the fleet purchase calculator plans through the moves (issue 31)', () => {
  it("its funds, prices and Buy are what the moves write and preview on the same fleets' battle", () => {
    const plan: PlanStep[] = [
      {
        kind: 'purchase',
        input: {
          id: 'a',
          player: 'Player 1',
          name: 'Victory',
          chart: exampleChart('ManOWar'),
          crewSkill: 'Crack'
        }
      }
    ];
    const { body } = render(WwFleetPurchase, { props: { charts: charts(), plan } });
    // The same purchase on a battle the testkit makes by the same moves.
    const s = fleetsOf([
      {
        id: 'a',
        player: 'Player 1',
        name: 'Victory',
        chart: exampleChart('ManOWar'),
        crewSkill: 'Crack'
      },
      { id: 'b', player: 'Player 2', name: 'B', chart: exampleChart('Frigate') }
    ]);
    const funds = [...body.matchAll(/data-testid="ww-funds">([^<]*)</g)].map((m) => m[1]);
    expect(funds[0]).toBe(pounds(systemOf(s).players['Player 1'].funds));
    // The old figure on the same input: £7,000 less the price and the Crack surcharge.
    expect(funds).toEqual([pounds(7000 - shipCost(exampleChart('ManOWar'), 'Crack')), '£7,000']);
    expect(body).toContain("Victory (Man O' War (EXAMPLE), Crack) — £3,900");
    const seen = must(
      purchase.preview.odds(
        s,
        { player: 'Player 1', name: '', chart: charts()[0], crewSkill: 'Novice' },
        O
      )
    );
    expect(buyLabelOf(body)).toBe(`Buy for ${pounds(seen.cost)}`);
  });
});
