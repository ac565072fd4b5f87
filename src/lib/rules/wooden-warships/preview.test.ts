import { describe, expect, it } from 'vitest';
import type { BattleState, EventDraft } from '../../engine/events';
import { applyEvent } from '../../battle/fold';
import type { DiceGroup } from '../../engine/meaning';
import type { DiceNeed, Move } from '../../battle/move';
import { editSheetMove } from '../../battle/ship-moves';
import { SCHEMAS } from './sheet-schema';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction } from '../../engine/rational';
import { woodenWarships } from '.';
import { boardingOdds } from './boarding-fight';
import { exampleChart } from './example-charts';
import {
  addPlayer,
  board,
  boardingRound,
  fire,
  islandCollision,
  planBattleFire,
  purchase,
  reload,
  type FireSetup
} from './moves';
import { fireOdds } from './odds-gunnery';
import { DEFAULT_OPTIONS, type WwOptions } from './options';

// Issue 31 item 2: the panels' odds and dice pads come from the move (`move.preview`). What a move
// says before its roll is what it then does and records: the same dice in the same order, whose
// they are and which way is good for them (its meaning), and odds worked from the very plan it
// resolves. Battles built through the real moves over the EXAMPLE charts.

const ctx = (options: WwOptions) => ({
  options,
  storedOptions: {},
  variant: 'standard',
  now: 0,
  newId: () => 'id'
});

