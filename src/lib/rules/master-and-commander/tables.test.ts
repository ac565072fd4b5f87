import { describe, expect, it } from 'vitest';
import {
  BEGINNER_DICE,
  BOARDING_CONDITIONS,
  COMPONENTS,
  DICE_BY_PRIZE_DISKS,
  ENGAGEMENT_RANGE,
  GAME_SETUP,
  HOMEPORT_DICE,
  HOURGLASS_SECONDS,
  MIST,
  MOVEMENT_ALLOWANCE,
  OPPOSITE,
  RAM_DAMAGE,
  RAM_SUCCESS_FACE,
  REPAIR_COST,
  TURN_LEFT,
  TURN_RIGHT,
  WIND_DIE
} from './tables';

describe('Master and Commander tables match SPEC A.1 and A.3', () => {
  it('A.3.1 wind die: N, S, E, W, Storm and Steady, one face each', () => {
    expect(WIND_DIE.map((r) => r.face)).toEqual(['N', 'S', 'E', 'W', 'STORM', 'STEADY']);
    expect(WIND_DIE.map((r) => r.pip)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('A.3.2 movement: upwind 1, downwind 3, reach 5', () => {
    expect(MOVEMENT_ALLOWANCE).toEqual({ upwind: 1, downwind: 3, reach: 5 });
  });

  it('A.3.3 dice by strength: 2 disks → 3 dice, 1 → 2, 0 → 1; Homeport 3; Beginner 1', () => {
    expect(DICE_BY_PRIZE_DISKS).toEqual({ 2: 3, 1: 2, 0: 1 });
    expect(HOMEPORT_DICE).toBe(3);
    expect(BEGINNER_DICE).toBe(1);
  });

  it('A.3.4 repairs: Homeport 1 card per disk, anchor 2 cards per disk', () => {
    expect(REPAIR_COST).toEqual({
      homeport: { cards: 1, disks: 1 },
      anchor: { cards: 2, disks: 1 }
    });
  });

  it('A.3.5 ramming: a six rams; damage 1–2 none, 3–4 one disk, 5–6 two', () => {
    expect(RAM_SUCCESS_FACE).toBe(6);
    const byFace = [1, 2, 3, 4, 5, 6].map(
      (f) => RAM_DAMAGE.find((r) => r.faces.includes(f))?.disksLost
    );
    expect(byFace).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('A.3.6 boarding: five conditions; A.3.7 range 1–2 (Beginner 1); A.3.8 two Mists of five squares', () => {
    expect(BOARDING_CONDITIONS.map((c) => c.id)).toEqual([
      'attackerFullStrength',
      'defenderWeakened',
      'adjacent',
      'geometry',
      'declared'
    ]);
    expect(ENGAGEMENT_RANGE).toEqual({ standard: [1, 2], beginner: [1] });
    expect(MIST).toEqual({ count: 2, squaresEach: 5, turnsLost: 1 });
  });

  it('A.1 components add up: 8 ships × 2 disks + 4 spares = 20; 4 Homeports × 4 cards = 16', () => {
    expect(COMPONENTS.ships * COMPONENTS.disksPerShip + COMPONENTS.spareDisks).toBe(
      COMPONENTS.prizeDisksTotal
    );
    expect(4 * COMPONENTS.repairCardsPerHomeport).toBe(COMPONENTS.repairCardsTotal);
    expect(COMPONENTS.masterAndCommanderCards).toBe(52);
    expect(HOURGLASS_SECONDS).toBe(180);
  });

  it('A.2 players: Basic/Advanced 2–4 with two ships, Beginner up to 8 with one', () => {
    expect(GAME_SETUP.basic).toEqual({ minPlayers: 2, maxPlayers: 4, shipsPerPlayer: 2 });
    expect(GAME_SETUP.advanced).toEqual({ minPlayers: 2, maxPlayers: 4, shipsPerPlayer: 2 });
    expect(GAME_SETUP.beginner).toEqual({ minPlayers: 2, maxPlayers: 8, shipsPerPlayer: 1 });
  });

  it('compass: opposite and 90° turns are consistent', () => {
    for (const h of ['N', 'E', 'S', 'W'] as const) {
      expect(OPPOSITE[OPPOSITE[h]]).toBe(h);
      expect(TURN_RIGHT[TURN_LEFT[h]]).toBe(h);
      expect(TURN_RIGHT[TURN_RIGHT[h]]).toBe(OPPOSITE[h]);
    }
  });
});
