import { describe, expect, it } from 'vitest';
import type { BattleState, EventDraft } from '$lib/engine/events';
import { invertOps } from '$lib/battle/diff';
import { applyEvent } from '$lib/battle/fold';
import type { Move, MoveContext } from '$lib/battle/move';
import { scriptedRoller, type DiceRoll } from '$lib/engine/dice';
import type { Result } from '$lib/engine/result';
import { exampleChart } from './example-charts';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import { woodenWarships } from './index';
import type { LootCard, Sheet, ShipChart, UpgradeCard } from './sheet';
import {
  addPlayer,
  battleBoardingCheck,
  cardsInDeck,
  board,
  boardingFight,
  boardingRound,
  boardingRounds,
  boardingRoundsNote,
  chooseCaptain,
  exposedSideDefault,
  fightToEnd,
  fillHold,
  fire,
  islandCollision,
  islandCollisionOdds,
  isLikelyStationary,
  loot,
  moveShip,
  purchase,
  reload,
  setCards,
  setSail,
  surrender,
  upgrade,
  withdraw,
  type BoardingSetup,
  type CardListsInput,
  type FireSetup
} from './moves';
import { battleShips, sheetOf, systemOf, victorOf } from './ships';
import type { LootChoice } from './resolve-boarding';
import type { Ammo, Battery, CrewSkill, SailSetting, WindSector } from './tables';
import { withSheets } from '$lib/battle/sheets';

// Every move through the one contract, `move.run(state, input, ctx)`; the helpers below only name
// the inputs as the tests read them.

function ctxOf(options: WwOptions = DEFAULT_OPTIONS): MoveContext<WwOptions> {
  let n = 0;
  return {
    options,
    storedOptions: {},
    variant: 'standard',
    now: 0,
    newId: () => `new-${++n}`
  };
}

function play<I>(
  move: Move<I, WwOptions>,
  state: BattleState,
  input: I,
  options: WwOptions = DEFAULT_OPTIONS
): Result<EventDraft> {
  return move.run(state, input, ctxOf(options));
}

const addPlayerAction = (s: BattleState, name: string) => play(addPlayer, s, { name });
const cardsAction = (s: BattleState, lists: CardListsInput) =>
  play(setCards, s, {
    captainCards: lists.captainCards,
    lootCards: lists.lootCards,
    upgradeCards: lists.upgradeCards
  });
const captainAction = (s: BattleState, player: string, cardId: string | null) =>
  play(chooseCaptain, s, { player, cardId });
const purchaseAction = (
  s: BattleState,
  input: {
    id: string;
    player: string;
    name: string;
    chart: ShipChart;
    crewSkill: CrewSkill;
    lootCard?: LootCard | null;
    upgradeCards?: UpgradeCard[];
  }
) =>
  play(purchase, s, {
    id: input.id,
    player: input.player,
    name: input.name,
    chart: input.chart,
    crewSkill: input.crewSkill,
    lootCardId: input.lootCard?.id ?? null,
    upgradeCardIds: (input.upgradeCards ?? []).map((c) => c.id)
  });
const holdAction = (s: BattleState, shipId: string, lootCardId: string | null, ids: string[]) =>
  play(fillHold, s, { shipId, lootCardId, upgradeCardIds: ids });
const reloadAction = (
  s: BattleState,
  shipId: string,
  loads: Partial<Record<Battery, Ammo>>,
  o: WwOptions
) => play(reload, s, { shipId, loads }, o);
const setSailAction = (s: BattleState, shipId: string, setting: SailSetting) =>
  play(setSail, s, { shipId, setting });
const moveAction = (s: BattleState, shipId: string, wind: WindSector) =>
  play(moveShip, s, { shipId, wind });
const fireAction = (
  s: BattleState,
  setup: FireSetup,
  hitRoll: DiceRoll,
  damageRoll: DiceRoll | null,
  o: WwOptions
) => play(fire, s, { ...setup, hitRoll, damageRoll }, o);
const boardingStartAction = (s: BattleState, setup: BoardingSetup, o: WwOptions) =>
  play(board, s, setup, o);