function play<I>(move: Move<I, WwOptions>, s: BattleState, input: I): EventDraft {
  const r = move.run(s, input, ctx(DEFAULT_OPTIONS));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Nelson's schooner Pickle, loaded with round shot, and Villeneuve's schooner Fleche. */
function fleets(): BattleState {
  let s: BattleState = {
    turn: 1,
    phase: 0,
    ships: {},
    system: woodenWarships.initialSystemState?.('standard', {}) as never
  };
  const act = <I>(move: Move<I, WwOptions>, input: I) => {
    s = applyEvent(s, play(move, s, input));
  };
  act(addPlayer, { name: 'Nelson' });
  act(addPlayer, { name: 'Villeneuve' });
  for (const [id, player] of [
    ['pickle', 'Nelson'],
    ['fleche', 'Villeneuve']
  ]) {
    act(purchase, {
      id,
      player,
      name: id,
      chart: exampleChart('BattleSchooner'),
      crewSkill: 'Novice'
    });
  }
  act(reload, { shipId: 'pickle', loads: { zone1: 'round', zone2: 'round' } });
  return s;
}

/** A face for every die the preview asks for. */
function rolled(needs: readonly DiceNeed[], face: number): DiceRoll {
  return {
    source: 'entered',
    dice: needs.flatMap((n) =>
      Array.from({ length: n.count }, () => ({ sides: n.sides, face: Math.min(face, n.sides) }))
    )
  };
}

/** Dice groups with consecutive groups of one roller and die joined (the meaning keeps runs). */
function runs(
  groups: readonly Pick<DiceGroup, 'count' | 'sides' | 'ship' | 'isHighGood'>[]
): { count: number; sides: number; ship: string | null; isHighGood: boolean }[] {
  const out: { count: number; sides: number; ship: string | null; isHighGood: boolean }[] = [];
  for (const g of groups) {
    const last = out[out.length - 1];
    if (last && last.ship === g.ship && last.sides === g.sides && last.isHighGood === g.isHighGood)
      last.count += g.count;
    else out.push({ count: g.count, sides: g.sides, ship: g.ship, isHighGood: g.isHighGood });
  }
  return out.filter((g) => g.count > 0);
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('a move says its odds and dice before its roll (issue 31 item 2)', () => {
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

  it('Wooden Warships attack: the percentile pad, then the damage dice the hits earn, as the move records them', () => {
    const s = fleets();
    const o = DEFAULT_OPTIONS;
    const outlook = must(fire.preview.odds(s, setup, o));
    expect(outlook.plan).toEqual(must(planBattleFire(s, setup, o)));
    expect(outlook.hits).toBeNull();
    const hitDice = must(fire.preview.dice(s, setup, o));
    expect(hitDice.map((d) => [d.count, d.sides, d.label, d.group])).toEqual([
      [outlook.plan.batteries[0].rolls, 100, 'pickle, Zone 1: to hit', 'Attacker: pickle'],
      [outlook.plan.batteries[1].rolls, 100, 'pickle, Zone 2: to hit', 'Attacker: pickle']
    ]);
    // Every percentile a 1: all hit; the damage dice they earn, then the move with both rolls.
    const hitRoll = rolled(hitDice, 1);
    const hitFaces = hitRoll.dice.map((d) => d.face);
    const after = must(fire.preview.odds(s, { ...setup, hitFaces }, o));
    expect(after.hits?.hits).toBe(outlook.plan.totalRolls);
    const damageDice = must(fire.preview.dice(s, { ...setup, hitFaces }, o));
    expect(damageDice.length).toBeGreaterThan(0);
    const event = play(fire, s, { ...setup, hitRoll, damageRoll: rolled(damageDice, 2) });
    expect(runs(event.meaning?.dice ?? [])).toEqual(runs([...hitDice, ...damageDice]));
    // The odds on screen are worked from the plan the move resolved: the log's figures.
    expect(event.roll?.odds).toMatchObject({
      perRoll: formatFraction(fireOdds(outlook.plan).perRoll),
      anyHit: formatFraction(fireOdds(outlook.plan).anyHit)
    });
  });

  it('Wooden Warships boarding round: the round odds and each side’s dice, as the move records them', () => {
    let s = fleets();
    // Fleche crippled (B.4.7: only a crippled ship is boarded), as the referee edits her log.
    const fleche = s.ships.fleche.sheet as { crew: { original: number; current: number } };
    s = applyEvent(
      s,
      play(editSheetMove(SCHEMAS), s, {
        shipId: 'fleche',
        sheet: { ...fleche, crew: { ...fleche.crew, current: 1 } } as never,
        summary: 'fleche: crew 1'
      })
    );
    s = applyEvent(
      s,
      play(board, s, {
        attackerId: 'pickle',
        targetId: 'fleche',
        distanceInches: 0,
        isSideBySide: true,
        party: 5
      })
    );
    const o = DEFAULT_OPTIONS;
    const at = { attackerId: 'pickle' };
    expect(must(boardingRound.preview.odds(s, at, o))).toEqual(
      must(boardingOdds('Novice', 'Novice', 5, 1))
    );
    const dice = must(boardingRound.preview.dice(s, at, o));
    expect(dice.map((d) => [d.ship, d.group, d.isHighGood])).toEqual([
      ['pickle', 'Attacker: pickle', true],
      ['fleche', 'Defender: fleche', true]
    ]);
    const event = play(boardingRound, s, { attackerId: 'pickle', roll: rolled(dice, 3) });
    expect(runs(event.meaning?.dice ?? [])).toEqual(runs(dice));
  });

  it('Wooden Warships island: the ram damage odds and the ship’s own dice, as the move records them', () => {
    const s = fleets();
    const o = DEFAULT_OPTIONS;
    const odds = must(islandCollision.preview.odds(s, { shipId: 'pickle' }, o));
    const dice = must(islandCollision.preview.dice(s, { shipId: 'pickle' }, o));
    expect(dice.every((d) => d.ship === 'pickle' && !d.isHighGood)).toBe(true);
    const event = play(islandCollision, s, { shipId: 'pickle', roll: rolled(dice, 1) });
    expect(runs(event.meaning?.dice ?? [])).toEqual(runs(dice));
    expect(event.roll?.odds).toMatchObject({ sinks: formatFraction(odds.sinks) });
  });
});
