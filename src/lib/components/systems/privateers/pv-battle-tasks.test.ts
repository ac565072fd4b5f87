import { describe, expect, it } from 'vitest';
import { createAction } from '$lib/battle/actions';
import { invertOps } from '$lib/battle/diff';
import { applyOps } from '$lib/battle/fold';
import type { BattleState, Json } from '$lib/battle/events';
import { formatFraction, rational } from '$lib/rules/core/rational';
import { DEFAULT_OPTIONS } from '$lib/rules/privateers/options';
import { moraleChecksRemaining } from '$lib/rules/privateers/resolve-morale';
import type { Sheet, ShipClass } from '$lib/rules/privateers/sheet';
import { sheetOf, shipFromClass, systemOf } from './pv-battle';
import {
  boardingPool,
  boardingRoundAction,
  captureAction,
  capturesDue,
  countDone,
  damageControlAction,
  fightingShips,
  fireAction,
  grappleAction,
  juryRigAction,
  marksmenAction,
  marksmenNeeds,
  marksmenVolleyOdds,
  notYetDone,
  pumpingAction,
  sinkingAction,
  type BoardingInput
} from './pv-battle-tasks';

// EXAMPLE class values (user data; the text has no ship charts).
const SLOOP: ShipClass = {
  id: 'sloop',
  className: 'Example sloop',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: false,
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  hullPoints: 40,
  riggingPoints: 30,
  crew: 20,
  marines: 4,
  boats: 1,
  guns: []
};

function battle(edit: (a: Sheet, b: Sheet) => void = () => {}): BattleState {
  const a = shipFromClass(SLOOP, { id: 'a', name: 'Surprise', side: 'GB', player: '', order: 0 });
  const b = shipFromClass(SLOOP, { id: 'b', name: 'Hermione', side: 'ES', player: '', order: 1 });
  edit(a.sheet as Sheet, b.sheet as Sheet);
  return { turn: 3, phase: 5, ships: { a, b }, system: null };
}