const boardingRoundAction = (s: BattleState, attackerId: string, roll: DiceRoll, o: WwOptions) =>
  play(boardingRound, s, { attackerId, roll }, o);
const boardingFightAction = (s: BattleState, attackerId: string, roll: DiceRoll, o: WwOptions) =>
  play(boardingRounds, s, { attackerId, roll }, o);
const endBoardingAction = (
  s: BattleState,
  attackerId: string,
  how: 'withdraw' | 'surrender',
  o: WwOptions
) => play(how === 'withdraw' ? withdraw : surrender, s, { attackerId }, o);
const lootAction = (s: BattleState, captorId: string, prizeId: string, choice: LootChoice) =>
  play(loot, s, { prizeId, choice, captorId });
const islandCollisionAction = (
  s: BattleState,
  shipId: string,
  roll: DiceRoll,
  o: WwOptions = DEFAULT_OPTIONS
) => play(islandCollision, s, { shipId, roll }, o);
const upgradeAction = (
  s: BattleState,
  shipId: string,
  cardId: string,
  isStationary: boolean,
  o: WwOptions
) => play(upgrade, s, { shipId, cardId, isStationary }, o);

// The battle actions over the EXAMPLE charts (invented numbers, not rules).

const OPTIONS: WwOptions = { ...DEFAULT_OPTIONS };
/** Steps taken together (option `turnStructure`): any player's ship acts in a step. */
const TOGETHER: WwOptions = { ...DEFAULT_OPTIONS, turnStructure: 'simultaneousSteps' };

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

/** Typed-in dice: all of `sides`, or each of its own (a d4, a d6, their half dice). */
const entered = (faces: number[], sides: number | readonly number[]): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face, i) => ({ face, sides: typeof sides === 'number' ? sides : sides[i] }))
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
  it('the panels list the ships in table order; only those still in the fight when asked', () => {
    let s = fleets();
    s = withSheets(s, { fleche: { ...sheet(s, 'fleche'), status: 'sunk' } });
    s = { ...s, ships: { ...s.ships, victory: { ...s.ships.victory, order: -1 } } };
    expect(battleShips(s).map((x) => x.id)).toEqual(['victory', 'pickle', 'fleche']);
    expect(battleShips(s, true).map((x) => x.id)).toEqual(['victory', 'pickle']);
    expect(battleShips(s)[0].sheet.name).toBe('victory');
  });

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
    const r = fireAction(
      s,
      setup,
      entered([10, 20], 100),
      entered([4, 6, 3, 5], [4, 6, 4, 6]),
      OPTIONS
    );
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
    expect(s.turn).toBe(1);
    expect(reloadAction(nextTurn(s), 'pickle', { zone3: 'round' }, OPTIONS).ok).toBe(true);
  });

  it('boarding round by round to capture, then looting pays the captor player', () => {
    // Fleche's crew is down to 2 of 25: crippled.
    let s = flecheCrippled({ original: 25, current: 2 });
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
    const opts: WwOptions = { ...OPTIONS, capturedShipFate: 'joinsCaptorFleet' };
    let s = victoryBoardsFleche({ original: 25, current: 1 }, 2, opts, 0);
    s = step(s, boardingRoundAction(s, 'victory', entered([6, 2, 1], 6), opts));
    expect(s.ships.fleche.player).toBe('Nelson');
    expect(sheet(s, 'fleche').crew.current).toBe(2);
    expect(sheet(s, 'fleche').status).toBe('active');
  });

  it('another player firing at the boarded ship kills the boarders aboard (Errata 2)', () => {
    // Every player's ships in each step (the option), so both fleets act here without Next.
    let s = fleets();
    s = step(s, reloadAction(s, 'victory', { zone3: 'grape' }, TOGETHER));
    s = step(s, reloadAction(s, 'fleche', { zone1: 'round' }, TOGETHER));
    s = patched(s, 'pickle', { hull: { original: 40, current: 4 } });
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
        TOGETHER
      )
    );
    expect(sheet(s, 'fleche').crew.current).toBe(25);
    // Nelson's Victory (not the boarding player) fires on Pickle: every roll misses.
    s = step(s, reloadAction(s, 'victory', { zone4: 'grape' }, TOGETHER));
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
      TOGETHER
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

