import { describe, expect, it } from 'vitest';
import { masterAndCommander } from './index';
import { systemStateSchema } from './sheet-schema';

describe('Master and Commander system object', () => {
  it('a new battle starts with a valid state for its variant and the Homeport reading', () => {
    const basic = systemStateSchema.parse(masterAndCommander.initialSystemState?.('basic', {}));
    expect(basic.variant).toBe('basic');
    expect(basic.players).toEqual([]);
    // No players yet, and by default an unused Homeport holds no Repair Cards (SPEC A.4.1 step 3).
    expect(basic.homeports.N.repairCards).toBe(0);
    expect(basic.windRollPending).toBe(true);
    const generous = systemStateSchema.parse(
      masterAndCommander.initialSystemState?.('basic', { unusedHomeportsHaveCards: true })
    );
    expect(generous.homeports.W.repairCards).toBe(4);
    const beginner = systemStateSchema.parse(
      masterAndCommander.initialSystemState?.('beginner', { unusedHomeportsHaveCards: true })
    );
    expect(beginner.windRollPending).toBe(false);
    expect(beginner.homeports.W.repairCards).toBe(0);
  });

  it('a turn walks through wind, movement, engagements and repairs', () => {
    expect(masterAndCommander.phases).toEqual([
      'Wind',
      'Movement',
      'Engagements',
      'Repairs and end of turn'
    ]);
  });
});
