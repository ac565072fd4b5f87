// Issue 31: a Privateers battle panel's figures are the move's own. Each panel is drawn as the
// battle draws it, on a battle of the moves' testkit (moves.fixture), and what it shows is compared
// with what the move's preview (or the move's own record) says for the same ships: a panel that
// worked a figure out some other way fails here.
import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import { formatFraction, toNumber } from '$lib/engine/rational';
import {
  captureWork,
  QUICK_CAPTURE_WORK,
  solveCapture
} from '$lib/rules/privateers/capture-chance';
import {
  boardingCaptureChance,
  boardingCaptureChanceFloat
} from '$lib/rules/privateers/odds-boarding';
import { boardingDice } from '$lib/rules/privateers/resolve-boarding';
import { sheetFigures } from '$lib/rules/privateers/sheet-figures';
import { moraleCheck } from '$lib/rules/privateers/moves-tasks';
import {
  exampleFrigate,
  fireThrough,
  FRIGATE_FIRES,
  must,
  d6,
  play,
  roll,
  sheet,
  twoShips
} from '$lib/rules/privateers/moves.fixture';
import { DEFAULT_OPTIONS as O } from '$lib/rules/privateers/options';
import { SAIL_SETTINGS } from '$lib/rules/privateers/tables';
import { MORALE_RESULTS } from '$lib/rules/privateers/tables-play';
import { MORALE_TRIGGERS } from '$lib/rules/privateers/tables-play';
import type { BattleSession } from '$lib/state/battle.svelte';
import { cannonFire, damageExtra, damageToss, reload } from '$lib/rules/privateers/moves-gunnery';
import OddsDisplay from '$lib/components/dice/OddsDisplay.svelte';
import { boardingRound } from '$lib/rules/privateers/moves-boarding';
import { rollInitiative } from '$lib/rules/privateers/moves-initiative';
import { giveOrders } from '$lib/rules/privateers/moves-orders';
import PvBroadside from './PvBroadside.svelte';
import PvDamageDice from './PvDamageDice.svelte';
import PvMorale from './PvMorale.svelte';
import SheetEditor from './SheetEditor.svelte';
import { CaptureProjection } from './capture-projection.svelte';

/** The panels read only the state and isBusy before a roll (a stand-in for the live session). */
const sessionOn = (state: BattleState) => ({ state, isBusy: false }) as unknown as BattleSession;

/** Every outcome's label and exact fraction on the page, in order. */
const outcomesOf = (body: string): string[] =>
  [...body.matchAll(/<li class="outcome[^"]*" data-label="([^"]*)" data-fraction="([^"]*)"/g)].map(
    (m) => `${m[1]}: ${m[2]}`
  );

/** Every headline's exact fraction on the page, in order. */
const headlinesOf = (body: string): string[] =>
  [...body.matchAll(/data-testid="odds-headline" data-fraction="([^"]*)"/g)].map((m) => m[1]);

/** Every row of the odds tables: its value (or range) and exact fraction. */
const rowsOf = (body: string): string[] =>
  [
    ...body.matchAll(/<tr data-value="([^"]*)"(?: data-to="([^"]*)")? data-fraction="([^"]*)"/g)
  ].map((m) => `${m[1]}${m[2] ? `–${m[2]}` : ''}: ${m[3]}`);