/** The state with one ship's sheet patched (a fixture shortcut, not an event). */
function patched(state: BattleState, id: string, patch: Partial<Sheet>): BattleState {
  return {
    ...state,
    ships: {
      ...state.ships,
      [id]: { ...state.ships[id], sheet: { ...sheet(state, id), ...patch } }
    }
  };
}

/** Victory loaded with grape and Fleche's crew cut to `crew`: ready to board her. */
function flecheCrippled(crew: Sheet['crew'], opts: WwOptions = OPTIONS): BattleState {
  const s = fleets();
  return patched(step(s, reloadAction(s, 'victory', { zone3: 'grape' }, opts)), 'fleche', { crew });
}

/** Victory's boarding party (`party`) on the crippled Fleche, side by side. */
function victoryBoardsFleche(
  crew: Sheet['crew'],
  party: number,
  opts: WwOptions = OPTIONS,
  distanceInches = 1
): BattleState {
  const s = flecheCrippled(crew, opts);
  const setup = {
    attackerId: 'victory',
    targetId: 'fleche',
    distanceInches,
    isSideBySide: true,
    party
  };
  return step(s, boardingStartAction(s, setup, opts));
}

/** Every ship's sheet through the system's new-turn hook. */
function nextTurn(state: BattleState): BattleState {
  const ships = { ...state.ships };
  for (const [id, ship] of Object.entries(ships)) {
    ships[id] = {
      ...ship,
      sheet: woodenWarships.onTurnStart?.(sheet(state, id), {
        endedTurn: state.turn,
        options: {}
      }) as never
    };
  }
  return { ...state, turn: state.turn + 1, ships };
}

/** Undo as the battle log does it: the inverse ops of the event. */
function undone(state: BattleState, draft: Result<EventDraft>): BattleState {
  if (!draft.ok) throw new Error(draft.error);
  return applyEvent(state, { ops: invertOps(draft.value.ops) });
}

describe('island collision (SPEC B.4.3 step 5, B.5 #19)', () => {
  it('rolls the chart ram damage into her own hull, stops her, and undoes as one event', () => {
    const s = fleets();
    // EXAMPLE Man O' War: ram 3d6, hull 200.
    const odds = islandCollisionOdds(sheet(s, 'victory'));
    expect(odds.mean).toEqual({ n: 21n, d: 2n });
    expect(odds.sinks).toEqual({ n: 0n, d: 1n });
    const r = islandCollisionAction(s, 'victory', entered([6, 5, 4], 6));
    expect(r.ok && r.value.summary).toBe(
      'victory runs onto an island: ram damage 3d6 = 15 to her own hull (185 left); she stops at the point of contact'
    );
    if (!r.ok) return;
    expect(r.value.roll?.procedure).toBe('ww.island');
    const after = step(s, r);
    expect(sheet(after, 'victory').hull).toEqual({ original: 200, current: 185 });
    // Nothing else changed, and the inverse of the one event restores the ship.
    expect(sheet(after, 'victory').rigging).toEqual(sheet(s, 'victory').rigging);
    expect(undone(after, r)).toEqual(s);
    expect(islandCollisionAction(s, 'victory', entered([6, 5], 6)).ok).toBe(false);
  });

  it('can sink her; a sunk ship cannot run aground again', () => {
    const s = patched(fleets(), 'fleche', { hull: { original: 40, current: 3 } });
    // EXAMPLE Schooner: ram 1d4; a 3 or a 4 sinks her, shown before the roll.
    expect(islandCollisionOdds(sheet(s, 'fleche')).sinks).toEqual({ n: 1n, d: 2n });
    const r = islandCollisionAction(s, 'fleche', entered([4], 4), TOGETHER);
    expect(r.ok && r.value.summary).toContain('fleche sinks');
    const after = step(s, r);
    expect(sheet(after, 'fleche').status).toBe('sunk');
    expect(victorOf(after)).toBe('Nelson');
    expect(islandCollisionAction(after, 'fleche', entered([1], 6), TOGETHER).ok).toBe(false);
  });
});

