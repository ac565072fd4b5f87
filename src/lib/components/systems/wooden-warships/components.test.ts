import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { exampleChart } from '$lib/rules/wooden-warships/example-charts';
import { DEFAULT_OPTIONS } from '$lib/rules/wooden-warships/options';
import { defaultSheet, defaultSystemState, sheetFromChart } from '$lib/rules/wooden-warships/sheet';
import type { BattleState } from '$lib/engine/events';
import { applyEvent } from '$lib/battle/fold';
import type { Move } from '$lib/battle/move';
import { addPlayer } from '$lib/rules/wooden-warships/moves';
import { turnStatus } from '$lib/rules/wooden-warships/turn';
import type { WwOptions } from '$lib/rules/wooden-warships/options';
import BattlePanel from './BattlePanel.svelte';
import Calculators from './Calculators.svelte';
import SheetEditor from './SheetEditor.svelte';
import WwBoarding from './WwBoarding.svelte';
import WwBoardingCalculator from './WwBoardingCalculator.svelte';
import { EXAMPLE_CHARTS } from '$lib/rules/wooden-warships/example-charts';
import { prepareCalculatorBattle } from '$lib/rules/wooden-warships/calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const noop = (): void => {};

describe('Wooden Warships calculators (server render)', () => {
  it('lists every calculator, says the charts are EXAMPLES, and shows exact odds at once', () => {
    const { body } = render(Calculators);
    for (const t of [
      'Attack: gunnery',
      'Boarding',
      'Movement and islands',
      'Fleet purchase and upgrades',
      'Ship charts',
      'EXAMPLE ship charts'
    ]) {
      expect(body).toContain(t);
    }
    // Boarding (loaded near the screen) opens on Novice 3 v Novice 2: Appendix B-1 and the exact
    // capture chance (B-2 0.656).
    const boarding = render(WwBoardingCalculator, {
      props: { charts: [...EXAMPLE_CHARTS], options: DEFAULT_OPTIONS }
    }).body;
    expect(boarding).toContain('data-fraction="1445/3888"');
    expect(boarding).toContain('data-fraction="6610505/10077696"');
    // Gunnery opens on the EXAMPLE Man O' War's full broadside: 6 rolls under 60.
    expect(body).toContain('data-fraction="15561/15625"');
  });
});

