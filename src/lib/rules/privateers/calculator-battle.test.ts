// The cannon-fire calculator's question asked on the calculator's battle (issue 31): its groups of
// guns become the firer's guns, in order, and the move's own plan reads them as the text says.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  calculatorBattle,
  fireFromOn,
  fireOn,
  fireTargetOn,
  type FireQuestion
} from './calculator-battle';
import { cannonFire } from './moves-gunnery';
import { must } from './moves.fixture';
import { DEFAULT_OPTIONS as O } from './options';
import { prepareCalculatorBattle } from './calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const planned = (q: FireQuestion) => {
  const asked = must(fireOn(must(calculatorBattle()), q));
  return { asked, outlook: cannonFire.preview.odds(asked.state, asked.setup, O) };
};

const LIGHT: FireQuestion = {
  groups: [{ cls: 'light', count: 1, load: 'ball', doubleShotted: 0, extraHeavyDice: 0 }],
  gunnerGroup: -1,
  range: 10,
  aim: 'low',
  firerSail: 1,
  rake: 'none',
  isLandBased: false,
  isFortification: false,
  isLandTarget: false,
  isCriticalSpent: false
};

describe('the cannon-fire calculator asks the move (issue 31)', () => {
  it('plans a fire group: one gun per hit roll, the Gunner on the first gun of his group', () => {
    const { asked, outlook } = planned({
      ...LIGHT,
      groups: [
        { cls: 'medium', count: 2, load: 'ball', doubleShotted: 1, extraHeavyDice: 0 },
        { cls: 'swivel', count: 1, load: 'ball', doubleShotted: 0, extraHeavyDice: 0 }
      ],
      gunnerGroup: 0,
      range: 18
    });
    const { plan } = must(outlook);
    expect(plan.band).toBe('medium');
    expect(
      plan.guns.map((g) => [asked.labels[g.id], g.threshold, g.dice, g.column, g.doubleShot])
    ).toEqual([
      ['Medium 1 (Gunner)', 8, 2, 'ballLow', true],
      ['Medium 2', 6, 2, 'ballLow', false],
      ['Swivel 1', 6, 1, 'swivelGrape', false]
    ]);
  });

  it('refuses impossible fire (Full Sail, high at long range, out of range, no guns, high at land)', () => {
    expect(planned({ ...LIGHT, firerSail: 3 }).outlook.ok).toBe(false);
    expect(planned({ ...LIGHT, range: 30, aim: 'high' }).outlook.ok).toBe(false);
    expect(planned({ ...LIGHT, range: 40 }).outlook.ok).toBe(false);
    expect(planned({ ...LIGHT, groups: [{ ...LIGHT.groups[0], count: 0 }] }).outlook.ok).toBe(
      false
    );
    expect(planned({ ...LIGHT, isLandTarget: true, aim: 'high' }).outlook.ok).toBe(false);
  });

  it('a fortification fires at land ranges, and a spent critical is the target’s (Errata 8)', () => {
    const far = { ...LIGHT, range: 40 };
    expect(planned(far).outlook.ok).toBe(false);
    expect(must(planned({ ...far, isFortification: true }).outlook).plan.isLandBased).toBe(true);
    const spent = { ...LIGHT, isCriticalSpent: true };
    const grouped = (tossGrouping: typeof O.tossGrouping) => {
      const asked = must(fireOn(must(calculatorBattle()), spent));
      const o = { ...O, tossGrouping };
      return must(cannonFire.preview.odds(asked.state, asked.setup, o)).plan.toss.isCriticalSpent;
    };
    expect(grouped('perTargetPerPhase')).toBe(true);
    expect(grouped('perFireGroup')).toBe(false);
  });

  it('the target placed once: a change of the guns writes her log no more (issue 40)', () => {
    const placed = must(fireTargetOn(must(calculatorBattle()), LIGHT));
    const two = { ...LIGHT, groups: [{ ...LIGHT.groups[0], count: 2 }], range: 12 };
    const asked = must(fireFromOn(placed, two));
    expect(asked.state.ships[placed.theirs]).toBe(placed.state.ships[placed.theirs]);
    // The same fire, and the same odds, as the question asked in one step.
    const once = must(fireOn(must(calculatorBattle()), two));
    expect(asked.state.ships).toEqual(once.state.ships);
    expect(must(cannonFire.preview.odds(asked.state, asked.setup, O)).odds.hits).toEqual(
      must(cannonFire.preview.odds(once.state, once.setup, O)).odds.hits
    );
  });
});
