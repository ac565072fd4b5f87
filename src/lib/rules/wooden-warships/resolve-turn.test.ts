import { describe, expect, it } from 'vitest';
import { EXAMPLE_CHARTS, exampleChart } from './example-charts';
import { woodenWarships } from './index';
import { DEFAULT_OPTIONS, readOptions } from './options';
import { OPTIONS } from './option-list';
import {
  applyUpgrade,
  canLoad,
  reload,
  resolveMovement,
  setSail,
  startTurn,
  victor
} from './resolve-turn';
import { assignCards, miniatureWarnings, purchaseShip, shipCost } from './resolve-setup';
import { boardingRoundsLeft } from './resolve-boarding';
import {
  blankChart,
  defaultSheet,
  defaultSystemState,
  sheetFromChart,
  type Sheet,
  type UpgradeCard
} from './sheet';
import { sheetSchema, shipChartSchema, systemStateSchema } from './sheet-schema';
import {
  AMMO_DAMAGE_DIE,
  AMMUNITION,
  CRIPPLED_PERCENT,
  EXPOSED_SIDE_MODIFIER,
  MAX_SPEED,
  BOARDING_DIE,
  MINIATURES_IN_CHEST,
  MINIMUM_CREW,
  STEPS,
  STARTING_FUNDS
} from './tables';

describe('tables match SPEC Part B', () => {
  it('B.3.2 minimum crews', () => {
    expect(MINIMUM_CREW).toEqual({
      BattleSchooner: 10,
      Corvette: 20,
      Brig: 35,
      Frigate: 65,
      ManOWar: 115
    });
  });
  it('B.3.3 boarding dice', () => {
    expect(BOARDING_DIE).toEqual({
      Novice: { sides: 6, plus: 0 },
      Skilled: { sides: 6, plus: 1 },
      Veteran: { sides: 8, plus: 1 },
      Crack: { sides: 8, plus: 2 }
    });
  });
  it('B.3.5 ammunition against target area', () => {
    expect(AMMO_DAMAGE_DIE.round).toEqual({ hull: 'ship', crew: 'd4', rigging: 'd4' });
    expect(AMMO_DAMAGE_DIE.grape).toEqual({ hull: 'd4', crew: 'ship', rigging: 'd4' });
    expect(AMMO_DAMAGE_DIE.chain).toEqual({ hull: 'd4', crew: 'd4', rigging: 'ship' });
  });
  it('B.3.1 markers, B.3.7 speed cap, B.3.9 10%, B.4.7 +30', () => {
    expect(AMMUNITION.round).toMatchObject({ marker: 'red', bestAgainst: 'hull' });
    expect(AMMUNITION.grape).toMatchObject({ marker: 'green', bestAgainst: 'crew' });
    expect(AMMUNITION.chain).toMatchObject({ marker: 'black', bestAgainst: 'rigging' });
    expect([MAX_SPEED, CRIPPLED_PERCENT, EXPOSED_SIDE_MODIFIER]).toEqual([5, 10, 30]);
  });
  it('B.1 miniatures and £7,000', () => {
    expect(MINIATURES_IN_CHEST).toEqual({
      ManOWar: 2,
      Frigate: 4,
      Brig: 4,
      Corvette: 4,
      BattleSchooner: 6
    });
    expect(STARTING_FUNDS).toBe(7000);
  });
  it('B.4.2 the five steps in order; turn 1 runs only the maintenance steps', () => {
    expect(STEPS.map((s) => s.id)).toEqual([
      'movement',
      'maintenance1',
      'attack',
      'boarding',
      'maintenance2'
    ]);
    expect(STEPS.filter((s) => s.isInFirstTurn).map((s) => s.number)).toEqual([2, 5]);
  });
});

