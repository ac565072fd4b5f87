import { describe, expect, it } from 'vitest';
import { createAction } from '../../battle/actions';
import { invertOps } from '../../battle/diff';
import { applyOps } from '../../battle/fold';
import type { BattleShip, BattleState, Json } from '../../engine/events';
import { formatFraction, rational } from '../../engine/rational';
import { ok } from '../../engine/result';
import {
  boardingPool,
  boardingRound,
  capture,
  capturesDue,
  damageControl,
  fightFire,
  fightingShips,
  grapple,
  juryRig,
  marksmen,
  marksmenNeeds,
  marksmenVolleyOdds,
  pumping,
  sinking,
  systemOf,
  type BoardingInput as BoardingMoveInput
} from './moves';
import { d6, EXAMPLE_SLOOP, must, play, roll, sheet, twoShips, type Played } from './moves.fixture';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { moraleChecksRemaining } from './morale-reads';
import type { Sheet } from './sheet';

function battle(edit: (a: Sheet, b: Sheet) => void = () => {}): BattleState {
  const state = twoShips(EXAMPLE_SLOOP, { turn: 3, phase: 5 });
  edit(state.ships.a.sheet as Sheet, state.ships.b.sheet as Sheet);
  return state;
}

const log = sheet;

/** One event's ops applied and inverted: undo restores the state exactly. */
function roundTrip(before: BattleState, next: BattleState): void {
  const ev = createAction(before, { kind: 'pv.test', summary: 't', next });
  const root = before as unknown as Json;
  const after = applyOps(root, ev.ops);
  expect(after).toEqual(next as unknown as Json);
  expect(applyOps(after, invertOps(ev.ops))).toEqual(root);
}

// The moves as the tests call them. Phase 5–6 crews come from the Phase 2 assignments, so the
// crew a test names is assigned first (as the referee does in Phase 2).
type O = Partial<PvOptions>;
type CrewField = 'fireFighters' | 'pumps' | 'damageControl' | 'juryRig';
function assign(s: BattleState, shipId: string, patch: Partial<Sheet['assignments']>): BattleState {
  const sh = log(s, shipId);
  return {
    ...s,
    ships: {
      ...s.ships,
      [shipId]: {
        ...s.ships[shipId],
        sheet: { ...sh, assignments: { ...sh.assignments, ...patch } }
      }
    }
  };
}
const withCrew = (s: BattleState, shipId: string, field: CrewField, crew: number) =>
  assign(s, shipId, { [field]: crew });
const outcomeOf = (p: Played) => (p.draft.roll?.outcome ?? {}) as Record<string, unknown>;
const marksmenAction = (
  s: BattleState,
  i: {
    firerId: string;
    targetId: string;
    range: number;
    hitFaces: number[];
    damageFaces: number[];
    officerFaces: number[];
  }
) =>
  play(marksmen, s, {
    firerId: i.firerId,
    targetId: i.targetId,
    range: i.range,
    rolls: [roll(i.hitFaces), d6(i.damageFaces), d6(i.officerFaces)]
  });
const grappleAction = (
  s: BattleState,
  i: {
    shipId: string;
    otherId: string;
    isHullToHull: boolean;
    throwFaces: number[];
    cutFaces: number[];
  }
) =>
  play(
    grapple,
    assign(s, i.shipId, { grapplers: i.throwFaces.length, grappleCutters: i.cutFaces.length }),
    {
      shipId: i.shipId,
      otherId: i.otherId,
      isHullToHull: i.isHullToHull,
      dice: roll([...i.throwFaces, ...i.cutFaces])
    }
  );
