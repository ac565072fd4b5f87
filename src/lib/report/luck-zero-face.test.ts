import { describe, expect, it } from 'vitest';
import type { MoveContext } from '../battle/move';
import type { DiceRoll } from '../engine/dice';
import { woodenWarships } from '../rules/wooden-warships';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import { addPlayer, fire, purchase, reload, setCards } from '../rules/wooden-warships/moves';
import { DEFAULT_OPTIONS, type WwOptions } from '../rules/wooden-warships/options';
import { goodnessOf, luckAudit } from './luck';
import { buildReport } from './model';
import { ScriptedLog } from './scripted.test-helpers';
import { withMoves } from '../rules/with-moves';

// With its moves: the report reads an old event by the move its kind names.
const WW = await withMoves(woodenWarships);

// Wooden Warships reads a percentile die's 100 as 00 by default (B.5 #1: "00" is the lowest roll,
// and the shot hits UNDER the number), so a 100 is the firer's best roll, not her worst. The luck
// audit counted it as the worst face of all; the move now says which face reads as zero.

const ctxOf = (options: WwOptions): MoveContext<WwOptions> => {
  let n = 0;
  return { options, storedOptions: {}, variant: 'standard', now: 0, newId: () => `id-${++n}` };
};

const SIX_00 = Array<number>(6).fill(100);
const SIX_99 = Array<number>(6).fill(99);
const EIGHTEEN_6 = Array<number>(18).fill(6);

const entered = (faces: number[], sides: number): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ face, sides }))
});

/** Victory (Nelson) fires a full broadside of grape at Fleche's crew: six percentile dice, `faces`. */
function shot(options: WwOptions, faces: number[], damage: number[] = []) {
  const ctx = ctxOf(options);
  const log = new ScriptedLog();
  log.setup(woodenWarships.initialSystemState?.('standard', {}) as never);
  log.play(addPlayer, { name: 'Nelson' }, ctx);
  log.play(addPlayer, { name: 'Villeneuve' }, ctx);
  log.play(setCards, { captainCards: [], lootCards: [], upgradeCards: [] }, ctx);
  for (const [id, player, type] of [
    ['victory', 'Nelson', 'ManOWar'],
    ['fleche', 'Villeneuve', 'BattleSchooner']
  ] as const)
    log.play(
      purchase,
      { id, player, name: id, chart: exampleChart(type), crewSkill: 'Novice', lootCardId: null },
      ctx
    );
  log.play(reload, { shipId: 'victory', loads: { zone1: 'grape', zone2: 'grape' } }, ctx);
  const event = log.play(
    fire,
    {
      firerId: 'victory',
      targetId: 'fleche',
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      distanceInches: 3,
      area: 'crew',
      isExposedSide: false,
      hasLineOfSight: true,
      hitRoll: entered(faces, 100),
      damageRoll: damage.length > 0 ? entered(damage, 6) : null
    },
    ctx
  );
  const report = buildReport({
    events: log.events,
    system: WW,
    title: 'T',
    options: { ...options }
  });
  return { event, report };
}

describe('a percentile die read from 00 (Wooden Warships, B.5 #1)', () => {
  it('is stated by the shot: its 100 face reads as zero under the default reading', () => {
    const { event } = shot(DEFAULT_OPTIONS, SIX_00, EIGHTEEN_6);
    expect(event.summary).toContain('6 of 6 hit');
    expect(event.meaning?.dice[0]).toMatchObject({ sides: 100, isHighGood: false, zeroFace: 100 });
  });

  it('counts six 00s as the best the firer could roll, six 99s as the worst', () => {
    // Six 00s (every shot hits) and then the best damage: the top of everything she could roll.
    const best = luckAudit(shot(DEFAULT_OPTIONS, SIX_00, EIGHTEEN_6).report).sides;
    expect(best).toEqual([
      expect.objectContaining({ side: 'Nelson', group: 'gunnery', dice: 24, tail: 'top' })
    ]);
    expect(best[0].p).toBeCloseTo(1 / (100 ** 6 * 6 ** 18), 30);
    const worst = luckAudit(shot(DEFAULT_OPTIONS, SIX_99).report).sides;
    expect(worst[0]).toMatchObject({ side: 'Nelson', tail: 'bottom' });
    expect(worst[0].p).toBeCloseTo(1 / 100 ** 6, 12);
  });

  it('reads 100 as a hundred, the worst roll, where the battle reads 01–100', () => {
    const options: WwOptions = { ...DEFAULT_OPTIONS, percentileConvention: '01to100_strictUnder' };
    const { event, report } = shot(options, SIX_00);
    expect(event.summary).toContain('0 of 6 hit');
    expect(event.meaning?.dice[0].zeroFace).toBeUndefined();
    expect(luckAudit(report).sides[0]).toMatchObject({ side: 'Nelson', tail: 'bottom' });
  });

  it('ranks every face of such a die once, 00 best, on the scale the tails count', () => {
    const ranks = Array.from({ length: 100 }, (_, i) =>
      goodnessOf({ sides: 100, face: i + 1, isHighGood: false, zeroFace: 100 })
    );
    expect(new Set(ranks).size).toBe(100);
    expect(Math.min(...ranks)).toBe(1);
    expect(Math.max(...ranks)).toBe(100);
    expect(ranks[99]).toBe(100); // face 100 = 00
    expect(ranks[98]).toBe(1); // face 99
  });
});
