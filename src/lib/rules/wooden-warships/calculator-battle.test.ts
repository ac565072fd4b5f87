import { beforeAll, describe, expect, it } from 'vitest';
import { playScratchDraft, scratchContext } from '../../battle/scratch';
import {
  boardingCheckOn,
  boardingFightOn,
  calculatorBattle,
  fireAimOn,
  fireOn,
  fireShipsOn,
  movementOn,
  withTargetAt,
  type FireQuestion
} from './calculator-battle';
import { exampleChart } from './example-charts';
import { board, boardingRound, fire, moveShip } from './moves';
import { must } from './moves.testkit';
import { DEFAULT_OPTIONS as O } from './options';
import { sheetOf, systemOf } from './ships';
import { prepareCalculatorBattle } from './calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

// The calculators' battle (issue 31): set up by the game's own moves, each question written into
// the logs as a referee would, so each move's preview and play answer it as in a battle.

const broadside: FireQuestion = {
  firerChart: exampleChart('ManOWar'),
  targetType: 'Frigate',
  mode: 'fullBroadside',
  batteries: ['zone1', 'zone2'],
  ammo: ['round', 'chain'],
  distanceInches: 5,
  area: 'hull',
  otherModifier: 0,
  isExposedSide: false
};

describe('the Wooden Warships calculators’ battle', () => {
  it('two players join and buy a ship each through the set-up moves', () => {
    const b = must(calculatorBattle());
    const system = systemOf(b.state);
    expect(Object.keys(system.players)).toEqual(['Attacker', 'Defender']);
    expect(b.state.ships[b.ours].player).toBe('Attacker');
    expect(b.state.ships[b.theirs].player).toBe('Defender');
    // Built once: the same battle every time.
    expect(calculatorBattle()).toBe(calculatorBattle());
  });

  it('an attack: the chart asked, the batteries loaded by the reload move, the modifiers in her log', () => {
    const b = must(calculatorBattle());
    const { state, aim } = must(
      fireOn(b, { ...broadside, otherModifier: -10, isExposedSide: true })
    );
    const firer = sheetOf(state.ships[aim.firerId]);
    expect(firer?.chart.name).toBe("Man O' War (EXAMPLE)");
    expect(firer?.loaded).toMatchObject({ zone1: 'round', zone2: 'chain', zone3: null });
    const { plan } = must(fire.preview.odds(state, aim, O));
    // 60% against a Frigate at 5″ (EXAMPLE chart), −10 asked, +30 from the exposed side.
    expect(plan.basePercent).toBe(60);
    expect(plan.modifiers).toEqual([
      { source: 'Other modifiers', value: -10 },
      { source: 'Exposed side while boarding', value: 30 }
    ]);
    expect(plan.batteries.map((x) => [x.battery, x.ammo])).toEqual([
      ['zone1', 'round'],
      ['zone2', 'chain']
    ]);
  });

  it('an attack on ships set up once: a new aim or modifier writes no ship afresh (issue 40)', () => {
    const ships = must(fireShipsOn(must(calculatorBattle()), broadside));
    const plain = must(fireAimOn(ships, broadside));
    const asked = must(fireAimOn(ships, { ...broadside, otherModifier: -10, distanceInches: 8 }));
    // The target's log is the one the ships were set up with, the firer's gets only her modifiers.
    expect(asked.state.ships[asked.aim.targetId]).toBe(ships.state.ships[ships.theirs]);
    expect(sheetOf(plain.state.ships[plain.aim.firerId])?.percentModifiers).toEqual([]);
    expect(sheetOf(asked.state.ships[asked.aim.firerId])?.percentModifiers).toEqual([
      { source: 'Other modifiers', value: -10 }
    ]);
    // The same battle as the question asked in one step.
    const once = must(fireOn(must(calculatorBattle()), { ...broadside, otherModifier: -10 }));
    expect(sheetOf(asked.state.ships[asked.aim.firerId])).toEqual(
      sheetOf(once.state.ships[once.aim.firerId])
    );
    // Its odds and its dice read one plan: asked again, the same outlook.
    const outlook = fire.preview.odds(asked.state, asked.aim, O);
    expect(fire.preview.dice(asked.state, asked.aim, O).ok).toBe(true);
    expect(fire.preview.odds(asked.state, asked.aim, O)).toBe(outlook);
  });

  it('an attack out of range is refused as the battle refuses it', () => {
    const b = must(calculatorBattle());
    const { state, aim } = must(fireOn(b, { ...broadside, distanceInches: 500 }));
    const r = fire.preview.odds(state, aim, O);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^Out of range/);
  });

  it('the attack played lands on the target at the points asked, and a hull at 0 sinks her', () => {
    const b = must(calculatorBattle());
    const { state, aim } = must(fireOn(b, broadside));
    const at = must(withTargetAt(state, aim.targetId, 'hull', 10));
    // Six d100s: 10 hits (under 60), the rest miss; one deck hit: 3d6 of 6s = 18.
    const played = must(
      playScratchDraft(
        fire,
        at,
        {
          ...aim,
          hitRoll: {
            source: 'entered',
            dice: [10, 90, 90, 90, 90, 90].map((face) => ({ sides: 100, face }))
          },
          damageRoll: { source: 'entered', dice: [6, 6, 6].map((face) => ({ sides: 6, face })) }
        },
        scratchContext(O, 'standard')
      )
    );
    expect(played.draft.roll?.outcome).toMatchObject({
      hits: 1,
      damage: 18,
      targetAfter: 0,
      targetStatus: 'sunk'
    });
  });

  it('a boarding: the conditions are the board move’s, on the ships as asked', () => {
    const b = must(calculatorBattle());
    const q = {
      boarderChart: exampleChart('Frigate'),
      boarderCrew: 100,
      targetChart: exampleChart('Brig'),
      targetHull: 5,
      targetRigging: 1000,
      targetCrew: 60,
      distanceInches: 1,
      isSideBySide: true,
      hasAttacked: false,
      hasLoadedGuns: true
    };
    const ok = must(boardingCheckOn(b, q));
    const check = must(board.preview.odds(ok.state, ok.setup, O));
    expect(check.isEligible).toBe(true);
    expect(check.crippled).toEqual(['hull']);
    // The target's rigging is never above her chart's.
    expect(sheetOf(ok.state.ships[ok.setup.targetId])?.rigging.current).toBe(
      exampleChart('Brig').rigging
    );
    const attacked = must(boardingCheckOn(b, { ...q, hasAttacked: true }));
    const no = must(board.preview.odds(attacked.state, attacked.setup, O));
    expect(no.conditions.filter((c) => !c.isMet).map((c) => c.id)).toEqual(['notAttacked']);
  });

  it('a boarding fight: the boarders across, each side’s skill, the round’s move reads them', () => {
    const b = must(calculatorBattle());
    const { state, attackerId } = must(
      boardingFightOn(b, {
        boarderChart: exampleChart('Frigate'),
        targetChart: exampleChart('Brig'),
        attackerSkill: 'Crack',
        defenderSkill: 'Novice',
        attackers: 3,
        defenders: 2
      })
    );
    const dice = must(boardingRound.preview.dice(state, { attackerId }, O));
    expect(dice.map((d) => [d.count, d.sides, d.ship])).toEqual([
      [3, 8, b.ours],
      [2, 6, b.theirs]
    ]);
  });

  it('a ship’s move: the sail and the anchor as asked, answered by the move’s preview', () => {
    const b = must(calculatorBattle());
    const q = {
      chart: exampleChart('Frigate'),
      setting: 'full' as const,
      turnsBeyondRedArrows: 0,
      isRaisingAnchor: false,
      hull: 100
    };
    const sail = must(movementOn(b, q));
    const at = must(moveShip.preview.odds(sail.state, { shipId: sail.shipId, wind: 'free' }, O));
    expect(at.movesAt).toBe('full');
    expect(at.speed).toBe(exampleChart('Frigate').speeds.full);
    const anchor = must(movementOn(b, { ...q, isRaisingAnchor: true }));
    const still = must(
      moveShip.preview.odds(anchor.state, { shipId: anchor.shipId, wind: 'free' }, O)
    );
    expect(still.movesAt).toBeNull();
  });
});
