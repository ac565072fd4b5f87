// Issue 31: a Privateers calculator's figures are the move's own. Each calculator is drawn as the
// page draws it, and its figures are compared with what the move's preview says for the same ships
// on a battle of the moves' testkit (moves.fixture): a calculator that worked its odds out some
// other way, or on other ships, fails here. The figures themselves are checked against the text's
// examples and independent enumeration in rules/privateers/odds.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { formatFraction, type Rational } from '$lib/engine/rational';
import {
  boardingRound,
  cannonFire,
  giveOrders,
  moraleCheck,
  moveShip,
  reload,
  setHeading,
  setWind,
  tackRoll
} from '$lib/rules/privateers/moves';
import {
  d6,
  exampleFrigate,
  FIGHTING_SAIL,
  fireThrough,
  mediumGuns,
  must,
  play,
  roll,
  sheet,
  twoShips
} from '$lib/rules/privateers/moves.fixture';
import {
  boardingOn,
  boardingRolled,
  calculatorBattle,
  fireOn,
  fireRolled,
  tossRolled,
  moraleFigures,
  moraleRolled,
  reloadFigures,
  reloadRolled,
  withSheets
} from '$lib/rules/privateers/calculator-battle';
import { resolveMorale } from '$lib/rules/privateers/resolve-morale';
import { resolveToss, tossNeeds } from '$lib/rules/privateers/resolve-gunnery';
import { tossFromFaces } from '$lib/rules/privateers/moves-gunnery';
import { boardingOfficerRolls, resolveBoardingRound } from '$lib/rules/privateers/resolve-boarding';
import { resolveReload } from '$lib/rules/privateers/resolve-tasks';
import { DEFAULT_OPTIONS as O } from '$lib/rules/privateers/options';
import type { Sheet } from '$lib/rules/privateers/sheet';
import PvBoardingCalculator from './PvBoardingCalculator.svelte';
import PvChecksCalculator from './PvChecksCalculator.svelte';
import PvGunneryCalculator from './PvGunneryCalculator.svelte';
import PvMoraleCalculator from './PvMoraleCalculator.svelte';
import PvMovementCalculator from './PvMovementCalculator.svelte';
import PvReloadCalculator from './PvReloadCalculator.svelte';
import { prepareCalculatorBattle } from '$lib/rules/privateers/calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

/** Every outcome's label and exact fraction on the page, in order. */
function outcomesOf(body: string): string[] {
  return [
    ...body.matchAll(/<li class="outcome[^"]*" data-label="([^"]*)" data-fraction="([^"]*)"/g)
  ].map((m) => `${m[1]}: ${m[2]}`);
}

/** Every headline's exact fraction on the page, in order. */
const headlinesOf = (body: string): string[] =>
  [...body.matchAll(/data-testid="odds-headline" data-fraction="([^"]*)"/g)].map((m) => m[1]);

const listed = (odds: readonly { label: string; p: Rational }[]) =>
  odds.map((o) => `${o.label}: ${formatFraction(o.p)}`);

/** Surprise's log with her Captain and crew rated (the rest as her class sets it up). */
const rated = (captain: Sheet['crewRating'], crew: Sheet['crewRating']) => {
  const a = sheet(twoShips(exampleFrigate()), 'a');
  return {
    crewRating: crew,
    officers: { ...a.officers, captain: { rating: captain, present: true } }
  };
};

