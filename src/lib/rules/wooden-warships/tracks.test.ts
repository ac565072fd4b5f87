import { describe, expect, it } from 'vitest';
import { woodenWarshipsPaperBattle } from '../../report/paper-battles.test-helpers';
import type { Sheet } from './sheet';
import { repairTrack } from './tracks';

// Campaigns (issue 36): Juno's hull as Diana's broadside left it (a battle through the real moves),
// mended between battles by the points asked, never past the chart's; no points mend nothing.
describe('Wooden Warships repairTrack', () => {
  it('mends by the points asked, never past the original; zero points or a whole track are null', () => {
    const juno = woodenWarshipsPaperBattle().state.ships.juno.sheet as unknown as Sheet;
    expect(juno.hull.current).toBeLessThan(juno.hull.original);
    expect(repairTrack(juno, 'hull', 1)?.hull.current).toBe(juno.hull.current + 1);
    expect(repairTrack(juno, 'hull', 10_000)?.hull.current).toBe(juno.hull.original);
    expect(repairTrack(juno, 'hull', 0)).toBeNull();
    expect(repairTrack(juno, 'rigging', 1)).toBeNull();
  });
});
