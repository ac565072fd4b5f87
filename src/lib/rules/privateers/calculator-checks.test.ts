// Issue 31: the "Other checks" calculator asks each check of its move on the calculator's battle.
// Its figures are the figures the calculator showed before from the odds functions on the same
// inputs (none changed), each roll is played by the move (its log line), and a second roll that
// depends on the first is asked of the preview with the faces so far.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DiceNeed } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { add, complement, formatFraction } from '../../engine/rational';
import { calculatorBattle } from './calculator-battle';
import { askCheck, type CheckProc, type CheckQuestion } from './calculator-checks';
import { must } from './moves.fixture';
import {
  checkOdds,
  collisionOdds,
  fireAttemptOdds,
  fireChainOdds,
  grappleOdds,
  initiativeOdds,
  marksmanOdds,
  tackOdds,
  weighAnchorOdds
} from './odds';
import { DEFAULT_OPTIONS as O } from './options';
import { crewBonus } from './resolve-tasks';
import { prepareCalculatorBattle } from './calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const Q: CheckQuestion = { mod: 1, modB: 0, crew: 4, attempt: 1, isMarine: false, sail: 2 };
const ask = (proc: CheckProc, q: Partial<CheckQuestion> = {}) =>
  must(askCheck(must(calculatorBattle()), proc, { ...Q, ...q }, O));
const f = formatFraction;

/** A roll of these faces for the dice asked. */
function rollOf(needs: readonly DiceNeed[], faces: readonly number[]): DiceRoll {
  const sides = needs.flatMap((n) => Array.from({ length: n.count }, () => n.sides));
  return {
    source: 'entered',
    dice: sides.map((s, i) => ({ sides: s, face: Math.min(s, faces[i] ?? 1) }))
  };
}