describe('the Privateers calculators answer through the moves (issue 31)', () => {
  it('morale: pass, disordered and strike are the morale check’s preview', () => {
    const { body } = render(PvMoraleCalculator, { props: { options: O } });
    // Opens on a Sea Dog captain and Seaman crew (ratings 1 and 1), not disordered.
    const s = twoShips(exampleFrigate(), { a: rated(1, 1) });
    const odds = must(moraleCheck.preview.odds(s, { shipId: 'a' }, O));
    expect(outcomesOf(body)).toEqual(
      listed([
        { label: 'Pass', p: odds.prob('pass') },
        { label: 'Disordered', p: odds.prob('disordered') },
        { label: 'Strike', p: odds.prob('strike') }
      ])
    );
    expect(headlinesOf(body)).toEqual([formatFraction(odds.prob('pass'))]);
    expect(headlinesOf(body)).toEqual(['2/3']);
  });

  it('morale: a typed roll is the morale move’s, every face read as the old calculator read it', () => {
    const calc = must(calculatorBattle());
    const RATINGS = [0, 1, 2] as const;
    for (const commander of RATINGS)
      for (const crew of RATINGS)
        for (const disordered of [false, true]) {
          const asked = must(
            withSheets(calc.state, { [calc.ours]: moraleFigures({ commander, crew, disordered }) })
          );
          // Surprise so rated, her stern raked this turn (a check owed in Phase 6).
          const a = sheet(twoShips(exampleFrigate()), 'a');
          const s = twoShips(exampleFrigate(), {
            a: {
              ...rated(commander, crew),
              disordered,
              turnEvents: { ...a.turnEvents, sternRakeTaken: true }
            }
          });
          for (let face = 1; face <= 12; face++) {
            const got = must(moraleRolled(asked, calc.ours, roll([face]), O));
            const move = must(play(moraleCheck, s, { shipId: 'a', dice: roll([face]) }));
            expect(got.summary).toBe(move.summary.replace('Surprise', 'The ship'));
            // Before: the calculator read the face with resolveMorale itself.
            const old = must(
              resolveMorale({ commanderRating: commander, crewRating: crew, disordered }, face)
            );
            expect(got.result).toBe(old.result);
            expect(got.summary).toContain(`= ${old.modified},`);
          }
        }
  });

  it('reload: every gun and the Gunner’s gun are the reload move’s preview', () => {
    const { body } = render(PvReloadCalculator, { props: { options: O } });
    // Opens on a Gunner and crew rated 1, eight guns to load, the Gunner sighting the first.
    const a = sheet(twoShips(exampleFrigate()), 'a');
    const guns = a.guns.map((g) => ({ ...g, loaded: false }));
    const s = twoShips(exampleFrigate(), {
      a: {
        crewRating: 1,
        officers: { ...a.officers, gunner: { rating: 1, present: true } },
        guns,
        assignments: { ...a.assignments, gunnerSights: guns[0].id }
      }
    });
    const outlook = must(reload.preview.odds(s, { shipId: 'a' }, O));
    expect(outlook.chances.length).toBe(2);
    expect(outcomesOf(body)).toEqual(listed(outlook.chances));
    expect(headlinesOf(body)).toEqual([formatFraction(outlook.chances[0].p)]);
  });

  it('reload: a typed roll is the reload move’s, every face read as the old calculator read it', () => {
    const calc = must(calculatorBattle());
    const RATINGS = [0, 1, 2] as const;
    for (const gunner of RATINGS)
      for (const crew of RATINGS)
        for (const [doubleShot, isGunnerSighting] of [
          [0, true],
          [2, false],
          [6, true]
        ] as const) {
          const asked = must(
            withSheets(calc.state, {
              [calc.ours]: reloadFigures({ gunner, crew, guns: 6, doubleShot, isGunnerSighting })
            })
          );
          // Surprise so rated, her six guns unloaded, the same ones designated and sighted.
          const a = sheet(twoShips(exampleFrigate()), 'a');
          const guns = a.guns.map((g, i) => ({
            ...g,
            loaded: false,
            doubleShotOrdered: i >= 6 - doubleShot
          }));
          const s = twoShips(exampleFrigate(), {
            a: {
              crewRating: crew,
              officers: { ...a.officers, gunner: { rating: gunner, present: true } },
              guns,
              assignments: { ...a.assignments, gunnerSights: isGunnerSighting ? guns[0].id : null }
            }
          });
          const outlook = must(reload.preview.odds(asked, { shipId: calc.ours }, O));
          for (let face = 1; face <= 12; face++) {
            const got = must(reloadRolled(asked, calc.ours, roll([face]), O));
            const move = must(play(reload, s, { shipId: 'a', dice: roll([face]) }));
            expect(got.summary).toBe(move.summary.replace('Surprise', 'The ship'));
            // Before: the calculator read the face with resolveReload on the preview's guns.
            const old = must(resolveReload(outlook.guns, outlook.mod, face, O));
            const { summary: _summary, ...outcome } = got;
            expect(outcome).toEqual(old);
          }
        }
  });

  it('cannon fire: each gun’s hit, any hit and a critical are the cannon-fire move’s preview', () => {
    const { body } = render(PvGunneryCalculator, { props: { options: O } });
    // Opens on one medium gun firing low at 18″ from a ship at Fighting Sail.
    const s = twoShips(exampleFrigate({ guns: [mediumGuns('starboard', 1)] }), {
      both: FIGHTING_SAIL
    });
    const setup = {
      firerId: 'a',
      targetId: 'b',
      gunIds: [sheet(s, 'a').guns[0].id],
      range: 18,
      aim: 'low' as const,
      rake: 'none' as const,
      facingSide: 'starboard' as const,
      gunnerSightsId: null,
      isLandBased: false
    };
    const { odds } = must(cannonFire.preview.odds(s, setup, O));
    expect(headlinesOf(body)).toEqual([
      formatFraction(odds.hits.probWhere((h) => h > 0)),
      formatFraction(odds.pCritical)
    ]);
    expect(outcomesOf(body)).toEqual([`Medium 1 hits: ${formatFraction(odds.perGun[0].p)}`]);
  });

  it('cannon fire: the hit roll and the damage toss are the fire moves’, read as the old calculator read them', () => {
    // The calculator's opening fire: one medium gun, 18″, fired low, the firer at Fighting Sail;
    // and with the Gunner sighting it (hit on 8 or less), as the referee may set it.
    for (const gunnerGroup of [-1, 0]) {
      const asked = must(
        fireOn(must(calculatorBattle()), {
          groups: [{ cls: 'medium', count: 1, load: 'ball', doubleShotted: 0, extraHeavyDice: 4 }],
          gunnerGroup,
          range: 18,
          aim: 'low',
          firerSail: 1,
          rake: 'none',
          isLandBased: false,
          isFortification: false,
          isLandTarget: false,
          isCriticalSpent: false
        })
      );
      const s = twoShips(exampleFrigate({ guns: [mediumGuns('starboard', 1)] }), {
        both: FIGHTING_SAIL
      });
      const gunId = sheet(s, 'a').guns[0].id;
      const setup = {
        ...asked.setup,
        firerId: 'a',
        targetId: 'b',
        gunIds: [gunId],
        gunnerSightsId: gunnerGroup === 0 ? gunId : null
      };
      const names = (line: string) =>
        line.replaceAll('Surprise', 'Firing ship').replaceAll('Hermione', 'Target');
      const plan = must(cannonFire.preview.odds(asked.state, asked.setup, O)).plan;
      for (let face = 1; face <= 12; face++) {
        const fired = must(fireRolled(asked.state, asked.setup, roll([face]), O));
        const move = must(play(cannonFire, s, { setup, dice: roll([face]) }));
        expect(fired.summary).toBe(names(move.summary));
        expect([fired.hits, fired.counts]).toEqual([
          plan.guns.map((g) => face <= g.threshold),
          move.draft.roll?.outcome && (move.draft.roll.outcome as { counts: unknown }).counts
        ]);
        // Every toss of the damage dice of a hit (the same dice for any face that hits), with a
        // critical d12 and officer d6s where asked.
        if (!fired.hits[0] || face > 1) continue;
        for (let a = 1; a <= 6; a++)
          for (let b = 1; b <= 6; b++) {
            const dice = tossFromFaces(fired.counts, [a, b]);
            const needs = tossNeeds(dice, O, plan.toss);
            const extra = {
              criticalFace: needs.isCritical ? 9 : undefined,
              officerFaces: Array.from({ length: needs.officerRolls }, (_, i) => 1 + i)
            };
            const faces = [...(needs.isCritical ? [9] : []), ...extra.officerFaces];
            const rolls = faces.length ? [d6([a, b]), roll(faces)] : [d6([a, b])];
            const got = must(tossRolled(fired.next, rolls, O));
            const kit = must(fireThrough(s, setup, [face], [a, b], extra));
            expect(got.summary).toBe(names(kit.summary));
            expect(got.outcome).toEqual(kit.outcome);
            // Before: the calculator resolved the toss itself.
            expect(got.outcome).toEqual(must(resolveToss(dice, 'low', extra, O, plan.toss)));
          }
      }
    }
  });

  it('boarding: the round’s odds are the boarding round’s preview', () => {
    const { body } = render(PvBoardingCalculator, { props: { options: O } });
    // Opens on 10 crew, an officer and 2 marines boarding 8 crew and an officer, grappled.
    const s = twoShips(exampleFrigate({ crew: 60, marines: 10 }), {
      a: { entangledWith: ['b'] },
      b: rated(2, 0)
    });
    const aim = {
      attackerId: 'a',
      defenderId: 'b',
      attacker: { crew: 10, officers: ['captain' as const], marines: 2 },
      defender: { crew: 8, officers: ['captain' as const], marines: 0 },
      isHullToHull: false
    };
    const { round, attackerDice, defenderDice } = must(boardingRound.preview.odds(s, aim, O));
    if (!round) throw new Error('no round');
    expect([attackerDice, defenderDice]).toEqual([18, 10]);
    expect(body).toContain(`This round (${attackerDice} v ${defenderDice} dice)`);
    expect(outcomesOf(body)).toEqual(
      listed([
        { label: 'Boarders win', p: round.boardersWin },
        { label: 'Tie', p: round.tie },
        { label: 'Defender wins', p: round.defenderWins }
      ])
    );
    expect(headlinesOf(body)).toEqual([formatFraction(round.boardersWin)]);
  });

  it('boarding: a typed round is the boarding move’s, read as the old calculator read it', () => {
    // The calculator's opening parties: 10 crew, an officer and 2 marines against 8 crew and an
    // officer, the defender's commander and crew rated 2.
    const attacker = { crew: 10, officers: 1, marines: 2 };
    const defender = { crew: 8, officers: 1, marines: 0 };
    const asked = must(
      boardingOn(must(calculatorBattle()), {
        attacker,
        defender,
        defenderRating: 2,
        defenderDisordered: false
      })
    );
    // The same fight on the testkit: Surprise's and Hermione's whole crews are the parties.
    const s = twoShips(exampleFrigate(), {
      a: {
        entangledWith: ['b'],
        crew: { initial: 10, current: 10 },
        marines: { initial: 2, current: 2 }
      },
      b: { ...rated(2, 0), crew: { initial: 8, current: 8 }, marines: { initial: 0, current: 0 } }
    });
    const { aim } = asked;
    // A spread of rounds (a seeded walk over the faces): each side's 1s, officers' dice or none.
    let seed = 7;
    const d6face = () => ((seed = (seed * 48271) % 2147483647), 1 + (seed % 6));
    let withOfficers = 0;
    for (let k = 0; k < 60; k++) {
      const main = Array.from({ length: 28 }, d6face);
      const need = boardingOfficerRolls(
        aim.attacker,
        aim.defender,
        main.slice(0, 18),
        main.slice(18)
      );
      const off = Array.from({ length: need.attacker + need.defender }, d6face);
      if (off.length) withOfficers++;
      const rolls = off.length ? [roll(main, 6), roll(off, 6)] : [roll(main, 6)];
      // The officers' pad is the preview's, once the round's faces are in.
      const asks = must(boardingRound.preview.dice(asked.state, { ...aim, main }, O));
      expect(asks.reduce((n, d) => n + d.count, 0)).toBe(off.length);
      const got = must(boardingRolled(asked.state, aim, rolls, O));
      const move = must(
        play(boardingRound, s, {
          ...aim,
          attackerId: 'a',
          defenderId: 'b',
          isHullToHull: false,
          rolls
        })
      );
      expect(got.summary).toBe(
        move.summary.replaceAll('Surprise', 'Boarders').replaceAll('Hermione', 'Defenders')
      );
      // Before: the calculator resolved the round itself.
      const old = must(
        resolveBoardingRound(
          aim.attacker,
          aim.defender,
          {
            attacker: main.slice(0, 18),
            defender: main.slice(18),
            attackerOfficers: off.slice(0, need.attacker),
            defenderOfficers: off.slice(need.attacker)
          },
          O
        )
      );
      const { summary: _summary, ...outcome } = got;
      const { attackerDice: _a, defenderDice: _d, ...before } = old;
      expect(outcome).toEqual(before);
    }
    expect(withOfficers).toBeGreaterThan(0);
  });

  it('movement: the point of sail, speed cap and move are the orders’ and the move’s previews', () => {
    const { body } = render(PvMovementCalculator, { props: { options: O } });
    // Opens on the wind from 0°, heading 120°, Fighting Sail last turn, Medium Sail and Straight
    // this turn, three masts, no damage, rates 8/10/12 on every point of sail.
    const rates: [number, number, number] = [8, 10, 12];
    let s = twoShips(exampleFrigate({ hullPoints: 60 }), {
      a: {
        ...FIGHTING_SAIL,
        sailingRates: { beating: rates, broadReaching: rates, running: rates }
      }
    });
    s = must(play(setWind, s, { windFromDeg: 0 })).next;
    s = must(play(setHeading, s, { shipId: 'a', headingDeg: 120 })).next;
    const orders = { shipId: 'a', sail: 2 as const, maneuver: 'straight' as const };
    const outlook = must(giveOrders.preview.odds(s, orders, O));
    expect(outlook.problems).toEqual([]);
    expect(body).toContain(`Wind ${outlook.theta}° off the bow:`);
    expect(body).toContain('<strong>Broad Reaching</strong>');
    expect(body).toMatch(/Fastest setting: <strong>Full Sail<\/strong>/);
    const given = must(play(giveOrders, s, orders)).next;
    const plan = must(must(moveShip.preview.odds(given, { shipId: 'a' }, O)).plan);
    expect(plan.total).toBe(10);
    // The move's own plan, its text as the battle's movement card shows it.
    expect(body).toContain(`Orders valid: move <strong>${plan.total}″</strong> (${plan.text}).`);
  });

  it('other checks: the tack’s outcomes and its die are the tacking roll’s preview', () => {
    const { body } = render(PvChecksCalculator, { props: { options: O } });
    // Opens on the tack of a square-rigger head to wind, initiative modifier 1 (Master + crew).
    const a = sheet(twoShips(exampleFrigate()), 'a');
    const s = twoShips(exampleFrigate(), {
      a: {
        tack: 'headToWind',
        crewRating: 0,
        officers: { ...a.officers, master: { rating: 1, present: true } }
      }
    });
    const outlook = must(tackRoll.preview.odds(s, { shipId: 'a' }, O));
    expect(outlook.mod).toBe(1);
    expect(outcomesOf(body)).toEqual(listed(outlook.outcomes));
    const success = outlook.outcomes.find((o) => o.id === 'success');
    expect(headlinesOf(body)).toEqual([formatFraction(success!.p)]);
    // The pad asks the tack die alone: the mast d12 only after a failed tack.
    const [die] = must(tackRoll.preview.dice(s, { shipId: 'a' }, O));
    expect(die.label).toBe('Surprise, tack');
    expect(body).toContain('The ship, tack');
    expect(body).not.toContain('mast (if taken aback)');
  });
});
