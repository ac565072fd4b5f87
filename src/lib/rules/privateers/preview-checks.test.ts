// Issue 31 item 2, continued: the initiative roll, the marksmen and the Phase 6 crew tasks say their
// odds and dice before their roll (`move.preview`), and what they say is what the move then does
// and records: the same dice in the same order, whose they are and which way is good for them (its
// meaning), and the odds the log keeps, checked against the odds functions worked apart. Battles
// built through the real moves (the moves fixture) over EXAMPLE frigates.
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import type { DiceGroup } from '../../engine/meaning';
import type { DiceNeed } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction, ONE, rational, sub } from '../../engine/rational';
import {
  damageControl,
  fightFire,
  juryRig,
  marksmen,
  pumping,
  rollInitiative,
  saveCrew,
  setHeading
} from './moves';
import { cannonFirePreview } from './fire-plan';
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
import { initiativeOdds } from './odds';
import { DEFAULT_OPTIONS as O } from './options';
import type { Sheet } from './sheet';

/** A face for every die the preview asks for, in its order. */
function rolled(needs: readonly DiceNeed[], faces: readonly number[]): DiceRoll {
  const dice = needs.flatMap((n) => Array.from({ length: n.count }, () => n.sides));
  return { source: 'entered', dice: dice.map((sides, i) => ({ sides, face: faces[i] ?? 1 })) };
}

/** Whose dice and which way, die by die (the meaning joins runs of one owner). */
const perDie = (groups: readonly Pick<DiceGroup, 'count' | 'ship' | 'isHighGood'>[]) =>
  groups.flatMap((g) =>
    Array.from({ length: g.count }, () => ({ ship: g.ship, isHighGood: g.isHighGood }))
  );

const recorded = (p: Played) => perDie(p.draft.meaning?.dice ?? []);

/** Surprise: Master 2 + crew 1 = +3 to her initiative; Hermione +0. */
const rated = (): BattleState =>
  twoShips(exampleFrigate(), {
    a: {
      crewRating: 1,
      officers: {
        captain: { rating: 0, present: true },
        firstLt: { rating: 0, present: true },
        master: { rating: 2, present: true },
        gunner: { rating: 0, present: true }
      }
    }
  });

describe('the initiative roll says its odds and dice before its roll (C.4.4)', () => {
  it('each ship’s own die, high good, a tie’s re-roll after it; the odds are the pairwise figures', () => {
    const s = rated();
    const aim = { shipIds: ['a', 'b'] };
    const outlook = must(rollInitiative.preview.odds(s, aim, O));
    expect(outlook.ships.map((x) => [x.id, x.name, x.mod])).toEqual([
      ['a', 'Surprise', 3],
      ['b', 'Hermione', 0]
    ]);
    // Two ships: P(Surprise first) is the pairwise chance (ties re-rolled), worked out apart.
    const pairwise = must(initiativeOdds(3, 0, O));
    const [a, b] = outlook.places ?? [];
    expect(formatFraction(a.first)).toBe(formatFraction(pairwise));
    expect(formatFraction(b.first)).toBe(formatFraction(sub(ONE, pairwise)));
    expect(formatFraction(a.last)).toBe(formatFraction(b.first));

    const first = must(rollInitiative.preview.dice(s, aim, O));
    expect(first.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Surprise, initiative', 'a', true],
      [1, 12, 'Hermione, initiative', 'b', true]
    ]);
    // 4 + 3 = 7 against 7 + 0: a tie, re-rolled by both ships; then the order is set.
    const tie = must(rollInitiative.preview.dice(s, { ...aim, rounds: [[4, 7]] }, O));
    expect(tie.map((d) => [d.label, d.ship, d.isHighGood])).toEqual([
      ['Surprise, initiative', 'a', true],
      ['Hermione, initiative', 'b', true]
    ]);
    const done = rollInitiative.preview.dice(
      s,
      {
        ...aim,
        rounds: [
          [4, 7],
          [3, 11]
        ]
      },
      O
    );
    expect(must(done)).toEqual([]);
    const r = must(
      play(rollInitiative, s, { ...aim, rolls: [rolled(first, [4, 7]), rolled(tie, [3, 11])] })
    );
    expect(recorded(r)).toEqual([...perDie(first), ...perDie(tie)]);
    expect(r.draft.roll?.odds).toEqual(
      outlook.places?.map((o) => ({
        id: o.id,
        first: formatFraction(o.first),
        last: formatFraction(o.last)
      }))
    );
    // Under 'higherModifier' the higher modifier takes the tie: no re-roll is asked for.
    const higher = { ...O, initiativeTies: 'higherModifier' as const };
    expect(must(rollInitiative.preview.dice(s, { ...aim, rounds: [[4, 7]] }, higher))).toEqual([]);
  });
});

