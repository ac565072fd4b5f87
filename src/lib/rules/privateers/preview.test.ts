// Issue 31 item 2: the panels' odds and dice pads come from the move (`move.preview`). What a
// Privateers move says before its roll is what it then does and records: the same dice in the same
// order, whose they are and which way is good for them (its meaning), and the odds the log keeps.
// Battles built through the real moves (the moves fixture) over EXAMPLE frigates.
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import type { DiceGroup } from '../../engine/meaning';
import type { DiceNeed } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction, rational } from '../../engine/rational';
import {
  boardingRound,
  cannonFire,
  collision,
  damageExtra,
  damageToss,
  grapple,
  moraleCheck,
  designateDoubleShot,
  oddsRecord,
  reload,
  moveShip,
  saveCrew,
  tackRoll,
  weighAnchor
} from './moves';
import {
  exampleFrigate,
  fireThrough,
  FIGHTING_SAIL,
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

  it('a boarding round: each side’s own d6s, low good, then the officers’ d6s, high good', () => {
    // Surprise grapples Hermione, then boards her 5 v 7 (crew 3 + first lieutenant against crew 2,
    // the captain and a marine).
    let s = frigates();
    const crew = sheet(s, 'a').assignments;
    s = must(play(saveCrew, s, { shipId: 'a', assignments: { ...crew, grapplers: 2 } })).next;
    s = must(
      play(grapple, s, {
        shipId: 'a',
        otherId: 'b',
        isHullToHull: true,
        dice: rolled([{ count: 2, sides: 12 } as DiceNeed], [9, 10])
      })
    ).next;
    const aim = {
      attackerId: 'a',
      defenderId: 'b',
      attacker: { crew: 3, officers: ['firstLt' as const], marines: 0 },
      defender: { crew: 2, officers: ['captain' as const], marines: 1 },
      isHullToHull: false
    };
    const outlook = must(boardingRound.preview.odds(s, aim, O));
    expect([outlook.attackerDice, outlook.defenderDice]).toEqual([5, 7]);
    expect(outlook.chain?.defender).toEqual({ crew: 2, officers: 1, marines: 1 });
    const dice = must(boardingRound.preview.dice(s, aim, O));
    expect(dice.map((d) => [d.count, d.sides, d.ship, d.isHighGood, d.group])).toEqual([
      [5, 6, 'a', false, 'Boarders: Surprise'],
      [7, 6, 'b', false, 'Defenders: Hermione']
    ]);
    const main = [1, 1, 4, 5, 6, 1, 3, 4, 5, 6, 6, 6];
    // Both sides took a hit: each side's officer rolls his d6, a 1 and he is among the casualties.
    const officers = must(boardingRound.preview.dice(s, { ...aim, main }, O));
    expect(officers.map((d) => [d.count, d.ship, d.isHighGood, d.label])).toEqual([
      [1, 'a', true, 'Surprise, boarding officer'],
      [1, 'b', true, 'Hermione, defending officer']
    ]);
    const fought = must(
      play(boardingRound, s, { ...aim, rolls: [rolled(dice, main), rolled(officers, [3, 1])] })
    );
    expect(recorded(fought)).toEqual([...perDie(dice), ...perDie(officers)]);
    expect(fought.draft.roll?.odds).toMatchObject({
      boardersWin: formatFraction(outlook.round!.boardersWin),
      tie: formatFraction(outlook.round!.tie)
    });
    // Where the ships are neither grappled nor entangled the preview refuses as the move does.
    const apart = frigates();
    const refused = boardingRound.preview.odds(apart, aim, O);
    expect(refused.ok ? null : refused.error).toContain('grappled or entangled');
    expect(play(boardingRound, apart, { ...aim, rolls: [rolled(dice, main)] })).toMatchObject({
      ok: false,
      error: refused.ok ? '' : refused.error
    });
  });

  it('a reload: the vessel’s own d12, high good; the card’s chances are the d12 + (Gunner + Crew)', () => {
    // Surprise fires her three starboard guns; she reloads them, one designated for double shot.
    let s = must(fireThrough(frigates(), FRIGATE_FIRES, [12, 12, 12], [])).next;
    s = must(play(designateDoubleShot, s, { shipId: 'a', gunIds: ['starboard-medium-1'] })).next;
    const outlook = must(reload.preview.odds(s, { shipId: 'a' }, O));
    expect(outlook.guns.map((g) => g.id)).toEqual(FRIGATE_FIRES.gunIds);
    // Each chance counted face by face: d12 + mod reaching 7 (a gun loads), 10 (double shot).
    const faces = (target: number) =>
      `${Array.from({ length: 12 }, (_, i) => i + 1).filter((f) => f + outlook.mod >= target).length}/12`;
    const reduce = (f: string) =>
      formatFraction(rational(...(f.split('/').map(Number) as [number, number])));
    expect(outlook.chances.map((c) => [c.label, formatFraction(c.p)])).toEqual([
      ['every gun loads (7+)', reduce(faces(7))],
      ['double shot (10+)', reduce(faces(10))]
    ]);
    expect(formatFraction(outlook.loads)).toBe(reduce(faces(7)));
    const dice = must(reload.preview.dice(s, { shipId: 'a' }, O));
    expect(dice.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Surprise, reload', 'a', true]
    ]);
    const loaded = must(play(reload, s, { shipId: 'a', dice: rolled(dice, [9]) }));
    expect(recorded(loaded)).toEqual(perDie(dice));
    expect(reload.preview.dice(s, { shipId: 'a', battery: 3 }, O)).toMatchObject({
      ok: false,
      error: 'No such battery.'
    });
  });

  it('the damage dice, then the critical and officer dice: the firer’s; the odds are the log’s', () => {
    const fired = must(
      play(cannonFire, frigates(), {
        setup: FRIGATE_FIRES,
        dice: rolled([{ count: 3, sides: 12 } as DiceNeed], [1, 5, 10])
      })
    );
    const s = fired.next;
    const toss = must(damageToss.preview.odds(s, {}, O));
    const dice = must(damageToss.preview.dice(s, {}, O));
    expect(dice.every((d) => d.ship === 'a' && d.sides === 6 && d.group === 'Surprise')).toBe(true);
    expect(dice.reduce((n, d) => n + d.count, 0)).toBe(6);
    expect(dice[0].label).toMatch(/^Surprise on Hermione, .+ damage$/);
    // Nothing extra is asked for before the damage dice are down.
    expect(damageExtra.preview.dice(s, {}, O).ok).toBe(false);
    const tossed = must(play(damageToss, s, { dice: rolled(dice, [1, 1, 3, 4, 5, 6]) }));
    expect(recorded(tossed)).toEqual(perDie(dice));
    expect(tossed.draft.roll?.odds).toEqual({ pCritical: formatFraction(toss.pCritical) });
    // Double ones: the Critical Hits d12, the firer's, on the column the damage dice read.
    const extra = must(damageExtra.preview.odds(tossed.next, {}, O));
    expect([extra.isCritical, extra.column]).toEqual([true, 'low']);
    expect(extra.criticalEffects).toEqual(toss.criticalEffects);
    const more = must(damageExtra.preview.dice(tossed.next, {}, O));
    expect(more.map((d) => [d.count, d.sides, d.label, d.ship])).toEqual([
      [1, 12, 'Hermione, Critical Hits', 'a'],
      ...(extra.officerRolls ? [[extra.officerRolls, 6, 'Hermione, Officer Hits', 'a']] : [])
    ]);
    const done = must(play(damageExtra, tossed.next, { dice: rolled(more, [6, 3, 3, 3]) }));
    expect(recorded(done)).toEqual(perDie(more));
  });

  it('weighing anchor: the ship’s own d12, low good; the turns are d12 − anchor crew, the log’s', () => {
    // Surprise lies at anchor with 4 crew on it: a face of 5 or less raises it in one turn.
    let s = twoShips(exampleFrigate({ crew: 60, marines: 10 }), {
      a: { anchored: true, sail: 0, prevSail: 0 }
    });
    const crew = sheet(s, 'a').assignments;
    s = must(play(saveCrew, s, { shipId: 'a', assignments: { ...crew, anchor: 4 } })).next;
    const turns = must(weighAnchor.preview.odds(s, { shipId: 'a' }, O));
    expect(formatFraction(turns.prob(1))).toBe('5/12');
    expect(formatFraction(turns.prob(8))).toBe('1/12');
    const dice = must(weighAnchor.preview.dice(s, { shipId: 'a' }, O));
    expect(dice.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Surprise, weigh anchor', 'a', false]
    ]);
    const w = must(play(weighAnchor, s, { shipId: 'a', dice: rolled(dice, [9]) }));
    expect(recorded(w)).toEqual(perDie(dice));
    const logged = w.draft.roll?.odds as { turns: number; p: string }[];
    expect(logged).toEqual(
      turns.entries().map((e) => ({ turns: e.value, p: formatFraction(e.p) }))
    );
  });

  it('the tacking roll: the ship’s own d12, then the mast d12 only when the tack fails', () => {
    // Wind from 0°: Surprise beats at 45° and tacks; her first leg leaves her head to wind.
    const s0 = twoShips(exampleFrigate(), {
      both: FIGHTING_SAIL,
      a: { headingDeg: 45, maneuver: 'tack' }
    });
    const s = { ...must(play(moveShip, s0, { shipId: 'a', headingAfter: 45 })).next, turn: 2 };
    const outlook = must(tackRoll.preview.odds(s, { shipId: 'a' }, O));
    // d12 + 0 ≥ 4: 9/12; a failure (3/12) then loses a mast on 1–3 (3/12).
    expect(outlook.outcomes.map((o) => [o.id, formatFraction(o.p)])).toEqual([
      ['success', '3/4'],
      ['aback', '3/16'],
      ['mastLost', '1/16']
    ]);
    expect(outlook.headings).toEqual({ starboard: 315, larboard: 45 });
    const dice = must(tackRoll.preview.dice(s, { shipId: 'a' }, O));
    expect(dice.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Surprise, tack', 'a', true]
    ]);
    expect(must(tackRoll.preview.dice(s, { shipId: 'a', face: 4 }, O))).toEqual([]);
    const mast = must(tackRoll.preview.dice(s, { shipId: 'a', face: 3 }, O));
    expect(mast.map((d) => [d.label, d.ship, d.isHighGood])).toEqual([
      ['Surprise, mast lost?', 'a', true]
    ]);
    const aback = must(
      play(tackRoll, s, {
        shipId: 'a',
        side: 'starboard',
        rolls: [rolled(dice, [3]), rolled(mast, [2])]
      })
    );
    expect(recorded(aback)).toEqual([...perDie(dice), ...perDie(mast)]);
    expect(aback.draft.roll?.odds).toEqual(
      outlook.outcomes.map((o) => ({ label: o.label, p: formatFraction(o.p) }))
    );
  });
});