describe('upgrades in battle (SPEC B.4.4 step 1, B.5 #15, #16)', () => {
  const topsails: UpgradeCard = {
    id: 'u-topsails',
    name: 'New topsails',
    cost: 500,
    text: '',
    effect: {
      hull: 10,
      rigging: 0,
      crew: 0,
      speedFull: 1,
      speedBattle: 0,
      speedTrim: 0,
      percent: 5
    }
  };
  const dear: UpgradeCard = { ...topsails, id: 'u-dear', name: 'Gold leaf', cost: 4000 };
  const racing: UpgradeCard = {
    ...topsails,
    id: 'u-racing',
    name: 'Racing hull',
    cost: 100,
    effect: { ...topsails.effect, speedFull: 3 }
  };

  function withHold(): BattleState {
    let s = fleets();
    s = step(s, cardsAction(s, { ...systemOf(s), upgradeCards: [topsails, dear, racing] }));
    s = step(s, holdAction(s, 'victory', null, ['u-topsails', 'u-dear', 'u-racing']));
    return s;
  }

  it('draws cards into the hold up to the hold rating, each once', () => {
    const s = withHold();
    expect(sheet(s, 'victory').upgradeCards.map((c) => c.id)).toEqual([
      'u-topsails',
      'u-dear',
      'u-racing'
    ]);
    // EXAMPLE Schooner: hold rating 1.
    expect(holdAction(s, 'pickle', null, ['u-topsails', 'u-dear']).ok).toBe(false);
    expect(holdAction(s, 'victory', null, ['u-dear', 'u-dear']).ok).toBe(false);
  });

  it('a stationary ship pays from her funds, gains the effects and ends her turn; undo restores all', () => {
    const s = withHold();
    expect(upgradeAction(s, 'victory', 'u-topsails', false, OPTIONS).ok).toBe(false);
    expect(isLikelyStationary(sheet(s, 'victory'))).toBe(true); // no sail set yet
    const r = upgradeAction(s, 'victory', 'u-topsails', true, OPTIONS);
    expect(r.ok && r.value.summary).toBe(
      'victory fits New topsails for £500 (hull +10, full sail +1, +5 to hit; speeds 4/2/1): Nelson has £2,900 left; end of her turn'
    );
    const after = step(s, r);
    expect(systemOf(after).players.Nelson.funds).toBe(2900);
    const v = sheet(after, 'victory');
    expect(v.hull).toEqual({ original: 210, current: 210 });
    expect(v.appliedUpgrades.map((c) => c.id)).toEqual(['u-topsails']);
    expect(v.upgradeCards.map((c) => c.id)).toEqual(['u-dear', 'u-racing']);
    // "End of your turn.": no sail, no second upgrade, no loading this turn; Pickle is not affected.
    expect(setSailAction(after, 'victory', 'full').ok).toBe(false);
    expect(upgradeAction(after, 'victory', 'u-racing', true, OPTIONS).ok).toBe(false);
    expect(reloadAction(after, 'victory', { zone1: 'round' }, OPTIONS).ok).toBe(false);
    expect(reloadAction(after, 'pickle', { zone1: 'round' }, OPTIONS).ok).toBe(true);
    expect(undone(after, r)).toEqual(s);
  });

  it('never takes the funds below zero, nor a speed past 5', () => {
    const s = withHold();
    const broke = upgradeAction(s, 'victory', 'u-dear', true, OPTIONS);
    expect(broke.ok).toBe(false);
    if (!broke.ok) expect(broke.error).toContain('only £3,400 left');
    // EXAMPLE Man O' War full sail 3 + 3 = 6.
    const fast = upgradeAction(s, 'victory', 'u-racing', true, OPTIONS);
    expect(fast.ok).toBe(false);
    if (!fast.ok) expect(fast.error).toContain('past speed 5');
  });

  it("with upgradeEndsTurnScope = 'player' every ship of the player ends her turn", () => {
    const s = withHold();
    const opts: WwOptions = { ...OPTIONS, upgradeEndsTurnScope: 'player' };
    const after = step(s, upgradeAction(s, 'victory', 'u-topsails', true, opts));
    expect(sheet(after, 'pickle').hasEndedTurn).toBe(true);
    expect(sheet(after, 'fleche').hasEndedTurn).toBe(false);
    expect(nextTurn(after).ships.pickle && sheet(nextTurn(after), 'pickle').hasEndedTurn).toBe(
      false
    );
  });

  it('a purchase can draw upgrade cards into the new hold', () => {
    let s = withHold();
    const spare: UpgradeCard = { ...topsails, id: 'u-spare', name: 'Copper sheathing' };
    s = step(s, cardsAction(s, { ...systemOf(s), upgradeCards: [topsails, dear, racing, spare] }));
    const r = purchaseAction(s, {
      id: 'bellona',
      player: 'Villeneuve',
      name: 'Bellona',
      chart: exampleChart('Frigate'),
      crewSkill: 'Skilled',
      upgradeCards: [spare]
    });
    expect(r.ok && r.value.summary).toContain('hold: Copper sheathing');
    s = step(s, r);
    expect(sheet(s, 'bellona').upgradeCards.map((c) => c.id)).toEqual(['u-spare']);
  });

  // Issue 15 #1: "Copper sheathing" could be put in two ships' holds at purchase.
  it('a card is in one place at a time: a card in one hold cannot be drawn into another', () => {
    const s = withHold();
    const r = purchaseAction(s, {
      id: 'bellona',
      player: 'Villeneuve',
      name: 'Bellona',
      chart: exampleChart('Frigate'),
      crewSkill: 'Skilled',
      upgradeCards: [topsails]
    });
    expect(r.ok ? '' : r.error).toContain("already in victory's hold");
    expect(holdAction(s, 'pickle', null, ['u-topsails']).ok).toBe(false);
    // Drawn cards leave the deck lists.
    expect(cardsInDeck(s).upgradeCards).toEqual([]);
  });
});

