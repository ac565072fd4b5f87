import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import {
  fillHold,
  fire,
  loot,
  moveShip,
  reload,
  setCards,
  setSail,
  upgrade
} from '$lib/rules/wooden-warships/moves';
import {
  edited,
  fleets,
  must,
  played,
  prizeTaken,
  rolled
} from '$lib/rules/wooden-warships/moves.testkit';
import { DEFAULT_OPTIONS, type WwOptions } from '$lib/rules/wooden-warships/options';
import { SAIL_SETTING_TEXT } from '$lib/rules/wooden-warships/tables';
import type { UpgradeCard } from '$lib/rules/wooden-warships/sheet';
import { padOf } from '$lib/components/dice/dice-pad';
import { formatFraction } from '$lib/engine/rational';
import { fireOdds } from '$lib/rules/wooden-warships/odds-gunnery';
import { fireSinkingChance } from '$lib/rules/wooden-warships/fire-odds';
import WwBoarding from './WwBoarding.svelte';
import WwFire from './WwFire.svelte';
import WwFireDamageStep from './WwFireDamageStep.svelte';
import WwReload from './WwReload.svelte';
import WwReloadChoice from './WwReloadChoice.svelte';
import WwSail from './WwSail.svelte';
import WwUpgrade from './WwUpgrade.svelte';

// Issue 31 item 2: the battle panels' figures are the moves' previews. Each panel is rendered on a
// battle built through the real moves (the testkit's) and what it shows is read against what the
// move's preview answers on the same battle.

const session = (state: BattleState) =>
  ({ state, battle: { options: {}, variant: 'standard' }, isBusy: false }) as never;

