import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import {
  fillHold,
  fire,
  moveShip,
  reload,
  setCards,
  setSail,
  upgrade,
  type FireSetup
} from './moves';
import { attempt, fleets, must, played, rolled } from './moves.testkit';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import type { Sheet, UpgradeCard } from './sheet';
import { sheetOf, systemOf } from './ships';
import { BATTERIES, SAIL_SETTINGS, SAIL_SETTING_TEXT, WIND_SECTORS } from './tables';

// Issue 31 item 2: the orders without dice (the sail, the move, the upgrade, the reload) answer
// before they are given what the move then does, and refuse exactly where the move refuses: every
// case below is tried both ways, through the real moves on the testkit's battle.

const sheet = (s: BattleState, id: string): Sheet => sheetOf(s.ships[id]) as Sheet;

/** Pickle fires zones 1 and 2 at Fleche and every roll misses (99s under a lower number). */
function afterBroadside(s: BattleState): BattleState {
  const setup: FireSetup = {
    firerId: 'pickle',
    targetId: 'fleche',
    mode: 'fullBroadside',
    batteries: ['zone1', 'zone2'],
    distanceInches: 3,
    area: 'hull',
    isExposedSide: false,
    hasLineOfSight: true
  };
  const dice = must(fire.preview.dice(s, setup, DEFAULT_OPTIONS));
  return played(s, fire, { ...setup, hitRoll: rolled(dice, 99), damageRoll: null });
}

describe('the reload says which batteries may load before the shot is announced', () => {
  it('each battery may load in the preview exactly when the move takes a load for it', () => {
    for (const reloadScope of ['wholeShip', 'perBattery'] as const) {
      const o: WwOptions = { ...DEFAULT_OPTIONS, reloadScope };
      for (const s of [fleets(), afterBroadside(fleets())]) {
        const outlook = must(reload.preview.odds(s, { shipId: 'pickle' }, o));
        expect(outlook.batteries.map((b) => b.battery)).toEqual([...BATTERIES]);
        for (const b of outlook.batteries) {
          expect(b.loaded).toBe(sheet(s, 'pickle').loaded[b.battery]);
          expect(b.mayLoad).toBe(
            attempt(reload, s, { shipId: 'pickle', loads: { [b.battery]: 'grape' } }, o).ok
          );
        }
        expect(must(reload.preview.dice(s, { shipId: 'pickle' }, o))).toEqual([]);
      }
    }
    // Errata 14: after the broadside nothing loads for the whole ship; per battery, the rest may.
    const fired = afterBroadside(fleets());
    const per = { ...DEFAULT_OPTIONS, reloadScope: 'perBattery' as const };
    const perBattery = must(reload.preview.odds(fired, { shipId: 'pickle' }, per));
    expect(perBattery.batteries.filter((b) => !b.mayLoad).map((b) => b.battery)).toEqual([
      'zone1',
      'zone2'
    ]);
  });
});