describe('boarding rounds per turn (SPEC B.4.7 step 5, B.5 #8)', () => {
  const boarded = (opts: WwOptions) => victoryBoardsFleche({ original: 60, current: 6 }, 9, opts);

  it('a limit of 1 refuses the second round this turn with the reason, and allows it next turn', () => {
    const opts: WwOptions = { ...OPTIONS, boardingRoundsPerTurn: 1 };
    let s = boarded(opts);
    expect(boardingRoundsNote(sheet(s, 'victory'), opts)).toContain('1 of 1 round left this turn');
    s = step(s, boardingRoundAction(s, 'victory', entered([6, 6, 1, 1, 1], 6), opts));
    expect(sheet(s, 'fleche').crew.current).toBe(4);
    const refused = boardingRoundAction(s, 'victory', entered([6, 6, 1, 1, 1], 6), opts);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error).toContain(
        "1 boarding round a turn: victory's boarders fight on in next turn's Step 4"
      );
    expect(boardingFightAction(s, 'victory', entered([6, 6, 1, 1, 1], 6), opts).ok).toBe(false);
    expect(boardingRoundsNote(sheet(s, 'victory'), opts)).toContain('fight on in next turn');
    // The boarding persists; next turn the count starts again.
    s = nextTurn(s);
    expect(sheet(s, 'victory').boarding?.party).toBe(9);
    expect(boardingRoundAction(s, 'victory', entered([6, 6, 1, 1, 1], 6), opts).ok).toBe(true);
  });

  it('fighting on runs at most the rounds left this turn, as one event', () => {
    const opts: WwOptions = { ...OPTIONS, boardingRoundsPerTurn: 2 };
    const s = boarded(opts);
    // Three rounds rolled, two allowed: the third round's dice are left over.
    const three = entered([6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1], 6);
    expect(boardingFightAction(s, 'victory', three, opts).ok).toBe(false);
    const r = boardingFightAction(s, 'victory', entered([6, 6, 1, 1, 1, 6, 6, 1, 1, 1], 6), opts);
    expect(r.ok && r.value.summary).toBe(
      "victory boarding fleche, rounds 1–2: defenders lose 4, boarders lose 0 (9 v 2): the turn's 2 rounds are fought"
    );
    const after = step(s, r);
    expect(sheet(after, 'victory').boarding?.roundsThisTurn).toBe(2);
    expect(boardingRoundAction(after, 'victory', entered([6, 6, 1, 1, 1], 6), opts).ok).toBe(false);
    expect(undone(after, r)).toEqual(s);
  });

  it('until resolved (default): any number of rounds, fought to the end in one event', () => {
    const s = boarded(OPTIONS);
    expect(boardingRoundsNote(sheet(s, 'victory'), OPTIONS)).toContain('Fought until resolved');
    const faces = [6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1];
    const r = boardingFightAction(s, 'victory', entered(faces, 6), OPTIONS);
    expect(r.ok && r.value.summary).toBe(
      'victory boarding fleche, rounds 1–3: defenders lose 6, boarders lose 0 (9 v 0): fleche is captured. Nelson wins: the only ships afloat'
    );
    const after = step(s, r);
    expect(sheet(after, 'fleche').status).toBe('captured');
    expect(sheet(after, 'victory').boarding).toBeNull();
    // Left over into a new turn under the default, the note says it should have been finished.
    expect(
      boardingRoundsNote(
        sheet(
          nextTurn(
            step(s, boardingRoundAction(s, 'victory', entered([6, 6, 1, 1, 1], 6), OPTIONS))
          ),
          'victory'
        ),
        OPTIONS
      )
    ).toContain('left unresolved');
  });
});

