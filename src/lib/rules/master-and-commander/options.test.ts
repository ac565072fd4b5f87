import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../engine/system';
import { masterAndCommander } from './index';
import { DEFAULT_OPTIONS, readOptions } from './options';
import { OPTIONS } from './option-list';

describe('Master and Commander options (SPEC A.2 McOptions, A.5, Errata)', () => {
  it('every default is one of its choices and cites the spec', () => {
    for (const o of OPTIONS) {
      expect(
        o.choices.some((c) => c.value === o.defaultValue),
        o.key
      ).toBe(true);
      expect(o.ruleRef).toMatch(/^SPEC A\./);
    }
  });

  it('the errata defaults: counter-attack after the hit, attacks after all movement, Beginner moves exactly, no Beginner turn restriction', () => {
    const d = defaultOptions(OPTIONS, 'beginner');
    expect(d['counterAttackDice']).toBe('current');
    expect(d['attackTiming']).toBe('afterAllMovement');
    expect(d['beginnerMoveExact']).toBe(true);
    expect(d['beginnerTurnRestriction']).toBe(false);
    expect(d['tieExhaustion']).toBeUndefined();
    expect(readOptions(defaultOptions(OPTIONS, 'advanced'))).toEqual(DEFAULT_OPTIONS);
  });

  it('reads stored options, falling back to defaults on unknown values', () => {
    const o = readOptions({
      tieExhaustion: 'moreDiceWins',
      repairLimitPerTurn: 'unlimited',
      beginnerTies: 'nonsense'
    });
    expect(o.tieExhaustion).toBe('moreDiceWins');
    expect(o.repairLimitPerTurn).toBe('unlimited');
    expect(o.beginnerTies).toBe('defender');
  });

  it('reads every reading of the turn limits (A.5 #3, #17, #22, #23)', () => {
    const o = readOptions({
      attackTiming: 'free',
      attacksPerShip: 'oncePerTurn',
      repelledAttackEndsTurn: true,
      raidRange: 'adjacentOnly'
    });
    expect([o.attackTiming, o.attacksPerShip, o.repelledAttackEndsTurn, o.raidRange]).toEqual([
      'free',
      'oncePerTurn',
      true,
      'adjacentOnly'
    ]);
    const per = OPTIONS.find((x) => x.key === 'attacksPerShip');
    expect(per?.choices.map((c) => c.value)).toEqual([
      'oncePerTargetPerTurn',
      'onePerSidePerTurn',
      'oncePerTurn'
    ]);
    expect(readOptions({ attackTiming: 'whenever' }).attackTiming).toBe('afterAllMovement');
  });

  it('the ship summary shows disks and sunk status', () => {
    const s = masterAndCommander.defaultSheet({ name: 'Surprise' });
    expect(masterAndCommander.summarize(s)).toEqual({
      lines: ['Prize disks 2/2', 'Heading N', 'Black ship'],
      status: [],
      isOut: false
    });
    expect(masterAndCommander.summarize({ ...s, isSunk: true }).isOut).toBe(true);
  });
});