describe('the other checks answer through the moves (issue 31)', () => {
  it('the odds are the figures the odds functions gave on the same inputs', () => {
    for (const mod of [0, 1, 4]) {
      const t = must(tackOdds(mod));
      const odds = must(ask('tack', { mod }).odds);
      expect(odds.headline && f(odds.headline.p)).toBe(f(t.success));
      expect(odds.outcomes?.map((o) => f(o.p))).toEqual(
        [t.success, complement(add(t.success, t.mastLost)), t.mastLost].map(f)
      );
    }
    for (const crew of [1, 4, 11]) {
      const w = must(weighAnchorOdds(crew));
      expect(
        must(ask('weighAnchor', { crew }).odds)
          .dist?.entries()
          .map((e) => f(e.p))
      ).toEqual(w.entries().map((e) => f(e.p)));
      for (const attempt of [1, 2, 3] as const) {
        const fire = must(ask('fire', { crew, attempt }).odds);
        expect(fire.outcomes?.map((o) => f(o.p))).toEqual([
          f(must(fireAttemptOdds(attempt, crew))),
          f(must(fireChainOdds([crew, crew, crew])).burnsUp)
        ]);
      }
      const bonus = crewBonus(crew, 'other', O);
      expect(f(must(ask('damageControl', { crew }).odds).headline!.p)).toBe(
        f(must(checkOdds(bonus, 10)))
      );
      expect(f(must(ask('juryRig', { crew }).odds).headline!.p)).toBe(
        f(must(checkOdds(bonus, 12)))
      );
      const g = must(grappleOdds(crew));
      expect(
        must(ask('grapple', { crew }).odds)
          .dist?.entries()
          .map((e) => f(e.p))
      ).toEqual(g.entries().map((e) => f(e.p)));
    }
    for (const isMarine of [false, true]) {
      const m = must(marksmanOdds(isMarine ? 'marine' : 'crew'));
      expect(must(ask('marksman', { isMarine }).odds).outcomes?.map((o) => f(o.p))).toEqual(
        [m.crew, m.officer, m.miss].map(f)
      );
    }
    for (const sail of [1, 2, 3] as const) {
      const c = must(collisionOdds(sail, O));
      const odds = must(ask('collision', { sail }).odds);
      expect(f(odds.headline!.p)).toBe(f(c.entangle));
      expect(odds.dist?.entries().map((e) => f(e.p))).toEqual(
        c.rammed.entries().map((e) => f(e.p))
      );
    }
    for (const [mod, modB] of [
      [0, 0],
      [3, 1],
      [0, 4]
    ]) {
      expect(f(must(ask('initiative', { mod, modB }).odds).headline!.p)).toBe(
        f(must(initiativeOdds(mod, modB, O)))
      );
    }
  });

  it('a roll is played by the move: the tack’s mast d12 only when the tack fails', () => {
    const tack = ask('tack', { mod: 1 });
    const first = must(tack.dice([]));
    expect(first.map((n) => [n.count, n.sides])).toEqual([[1, 12]]);
    // 5 + 1 ≥ 4: the tack succeeds, no mast die.
    const good = rollOf(first, [5]);
    expect(must(tack.dice([good]))).toEqual([]);
    expect(must(tack.play([good]))).toMatch(/tacks: d12 5 \+ 1 = 6 ≥ 4/);
    // 2 + 1 < 4: taken aback, then the mast d12 (1–3 loses a mast).
    const bad = rollOf(first, [2]);
    const mast = must(tack.dice([bad]));
    expect(mast.map((n) => [n.count, n.sides])).toEqual([[1, 12]]);
    expect(must(tack.play([bad, rollOf(mast, [2])]))).toMatch(/taken aback.*a mast is lost/);
  });

  it('every check plays its move on the calculator’s battle', () => {
    const lines: Record<string, RegExp> = {
      weighAnchor: /weighs anchor: d12 9 − 4 crew → 5 turns/,
      fire: /fights the fire \(attempt 1\): 9 \+ 4 crew = 13, needs 8; fire out/,
      damageControl: /damage control \(4 crews\): 9 → 13, needs 10; wreckage cleared/,
      juryRig: /jury rigging \(4 crews\): 9 → 13, needs 12; a mast is jury rigged/,
      grapple: /1 of 4 grapples hold \(8\+\)/,
      collision: /rams The rammed ship at Medium Sail: The rammer 6 hull; The rammed ship 8 hull/,
      initiative: /Ship A 9 \+ 1 = 10, Ship B 4 \+ 0 = 4/
    };
    for (const [proc, line] of Object.entries(lines)) {
      const c = ask(proc as CheckProc);
      let rolls: DiceRoll[] = [];
      for (let i = 0; i < 4; i++) {
        const needs = must(c.dice(rolls));
        if (needs.length === 0) break;
        rolls = [...rolls, rollOf(needs, [9, 4, 7, 2, 11])];
      }
      expect(must(c.play(rolls)), proc).toMatch(line);
    }
  });

  it('the marksman: hit d12, then the damage d6, then on a 6 the Officer Hits d6', () => {
    const m = ask('marksman');
    const hit = rollOf(must(m.dice([])), [2]);
    const damage = must(m.dice([hit]));
    expect(damage.map((n) => [n.count, n.sides])).toEqual([[1, 6]]);
    const six = rollOf(damage, [6]);
    const officer = must(m.dice([hit, six]));
    expect(officer.map((n) => [n.count, n.sides])).toEqual([[1, 6]]);
    expect(must(m.play([hit, six, rollOf(officer, [1])]))).toMatch(/officer hit: Captain/);
    // A miss needs no more dice.
    expect(must(m.dice([rollOf(must(m.dice([])), [12])]))).toEqual([]);
  });

  it('damage control with no crew on it: odds, and the move’s refusal instead of dice', () => {
    const c = ask('damageControl', { crew: 0 });
    expect(c.odds.ok).toBe(true);
    const d = c.dice([]);
    expect(d.ok ? '' : d.error).toMatch(/needs crew assigned/);
  });
});