describe('options (SPEC B.2, B.5, Errata)', () => {
  it('defaults follow the Errata: reload whole ship, skipping to Step 5 skips boarding', () => {
    expect(DEFAULT_OPTIONS.reloadScope).toBe('wholeShip');
    expect(DEFAULT_OPTIONS.skipToStep5SkipsBoarding).toBe(true);
    expect(DEFAULT_OPTIONS.attackAndBoardScope).toBe('ship');
    expect(DEFAULT_OPTIONS.capturedShipFate).toBe('removedAsPrize');
  });
  it('every OptionSpec default equals the typed default, and is one of its choices', () => {
    for (const o of OPTIONS) {
      expect(o.choices.map((c) => c.value)).toContain(o.defaultValue);
      expect((DEFAULT_OPTIONS as unknown as Record<string, unknown>)[o.key]).toBe(o.defaultValue);
    }
    expect(readOptions({})).toEqual(DEFAULT_OPTIONS);
    expect(
      readOptions({ reloadScope: 'perBattery', boardingRoundsPerTurn: 2 }).boardingRoundsPerTurn
    ).toBe(2);
    expect(readOptions({ reloadScope: 'nonsense' }).reloadScope).toBe('wholeShip');
  });
});

describe('sheets, charts and system state', () => {
  it('EXAMPLE charts parse, are labelled, and keep the minimum crews possible', () => {
    expect(EXAMPLE_CHARTS.map((c) => c.type)).toEqual([
      'ManOWar',
      'Frigate',
      'Brig',
      'Corvette',
      'BattleSchooner'
    ]);
    for (const c of EXAMPLE_CHARTS) {
      expect(shipChartSchema.safeParse(c).success).toBe(true);
      expect(c.isExample).toBe(true);
      expect(c.name).toContain('EXAMPLE');
      expect(c.crew).toBeGreaterThan(MINIMUM_CREW[c.type]);
    }
    expect(exampleChart('ManOWar').decks).toBe(3);
    expect(exampleChart('ManOWar').damageDice).toEqual({ count: 3, sides: 6 });
    expect(exampleChart('BattleSchooner').decks).toBe(0.5);
  });
  it('the sheet from a chart and the default sheet pass the strict schema', async () => {
    expect(
      sheetSchema.safeParse(sheetFromChart({ name: 'HMS Test', chart: exampleChart('Brig') }))
        .success
    ).toBe(true);
    const d = defaultSheet({ name: 'Sloop', className: 'Battle Schooner' });
    expect(d.chart.type).toBe('BattleSchooner');
    expect((await woodenWarships.loadSchemas()).sheet.safeParse(d).success).toBe(true);
    expect(woodenWarships.summarize(d).lines[0]).toBe('Hull 0/0');
  });
  it('rejects a chart whose decks are neither a half deck nor whole, or whose table is ragged', () => {
    expect(shipChartSchema.safeParse({ ...blankChart('Brig'), decks: 1.5 }).success).toBe(false);
    const ragged = {
      ...blankChart('Brig'),
      hitTable: { ...blankChart('Brig').hitTable, bands: [{ upToInches: 4 }] }
    };
    expect(shipChartSchema.safeParse(ragged).success).toBe(false);
  });
  it('every player starts with £7,000', () => {
    const s = defaultSystemState({ players: ['red', 'blue'] });
    expect(s.players['red'].funds).toBe(7000);
    expect(systemStateSchema.safeParse(s).success).toBe(true);
  });
});