describe('the sail and the move say what they do before they are given', () => {
  it('every sail setting: the preview refuses where the move refuses, and the anchor is said', () => {
    for (const start of SAIL_SETTINGS) {
      const s = played(played(fleets(), setSail, { shipId: 'pickle', setting: start }), moveShip, {
        shipId: 'pickle',
        wind: 'free'
      });
      for (const setting of SAIL_SETTINGS) {
        const order = { shipId: 'pickle', setting };
        const outlook = setSail.preview.odds(s, order, DEFAULT_OPTIONS);
        const r = attempt(setSail, s, order);
        expect(outlook.ok).toBe(r.ok);
        if (!outlook.ok || !r.ok) continue;
        expect(outlook.value.isRaisingAnchor).toBe(start === 'anchor' && setting !== 'anchor');
        expect(r.value.summary.includes('raising the anchor')).toBe(outlook.value.isRaisingAnchor);
        expect(outlook.value.speeds).toEqual(sheet(s, 'pickle').chart.speeds);
      }
    }
  });

  it('every sail and wind: how she moves and her speed are the move’s own', () => {
    for (const setting of SAIL_SETTINGS) {
      const s = played(fleets(), setSail, { shipId: 'pickle', setting });
      for (const wind of WIND_SECTORS) {
        const order = { shipId: 'pickle', wind };
        const outlook = moveShip.preview.odds(s, order, DEFAULT_OPTIONS);
        const r = attempt(moveShip, s, order);
        expect(outlook.ok).toBe(r.ok);
        if (!outlook.ok || !r.ok) {
          if (!outlook.ok && !r.ok) expect(outlook.error).toBe(r.error);
          continue;
        }
        const { movesAt, speed } = outlook.value;
        expect(r.value.summary).toContain(
          movesAt ? `moves at ${SAIL_SETTING_TEXT[movesAt].name}, speed ${speed}` : 'does not move'
        );
        if (movesAt) expect(speed).toBe(outlook.value.speeds[movesAt]);
      }
    }
    // Once moved, the preview refuses as the move does: one move per ship in Step 1.
    const moved = played(fleets(), moveShip, { shipId: 'pickle', wind: 'free' });
    const again = moveShip.preview.odds(moved, { shipId: 'pickle', wind: 'free' }, DEFAULT_OPTIONS);
    expect(again.ok ? '' : again.error).toBe(
      'pickle has already moved this turn: one move per ship in Step 1.'
    );
  });
});

describe('the upgrade says the price, the speeds after and the funds left before it is fitted', () => {
  const card = (id: string, cost: number, speedFull: number): UpgradeCard => ({
    id,
    name: id,
    cost,
    text: '',
    effect: {
      hull: 10,
      rigging: 0,
      crew: 0,
      speedFull,
      speedBattle: 0,
      speedTrim: 0,
      percent: 0
    }
  });
  const cards = [card('topsails', 500, 1), card('gold', 40_000, 0), card('racing', 100, 3)];

  function withHold(): BattleState {
    let s = fleets('ManOWar');
    s = played(s, setCards, { captainCards: [], lootCards: [], upgradeCards: cards });
    return played(s, fillHold, {
      shipId: 'pickle',
      lootCardId: null,
      upgradeCardIds: cards.map((c) => c.id)
    });
  }

  it('every card, moving or not: refused alike, and the figures the move writes', () => {
    const s = withHold();
    const speedsNow = sheet(s, 'pickle').chart.speeds;
    let fitted = 0;
    for (const c of cards) {
      for (const isStationary of [true, false]) {
        const order = { shipId: 'pickle', cardId: c.id, isStationary };
        const outlook = upgrade.preview.odds(s, order, DEFAULT_OPTIONS);
        const r = attempt(upgrade, s, order);
        expect(outlook.ok).toBe(r.ok);
        if (!outlook.ok || !r.ok) {
          if (!outlook.ok && !r.ok) expect(outlook.error).toBe(r.error);
          continue;
        }
        fitted++;
        const after = played(s, upgrade, order);
        expect(outlook.value.speedsNow).toEqual(speedsNow);
        const a = outlook.value.speedsAfter;
        expect(r.value.summary).toContain(`speeds ${a.full}/${a.battle}/${a.trim}`);
        expect(a.full).toBe(speedsNow.full + c.effect.speedFull);
        expect(outlook.value.fundsAfter).toBe(systemOf(after).players.Nelson.funds);
        expect(outlook.value.fundsAfter).toBe(systemOf(s).players.Nelson.funds - c.cost);
      }
    }
    // Only the topsails, not moving: the gold is dear, the racing hull past speed 5.
    expect(fitted).toBe(1);
    // Her turn ended by the upgrade: the next card is refused by both, in the move's words.
    const ended = played(s, upgrade, { shipId: 'pickle', cardId: 'topsails', isStationary: true });
    const next = upgrade.preview.odds(
      ended,
      { shipId: 'pickle', cardId: 'racing', isStationary: true },
      DEFAULT_OPTIONS
    );
    expect(next.ok ? '' : next.error).toBe('pickle already ended her turn.');
  });
});