function log(state: BattleState, id: string): Sheet {
  const s = sheetOf(state.ships[id]);
  if (!s) throw new Error('bad log');
  return s;
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** One event's ops applied and inverted: undo restores the state exactly. */
function roundTrip(before: BattleState, next: BattleState): void {
  const ev = createAction(before, { kind: 'pv.test', summary: 't', next });
  const root = before as unknown as Json;
  const after = applyOps(root, ev.ops);
  expect(after).toEqual(next as unknown as Json);
  expect(applyOps(after, invertOps(ev.ops))).toEqual(root);
}

describe('marksmen (C.4.12)', () => {
  const state = battle((a) => {
    a.assignments.marksmen = { crew: 1, marines: 2 };
  });
  it('marines shoot first and hit on 1–4, crew on 1–3; 6 on the d6 rolls for an officer', () => {
    // marine 4 (hit), marine 5 (miss), crew 3 (hit)
    expect(marksmenNeeds(['marine', 'marine', 'crew'], [4, 5, 3])).toEqual({
      damage: 2,
      officer: 0
    });
    expect(marksmenNeeds(['marine', 'marine', 'crew'], [4, 5, 3], [2, 6])).toEqual({
      damage: 2,
      officer: 1
    });
    const r = must(
      marksmenAction(state, {
        firerId: 'a',
        targetId: 'b',
        range: 10,
        hitFaces: [4, 5, 3],
        damageFaces: [2, 6],
        officerFaces: [1]
      })
    );
    const b = log(r.next, 'b');
    expect(b.crew.current).toBe(19);
    expect(b.officers.captain.present).toBe(false);
    expect(b.turnEvents.commanderHit).toBe(true);
    expect(r.summary).toBe(
      "Surprise's marksmen fire at Hermione: 2 of 3 hit, 1 crew casualty, officer hit: Captain"
    );
    roundTrip(state, r.next);
  });
  it('refuses beyond short range and wrong dice counts', () => {
    const base = { firerId: 'a', targetId: 'b', damageFaces: [], officerFaces: [] };
    expect(marksmenAction(state, { ...base, range: 13, hitFaces: [12, 12, 12] }).ok).toBe(false);
    expect(marksmenAction(state, { ...base, range: 5, hitFaces: [12, 12] }).ok).toBe(false);
    expect(marksmenAction(state, { ...base, range: 5, hitFaces: [1, 12, 12] }).ok).toBe(false);
  });
});

describe('grappling (C.4.14)', () => {
  it('each 8+ holds a grapple on both ships; cutters remove at the same chance', () => {
    const s0 = battle();
    const r = must(
      grappleAction(s0, {
        shipId: 'a',
        otherId: 'b',
        isHullToHull: true,
        throwFaces: [8, 7, 12],
        cutFaces: []
      })
    );
    expect([log(r.next, 'a').grapples, log(r.next, 'b').grapples]).toEqual([2, 2]);
    expect(r.summary).toBe('Surprise grapples Hermione: 2 of 3 grapples hold (8+); 2 grapples now');
    const c = must(
      grappleAction(r.next, {
        shipId: 'b',
        otherId: 'a',
        isHullToHull: true,
        throwFaces: [],
        cutFaces: [9, 1]
      })
    );
    expect([log(c.next, 'a').grapples, log(c.next, 'b').grapples]).toEqual([1, 1]);
    roundTrip(r.next, c.next);
  });
  it('needs the ships hull to hull, collided (entangled) or already grappled', () => {
    const input = { shipId: 'a', otherId: 'b', isHullToHull: false, throwFaces: [8], cutFaces: [] };
    expect(grappleAction(battle(), input).ok).toBe(false);
    const entangled = battle((a) => {
      a.entangledWith = ['b'];
    });
    expect(grappleAction(entangled, input).ok).toBe(true);
  });
});

describe('boarding round (C.4.15)', () => {
  const grappled = () =>
    battle((a, b) => {
      a.grapples = 1;
      b.grapples = 1;
    });
  const input = (faces: Partial<BoardingInput['faces']>): BoardingInput => ({
    attackerId: 'a',
    defenderId: 'b',
    attacker: { crew: 3, officers: ['firstLt'], marines: 0 },
    defender: { crew: 2, officers: ['captain'], marines: 1 },
    isHullToHull: false,
    faces: { attacker: [], defender: [], attackerOfficers: [], defenderOfficers: [], ...faces }
  });
  it('the boarders win: losses on both logs, the officer roll, trigger #7, the action recorded', () => {
    const s0 = grappled();
    // boarders 5 dice: two 1s; defenders 2 + 2 + 3 = 7 dice: one 1 → the boarders' 1st Lt. rolls
    const r = must(
      boardingRoundAction(
        s0,
        input({
          attacker: [1, 1, 4, 5, 6],
          defender: [1, 3, 4, 5, 6, 6, 6],
          attackerOfficers: [3],
          defenderOfficers: [1]
        })
      )
    );
    const a = log(r.next, 'a');
    const b = log(r.next, 'b');
    expect(a.crew.current).toBe(19);
    expect(a.officers.firstLt.present).toBe(true);
    expect(b.officers.captain.present).toBe(false);
    expect(b.crew.current).toBe(19);
    expect(b.turnEvents.boardingLost).toBe(true);
    expect(moraleChecksRemaining(b, 0)).toBe(1);
    expect(systemOf(r.next).boardings).toEqual([
      { attackerId: 'a', defenderId: 'b', startedTurn: 3, rounds: 1 }
    ]);
    expect(r.summary).toBe(
      'Surprise boards Hermione: 5 v 7 dice, 2 v 1 hits; Surprise loses 1 crew, Hermione loses 1 crew, Captain; the boarders win; Hermione checks morale in Phase 6 (Strike = captured)'
    );
    roundTrip(s0, r.next);
  });
  it('the defenders win: the boarders must retreat and the action ends', () => {
    const s0 = grappled();
    const first = must(
      boardingRoundAction(s0, input({ attacker: [2, 2, 2, 2, 2], defender: [2, 2, 2, 2, 2, 2, 2] }))
    );
    expect(systemOf(first.next).boardings).toHaveLength(1);
    const r = must(
      boardingRoundAction(
        first.next,
        input({
          attacker: [2, 2, 2, 2, 2],
          defender: [1, 2, 2, 2, 2, 2, 2],
          attackerOfficers: [4]
        })
      )
    );
    expect(r.outcome.winner).toBe('defender');
    expect(systemOf(r.next).boardings).toEqual([]);
    expect(log(r.next, 'b').turnEvents.boardingLost).toBe(false);
  });
  it('refuses ungrappled ships, more men than are free, and missing officer dice', () => {
    expect(
      boardingRoundAction(battle(), input({ attacker: [2, 2, 2, 2, 2], defender: [2] })).ok
    ).toBe(false);
    const busy = battle((a, b) => {
      a.grapples = 1;
      b.grapples = 1;
      a.assignments.sailing = 18;
    });
    expect(boardingPool(log(busy, 'a')).crew).toBe(2);
    const r = boardingRoundAction(
      busy,
      input({ attacker: [2, 2, 2, 2, 2], defender: [2, 2, 2, 2, 2, 2, 2] })
    );
    expect(r.ok ? '' : r.error).toBe('Surprise has 2 unassigned crew.');
    const noOfficerDie = boardingRoundAction(
      grappled(),
      input({ attacker: [1, 2, 2, 2, 2], defender: [2, 2, 2, 2, 2, 2, 2] })
    );
    expect(noOfficerDie.ok).toBe(false);
  });
  it('a defender with nobody left aboard is taken', () => {
    const s0 = battle((a, b) => {
      a.grapples = 1;
      b.grapples = 1;
      b.crew.current = 1;
      b.marines.current = 0;
    });
    const r = must(
      boardingRoundAction(s0, {
        ...input({ attacker: [1, 2, 2, 2, 2], defender: [3] }),
        defender: { crew: 1, officers: [], marines: 0 }
      })
    );
    expect(log(r.next, 'b').struck).toBe(true);
    expect(systemOf(r.next).boardings).toEqual([]);
  });
});

describe('Phase 6 tasks (C.4.16, C.4.18)', () => {
  it('fire: the ignition turn does 5 hull and no attempt; then 4 crew put it out on a 4 (8+)', () => {
    const s0 = battle((_, b) => {
      b.onFire = { burning: true, attempt: 0, ignitedOnTurn: 3 };
    });
    const ign = must(fireAction(s0, { shipId: 'b', crew: 4, face: null }));
    expect(ign.kind).toBe('ignitionDamage');
    expect(log(ign.next, 'b').hull.damage).toBe(5);
    const nextTurn = { ...ign.next, turn: 4 };
    const miss = must(fireAction(nextTurn, { shipId: 'b', crew: 4, face: 3 }));
    expect(log(miss.next, 'b').hull.damage).toBe(10);
    expect(log(miss.next, 'b').onFire.attempt).toBe(1);
    expect(miss.summary).toBe(
      'Hermione fights the fire (attempt 1): 3 + 4 crew = 7, needs 8; not out, 5 hull'
    );
    const out = must(fireAction(nextTurn, { shipId: 'b', crew: 4, face: 4 }));
    expect(log(out.next, 'b').onFire.burning).toBe(false);
    expect(log(out.next, 'b').hull.damage).toBe(5);
    roundTrip(nextTurn, out.next);
  });
  it('fire: a third failed attempt burns the ship up; then it is removed', () => {
    const s0 = battle((_, b) => {
      b.onFire = { burning: true, attempt: 2, ignitedOnTurn: 1 };
    });
    const r = must(fireAction(s0, { shipId: 'b', crew: 0, face: 11 }));
    expect(log(r.next, 'b').burnedUp).toBe(true);
    const gone = must(sinkingAction(r.next, 'b'));
    expect(log(gone.next, 'b').sunk).toBe(true);
    expect(gone.summary).toBe('Hermione burns up and is removed');
  });
  it('pumping: under 2 crew on the pumps costs 5 hull once the need has lasted a turn', () => {
    const s0 = battle((_, b) => {
      b.waterline = true;
      b.pumpsNeededSince = 2;
    });
    const dry = must(pumpingAction(s0, { shipId: 'b', crew: 2 }));
    expect(dry.damage).toBe(0);
    const wet = must(pumpingAction(s0, { shipId: 'b', crew: 1 }));
    expect(log(wet.next, 'b').hull.damage).toBe(5);
    expect(wet.summary).toBe('Hermione un-pumped (1 crew on the pumps, water line damage): 5 hull');
    const fresh = battle((_, b) => {
      b.waterline = true;
    });
    expect(must(pumpingAction(fresh, { shipId: 'b', crew: 0 })).damage).toBe(0);
    expect(pumpingAction(battle(), { shipId: 'b', crew: 0 }).ok).toBe(false);
  });
  it('damage control clears wreckage on 10+ with the crew; jury rigging needs 12+', () => {
    const s0 = battle((_, b) => {
      b.wreckage = 2;
      b.mastsLost = 1;
    });
    const dc = must(damageControlAction(s0, { shipId: 'b', crew: 3, face: 7 }));
    expect(log(dc.next, 'b').wreckage).toBe(1);
    expect(must(damageControlAction(s0, { shipId: 'b', crew: 3, face: 6 })).success).toBe(false);
    const unmod = { ...DEFAULT_OPTIONS, crewModifiedChecks: 'unmodified' as const };
    expect(must(damageControlAction(s0, { shipId: 'b', crew: 3, face: 7 }, unmod)).success).toBe(
      false
    );
    const jr = must(juryRigAction(s0, { shipId: 'b', crew: 2, face: 10 }));
    expect(log(jr.next, 'b').mastsJuryRigged).toBe(1);
    expect(must(juryRigAction(s0, { shipId: 'b', crew: 2, face: 9 })).success).toBe(false);
  });
  it('sinking: a ship whose hull is expended sinks; others cannot', () => {
    const s0 = battle((_, b) => {
      b.hull.damage = 40;
      b.sinking = true;
    });
    expect(must(sinkingAction(s0, 'b')).summary).toBe('Hermione sinks (hull 40/40)');
    expect(sinkingAction(s0, 'a').ok).toBe(false);
  });
});

describe('one morale check per ship, or one per trigger (C.5 #35)', () => {
  it('counts the checks done this turn from the log', () => {
    const ev = (shipId: string, turn: number) => ({
      kind: 'pv.morale',
      roll: {
        procedure: 'm',
        inputs: { shipId, turn },
        dice: { source: 'app' as const, dice: [] },
        outcome: null
      }
    });
    const done = [ev('b', 3), ev('b', 2), ev('a', 3)];
    expect(countDone(done, 'pv.morale', 'b', 3)).toBe(1);
    const b = log(
      battle((_, s) => {
        s.onFire = { burning: true, attempt: 0, ignitedOnTurn: 3 };
        s.turnEvents.commanderHit = true;
      }),
      'b'
    );
    expect(moraleChecksRemaining(b, 0)).toBe(1);
    expect(moraleChecksRemaining(b, 1)).toBe(0);
    const perTrigger = { ...DEFAULT_OPTIONS, moraleChecksPerTurn: 'onePerTrigger' as const };
    expect(moraleChecksRemaining(b, 1, perTrigger)).toBe(1);
    expect(moraleChecksRemaining(b, 2, perTrigger)).toBe(0);
    expect(moraleChecksRemaining({ ...b, struck: true }, 0, perTrigger)).toBe(0);
  });
});

describe('marksmen odds (C.7.5)', () => {
  it('agree with brute force over every d12 and d6 of two marksmen', () => {
    const o = marksmenVolleyOdds(['marine', 'crew']);
    // enumerate d12 × d6 × d6(officer) per marksman
    const tally = new Map<number, number>();
    let officer = 0;
    let total = 0;
    const outcomes = (upTo: number) => {
      const out: { crew: number; officer: number }[] = [];
      for (let h = 1; h <= 12; h++)
        for (let d = 1; d <= 6; d++)
          out.push(
            h > upTo
              ? { crew: 0, officer: 0 }
              : d < 6
                ? { crew: 1, officer: 0 }
                : { crew: 0, officer: 1 }
          );
      return out;
    };
    for (const m of outcomes(4))
      for (const c of outcomes(3)) {
        total++;
        tally.set(m.crew + c.crew, (tally.get(m.crew + c.crew) ?? 0) + 1);
        if (m.officer + c.officer > 0) officer++;
      }
    for (const [k, n] of tally)
      expect(formatFraction(o.crew.prob(k))).toBe(formatFraction(rational(n, total)));
    expect(formatFraction(o.anyOfficer)).toBe(formatFraction(rational(officer, total)));
    expect(formatFraction(o.anyOfficer)).toBe('41/432');
  });
});

describe('captures (C.4.17 step 4)', () => {
  it('a boarded defender that struck is captured and the boarding action ends', () => {
    const s0 = battle((a, b) => {
      a.grapples = 1;
      b.grapples = 1;
    });
    const round = must(
      boardingRoundAction(s0, {
        attackerId: 'a',
        defenderId: 'b',
        attacker: { crew: 2, officers: [], marines: 0 },
        defender: { crew: 1, officers: [], marines: 0 },
        isHullToHull: false,
        faces: { attacker: [1, 2], defender: [3], attackerOfficers: [], defenderOfficers: [] }
      })
    );
    expect(capturesDue(round.next)).toEqual([]);
    expect(captureAction(round.next, 'a', 'b').ok).toBe(false);
    const struck = {
      ...round.next,
      ships: {
        ...round.next.ships,
        b: { ...round.next.ships.b, sheet: { ...log(round.next, 'b'), struck: true } }
      }
    };
    expect(capturesDue(struck)).toEqual([
      { attackerId: 'a', defenderId: 'b', startedTurn: 3, rounds: 1 }
    ]);
    const c = must(captureAction(struck, 'a', 'b'));
    expect(systemOf(c.next).boardings).toEqual([]);
    expect(c.summary).toBe('Hermione strikes her colours to the boarders: captured by Surprise');
  });
});

describe('who may still act this turn (the panels’ ship lists)', () => {
  it('leaves out struck, sunk and unreadable logs, then the ships that already acted', () => {
    const s = battle((_, b) => {
      b.struck = true;
    });
    const c = { ...s.ships.a, id: 'c', sheet: { ...log(s, 'a'), name: 'Lively', sunk: true } };
    const d = { ...s.ships.a, id: 'd', sheet: { not: 'a log' } };
    const ships = [s.ships.a, s.ships.b, c, d];
    expect(fightingShips(ships).map((x) => x.id)).toEqual(['a']);
    const done = [
      {
        kind: 'pv.grappling',
        roll: {
          procedure: 'g',
          inputs: { shipId: 'a', turn: 3 },
          dice: { source: 'app' as const, dice: [] },
          outcome: null
        }
      }
    ];
    const a2 = { ...s.ships.a, id: 'a2' };
    expect(notYetDone([s.ships.a, a2], done, 'pv.grappling', 3).map((x) => x.id)).toEqual(['a2']);
    expect(notYetDone([s.ships.a], done, 'pv.grappling', 4)).toHaveLength(1);
    expect(notYetDone([s.ships.a], done, 'pv.boarding', 3)).toHaveLength(1);
  });
});