describe('fleet purchase (SPEC B.4.1)', () => {
  it('pays the price plus the crew surcharge and never goes below zero', () => {
    let state = defaultSystemState({ players: ['red'] });
    const mow = exampleChart('ManOWar');
    const r1 = purchaseShip(state, {
      player: 'red',
      name: 'Victory',
      chart: mow,
      crewSkill: 'Crack'
    });
    if (!r1.ok) throw new Error(r1.error);
    expect(r1.value.cost).toBe(shipCost(mow, 'Crack'));
    state = r1.value.state;
    expect(state.players['red'].funds).toBe(7000 - mow.price - mow.crewSkillSurcharge.Crack);
    expect(r1.value.sheet.crewSkill).toBe('Crack');
    expect(r1.value.sheet.hull).toEqual({ original: mow.hull, current: mow.hull });
    const r2 = purchaseShip(state, {
      player: 'red',
      name: 'Too much',
      chart: mow,
      crewSkill: 'Crack'
    });
    expect(r2.ok).toBe(false);
  });
  it('warns, never blocks, above the miniatures in the chest', () => {
    expect(miniatureWarnings(['ManOWar', 'ManOWar'])).toEqual([]);
    expect(miniatureWarnings(['ManOWar', 'ManOWar', 'ManOWar'])).toHaveLength(1);
  });
  it('the hold takes as many upgrade cards as its rating', () => {
    const s = sheetFromChart({ name: 'b', chart: exampleChart('Brig') });
    const card = (id: string): UpgradeCard => ({
      id,
      name: id,
      cost: 0,
      text: '',
      effect: {
        hull: 0,
        rigging: 0,
        crew: 0,
        speedFull: 0,
        speedBattle: 0,
        speedTrim: 0,
        percent: 0
      }
    });
    expect(assignCards(s, null, [card('a'), card('b')]).ok).toBe(true);
    expect(assignCards(s, null, [card('a'), card('b'), card('c')]).ok).toBe(false);
  });
});

function ship(patch: Partial<Sheet> = {}): Sheet {
  return { ...sheetFromChart({ name: 's', chart: exampleChart('Frigate') }), ...patch };
}

describe('movement (SPEC B.4.3)', () => {
  it('the sail set last turn applies; tacking caps at battle sail; head to wind is illegal', () => {
    const s = ship({ pendingSpeed: 'full' });
    const free = resolveMovement(s, 'free');
    expect(free.ok && free.value.movesAt).toBe('full');
    expect(free.ok && free.value.sheet.speedSetting).toBe('full');
    const tack = resolveMovement(s, 'tacking');
    expect(tack.ok && tack.value.movesAt).toBe('battle');
    expect(tack.ok && tack.value.speed).toBe(exampleChart('Frigate').speeds.battle);
    expect(resolveMovement(s, 'headToWind').ok).toBe(false);
  });
  it('beyond the red arrows: trim sail, then stop; sailing free resets the count', () => {
    const first = resolveMovement(ship({ speedSetting: 'full' }), 'beyondRedArrows');
    if (!first.ok) throw new Error(first.error);
    expect(first.value.movesAt).toBe('trim');
    const second = resolveMovement(first.value.sheet, 'beyondRedArrows');
    expect(second.ok && second.value.movesAt).toBeNull();
    const back = resolveMovement(first.value.sheet, 'free');
    expect(back.ok && back.value.sheet.turnsBeyondRedArrows).toBe(0);
  });
  it('raising the anchor takes a turn before the ship moves again', () => {
    const anchored = ship({ speedSetting: 'anchor' });
    const stopped = resolveMovement(anchored, 'free');
    expect(stopped.ok && stopped.value.movesAt).toBeNull();
    const planned = setSail(anchored, 'battle');
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.value.isRaisingAnchor).toBe(true);
    const capstan = resolveMovement(planned.value, 'free');
    if (!capstan.ok) throw new Error(capstan.error);
    expect(capstan.value.movesAt).toBeNull();
    const moving = resolveMovement(capstan.value.sheet, 'free');
    expect(moving.ok && moving.value.movesAt).toBe('battle');
  });
});