/** The rendered text, tags and comments gone. */
function textOf(body: string): string {
  return body
    .replace(/<!--[^>]*-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The attributes of the first tag matching `re` (a button or a select by its name). */
function tagOf(body: string, re: RegExp): string {
  const m = body.match(re);
  if (!m) throw new Error(`no ${re} in the panel`);
  return m[0];
}

describe('the reload panel: what may load is the reload preview', () => {
  function broadside(s: BattleState): BattleState {
    const setup = {
      firerId: 'pickle',
      targetId: 'fleche',
      mode: 'fullBroadside' as const,
      batteries: ['zone1' as const, 'zone2' as const],
      distanceInches: 3,
      area: 'hull' as const,
      isExposedSide: false,
      hasLineOfSight: true
    };
    const misses = rolled(must(fire.preview.dice(s, setup, DEFAULT_OPTIONS)), 99);
    return played(s, fire, { ...setup, hitRoll: misses, damageRoll: null });
  }

  it('each battery select is open exactly where the preview says it may load', () => {
    for (const reloadScope of ['wholeShip', 'perBattery'] as const) {
      const options: WwOptions = { ...DEFAULT_OPTIONS, reloadScope };
      const state = broadside(fleets());
      const outlook = must(reload.preview.odds(state, { shipId: 'pickle' }, options));
      // The per-battery choice (built when its fold opens) from the batteries the panel hands it.
      const { body: choice } = render(WwReloadChoice, {
        props: { name: 'Pickle', batteries: outlook.batteries, picks: {} } as never
      });
      const selects = [...choice.matchAll(/<select[^>]*>/g)].map((m) => m[0]);
      expect(selects.map((t) => !/disabled/.test(t))).toEqual(
        outlook.batteries.map((b) => b.mayLoad)
      );
      const { body } = render(WwReload, { props: { session: session(state), options } });
      const allRound = tagOf(body, /<button[^>]*aria-label="All round shot for pickle"[^>]*>/);
      expect(/disabled/.test(allRound)).toBe(outlook.batteries.every((b) => !b.mayLoad));
    }
  });

  it('builds the per-battery choice only when its fold is opened (issue 39)', () => {
    const state = broadside(fleets());
    const { body } = render(WwReload, {
      props: { session: session(state), options: DEFAULT_OPTIONS }
    });
    expect(textOf(body)).toContain('Choose the shot per battery');
    expect(body).not.toMatch(/<select/);
  });
});

describe('the sail panel: speeds and how she moves are the moves’ previews', () => {
  it('Step 1: the speed she moves at in the wind chosen, and the speeds shown', () => {
    const state = played(fleets(), setSail, { shipId: 'pickle', setting: 'full' });
    const { body } = render(WwSail, {
      props: { session: session(state), options: DEFAULT_OPTIONS, mode: 'move' }
    });
    const text = textOf(body);
    const o = must(
      moveShip.preview.odds(state, { shipId: 'pickle', wind: 'free' }, DEFAULT_OPTIONS)
    );
    expect(o.movesAt).toBe('full');
    expect(text).toContain(`Moves at ${SAIL_SETTING_TEXT.full.name}, speed ${o.speed}`);
    expect(text).toContain(`speeds ${o.speeds.full}/${o.speeds.battle}/${o.speeds.trim}`);
  });

  it('Maintenance: the anchor said, and a ship whose turn ended is refused before the tap', () => {
    let state = played(fleets(), setSail, { shipId: 'pickle', setting: 'anchor' });
    state = played(state, moveShip, { shipId: 'pickle', wind: 'free' });
    const props = { session: session(state), options: DEFAULT_OPTIONS, mode: 'setSail' as const };
    const anchored = textOf(render(WwSail, { props }).body);
    // Pickle at anchor, her select on the anchor: setting it raises nothing.
    const stay = must(
      setSail.preview.odds(state, { shipId: 'pickle', setting: 'anchor' }, DEFAULT_OPTIONS)
    );
    expect(stay.isRaisingAnchor).toBe(false);
    expect(anchored).not.toContain('Raising the anchor');

    const card: UpgradeCard = {
      id: 'paint',
      name: 'Paint',
      cost: 10,
      text: '',
      effect: {
        hull: 0,
        rigging: 0,
        crew: 0,
        speedFull: 0,
        speedBattle: 0,
        speedTrim: 0,
        percent: 0
      }
    };
    state = played(state, setCards, { captainCards: [], lootCards: [], upgradeCards: [card] });
    state = played(state, fillHold, {
      shipId: 'pickle',
      lootCardId: null,
      upgradeCardIds: ['paint']
    });
    state = played(state, upgrade, { shipId: 'pickle', cardId: 'paint', isStationary: true });
    const { body } = render(WwSail, { props: { ...props, session: session(state) } });
    const refused = setSail.preview.odds(
      state,
      { shipId: 'pickle', setting: 'anchor' },
      DEFAULT_OPTIONS
    );
    expect(refused.ok).toBe(false);
    expect(textOf(body)).toContain(refused.ok ? '' : refused.error);
    expect(tagOf(body, /<button[^>]*>\s*Set sail: pickle/)).toContain('disabled');
  });
});

describe('the upgrade panel: the price, the speeds after and the funds left are the preview', () => {
  const card = (id: string, cost: number, speedFull: number): UpgradeCard => ({
    id,
    name: id,
    cost,
    text: '',
    effect: { hull: 10, rigging: 0, crew: 0, speedFull, speedBattle: 0, speedTrim: 0, percent: 0 }
  });

  function withHold(first: UpgradeCard): BattleState {
    let s = fleets('ManOWar');
    s = played(s, setCards, { captainCards: [], lootCards: [], upgradeCards: [first] });
    return played(s, fillHold, { shipId: 'pickle', lootCardId: null, upgradeCardIds: [first.id] });
  }

  it('a card she may fit: speeds now → after and the funds left; a dear one: the refusal', () => {
    for (const c of [card('topsails', 500, 1), card('gold', 40_000, 0)]) {
      const state = withHold(c);
      const { body } = render(WwUpgrade, {
        props: { session: session(state), options: DEFAULT_OPTIONS }
      });
      const text = textOf(body);
      const o = upgrade.preview.odds(
        state,
        { shipId: 'pickle', cardId: c.id, isStationary: true },
        DEFAULT_OPTIONS
      );
      const button = tagOf(body, new RegExp(`<button[^>]*>\\s*Fit ${c.id} to pickle`));
      if (o.ok) {
        const { speedsNow: n, speedsAfter: a } = o.value;
        expect(text).toContain(
          `Speeds ${n.full}/${n.battle}/${n.trim} → ${a.full}/${a.battle}/${a.trim}; Nelson keeps £${o.value.fundsAfter.toLocaleString('en-GB')}`
        );
        expect(button).not.toContain('disabled');
      } else {
        expect(text).toContain(o.error);
        expect(button).toContain('disabled');
      }
    }
  });

  it('builds the draw into her hold only when its fold is opened (issue 39)', () => {
    const { body } = render(WwUpgrade, {
      props: { session: session(withHold(card('topsails', 500, 1))), options: DEFAULT_OPTIONS }
    });
    const text = textOf(body);
    expect(text).toContain("Draw upgrade cards into pickle's hold");
    expect(text).not.toContain("Put them in pickle's hold");
  });
});

describe('the boarding panel: the loot offered is the loot preview', () => {
  it('the captor named, the money and the cards aboard as the move would give them', () => {
    const state = prizeTaken();
    const { body } = render(WwBoarding, {
      props: { session: session(state), options: DEFAULT_OPTIONS }
    });
    const text = textOf(body);
    const o = must(loot.preview.odds(state, { prizeId: 'fleche' }, DEFAULT_OPTIONS));
    expect(text).toContain(`${o.captor.sheet.name}'s boarders took her`);
    expect(text).toContain(`Take £${(o.lootAmount ?? 0).toLocaleString('en-GB')}`);
    expect(text).toContain(`Take ${o.upgradeCards.length} upgrade card`);
  });
});

describe('the attack’s damage step: its odds and its dice pad are the fire preview', () => {
  it('both zones hit: every damage chance and the dice equal the preview’s', () => {
    const state = fleets();
    const aim = {
      firerId: 'pickle',
      targetId: 'fleche',
      mode: 'fullBroadside' as const,
      batteries: ['zone1' as const, 'zone2' as const],
      distanceInches: 3,
      area: 'hull' as const,
      isExposedSide: false,
      hasLineOfSight: true
    };
    const hitRoll = rolled(must(fire.preview.dice(state, aim, DEFAULT_OPTIONS)), 1);
    const hitFaces = hitRoll.dice.map((d) => d.face);
    const outlook = must(fire.preview.odds(state, { ...aim, hitFaces }, DEFAULT_OPTIONS));
    const dice = padOf(must(fire.preview.dice(state, { ...aim, hitFaces }, DEFAULT_OPTIONS)));
    const hits = outlook.hits;
    if (!hits || !outlook.damagePlan) throw new Error('both zones hit');
    const { body } = render(WwFireDamageStep, {
      props: {
        plan: outlook.plan,
        odds: fireOdds(outlook.plan),
        hitStage: { roll: hitRoll, hits },
        damagePlan: outlook.damagePlan,
        dice,
        onroll: () => {}
      }
    });
    for (const e of fireOdds(outlook.damagePlan).damage.entries()) {
      expect(body).toMatch(
        new RegExp(`data-value="${e.value}"[^>]*data-fraction="${formatFraction(e.p)}"`)
      );
    }
    for (const d of dice) expect(textOf(body)).toContain(d.label);
  });
});

describe('the attack panel: the chance of sinking her is the fire preview’s', () => {
  it('Pickle’s full broadside at Fleche, her hull at 5: the chance shown is the move’s own', () => {
    const state = edited(fleets(), 'fleche', (f) => ({ ...f, hull: { ...f.hull, current: 5 } }));
    const { body } = render(WwFire, {
      props: { session: session(state), options: DEFAULT_OPTIONS }
    });
    // The panel opens on Pickle's full broadside (Zones 1 and 2) at Fleche's hull, 3″ away.
    const aim = {
      firerId: 'pickle',
      targetId: 'fleche',
      mode: 'fullBroadside' as const,
      batteries: ['zone1' as const, 'zone2' as const],
      distanceInches: 3,
      area: 'hull' as const,
      isExposedSide: false,
      hasLineOfSight: true
    };
    const outlook = must(fire.preview.odds(state, aim, DEFAULT_OPTIONS));
    const sinks = must(fireSinkingChance(outlook, fireOdds(outlook.plan)));
    expect(sinks.n > 0n).toBe(true);
    expect(body).toContain(`data-testid="ww-sink-chance" data-fraction="${formatFraction(sinks)}"`);
    expect(textOf(body)).toContain('Chance of sinking fleche (hull 5)');
  });

  it('builds the guns and aim only when their fold is opened (issue 39); its line says them', () => {
    const { body } = render(WwFire, {
      props: { session: session(fleets()), options: DEFAULT_OPTIONS }
    });
    const text = textOf(body);
    expect(text).toContain('Zone 2 · at her hull · clear line of sight');
    expect(text).not.toContain('Target area');
  });
});
