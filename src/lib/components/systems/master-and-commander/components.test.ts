import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { defaultSheet } from '$lib/rules/master-and-commander/sheet';
import McCardsPanel from './McCardsPanel.svelte';
import Calculators from './Calculators.svelte';
import McBoardingCalculator from './McBoardingCalculator.svelte';
import McDuelCalculator from './McDuelCalculator.svelte';
import McEngagementCalculator from './McEngagementCalculator.svelte';
import McRaidCalculator from './McRaidCalculator.svelte';
import SheetEditor from './SheetEditor.svelte';
import McWindHourglass from './McWindHourglass.svelte';
import McStandaloneWind from './McStandaloneWind.svelte';
import { EMPTY_CARDS } from './mc-standalone';
import { DEFAULT_OPTIONS } from '$lib/rules/master-and-commander/options';
import {
  annaFirst,
  must,
  twoPlayerGame,
  windRoll
} from '$lib/rules/master-and-commander/moves.testkit';
import { prepareCalculatorBattle } from '$lib/rules/master-and-commander/calculator-battle';

// The calculators' battles are set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const noop = (): void => {};
/** A card pad whose move takes every change (the preview and the move are card-pad.test's). */
const taken = () => ({ refusal: null, dice: [] });
const played = () => Promise.resolve(null);

describe('Master and Commander calculators (server render)', () => {
  it('the engagement calculator opens on 3 dice against 3 with the exact A.7.1 chance', () => {
    const { body } = render(McEngagementCalculator);
    expect(body).toContain('Attack: 3 dice against 3');
    expect(body).toContain('data-fraction="3805/7776"');
    expect(body).toContain('Roll 6d6');
  });

  it('the calculators page lists every calculator (each past the first loads near the screen)', () => {
    const { body } = render(Calculators);
    for (const t of [
      'Wind and hourglass',
      'Movement allowance',
      'Engagement',
      'Slug it out',
      'Boarding',
      'Raid on a Homeport',
      'Ramming',
      'Repairs'
    ]) {
      expect(body).toContain(t);
    }
    // The duel opens on two full-strength ships: SPEC A.7.2's 0.5148.
    expect(render(McDuelCalculator).body).toContain('51.5%');
    // Boarding opens against a ship with one disk: 517/7776.
    expect(render(McBoardingCalculator).body).toContain('data-fraction="517/7776"');
  });

  it('each calculator offers the rule readings that apply to it, on their defaults', () => {
    const TIE = '<span>All compared dice tie, one side has more</span>';
    const COUNTER_DICE = '<span>Counter-attack dice of a ship just hit</span>';
    for (const c of [McEngagementCalculator, McDuelCalculator]) {
      const { body } = render(c);
      expect(body).toContain(TIE);
      expect(body).toContain(COUNTER_DICE);
      expect(body).toContain('<option value="current" selected="">After the hit (default)');
    }
    // A raid has no counter-attack dice to choose: the Homeport always rolls three (A.4.12).
    const raid = render(McRaidCalculator).body;
    expect(raid).toContain(TIE);
    expect(raid).not.toContain(COUNTER_DICE);
    expect(raid).toContain('<option value="defender" selected="">Defender wins (default)');
  });

  it('the wind panel prompts the first roll and shows a full glass before it is turned', () => {
    const { body } = render(McStandaloneWind);
    expect(body).toContain('Before the first turn, the first player rolls the Wind Die.');
    expect(body).toContain('3:00');
  });

  it('the wind panel shows a stored wind big, with the time left from the stored start', () => {
    // Anna rolls a southerly a minute ago (pip 2, SPEC A.4.3's die).
    const now = Date.now();
    const s = must(windRoll(annaFirst(twoPlayerGame('basic'), [6, 1]), null, 2, now - 60_000));
    const { body } = render(McWindHourglass, {
      props: {
        battle: s.next,
        opts: DEFAULT_OPTIONS,
        now,
        onwind: noop,
        onglass: noop,
        onstorm: noop
      }
    });
    expect(body).toContain('Southerly (from the south)');
    expect(body).toMatch(/2:0\d/);
    expect(body).not.toContain('The sand has run out');
  });

  it('the sheet editor shows the ship log, read-only when asked', () => {
    const sheet = {
      ...defaultSheet({ name: 'Surprise', homeport: 'W', heading: 'E' }),
      prizeDisks: 1
    };
    const { body } = render(SheetEditor, { props: { sheet, onchange: noop, readonly: true } });
    expect(body).toContain('value="Surprise"');
    expect(body).toContain('1 disk (2 dice)');
    const east = body.match(/<button[^>]*>East<\/button>/)?.[0] ?? '';
    expect(east).toContain('aria-pressed="true"');
    expect(east).toContain('disabled');
  });

  it('the first-player roll shows the exact chance two players do not tie: 5/6', () => {
    const { body } = render(Calculators);
    expect(body).toContain('2 players roll one die each');
    expect(body).toContain('data-fraction="5/6"');
  });

  it('the card panel counts draws of the physical deck and lists held typed-in cards', () => {
    const physical = render(McCardsPanel, {
      props: { cards: EMPTY_CARDS, outlook: taken, onchange: played, drawer: 'Jack' }
    });
    expect(physical.body).toContain('Cards drawn: 0');
    const cards = {
      ...EMPTY_CARDS,
      mode: 'entered' as const,
      library: [{ id: 'c1', text: 'USER CARD TEXT', keepUntilApplies: true }],
      held: [{ playerId: 'Jack', cardId: 'c1' }]
    };
    const entered = render(McCardsPanel, {
      props: { cards, outlook: taken, onchange: played, drawer: 'Jack' }
    });
    expect(entered.body).toContain('Jack: USER CARD TEXT');
    expect(entered.body).toContain('1 card; 0 in the pile, 1 held.');
  });
});