describe('upgrades (SPEC B.4.4)', () => {
  const fast: UpgradeCard = {
    id: 'u1',
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
  it('a stationary ship pays the card, applies it and ends its turn', () => {
    const state = defaultSystemState({ players: ['red'] });
    const r = applyUpgrade({
      state,
      player: 'red',
      sheet: ship({ upgradeCards: [fast] }),
      cardId: 'u1',
      isStationary: true
    });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.state.players['red'].funds).toBe(6500);
    expect(r.value.sheet.hull.original).toBe(exampleChart('Frigate').hull + 10);
    expect(r.value.sheet.hasEndedTurn).toBe(true);
    expect(r.value.sheet.upgradeCards).toEqual([]);
  });
  it('refuses a moving ship, too little money, and any speed above 5', () => {
    const state = defaultSystemState({ players: ['red'] });
    const sheet = ship({ upgradeCards: [fast] });
    expect(
      applyUpgrade({ state, player: 'red', sheet, cardId: 'u1', isStationary: false }).ok
    ).toBe(false);
    const poor = { ...state, players: { red: { funds: 100, captain: null } } };
    expect(
      applyUpgrade({ state: poor, player: 'red', sheet, cardId: 'u1', isStationary: true }).ok
    ).toBe(false);
    const tooFast = { ...fast, effect: { ...fast.effect, speedFull: 2 } }; // Frigate EXAMPLE full 4 → 6
    const r = applyUpgrade({
      state,
      player: 'red',
      sheet: ship({ upgradeCards: [tooFast] }),
      cardId: 'u1',
      isStationary: true
    });
    expect(r.ok).toBe(false);
  });
  it('"past speed 5" limits speed upgrades only: a hull card fits a chart already above 5', () => {
    const state = defaultSystemState({ players: ['red'] });
    const quick = ship({ upgradeCards: [{ ...fast, effect: { ...fast.effect, speedFull: 0 } }] });
    const chart = { ...quick.chart, speeds: { full: 6, battle: 4, trim: 2 } };
    const r = applyUpgrade({
      state,
      player: 'red',
      sheet: { ...quick, chart },
      cardId: 'u1',
      isStationary: true
    });
    expect(r.ok).toBe(true);
    const faster = ship({ upgradeCards: [fast] });
    expect(
      applyUpgrade({
        state,
        player: 'red',
        sheet: { ...faster, chart },
        cardId: 'u1',
        isStationary: true
      }).ok
    ).toBe(false);
  });
});

describe('reload (SPEC B.4.9, Errata #14)', () => {
  const fired = ship({ firedThisTurn: ['zone1'] });
  it('whole ship by default: nothing loads after any gun fired', () => {
    expect(canLoad(fired, 'zone3', 'wholeShip')).toBe(false);
    expect(reload(fired, { zone3: 'grape' }, { reloadScope: 'wholeShip' }).ok).toBe(false);
  });
  it('per battery: only the battery that fired waits', () => {
    expect(canLoad(fired, 'zone1', 'perBattery')).toBe(false);
    const r = reload(fired, { zone3: 'chain' }, { reloadScope: 'perBattery' });
    expect(r.ok && r.value.loaded.zone3).toBe('chain');
  });
  it('a new turn clears the fired batteries and the attack', () => {
    const next = startTurn({ ...fired, hasAttackedThisTurn: true });
    expect(next.firedThisTurn).toEqual([]);
    expect(next.hasAttackedThisTurn).toBe(false);
  });
  it("a new turn restarts a boarding's count of rounds (boardingRoundsPerTurn)", () => {
    const boarding = {
      targetShipId: 'x',
      party: 4,
      exposedSide: null,
      roundsFought: 3,
      roundsThisTurn: 2
    };
    const next = startTurn({ ...fired, boarding });
    expect(next.boarding).toEqual({ ...boarding, roundsThisTurn: 0 });
    expect(boardingRoundsLeft(boarding, { boardingRoundsPerTurn: 2 })).toBe(0);
    expect(boardingRoundsLeft(next.boarding ?? boarding, { boardingRoundsPerTurn: 2 })).toBe(2);
    expect(boardingRoundsLeft(boarding, { boardingRoundsPerTurn: 'untilResolved' })).toBe(
      Number.POSITIVE_INFINITY
    );
  });
});

describe('victory (SPEC B.4.9 step 3)', () => {
  it('"You need to sink the rest of them that aren\'t yours."', () => {
    expect(
      victor([
        { player: 'a', status: 'active' },
        { player: 'b', status: 'active' }
      ])
    ).toBeNull();
    expect(
      victor([
        { player: 'a', status: 'active' },
        { player: 'b', status: 'sunk' },
        { player: 'b', status: 'captured' }
      ])
    ).toBe('a');
  });
});