describe('Wooden Warships sheet editor (server render)', () => {
  it('shows the log of a ship and labels an EXAMPLE chart', () => {
    const sheet = sheetFromChart({ name: 'HMS Test', chart: exampleChart('Frigate') });
    const { body } = render(SheetEditor, { props: { sheet, onchange: noop } });
    expect(body).toContain('Frigate (EXAMPLE)');
    expect(body).toContain('EXAMPLE chart (invented numbers)');
    expect(body).toContain('minimum crew 65');
    expect(body).toContain('Boarding party up to 55');
  });

  it('shows each point track and both sail choices with what the log holds', () => {
    const sheet = {
      ...sheetFromChart({ name: 'HMS Test', chart: exampleChart('Frigate') }),
      speedSetting: 'battle' as const
    };
    const { body } = render(SheetEditor, { props: { sheet, onchange: noop } });
    for (const [label, value] of [
      ['Hull', sheet.hull.current],
      ['Crew', sheet.crew.current],
      ['Rigging', sheet.rigging.current]
    ] as const) {
      expect(body).toMatch(new RegExp(`>${label}</label>.*?value="${value}"`));
      expect(body).toContain(`aria-label="Increase ${label}"`);
    }
    expect(body).toMatch(/<span>Sail now<\/span>.*?<option value="battle" selected="">/);
    expect(body).toMatch(
      /<span>Sail set for next turn<\/span>.*?<option value="" selected="">Unchanged/
    );
  });

  // Issue 15 #1: one card in two places (a duplicate looted into the captor) hung the ship page on
  // `each_key_duplicate`. The page renders whatever the log holds.
  it('renders a hold holding the same card twice', () => {
    const card = {
      id: 'u-1',
      name: 'Copper sheathing',
      cost: 300,
      text: '',
      effect: {
        hull: 10,
        rigging: 0,
        crew: 0,
        speedFull: 0,
        speedBattle: 0,
        speedTrim: 0,
        percent: 0
      }
    };
    const sheet = {
      ...sheetFromChart({ name: 'HMS Test', chart: exampleChart('Frigate') }),
      upgradeCards: [card, card],
      appliedUpgrades: [card, card]
    };
    const { body } = render(SheetEditor, { props: { sheet, onchange: noop } });
    expect(body.match(/Copper sheathing/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('offers a chart for a blank sheet', () => {
    const { body } = render(SheetEditor, {
      props: { sheet: defaultSheet({ name: 'New' }), onchange: noop }
    });
    expect(body).toContain('Start from a chart');
  });
});

describe('Wooden Warships texts count right (issue 15 #9: "1 boarders")', () => {
  /** A battle at Step 4 with Swift's one boarder aboard Sophie, who has one defender left. */
  function boardedSession() {
    const swift = {
      ...sheetFromChart({ name: 'Swift', chart: exampleChart('Brig') }),
      boarding: {
        targetShipId: 'sophie',
        party: 1,
        exposedSide: null,
        roundsFought: 1,
        roundsThisTurn: 1
      }
    };
    const base = sheetFromChart({ name: 'Sophie', chart: exampleChart('Brig') });
    const sophie = { ...base, crew: { ...base.crew, current: 1 } };
    const ship = (id: string, player: string, sheet: object, order: number) => ({
      id,
      side: player,
      player,
      sheet: sheet as never,
      order
    });
    const state = {
      turn: 2,
      phase: 3,
      ships: { swift: ship('swift', 'Anna', swift, 0), sophie: ship('sophie', 'Ben', sophie, 1) },
      system: defaultSystemState({ players: ['Anna', 'Ben'] }) as never
    };
    return { state, battle: { options: {}, variant: 'standard' }, isBusy: false } as never;
  }

  it('a boarding fight of one boarder against one defender after one round', () => {
    const { body } = render(WwBoarding, {
      props: { session: boardedSession(), options: DEFAULT_OPTIONS }
    });
    const text = body.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, '');
    expect(text).toContain('1 boarder (');
    expect(text).toContain('1 defender (');
    expect(text).toContain('1 round fought');
    expect(text).toContain('Next round: 1 die against 1');
    expect(text).not.toMatch(/\b1 (boarders|defenders|rounds|dice)\b/);
  });

  it('a one-deck chart is "1 deck" on the ship log', () => {
    const chart = { ...exampleChart('Brig'), decks: 1 as const };
    const { body } = render(SheetEditor, {
      props: { sheet: sheetFromChart({ name: 'Swift', chart }), onchange: noop }
    });
    expect(body).toContain('1 deck,');
    expect(body).not.toContain('1 decks');
  });
});

describe("issue 32 #8: the turn order's Why in the referee's words", () => {
  it('says what the rules leave open and the app reading, with no spec tag', () => {
    const ctx = {
      options: DEFAULT_OPTIONS,
      storedOptions: {},
      variant: 'standard',
      now: 0,
      newId: () => 'id'
    };
    const run = <I>(s: BattleState, move: Move<I, WwOptions>, input: I): BattleState => {
      const r = move.run(s, input, ctx);
      if (!r.ok) throw new Error(r.error);
      return applyEvent(s, r.value);
    };
    let state: BattleState = {
      turn: 1,
      phase: 0,
      ships: {},
      system: defaultSystemState()
    };
    state = run(state, addPlayer, { name: 'Anne' });
    state = run(state, addPlayer, { name: 'Ben' });
    // The page's status as the session works it out (the panel reads it: issue 39).
    const battle = { options: {}, variant: 'standard' };
    const status = (now: number) => turnStatus(state, { ...battle, now });
    const session = { state, battle, isBusy: false, statusNow: 0, statusAt: status };
    const { body } = render(BattlePanel, { props: { session: session as never } });
    const text = body.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, '');
    expect(text).toContain('but not whether each player takes all the steps');
    expect(text).toContain("The app's reading: one player at a time");
    expect(text).not.toContain('SPEC');
    expect(text).not.toContain('B.5');
  });
});