describe('the exposed side (SPEC B.4.7 step 8, Errata 2)', () => {
  it('defaults the +30 tick for a shot at the boarding ship, says why, and leaves the boarded one', () => {
    let s = fleets();
    s = step(s, reloadAction(s, 'victory', { zone3: 'grape' }, OPTIONS));
    s = patched(s, 'fleche', { crew: { original: 25, current: 2 } });
    expect(exposedSideDefault(s, 'victory', OPTIONS).isExposable).toBe(false);
    s = step(
      s,
      boardingStartAction(
        s,
        {
          attackerId: 'victory',
          targetId: 'fleche',
          distanceInches: 1,
          isSideBySide: true,
          party: 3
        },
        OPTIONS
      )
    );
    const d = exposedSideDefault(s, 'victory', OPTIONS);
    expect(d.isExposable).toBe(true);
    expect(d.reason).toContain('victory is boarding fleche this turn (3 boarders across)');
    expect(d.reason).toContain('+30');
    expect(exposedSideDefault(s, 'fleche', OPTIONS).isExposable).toBe(false);
    const both: WwOptions = {
      ...OPTIONS,
      exposedSideAppliesTo: 'bothShips',
      percentModifierMode: 'relative'
    };
    expect(exposedSideDefault(s, 'fleche', both).reason).toContain('being boarded by victory');
    expect(exposedSideDefault(s, 'victory', both).reason).toContain('×1.3');
  });
});

