import { describe, expect, it } from 'vitest';
import type { RuleSystem } from '../engine/system';
import { plainStatus, type TurnStatus } from '../engine/turn-status';
import { displayOf, turnStatusOf } from './display';
import { INITIAL_STATE } from '../engine/events';

const base = { id: 'privateers', phases: ['Orders', 'Movement'] } as unknown as RuleSystem;
const ctx = { options: {}, variant: 'standard', now: 0 };

describe('turnStatusOf', () => {
  it('is the plain counter while a system has no turn model', () => {
    expect(turnStatusOf(base, { ...INITIAL_STATE, phase: 1 }, ctx)).toEqual(
      plainStatus(1, 1, ['Orders', 'Movement'])
    );
  });

  it('falls back to the plain counter when the turn model throws', () => {
    const system = {
      ...base,
      turnStatus: () => {
        throw new Error('half set up');
      }
    } as RuleSystem;
    expect(turnStatusOf(system, INITIAL_STATE, ctx).step.label).toBe('Orders');
  });
});

describe('displayOf', () => {
  it('keeps the turn, the step, whose turn and the ending, in short strings', () => {
    const status: TurnStatus = {
      ...plainStatus(3, 0, ['Cannon fire']),
      active: { kind: 'player', id: 'p1', name: 'J'.repeat(250), color: '#c00' },
      ending: { text: 'Britain wins', winner: null }
    };
    const d = displayOf(status);
    expect(d).toMatchObject({
      turn: 3,
      step: 'Cannon fire',
      activeColor: '#c00',
      ending: 'Britain wins'
    });
    expect(d.active?.length).toBe(200);
  });
});