interface BoardingFaces {
  attacker: number[];
  defender: number[];
  attackerOfficers: number[];
  defenderOfficers: number[];
}
type BoardingInput = Omit<BoardingMoveInput, 'rolls'> & { faces: BoardingFaces };
const boardingRoundAction = (s: BattleState, i: BoardingInput) => {
  const { faces, ...rest } = i;
  const r = play(boardingRound, s, {
    ...rest,
    rolls: [
      d6([...faces.attacker, ...faces.defender]),
      d6([...faces.attackerOfficers, ...faces.defenderOfficers])
    ]
  });
  return r.ok ? ok({ ...r.value, outcome: outcomeOf(r.value) as { winner: string } }) : r;
};
const fireAction = (
  s: BattleState,
  i: { shipId: string; crew: number; face: number | null },
  o: O = {}
) => {
  const r = play(
    fightFire,
    withCrew(s, i.shipId, 'fireFighters', i.crew),
    { shipId: i.shipId, dice: i.face === null ? null : roll([i.face]) },
    o
  );
  return r.ok ? ok({ ...r.value, kind: outcomeOf(r.value).kind as string }) : r;
};
const pumpingAction = (s: BattleState, i: { shipId: string; crew: number }, o: O = {}) => {
  const r = play(pumping, withCrew(s, i.shipId, 'pumps', i.crew), { shipId: i.shipId }, o);
  return r.ok ? ok({ ...r.value, damage: outcomeOf(r.value).damage as number }) : r;
};
const damageControlAction = (
  s: BattleState,
  i: { shipId: string; crew: number; face: number },
  o: O = {}
) => {
  const r = play(
    damageControl,
    withCrew(s, i.shipId, 'damageControl', i.crew),
    { shipId: i.shipId, dice: roll([i.face]) },
    o
  );
  return r.ok ? ok({ ...r.value, success: outcomeOf(r.value).success as boolean }) : r;
};
const juryRigAction = (
  s: BattleState,
  i: { shipId: string; crew: number; face: number },
  o: O = {}
) => {
  const r = play(
    juryRig,
    withCrew(s, i.shipId, 'juryRig', i.crew),
    { shipId: i.shipId, dice: roll([i.face]) },
    o
  );
  return r.ok ? ok({ ...r.value, success: outcomeOf(r.value).success as boolean }) : r;
};
const sinkingAction = (s: BattleState, shipId: string) => play(sinking, s, { shipId });
const captureAction = (s: BattleState, attackerId: string, defenderId: string) =>
  play(capture, s, { attackerId, defenderId });

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
        { ...first.next, turn: 4 },
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
  it('counts the checks done this turn', () => {
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
    // #14 item 7: the prize changes side (listed with the captor's fleet, never a target of it).
    const captor: BattleShip = round.next.ships.a;
    const prize: BattleShip = round.next.ships.b;
    expect(prize.side).not.toBe(captor.side);
    expect(c.summary).toBe(
      `Hermione strikes her colours to the boarders: captured by Surprise, now of ${captor.side}`
    );
    expect(c.next.ships.b.side).toBe(captor.side);
    expect(c.next.ships.b.player).toBe(captor.player);
  });
});

describe('who may still act this turn (the panels’ ship lists)', () => {
  it('leaves out struck and sunk ships; a ship that acted is refused a second time', () => {
    const s = battle((_, b) => {
      b.struck = true;
    });
    const c = { ...s.ships.a, id: 'c', sheet: { ...log(s, 'a'), name: 'Lively', sunk: true } };
    // (A log that is not a Privateers one never enters the fold: battle/sheets.ts, issue 40.)
    const ships = [s.ships.a, s.ships.b, c];
    expect(fightingShips(ships).map((x) => x.id)).toEqual(['a']);
    // A ship that grappled this turn is refused a second throw (undo the first to throw again).
    const g = { shipId: 'a', otherId: 'b', isHullToHull: true, throwFaces: [8], cutFaces: [] };
    const once = must(grappleAction(battle(), g));
    const twice = grappleAction(once.next, g);
    expect(twice.ok ? '' : twice.error).toBe("Surprise's grapplers have thrown this turn.");
    expect(grappleAction({ ...once.next, turn: 4 }, g).ok).toBe(true);
    // Once every ship of one side is out, the battle is decided and nothing more is started.
    const over = grappleAction(s, g);
    expect(over.ok ? '' : over.error).toContain('GB wins');
  });
});