/** Every die label of the dice pads, in order. */
const dieLabelsOf = (body: string): string[] =>
  [...body.matchAll(/<p class="die-label[^"]*">([^<]*)<\/p>/g)].map((m) => m[1]);

const frigates = (): BattleState =>
  twoShips(exampleFrigate({ crew: 60, marines: 10 }), { phase: 3 });

describe('the Privateers battle panels show the moves’ figures (issue 31)', () => {
  it('morale: why each ship tests is what the morale check records, the odds its preview', () => {
    // Surprise's broadside sets Hermione on fire (critical 6) and takes her hull past 3/4: she
    // owes a morale check for each.
    const fired = must(
      fireThrough(frigates(), FRIGATE_FIRES, [1, 5, 10], [1, 1, 3, 4, 5, 6], { criticalFace: 6 })
    ).next;
    const b = sheet(fired, 'b');
    const s: BattleState = {
      ...fired,
      ships: {
        ...fired.ships,
        b: { ...fired.ships.b, sheet: { ...b, hull: { ...b.hull, damage: b.hull.points - 1 } } }
      }
    };
    const { body } = render(PvMorale, {
      props: {
        session: sessionOn(s),
        options: O,
        due: [{ ship: s.ships.b, sheet: sheet(s, 'b') }]
      }
    });
    const checked = must(play(moraleCheck, s, { shipId: 'b', dice: roll([3]) })).draft.roll
      ?.inputs as { triggers: string[] };
    expect(checked.triggers).toEqual(['onFire', 'hullThreeQuarters']);
    const quote = Object.fromEntries(MORALE_TRIGGERS.map((t) => [t.id, t.quote]));
    expect(body).toContain(`Why: ${checked.triggers.map((t) => `"${quote[t]}"`).join(', ')}.`);
    const dist = must(moraleCheck.preview.odds(s, { shipId: 'b' }, O));
    expect(outcomesOf(body)).toEqual(
      MORALE_RESULTS.map((r) => `${r.label}: ${formatFraction(dist.prob(r.result))}`)
    );
  });

  it('cannon fire: each number to roll and how it is made are the fire plan’s', () => {
    // Surprise at Medium Sail (−1) fires her three starboard guns, the Gunner sighting the first
    // (+2): two numbers, 10 and 8 at 10″, each with its chart number and modifiers.
    const cls = exampleFrigate({ crew: 60, marines: 10 });
    const { assignments } = sheet(twoShips(cls), 'a');
    const s = twoShips(cls, {
      phase: 3,
      a: {
        sail: 2,
        prevSail: 2,
        assignments: { ...assignments, gunnerSights: FRIGATE_FIRES.gunIds[0] }
      }
    });
    const setup = { ...FRIGATE_FIRES, gunnerSightsId: FRIGATE_FIRES.gunIds[0] };
    const { body } = render(PvBroadside, {
      props: { session: sessionOn(s), options: O, firers: [s.ships.a] }
    });
    const plan = must(cannonFire.preview.odds(s, setup, O)).plan;
    const needed = /data-testid="pv-fire-needed">([\s\S]*?)<\/p>/.exec(body)?.[1] ?? '';
    const shown = [
      ...needed.matchAll(/<strong>(\d+)<\/strong> \((\d+) Short, fire low((?:; [^;)]+)*)\)/g)
    ];
    const thresholds = [...new Set(plan.guns.map((g) => g.threshold))];
    expect(thresholds).toEqual([10, 8]);
    expect(shown.map((m) => Number(m[1]))).toEqual(thresholds);
    for (const m of shown) {
      const g = plan.guns.find((x) => x.threshold === Number(m[1]));
      expect(Number(m[2])).toBe(g?.base);
      const mods = m[3]
        .split('; ')
        .filter(Boolean)
        .map((t) => {
          const [, label, sign, n] = /^(.*) ([−+])(\d+)$/.exec(t) ?? [];
          return { label, value: (sign === '−' ? -1 : 1) * Number(n) };
        });
      expect(mods).toEqual(g?.modifiers);
      expect(Number(m[2]) + mods.reduce((a, x) => a + x.value, 0)).toBe(Number(m[1]));
    }
  });

  it('the ship log: its modifiers and speed limit are what the moves add and cap', () => {
    // Surprise with a Master rated 2, a Gunner 1, her crew 1, her Captain 2, her guns fired and her
    // hull two-thirds gone (two levels off her sail: Fighting Sail at most).
    const cls = exampleFrigate({ crew: 60, marines: 10 });
    const a = sheet(twoShips(cls), 'a');
    const s = twoShips(cls, {
      phase: 3,
      a: {
        crewRating: 1,
        officers: {
          ...a.officers,
          captain: { rating: 2, present: true },
          master: { rating: 2, present: true },
          gunner: { rating: 1, present: true }
        },
        guns: a.guns.map((g) => ({ ...g, loaded: false })),
        hull: { ...a.hull, damage: Math.ceil((2 * a.hull.points) / 3) }
      }
    });
    const log = sheet(s, 'a');
    const { body } = render(SheetEditor, {
      props: { sheet: log, readonly: true, onchange: () => {} }
    });
    const initiative = must(rollInitiative.preview.odds(s, { shipIds: ['a', 'b'] }, O)).ships[0];
    const reloading = must(reload.preview.odds(s, { shipId: 'a' }, O));
    // Surprise defending a boarding: the chain's morale rating is the one taken off her roll.
    const hullToHull = { ...O, boardingPrerequisite: 'hullToHull' as const };
    const defending = must(
      boardingRound.preview.odds(
        s,
        {
          attackerId: 'b',
          defenderId: 'a',
          attacker: { crew: 1, officers: [], marines: 0 },
          defender: { crew: 1, officers: [], marines: 0 },
          isHullToHull: true
        },
        hullToHull
      )
    );
    const orders = must(
      giveOrders.preview.odds(s, { shipId: 'a', sail: 1, maneuver: 'straight' }, O)
    );
    const shown =
      /Modifiers: initiative \+(\d+), reload \+(\d+), morale −(\d+)\s*\(([^)]*)\)\.\s*Speed limit:\s*([^.<]*)\./.exec(
        body.replace(/<!--[^>]*-->/g, '')
      );
    expect(shown?.slice(1)).toEqual([
      String(initiative.mod),
      String(reloading.mod),
      String(defending.chain?.defenderMoraleRating),
      'Captain commands',
      SAIL_SETTINGS[orders.cap.cap].label
    ]);
    expect([initiative.mod, reloading.mod, defending.chain?.defenderMoraleRating]).toEqual([
      3, 2, 3
    ]);
    expect(orders.cap.cap).toBe(1);
  });

  it('boarding: the capture chance is solved from the boarding round’s preview, here or in the worker', () => {
    // Surprise boards Hermione hull to hull: her first lieutenant and crew against Hermione's
    // Captain, crew and a marine. The chain is the preview's: who is in the fight, so how many
    // d6s each side rolls, and the defenders' morale.
    const options = { ...O, boardingPrerequisite: 'hullToHull' as const };
    const s = frigates();
    const aimOf = (aCrew: number, dCrew: number) => ({
      attackerId: 'a',
      defenderId: 'b',
      attacker: { crew: aCrew, officers: ['firstLt' as const], marines: 0 },
      defender: { crew: dCrew, officers: ['captain' as const], marines: 1 },
      isHullToHull: true
    });
    const small = must(boardingRound.preview.odds(s, aimOf(1, 1), options));
    const chain = small.chain!;
    expect([small.attackerDice, small.defenderDice]).toEqual([
      boardingDice(chain.attacker),
      boardingDice(chain.defender)
    ]);
    expect(chain.defenderMoraleRating).toBe(sheetFigures(sheet(s, 'b')).morale);
    // A small fight is solved on the page, exactly: the reference solver's chance.
    const quick = new CaptureProjection(() => ({ input: chain, options }));
    expect(captureWork(chain)).toBeLessThanOrEqual(QUICK_CAPTURE_WORK);
    expect(quick.value).toEqual({
      p: boardingCaptureChance(chain, options),
      isExact: true,
      errorBound: 0
    });
    // A bigger one goes to the worker with the preview's chain (here, with no worker, the same
    // entry point answers at once): within its stated error of the reference's float solve.
    const big = must(boardingRound.preview.odds(s, aimOf(5, 5), options)).chain!;
    const projection = new CaptureProjection(() => ({ input: big, options }));
    expect(captureWork(big)).toBeGreaterThan(QUICK_CAPTURE_WORK);
    expect(projection.value).toBeNull();
    projection.ask();
    const asked = projection.value!;
    expect(asked).toEqual(solveCapture({ chain: big, options }));
    const reference = boardingCaptureChanceFloat(big, options);
    expect(toNumber(asked.p)).toBeLessThanOrEqual(reference + 1e-9);
    expect(toNumber(asked.p) + asked.errorBound).toBeGreaterThanOrEqual(reference - 1e-9);
  });

  it('damage dice: the odds, the pad and what to roll next are the damage moves’ previews', () => {
    // Surprise's three guns hit Hermione: six Ball Low dice set aside, the fire under way.
    const s = must(
      play(cannonFire, frigates(), { setup: FRIGATE_FIRES, dice: roll([1, 5, 10]) })
    ).next;
    const { body } = render(PvDamageDice, {
      props: { battle: s, options: O, testid: 'pv-x', onresolve: () => {} }
    });
    const odds = must(damageToss.preview.odds(s, {}, O));
    const pad = must(damageToss.preview.dice(s, {}, O));
    expect(headlinesOf(body)).toEqual([formatFraction(odds.pCritical)]);
    const table = render(OddsDisplay, {
      props: { title: 'Hull', dist: odds.hull, unit: 'points' }
    }).body;
    expect(rowsOf(body)).toEqual(rowsOf(table));
    expect(rowsOf(body).length).toBeGreaterThan(3);
    expect(dieLabelsOf(body)).toEqual(pad.map((d) => d.label));
    expect(pad.map((d) => [d.count, d.sides, d.ship, d.isHighGood])).toEqual([[6, 6, 'a', true]]);
    // After double ones, what the extra move asks: its column and the critical's effects.
    const tossed = must(play(damageToss, s, { dice: d6([1, 1, 3, 4, 5, 6]) })).next;
    const extra = must(damageExtra.preview.odds(tossed, {}, O));
    expect([extra.isCritical, extra.column]).toEqual([true, 'low']);
    expect(extra.criticalEffects).toEqual(odds.criticalEffects);
  });
});