describe('a boarding whose target leaves the fight (SPEC B.4.7 steps 6–7, B.4.9)', () => {
  const boarded = () => victoryBoardsFleche({ original: 25, current: 2 }, 4);

  it('a sunk target ends the rounds; the boarders can only come back', () => {
    const s = patched(boarded(), 'fleche', { status: 'sunk', hull: { original: 40, current: 0 } });
    const f = boardingFight(s, 'victory');
    expect(f.ok && f.value.isOver).toBe('fleche is sunk: the boarders can only return to victory.');
    expect(boardingRoundAction(s, 'victory', entered([6, 6, 6, 1, 1], 6), OPTIONS).ok).toBe(false);
    expect(endBoardingAction(s, 'victory', 'surrender', OPTIONS).ok).toBe(false);
    const back = step(s, endBoardingAction(s, 'victory', 'withdraw', OPTIONS));
    expect(sheet(back, 'victory').boarding).toBeNull();
    expect(sheet(back, 'victory').crew.current).toBe(200);
  });

  it('no defenders left after gunfire: the boarders take her', () => {
    const s = patched(boarded(), 'fleche', { crew: { original: 25, current: 0 } });
    const f = boardingFight(s, 'victory');
    expect(f.ok && f.value.isOver).toContain('no defenders left');
    expect(boardingFightAction(s, 'victory', entered([6, 6, 6], 6), OPTIONS).ok).toBe(false);
    const r = endBoardingAction(s, 'victory', 'surrender', OPTIONS);
    expect(r.ok && r.value.summary).toBe(
      "victory's boarders take fleche: no defenders left. Nelson wins: the only ships afloat"
    );
    expect(sheet(step(s, r), 'fleche').status).toBe('captured');
  });
});

describe('fighting a long boarding to the end with the app dice', () => {
  it('the rolled fight and the recorded event agree, round for round', () => {
    const s = victoryBoardsFleche({ original: 400, current: 40 }, 60);
    // A fixed cycle of faces stands in for the app's dice.
    const cycle = [6, 2, 5, 3, 4, 1, 6, 6, 2, 3, 5, 1, 4];
    const roller = scriptedRoller(Array.from({ length: 2000 }, (_, k) => cycle[k % cycle.length]));
    const run = fightToEnd(
      { attackerSkill: 'Novice', defenderSkill: 'Novice', attackers: 60, defenders: 40 },
      roller
    );
    const last = run.rounds[run.rounds.length - 1];
    const r = boardingFightAction(s, 'victory', run.dice, OPTIONS);
    expect(r.ok).toBe(true);
    const after = step(s, r);
    if (last.result === 'captured') expect(sheet(after, 'fleche').status).toBe('captured');
    else expect(sheet(after, 'victory').boarding).toBeNull();
    expect(sheet(after, 'victory').crew.current).toBe(
      last.result === 'captured' ? 200 - (60 - last.attackersLeft) : 140
    );
  });
});

