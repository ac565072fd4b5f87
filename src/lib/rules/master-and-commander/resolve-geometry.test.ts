import { describe, expect, it } from 'vitest';
import { engagementGeometry, offsetInFrame } from './resolve-geometry';

const at = (col: number, row: number, heading: 'N' | 'E' | 'S' | 'W') => ({
  pos: { col, row },
  heading
});

describe('engagement geometry on the grid (SPEC A.4.5, strict abeam)', () => {
  it('measures offsets in the ship’s frame: ahead is forward, starboard is positive', () => {
    expect(offsetInFrame(at(5, 5, 'N'), { col: 5, row: 3 })).toEqual({ forward: 2, lateral: 0 });
    expect(offsetInFrame(at(5, 5, 'N'), { col: 6, row: 5 })).toEqual({ forward: 0, lateral: 1 });
    expect(offsetInFrame(at(5, 5, 'E'), { col: 5, row: 7 })).toEqual({ forward: 0, lateral: 2 });
  });

  it('fires from either side at 1 or 2 squares abeam (Beginner 1); never along the bow or stern', () => {
    const ship = at(5, 5, 'N');
    expect(engagementGeometry(ship, at(6, 5, 'N'), 'basic')).toMatchObject({
      canFire: true,
      distance: 1
    });
    expect(engagementGeometry(ship, at(3, 5, 'S'), 'basic')).toMatchObject({
      canFire: true,
      distance: 2
    });
    expect(engagementGeometry(ship, at(3, 5, 'S'), 'beginner').canFire).toBe(false);
    expect(engagementGeometry(ship, at(8, 5, 'N'), 'basic').canFire).toBe(false);
    expect(engagementGeometry(ship, at(5, 4, 'E'), 'basic').canFire).toBe(false);
    expect(engagementGeometry(ship, at(6, 4, 'N'), 'basic').canFire).toBe(false);
  });

  it('counter-attack when both are broadside (parallel or antiparallel); not against a bow', () => {
    const ship = at(5, 5, 'N');
    expect(engagementGeometry(ship, at(6, 5, 'S'), 'basic').isMutualBroadside).toBe(true);
    // The target at (6,5) heading W points its bow at the attacker: no counter-attack, but a ram.
    const bowOn = engagementGeometry(ship, at(6, 5, 'W'), 'basic');
    expect(bowOn).toMatchObject({
      canFire: true,
      isMutualBroadside: false,
      isBeforeTargetBow: true
    });
    expect(bowOn.isBoardingPosition).toBe(true);
    // Stern towards the attacker: neither counter-attack, ram nor boarding.
    const sternOn = engagementGeometry(ship, at(6, 5, 'E'), 'basic');
    expect(sternOn).toMatchObject({
      canFire: true,
      isMutualBroadside: false,
      isBeforeTargetBow: false
    });
    expect(sternOn.isBoardingPosition).toBe(false);
    // Boarding needs the adjacent square.
    expect(engagementGeometry(ship, at(7, 5, 'N'), 'basic').isBoardingPosition).toBe(false);
  });
});
