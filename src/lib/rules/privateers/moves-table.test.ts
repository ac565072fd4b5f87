import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { juryRig, rollInitiative, sailingAngle, setHeading, withSheets } from './moves';
import { must, play, roll, sheet, twoShips } from './moves.fixture';
import type { ShipClass } from './sheet';

// What a referee hit at the table (issue 14), each as the move now behaves.

// EXAMPLE class values (user data; the text has no ship charts).
const BRIG: ShipClass = {
  id: 'brig',
  className: 'Example brig',
  rig: 'squareRigged',
  masts: 2,
  bowsprit: true,
  sailingRates: { beating: [4, 6, 8], broadReaching: [6, 8, 10], running: [5, 7, 9] },
  hullPoints: 30,
  riggingPoints: 20,
  crew: 40,
  marines: 0,
  boats: 0,
  guns: []
};

const battle = (): BattleState => twoShips(BRIG);

describe('issue 14 at the table', () => {
  it('#3 a heading is kept as entered: 44° stays 44° and the ship is In Irons ("to 45 degrees")', () => {
    const r = must(play(setHeading, battle(), { shipId: 'a', headingDeg: 44 }));
    expect(r.summary).toBe('Surprise heading 0° → 44°');
    expect(sheet(r.next, 'a').headingDeg).toBe(44);
    expect(sailingAngle(r.next, sheet(r.next, 'a')).pos).toBe('inIrons');
  });

  it('#6 jury rigging with no crew assigned in Phase 2 is refused, whatever the die', () => {
    const s = withSheets(battle(), { b: { ...sheet(battle(), 'b'), mastsLost: 1 } });
    const r = play(juryRig, s, { shipId: 'b', dice: roll([12]) });
    expect(r.ok ? '' : r.error).toBe('Jury rigging needs crew assigned to it in Phase 2 (Crew).');
  });

  it('#8 an app-rolled initiative re-roll after typed dice is logged as rolled by the app, per die', () => {
    const r = must(
      play(rollInitiative, battle(), {
        shipIds: ['a', 'b'],
        rolls: [roll([5, 5]), roll([9, 2], 12, 'app')]
      })
    );
    const dice = r.draft.roll?.dice;
    expect(dice?.dice.map((d) => [d.face, d.source])).toEqual([
      [5, 'entered'],
      [5, 'entered'],
      [9, 'app'],
      [2, 'app']
    ]);
    expect(r.draft.roll?.procedure).toBe('pv.initiative');
  });
});
