import { describe, expect, it } from 'vitest';
import type { BattleState, EventDraft } from '$lib/battle/events';
import { applyEvent } from '$lib/battle/fold';
import type { DiceRoll } from '$lib/rules/core/dice';
import type { Result } from '$lib/rules/core/result';
import { exampleChart } from '$lib/rules/wooden-warships/example-charts';
import { DEFAULT_OPTIONS, type WwOptions } from '$lib/rules/wooden-warships/options';
import { woodenWarships } from '$lib/rules/wooden-warships';
import type { Sheet } from '$lib/rules/wooden-warships/sheet';
import {
  addPlayerAction,
  battleBoardingCheck,
  boardingRoundAction,
  boardingStartAction,
  captainAction,
  cardsAction,
  fireAction,
  lootAction,
  moveAction,
  setSailAction,
  purchaseAction,
  reloadAction,
  sheetOf,
  systemOf,
  victorOf,
  type FireSetup
} from './ww-battle';

// The battle actions over the EXAMPLE charts (invented numbers, not rules).

const OPTIONS: WwOptions = { ...DEFAULT_OPTIONS };

function start(): BattleState {
  return {
    turn: 1,
    phase: 0,
    ships: {},
    system: woodenWarships.initialSystemState?.('standard', {}) as never
  };
}

function step(state: BattleState, draft: Result<EventDraft> | EventDraft): BattleState {
  const d = 'ok' in draft ? draft : { ok: true as const, value: draft };
  if (!d.ok) throw new Error(d.error);
  return applyEvent(state, d.value);
}

const entered = (faces: number[], sides: number): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ face, sides }))
});

function sheet(state: BattleState, id: string): Sheet {
  const s = sheetOf(state.ships[id]);
  if (!s) throw new Error(`no ship ${id}`);
  return s;
}

/** Nelson: Schooner "pickle", Man O' War "victory"; Villeneuve: Schooner "fleche" with a loot card. */
function fleets(): BattleState {
  let s = start();
  s = step(s, addPlayerAction(s, 'Nelson'));
  s = step(s, addPlayerAction(s, 'Villeneuve'));
  s = step(
    s,
    cardsAction(s, {
      captainCards: [],
      lootCards: [{ id: 'loot-1', name: 'Spanish silver', amount: 500 }],
      upgradeCards: []
    })
  );
  const buy = (id: string, player: string, type: 'BattleSchooner' | 'ManOWar', loot = false) =>
    purchaseAction(s, {
      id,
      player,
      name: id,
      chart: exampleChart(type),
      crewSkill: 'Novice',
      lootCard: loot ? systemOf(s).lootCards[0] : null
    });
  s = step(s, buy('pickle', 'Nelson', 'BattleSchooner'));
  s = step(s, buy('victory', 'Nelson', 'ManOWar'));
  s = step(s, buy('fleche', 'Villeneuve', 'BattleSchooner', true));
  return s;
}

