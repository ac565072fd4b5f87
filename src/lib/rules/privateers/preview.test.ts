// Issue 31 item 2: the panels' odds and dice pads come from the move (`move.preview`). What a
// Privateers move says before its roll is what it then does and records: the same dice in the same
// order, whose they are and which way is good for them (its meaning), and the odds the log keeps.
// Battles built through the real moves (the moves fixture) over EXAMPLE frigates.
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../battle/events';
import type { DiceGroup } from '../../battle/meaning';
import type { DiceNeed } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction } from '../../engine/rational';
import { cannonFire, collision, grapple, moraleCheck, oddsRecord, saveCrew } from './moves';
import {
  exampleFrigate,
  fireThrough,
  FRIGATE_FIRES,
  must,
  play,
  sheet,
  twoShips,
  type Played
} from './moves.fixture';
import { DEFAULT_OPTIONS as O } from './options';

const frigates = (): BattleState =>
  twoShips(exampleFrigate({ crew: 60, marines: 10 }), { phase: 3 });

/** A face for every die the preview asks for, in its order. */
function rolled(needs: readonly DiceNeed[], faces: readonly number[]): DiceRoll {
  const dice = needs.flatMap((n) => Array.from({ length: n.count }, () => n.sides));
  return { source: 'entered', dice: dice.map((sides, i) => ({ sides, face: faces[i] ?? 1 })) };
}

/** Whose dice and which way, die by die (the meaning joins runs; the pad keeps one per gun). */
const perDie = (groups: readonly Pick<DiceGroup, 'count' | 'ship' | 'isHighGood'>[]) =>
  groups.flatMap((g) =>
    Array.from({ length: g.count }, () => ({ ship: g.ship, isHighGood: g.isHighGood }))
  );

const recorded = (p: Played) => perDie(p.draft.meaning?.dice ?? []);

describe('a Privateers move says its odds and dice before its roll (issue 31 item 2)', () => {
  it('cannon fire: a hit d12 a gun, the firer’s, low good; the odds are the log’s', () => {
    const s = frigates();
    const outlook = must(cannonFire.preview.odds(s, FRIGATE_FIRES, O));
    const dice = must(cannonFire.preview.dice(s, FRIGATE_FIRES, O));
    expect(dice.map((d) => [d.label, d.group, d.sides])).toEqual([
      ['Surprise, Starboard medium 1, hit', 'Surprise', 12],
      ['Surprise, Starboard medium 2, hit', 'Surprise', 12],
      ['Surprise, Starboard medium 3, hit', 'Surprise', 12]
    ]);
    const fired = must(
      play(cannonFire, s, { setup: FRIGATE_FIRES, dice: rolled(dice, [1, 5, 10]) })
    );
    expect(recorded(fired)).toEqual(perDie(dice));
    expect(fired.draft.roll?.odds).toEqual(oddsRecord(outlook.odds));
    expect(formatFraction(outlook.odds.hits.probWhere((h) => h > 0))).toBe('215/216');
  });

  it('a collision: the rammer’s d6 and d12, the rammed ship’s d6s, each ship’s own', () => {
    const s = frigates();
    const aim = { rammerId: 'a', rammedId: 'b' };
    const odds = must(collision.preview.odds(s, aim, O));
    const dice = must(collision.preview.dice(s, aim, O));
    expect(dice.map((d) => [d.count, d.sides, d.ship, d.group])).toEqual([
      [1, 6, 'a', 'Ramming: Surprise'],
      [1, 12, 'a', 'Ramming: Surprise'],
      [1, 6, 'b', 'Rammed: Hermione']
    ]);
    const input = { ...aim, rammerFacing: 'larboard' as const, rammedFacing: 'starboard' as const };
    const hit = must(play(collision, s, { ...input, dice: rolled(dice, [3, 9, 2]) }));
    expect(recorded(hit)).toEqual(perDie(dice));
    expect(hit.draft.roll?.odds).toMatchObject({ entangle: formatFraction(odds.entangle) });
    // Under C.5 #30 reading (b) each ship's d6s damage the other: high is good for the roller.
    const swapped = { ...O, collisionDamageReading: 'rollerInflictsOnOther' as const };
    const other = must(collision.preview.dice(s, aim, swapped));
    const b = must(play(collision, s, { ...input, dice: rolled(other, [3, 9, 2]) }, swapped));
    expect(recorded(b)).toEqual(perDie(other));
  });

  it('grappling: the grapplers’ and the cutters’ d12s, the ship’s own, as assigned in Phase 2', () => {
    let s = frigates();
    const crew = sheet(s, 'a').assignments;
    s = must(
      play(saveCrew, s, { shipId: 'a', assignments: { ...crew, grapplers: 2, grappleCutters: 1 } })
    ).next;
    const aim = { shipId: 'a', otherId: 'b' };
    const outlook = must(grapple.preview.odds(s, aim, O));
    expect([outlook.throwers, outlook.cutters]).toEqual([2, 1]);
    const dice = must(grapple.preview.dice(s, aim, O));
    expect(dice.map((d) => [d.count, d.label])).toEqual([
      [2, 'Surprise, grapple on Hermione'],
      [1, 'Surprise, cut a grapple']
    ]);
    const g = must(play(grapple, s, { ...aim, isHullToHull: true, dice: rolled(dice, [8, 3, 1]) }));
    expect(recorded(g)).toEqual(perDie(dice));
  });

  it('a morale check: the ship’s own d12, high good; the odds are the log’s', () => {
    // Surprise's broadside sets Hermione on fire (critical 6): she owes a morale check.
    const s = must(
      fireThrough(frigates(), FRIGATE_FIRES, [1, 5, 10], [1, 1, 3, 4, 5, 6], { criticalFace: 6 })
    ).next;
    const dist = must(moraleCheck.preview.odds(s, { shipId: 'b' }, O));
    const dice = must(moraleCheck.preview.dice(s, { shipId: 'b' }, O));
    expect(dice.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Hermione, morale', 'b', true]
    ]);
    const m = must(play(moraleCheck, s, { shipId: 'b', dice: rolled(dice, [3]) }));
    expect(recorded(m)).toEqual(perDie(dice));
    const logged = m.draft.roll?.odds as { label: string; p: string }[];
    expect(logged.map((o) => o.p)).toEqual(
      (['pass', 'disordered', 'strike'] as const).map((r) => formatFraction(dist.prob(r)))
    );
  });
});