describe('the marksmen say their odds and dice before their roll (C.4.12)', () => {
  /** Surprise with two marines and one crewman as marksmen (Phase 2), within short range. */
  function marksmenAboard(): BattleState {
    const s = twoShips(exampleFrigate({ crew: 60, marines: 10 }), { phase: 3 });
    const crew = sheet(s, 'a').assignments;
    return must(
      play(saveCrew, s, {
        shipId: 'a',
        assignments: { ...crew, marksmen: { crew: 1, marines: 2 } }
      })
    ).next;
  }
  const aim = { firerId: 'a', targetId: 'b', range: 10 };

  it('the casualties and an officer hit agree with every d12 and d6 counted', () => {
    const outlook = must(marksmen.preview.odds(marksmenAboard(), aim, O));
    expect(outlook.kinds).toEqual(['marine', 'marine', 'crew']);
    // Each marksman: a d12 at or under 4 (a marine) or 3 (crew) hits, then a d6: 1–5 a crewman,
    // 6 an officer. Every face of the three marksmen counted.
    const faces = (upTo: number) =>
      Array.from({ length: 72 }, (_, i) => {
        const [h, d] = [Math.floor(i / 6) + 1, (i % 6) + 1];
        return h > upTo ? 'miss' : d < 6 ? 'crew' : 'officer';
      });
    const crew = new Map<number, number>();
    let officer = 0;
    for (const x of faces(4))
      for (const y of faces(4))
        for (const z of faces(3)) {
          const shots = [x, y, z];
          const n = shots.filter((r) => r === 'crew').length;
          crew.set(n, (crew.get(n) ?? 0) + 1);
          if (shots.includes('officer')) officer++;
        }
    const total = 72 ** 3;
    for (const [n, count] of crew)
      expect(formatFraction(outlook.crew.prob(n))).toBe(formatFraction(rational(count, total)));
    expect(formatFraction(outlook.anyOfficer)).toBe(formatFraction(rational(officer, total)));
  });

  it('a hit d12 a marksman (low good), a d6 a hit, an Officer Hits d6 a 6: all the firer’s', () => {
    const s = marksmenAboard();
    const outlook = must(marksmen.preview.odds(s, aim, O));
    const hits = must(marksmen.preview.dice(s, aim, O));
    expect(hits.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Surprise, marine marksman 1, hit', 'a', false],
      [1, 12, 'Surprise, marine marksman 2, hit', 'a', false],
      [1, 12, 'Surprise, crew marksman 3, hit', 'a', false]
    ]);
    // Marine 4 hits, marine 5 misses, crew 3 hits: two damage d6s.
    const damage = must(marksmen.preview.dice(s, { ...aim, hits: [4, 5, 3] }, O));
    expect(damage.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [2, 6, 'Surprise, marksman damage on Hermione', 'a', true]
    ]);
    // A 6 hits an officer: one Officer Hits d6; then nothing more.
    const officers = must(marksmen.preview.dice(s, { ...aim, hits: [4, 5, 3], damage: [2, 6] }, O));
    expect(officers.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 6, 'Hermione, Officer Hits', 'a', true]
    ]);
    expect(must(marksmen.preview.dice(s, { ...aim, hits: [4, 5, 3], damage: [2, 3] }, O))).toEqual(
      []
    );
    const r = must(
      play(marksmen, s, {
        ...aim,
        rolls: [rolled(hits, [4, 5, 3]), rolled(damage, [2, 6]), rolled(officers, [1])]
      })
    );
    expect(recorded(r)).toEqual([...perDie(hits), ...perDie(damage), ...perDie(officers)]);
    expect(r.draft.roll?.odds).toEqual({
      crew: outlook.crew.entries().map((e) => ({ value: e.value, p: formatFraction(e.p) })),
      anyOfficer: formatFraction(outlook.anyOfficer)
    });
  });

  it('out of short range, the preview refuses with the move’s own words', () => {
    const s = marksmenAboard();
    const far = { ...aim, range: 13 };
    const refused = marksmen.preview.odds(s, far, O);
    expect(refused.ok ? '' : refused.error).toContain('may only fire within short range');
    const hits = must(marksmen.preview.dice(s, aim, O));
    expect(play(marksmen, s, { ...far, rolls: [rolled(hits, [12, 12, 12])] })).toEqual(refused);
  });
});