describe('Wooden Warships battle actions', () => {
  it('a purchase adds the ship and takes its price from the funds in one event', () => {
    const s = fleets();
    expect(systemOf(s).players.Nelson.funds).toBe(7000 - 600 - 3000);
    expect(systemOf(s).players.Villeneuve.funds).toBe(6400);
    expect(s.ships.victory.player).toBe('Nelson');
    expect(sheet(s, 'fleche').lootCard?.amount).toBe(500);
    const broke = purchaseAction(s, {
      id: 'x',
      player: 'Nelson',
      name: 'Too dear',
      chart: exampleChart('ManOWar'),
      crewSkill: 'Crack'
    });
    expect(broke.ok).toBe(false);
  });

  it('a schooner broadside with mismatched shot rolls d4 and half dice; the guns empty', () => {
    let s = fleets();
    s = step(s, reloadAction(s, 'pickle', { zone1: 'round', zone2: 'grape' }, OPTIONS));
    const setup: FireSetup = {
      firerId: 'pickle',
      targetId: 'fleche',
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      distanceInches: 3,
      area: 'crew',
      isExposedSide: false,
      hasLineOfSight: true
    };
    // EXAMPLE chart: 50% against a Schooner at 3″; 10 and 20 hit. Round at crew is the wrong shot:
    // 1d4 + ½d4; grape: 1d6 + ½d6. Full dice first (d4, d6), then the halves.
    const r = fireAction(s, setup, entered([10, 20], 100), entered([4, 6, 3, 5], 0), OPTIONS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.summary).toContain('2 of 2 hit, 1d4 + ½d4 + 1d6 + ½d6 = 15 crew (10 left)');
    s = step(s, r);
    expect(sheet(s, 'fleche').crew.current).toBe(10);
    expect(sheet(s, 'pickle').loaded.zone1).toBeNull();
    expect(sheet(s, 'pickle').hasAttackedThisTurn).toBe(true);
    // "You can't load em now": the ship fired this turn.
    expect(reloadAction(s, 'pickle', { zone3: 'round' }, OPTIONS).ok).toBe(false);
    // A new turn clears it.
    const next = { ...s, ships: { ...s.ships } };
    for (const [id, ship] of Object.entries(next.ships)) {
      next.ships[id] = {
        ...ship,
        sheet: woodenWarships.onTurnStart?.(sheet(s, id), { endedTurn: 1, options: {} }) as never
      };
    }
    expect(reloadAction(next, 'pickle', { zone3: 'round' }, OPTIONS).ok).toBe(true);
  });

  it('boarding round by round to capture, then looting pays the captor player', () => {
    let s = fleets();
    s = step(s, reloadAction(s, 'victory', { zone3: 'grape' }, OPTIONS));
    // Fleche's crew is down to 2 of 25: crippled.
    const fleche = sheet(s, 'fleche');
    s = {
      ...s,
      ships: {
        ...s.ships,
        fleche: {
          ...s.ships.fleche,
          sheet: { ...fleche, crew: { original: 25, current: 2 } }
        }
      }
    };
    const setup = {
      attackerId: 'victory',
      targetId: 'fleche',
      distanceInches: 1,
      isSideBySide: true,
      party: 3
    };
    const check = battleBoardingCheck(s, { ...setup, isSideBySide: false }, OPTIONS);
    expect(check.ok && check.value.isEligible).toBe(false);
    s = step(s, boardingStartAction(s, setup, OPTIONS));
    expect(sheet(s, 'victory').boarding?.party).toBe(3);
    // Round 1: 6,1,1 v 5,4 → each side loses one (2 v 1).
    s = step(s, boardingRoundAction(s, 'victory', entered([6, 1, 1, 5, 4], 6), OPTIONS));
    expect(sheet(s, 'victory').boarding?.party).toBe(2);
    expect(sheet(s, 'fleche').crew.current).toBe(1);
    expect(sheet(s, 'victory').crew.current).toBe(199);
    // Round 2: 6,1 v 3 → the last defender falls: captured in the same event.
    const r2 = boardingRoundAction(s, 'victory', entered([6, 1, 3], 6), OPTIONS);
    expect(r2.ok && r2.value.summary).toContain('fleche is captured');
    s = step(s, r2);
    expect(sheet(s, 'fleche').status).toBe('captured');
    expect(sheet(s, 'victory').boarding).toBeNull();
    expect(victorOf(s)).toBe('Nelson');
    s = step(s, lootAction(s, 'victory', 'fleche', 'lootAmount'));
    // 500 × hold rating 1 (EXAMPLE schooner).
    expect(systemOf(s).players.Nelson.funds).toBe(3400 + 500);
    expect(sheet(s, 'fleche').lootCard).toBeNull();
  });

  it('a prize that joins the captor fleet changes player (Errata 16)', () => {
    let s = fleets();
    s = step(s, reloadAction(s, 'victory', { zone3: 'grape' }, OPTIONS));
    const fleche = sheet(s, 'fleche');
    s = {
      ...s,
      ships: {
        ...s.ships,
        fleche: {
          ...s.ships.fleche,
          sheet: { ...fleche, crew: { original: 25, current: 1 } }
        }
      }
    };
    const opts: WwOptions = { ...OPTIONS, capturedShipFate: 'joinsCaptorFleet' };
    s = step(
      s,
      boardingStartAction(
        s,
        {
          attackerId: 'victory',
          targetId: 'fleche',
          distanceInches: 0,
          isSideBySide: true,
          party: 2
        },
        opts
      )
    );
    s = step(s, boardingRoundAction(s, 'victory', entered([6, 2, 1], 6), opts));
    expect(s.ships.fleche.player).toBe('Nelson');
    expect(sheet(s, 'fleche').crew.current).toBe(2);
    expect(sheet(s, 'fleche').status).toBe('active');
  });

  it('another player firing at the boarded ship kills the boarders aboard (Errata 2)', () => {
    let s = fleets();
    s = step(s, reloadAction(s, 'victory', { zone3: 'grape' }, OPTIONS));
    s = step(s, reloadAction(s, 'fleche', { zone1: 'round' }, OPTIONS));
    const pickle = sheet(s, 'pickle');
    s = {
      ...s,
      ships: {
        ...s.ships,
        pickle: {
          ...s.ships.pickle,
          sheet: { ...pickle, hull: { original: 40, current: 4 } }
        }
      }
    };
    // Villeneuve's Fleche boards Nelson's crippled Pickle.
    s = step(
      s,
      boardingStartAction(
        s,
        {
          attackerId: 'fleche',
          targetId: 'pickle',
          distanceInches: 1,
          isSideBySide: true,
          party: 5
        },
        OPTIONS
      )
    );
    expect(sheet(s, 'fleche').crew.current).toBe(25);
    // Nelson's Victory (not the boarding player) fires on Pickle: every roll misses.
    s = step(s, reloadAction(s, 'victory', { zone4: 'grape' }, OPTIONS));
    const r = fireAction(
      s,
      {
        firerId: 'victory',
        targetId: 'pickle',
        mode: 'fullBroadside',
        batteries: ['zone3', 'zone4'],
        distanceInches: 3,
        area: 'rigging',
        isExposedSide: false,
        hasLineOfSight: true
      },
      entered([99, 99, 99, 99, 99, 99], 100),
      null,
      OPTIONS
    );
    expect(r.ok).toBe(true);
    s = step(s, r);
    expect(sheet(s, 'fleche').boarding).toBeNull();
    expect(sheet(s, 'fleche').crew.current).toBe(20);
  });

  it('sail set in Maintenance 1 takes effect at the next move; tacking caps it at battle sail', () => {
    let s = fleets();
    s = step(s, setSailAction(s, 'victory', 'full'));
    expect(sheet(s, 'victory').pendingSpeed).toBe('full');
    const r = moveAction(s, 'victory', 'tacking');
    expect(r.ok && r.value.summary).toContain('moves at Battle Sail, speed 2');
    s = step(s, r);
    expect(sheet(s, 'victory').speedSetting).toBe('full');
    expect(moveAction(s, 'victory', 'headToWind').ok).toBe(false);
  });

  it("the chosen captain's % modifier raises the number to roll under", () => {
    let s = fleets();
    s = step(
      s,
      cardsAction(s, {
        ...systemOf(s),
        captainCards: [
          { id: 'c1', name: 'Bold', text: '', modifiers: [{ source: 'Bold', value: 10 }] }
        ]
      })
    );
    s = step(s, captainAction(s, 'Nelson', 'c1'));
    s = step(s, reloadAction(s, 'victory', { zone1: 'grape' }, OPTIONS));
    const setup: FireSetup = {
      firerId: 'victory',
      targetId: 'fleche',
      mode: 'halfBroadside',
      batteries: ['zone1'],
      distanceInches: 3,
      area: 'crew',
      isExposedSide: false,
      hasLineOfSight: true
    };
    // EXAMPLE 65% + 10 = 75: 74 hits, 75 and 99 miss; one hit rolls 3d6.
    const r = fireAction(s, setup, entered([74, 75, 99], 100), entered([1, 1, 1], 6), OPTIONS);
    expect(r.ok && r.value.summary).toContain('1 of 3 hit');
    expect(captainAction(s, 'Nobody', null).ok).toBe(false);
  });
});
