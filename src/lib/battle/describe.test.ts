import { describe as suite, expect, it } from 'vitest';
import { describe } from './describe';
import type { BattleEvent } from '../engine/events';

const base: BattleEvent = {
  id: 'e1',
  battleId: 'b',
  seq: 1,
  deviceId: 'd',
  at: 0,
  kind: 'privateers.cannon-fire',
  summary: 'Surprise fires on Ville: 2 hits',
  ops: []
};

suite('describe', () => {
  it('shows the summary with every die face and who rolled', () => {
    const e: BattleEvent = {
      ...base,
      roll: {
        procedure: 'cannon-fire',
        inputs: {},
        dice: {
          source: 'entered',
          dice: [
            { sides: 12, face: 7 },
            { sides: 12, face: 11 }
          ]
        },
        outcome: { hits: 2 }
      }
    };
    expect(describe(e)).toBe('Surprise fires on Ville: 2 hits [d12: 7, 11, typed in]');
  });

  it('marks a voided event', () => {
    expect(describe(base, { voided: new Set(['e1']) })).toBe(
      'Surprise fires on Ville: 2 hits (undone)'
    );
  });

  it('never returns an empty line', () => {
    expect(describe({ ...base, summary: ' ', kind: 'undo' })).toBe('Undid the last action');
    expect(describe({ ...base, summary: '' })).toBe('privateers.cannon-fire (0 changes)');
  });
});
