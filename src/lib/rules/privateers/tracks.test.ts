import { describe, expect, it } from 'vitest';
import { privateersPaperBattle } from '../../report/paper-battles.test-helpers';
import type { Sheet } from './sheet';
import { repairTrack, tracks } from './tracks';

// Campaigns (issue 36): between battles a track is mended by some points, never past the log's
// boxes; no points, a whole track or an unknown one mend nothing (null). The logs come from a
// battle played through the real moves (paper-battles.test-helpers: Hermione's hull and crew hit).

function hermione(): Sheet {
  return privateersPaperBattle().state.ships.b.sheet as unknown as Sheet;
}

const value = (s: Sheet, id: string) => tracks(s).find((t) => t.id === id)?.value;

describe('Privateers repairTrack', () => {
  it('mends hull, rigging, crew, marines and guns by the points asked, never past the boxes', () => {
    const s = hermione();
    const hull = tracks(s).find((t) => t.id === 'hull')!;
    expect(hull.value).toBeLessThan(hull.max);
    const one = repairTrack(s, 'hull', 1)!;
    expect(value(one, 'hull')).toBe(hull.value + 1);
    // Far more than the damage: whole, not past the boxes.
    const all = repairTrack(s, 'hull', 1000)!;
    expect(value(all, 'hull')).toBe(hull.max);
    expect(all.hull.damage).toBe(0);
    expect(repairTrack(all, 'hull', 1)).toBeNull();
    const crew = tracks(s).find((t) => t.id === 'crew')!;
    expect(crew.value).toBeLessThan(crew.max);
    expect(value(repairTrack(s, 'crew', 2)!, 'crew')).toBe(Math.min(crew.max, crew.value + 2));
    expect(value(repairTrack(s, 'crew', 1000)!, 'crew')).toBe(crew.max);
    // Nothing else changes.
    expect({ ...repairTrack(s, 'crew', 1)!, crew: s.crew }).toEqual(s);
  });

  it('a whole track, an unknown track, and zero points are nothing to repair', () => {
    const s = hermione();
    expect(repairTrack(s, 'rigging', 1)).toBeNull();
    expect(repairTrack(s, 'sails', 1)).toBeNull();
    expect(repairTrack(s, 'hull', 0)).toBeNull();
    // The attacker took no hits: every track is whole.
    const surprise = privateersPaperBattle().state.ships.a.sheet as unknown as Sheet;
    for (const t of tracks(surprise)) expect(repairTrack(surprise, t.id, 1)).toBeNull();
  });
});