describe('issue 15: what a referee hit at the table', () => {
  /** Fleche's crew down to `crew`, Victory loaded and side by side: ready to board. */
  function crippledFleche(crew: number): BattleState {
    return flecheCrippled({ original: 25, current: crew });
  }

  const boardSetup = (attackerId: string, party: number): BoardingSetup => ({
    attackerId,
    targetId: 'fleche',
    distanceInches: 0.5,
    isSideBySide: true,
    party
  });

  // #6: the attack was tagged "typed in" from its percentiles alone.
  it('the roll record keeps who rolled each die: app percentiles, typed damage', () => {
    let s = fleets();
    s = step(s, reloadAction(s, 'pickle', { zone1: 'round', zone2: 'grape' }, OPTIONS));
    const app: DiceRoll = { source: 'app', dice: [10, 20].map((face) => ({ face, sides: 100 })) };
    const r = fireAction(
      s,
      {
        firerId: 'pickle',
        targetId: 'fleche',
        mode: 'fullBroadside',
        batteries: ['zone1', 'zone2'],
        distanceInches: 3,
        area: 'crew',
        isExposedSide: false,
        hasLineOfSight: true
      },
      app,
      entered([4, 6, 3, 5], [4, 6, 4, 6]),
      OPTIONS
    );
    if (!r.ok) throw new Error(r.error);
    const dice = r.value.roll?.dice.dice ?? [];
    expect(dice.map((d) => d.source)).toEqual([
      'app',
      'app',
      'entered',
      'entered',
      'entered',
      'entered'
    ]);
    expect(dice[0].label).toBe('pickle, Zone 1, hit roll 1');
    expect(dice[5].label).toBe('pickle, damage 4 (half die)');
    expect(r.value.roll?.procedure).toBe('ww.fire');
  });

  // #7: "HMS Victory loots Sophie" when Swift boarded her.
  it('the loot goes to the ship whose boarders took the prize, not the player’s first ship', () => {
    let s = crippledFleche(1);
    s = step(s, reloadAction(s, 'pickle', { zone1: 'round' }, OPTIONS));
    s = step(s, boardingStartAction(s, boardSetup('pickle', 2), OPTIONS));
    s = step(s, boardingRoundAction(s, 'pickle', entered([6, 6, 1], 6), OPTIONS));
    expect(sheet(s, 'fleche').capturedBy).toBe('pickle');
    const r = play(loot, s, { prizeId: 'fleche', choice: 'lootAmount', captorId: 'victory' });
    expect(r.ok && r.value.summary).toContain('pickle loots fleche');
  });

  // #10: "a surrendered ship's crew is recorded as 0".
  it('a ship that surrenders keeps her crew (prisoners, not dead)', () => {
    let s = crippledFleche(2);
    s = step(s, boardingStartAction(s, boardSetup('victory', 3), OPTIONS));
    const r = endBoardingAction(s, 'victory', 'surrender', OPTIONS);
    expect(r.ok && r.value.summary).toBe(
      'fleche surrenders to victory (2 crew taken prisoner). Nelson wins: the only ships afloat'
    );
    s = step(s, r);
    expect(sheet(s, 'fleche').status).toBe('captured');
    expect(sheet(s, 'fleche').crew.current).toBe(2);
  });

  // #10: a boarding distance of 0.5″ is kept as 0.5″.
  it('boards from half an inch', () => {
    const s = crippledFleche(2);
    const r = boardingStartAction(s, boardSetup('victory', 3), OPTIONS);
    expect(r.ok).toBe(true);
  });

  // #9: internal names on screen ("zone1 is not loaded", "Loaded foreChase: red, zone1").
  it('refusals and the roster speak of Zone 1 and round shot, not zone1 and red', () => {
    let s = fleets();
    const r = fireAction(
      s,
      {
        firerId: 'pickle',
        targetId: 'fleche',
        mode: 'halfBroadside',
        batteries: ['zone1'],
        distanceInches: 3,
        area: 'crew',
        isExposedSide: false,
        hasLineOfSight: true
      },
      entered([10], 100),
      null,
      OPTIONS
    );
    expect(r.ok ? '' : r.error).toContain('Zone 1 is not loaded');
    s = step(s, reloadAction(s, 'pickle', { zone1: 'round' }, OPTIONS));
    const lines = woodenWarships.summarize(sheet(s, 'pickle')).lines.join(' ');
    expect(lines).toContain('Loaded Zone 1: round shot');
    expect(lines).not.toMatch(/zone1|red/);
  });
});

describe('loading a ship in one action (issue 15 #11)', () => {
  it('every battery with one shot is one event, logged as one phrase', () => {
    let s = fleets();
    const loads = {
      foreChase: 'round',
      aftChase: 'round',
      zone1: 'round',
      zone2: 'round',
      zone3: 'round',
      zone4: 'round'
    } as const;
    const r = reloadAction(s, 'pickle', loads, OPTIONS);
    expect(r.ok && r.value.summary).toBe('pickle loads every battery with round shot');
    s = step(s, r);
    expect(Object.values(sheet(s, 'pickle').loaded)).toEqual(Array(6).fill('round'));
  });
});