describe('the Phase 6 crew tasks say their odds and dice before their roll (C.4.16)', () => {
  const frigates = (b: Partial<Sheet> = {}): BattleState =>
    twoShips(exampleFrigate({ crew: 60, marines: 10 }), { phase: 3, b });
  /** Hermione's crew on one task, through the real crew move. */
  function crewed(
    s: BattleState,
    task: 'fireFighters' | 'pumps' | 'damageControl' | 'juryRig',
    n: number
  ) {
    const crew = sheet(s, 'b').assignments;
    return must(play(saveCrew, s, { shipId: 'b', assignments: { ...crew, [task]: n } })).next;
  }
  /** P(d12 + bonus ≥ target), counted face by face. */
  const faces = (bonus: number, target: number) =>
    formatFraction(
      rational(
        Array.from({ length: 12 }, (_, i) => i + 1).filter((f) => f + bonus >= target).length,
        12
      )
    );
  const aim = { shipId: 'b' };

  it('a fire: no dice on the ignition turn; then the ship’s own d12, high good, d12 + crew ≥ 8', () => {
    // Surprise's broadside sets Hermione on fire (critical 6) on turn 1.
    const lit = must(
      fireThrough(frigates(), FRIGATE_FIRES, [1, 5, 10], [1, 1, 3, 4, 5, 6], { criticalFace: 6 })
    ).next;
    const ignition = must(fightFire.preview.odds(lit, aim, O));
    expect(ignition).toEqual({ attempt: null, crew: 0, target: null, out: null });
    expect(must(fightFire.preview.dice(lit, aim, O))).toEqual([]);
    // Next turn, three fire fighters: attempt 1, d12 + 3 ≥ 8.
    const s = crewed({ ...lit, turn: 2 }, 'fireFighters', 3);
    const outlook = must(fightFire.preview.odds(s, aim, O));
    expect([outlook.attempt, outlook.crew, outlook.target]).toEqual([1, 3, 8]);
    expect(formatFraction(outlook.out ?? ONE)).toBe(faces(3, 8));
    const dice = must(fightFire.preview.dice(s, aim, O));
    expect(dice.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Hermione, fire fighting', 'b', true]
    ]);
    const fought = must(play(fightFire, s, { ...aim, dice: rolled(dice, [4]) }));
    expect(recorded(fought)).toEqual(perDie(dice));
    expect(fought.draft.roll?.odds).toEqual({ out: faces(3, 8) });
    // Done once a turn: the preview refuses as the move does, and the panel shows no card.
    expect(fightFire.preview.odds(fought.next, aim, O)).toEqual(
      play(fightFire, fought.next, { ...aim, dice: rolled(dice, [4]) })
    );
  });

  it('the pumps: no dice; the hull lost with the crew on them is the move’s', () => {
    const s = frigates({ waterline: true, pumpsNeededSince: 1 });
    const outlook = must(pumping.preview.odds({ ...s, turn: 2 }, aim, O));
    expect(outlook).toEqual({ crew: 0, damage: 5, unpumped: 5, isNewNeed: false });
    expect(must(pumping.preview.dice(s, aim, O))).toEqual([]);
    const pumped = must(pumping.preview.odds(crewed({ ...s, turn: 2 }, 'pumps', 2), aim, O));
    expect([pumped.crew, pumped.damage]).toEqual([2, 0]);
    const unpumped = must(play(pumping, { ...s, turn: 2 }, aim));
    expect(unpumped.draft.roll?.outcome).toMatchObject({ damage: outlook.damage });
    expect(recorded(unpumped)).toEqual([]);
  });

  it('damage control and jury rigging: d12 + crew against 10 and 12, the ship’s own d12', () => {
    const hurt = frigates({ wreckage: 1, mastsLost: 1 });
    for (const [move, task, target, n] of [
      [damageControl, 'damageControl', 10, 2],
      [juryRig, 'juryRig', 12, 3]
    ] as const) {
      // No crew on it: the card shows, the roll is refused with the move's words.
      const idle = must(move.preview.odds(hurt, aim, O));
      expect(idle.crew).toBe(0);
      const noDice = move.preview.dice(hurt, aim, O);
      expect(noDice.ok ? '' : noDice.error).toContain('needs crew assigned to it in Phase 2');
      expect(
        play(move, hurt, { ...aim, dice: rolled([{ count: 1, sides: 12 } as DiceNeed], [9]) })
      ).toEqual(noDice);
      const s = crewed(hurt, task, n);
      const outlook = must(move.preview.odds(s, aim, O));
      expect([outlook.crew, outlook.bonus, outlook.target]).toEqual([n, n, target]);
      expect(formatFraction(outlook.success)).toBe(faces(n, target));
      const dice = must(move.preview.dice(s, aim, O));
      expect(dice.map((d) => [d.count, d.sides, d.ship, d.isHighGood])).toEqual([
        [1, 12, 'b', true]
      ]);
      const done = must(play(move, s, { ...aim, dice: rolled(dice, [9]) }));
      expect(recorded(done)).toEqual(perDie(dice));
      expect(done.draft.roll?.odds).toEqual({ success: faces(n, target) });
    }
    // Unmodified checks (C.5 #5 reading): the crew adds nothing.
    const plain = { ...O, crewModifiedChecks: 'unmodified' as const };
    const s = crewed(hurt, 'damageControl', 2);
    expect(formatFraction(must(damageControl.preview.odds(s, aim, plain)).success)).toBe(
      faces(0, 10)
    );
  });
});

// Issue 39: the broadside's odds keep their identity while the fire is the same, so the odds fold
// and its charts are not drawn again after an event that left the fire as it was.
describe('the cannon fire preview keeps its odds while the fire is the same', () => {
  it('the same fire after another event gives the same odds; another fire its own', () => {
    const s = twoShips(exampleFrigate({ crew: 60, marines: 10 }), { phase: 3 });
    const before = must(cannonFirePreview.odds(s, FRIGATE_FIRES, O));
    const turned = must(play(setHeading, s, { shipId: 'a', headingDeg: 90 })).next;
    expect(turned.ships.a).not.toBe(s.ships.a);
    const after = must(cannonFirePreview.odds(turned, FRIGATE_FIRES, O));
    expect(after.plan).not.toBe(before.plan);
    expect(after.odds).toBe(before.odds);
    const high = must(cannonFirePreview.odds(turned, { ...FRIGATE_FIRES, aim: 'high' }, O));
    expect(high.odds).not.toBe(before.odds);
  });
});
