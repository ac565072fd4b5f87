import { describe, expect, it } from 'vitest';
import {
  MAST_LOSS_LEVELS,
  OFFICER_LABELS,
  RATING_CHART,
  SAIL_SETTINGS,
  TURN_PHASES
} from './tables';
import { MORALE_MODIFIERS, MORALE_RESULTS } from './tables-play';
import {
  BOARDING_DICE,
  COLLISION,
  CRITICAL_HITS,
  CRITICAL_LABELS,
  DAMAGE_DICE_PER_CLASS,
  DAMAGE_DICE_TABLE,
  FIRING_CHART,
  FIRING_MODIFIERS,
  MORALE_TRIGGERS,
  OFFICER_HITS,
  POINTS_OF_SAIL,
  TASK_CHECKS,
  type DamageResult
} from './tables-play';

// The table rows below are copied verbatim from SPEC Part C.3; each test parses them and checks
// the typed constant against them, so a typo in either shows up here.

const rows = (md: string) =>
  md
    .trim()
    .split('\n')
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim())
    );

describe('C.3.1 Rating chart', () => {
  const spec = rows(`
| 1–2 | Landlubber | Midshipman | Helmsman | Powder Monkey | Swabs | 0 |
| 3–5 | Sea Dog | Competent | Navigator | Sure Shot | Seaman | 1 |
| 6 | Old Salt | Oak | Grand Mariner | Marksman | Tars | 2 |`);
  it('matches the spec row by row', () => {
    spec.forEach(([dice, captain, firstLt, master, gunner, crew, rating], i) => {
      const row = RATING_CHART[i];
      const [lo, hi] = dice.split('–').map(Number);
      expect(row.faces).toEqual(Array.from({ length: (hi ?? lo) - lo + 1 }, (_, k) => lo + k));
      expect(row.titles).toEqual({ captain, firstLt, master, gunner, crew });
      expect(row.rating).toBe(Number(rating));
    });
    expect(RATING_CHART.flatMap((r) => r.faces)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('C.3.2 Points of sail and C.3.3 Sail settings', () => {
  it('points of sail start at 0, 45, 90, 135 degrees', () => {
    expect(POINTS_OF_SAIL.map((p) => [p.label, p.fromDeg])).toEqual([
      ['In Irons', 0],
      ['Beating', 45],
      ['Broad Reaching', 90],
      ['Running', 135]
    ]);
  });
  const spec = rows(`
| 0 | No Sail | +1 | 0 |
| 1 | Fighting Sail | None | 1 |
| 2 | Medium Sail | −1 | 2 |
| 3 | Full Sail | "No Fire Allowed" | 3 |`);
  it('sail settings match the spec', () => {
    spec.forEach(([level, label, mod, crew], i) => {
      const s = SAIL_SETTINGS[i];
      expect(s.level).toBe(Number(level));
      expect(s.label).toBe(label);
      const expected =
        mod === 'None' ? 0 : mod.includes('No Fire') ? null : Number(mod.replace('−', '-'));
      expect(s.firingMod).toBe(expected);
      expect(s.crewPerMast).toBe(Number(crew));
    });
  });
});

describe('C.3.5 Damage dice per gun class', () => {
  it('matches the spec', () => {
    const spec = rows(`
| Swivel Guns | 1 |
| Light Guns | 1 |
| Medium Guns | 2 |
| Heavy Guns | 3 |
| Extra Heavy | "Per Scenario" [USER DATA] |`);
    const keys = ['swivel', 'light', 'medium', 'heavy', 'extraHeavy'] as const;
    spec.forEach(([, dice], i) => {
      expect(DAMAGE_DICE_PER_CLASS[keys[i]]).toBe(
        dice.includes('Per Scenario') ? null : Number(dice)
      );
    });
  });
});

describe('C.3.6 Firing chart and C.3.7 modifiers', () => {
  it('matches the spec', () => {
    const spec = rows(`
| Short | 0–12″ | 1–9 | 1–6 |
| Medium | 12″–24″ | 1–6 | 1–3 |
| Long | 24″–36″ | 1–3 | N/A |`);
    spec.forEach(([band, dist, low, high], i) => {
      const r = FIRING_CHART[i];
      expect(r.band).toBe(band.toLowerCase());
      expect(r.upTo).toBe(Number(dist.split('–')[1].replace('″', '')));
      expect(r.low).toBe(Number(low.split('–')[1]));
      expect(r.high).toBe(high === 'N/A' ? null : Number(high.split('–')[1]));
    });
  });
  it('modifiers: Gunner +2, double shot and bow rake +1/2 die, stern rake 2x', () => {
    expect(FIRING_MODIFIERS).toEqual({
      gunnerSightsGun: 2,
      doubleShotExtraDice: 0.5,
      sternRakeExtraDice: 1,
      bowRakeExtraDice: 0.5
    });
  });
});

describe('C.3.8 Critical hits', () => {
  it('matches the spec', () => {
    const spec = rows(`
| 1 | Captain | Captain |
| 2 | 1st Lt. | 1st Lt. |
| 3 | Master | Master |
| 4 | Gunner | Mast |
| 5 | Mast | Mast |
| 6 | Fire | Fire |
| 7 | Rudder | Helm/Tiller |
| 8 | Helm/Tiller | Mast |
| 9 | Water Line | 2x Rigging Pts |
| 10 | Water Line | 2x Rigging Pts |
| 11 | 2x Hull Pts | 2x Rigging Pts |
| 12 | 2x Hull Pts | 2x Rigging Pts |`);
    expect(CRITICAL_HITS).toHaveLength(12);
    spec.forEach(([face, low, high], i) => {
      const r = CRITICAL_HITS[i];
      expect(r.face).toBe(Number(face));
      expect(CRITICAL_LABELS[r.low]).toBe(low);
      expect(CRITICAL_LABELS[r.high]).toBe(high);
    });
  });
});

describe('C.3.9 Damage dice table', () => {
  const label = (r: DamageResult): string => {
    if (r.kind === 'hull') return `${r.points} Hull Point${r.points === 1 ? '' : 's'}`;
    if (r.kind === 'rigging') return `${r.points} Rigging Point${r.points === 1 ? '' : 's'}`;
    return { crew: 'Crew', gun: 'Gun+', officer: 'Officer*' }[r.kind];
  };
  it('matches the spec', () => {
    const spec = rows(`
| 1 | 1 Hull Point | Crew | 1 Hull Point | 1 Rigging Point |
| 2 | 2 Hull Points | Crew | 2 Hull Points | 2 Rigging Points |
| 3 | 3 Hull Points | Crew | 3 Hull Points | 3 Rigging Points |
| 4 | Crew | Crew | 4 Hull Points | 4 Rigging Points |
| 5 | Crew | Crew | Crew | Crew |
| 6 | Gun+ | Officer* | Gun+ | Crew |`);
    spec.forEach(([face, sg, swg, bl, bh], i) => {
      expect(Number(face)).toBe(i + 1);
      expect(label(DAMAGE_DICE_TABLE.shotAndGrape[i])).toBe(sg);
      expect(label(DAMAGE_DICE_TABLE.swivelGrape[i])).toBe(swg);
      expect(label(DAMAGE_DICE_TABLE.ballLow[i])).toBe(bl);
      expect(label(DAMAGE_DICE_TABLE.ballHigh[i])).toBe(bh);
    });
  });
});

describe('C.3.10 Officer hits', () => {
  it('matches the spec', () => {
    const spec = rows(`
| 1 | Captain |
| 2 | 1st Lt. |
| 3 | Master |
| 4 | Gunner |
| 5 | Master & Gunner |
| 6 | 1st Lt & Master |`);
    spec.forEach(([, who], i) => {
      const names = who.split(' & ').map((n) => (n === '1st Lt' ? '1st Lt.' : n));
      expect(OFFICER_HITS[i].map((r) => OFFICER_LABELS[r])).toEqual(names);
    });
  });
});

describe('C.3.11–C.3.15 checks, crew, boarding, collisions, masts', () => {
  it('thresholds quoted in C.3.11', () => {
    expect(TASK_CHECKS.reload).toBe(7);
    expect(TASK_CHECKS.reloadGunnerSighted).toBe(6);
    expect(TASK_CHECKS.reloadDoubleShot).toBe(10);
    expect(TASK_CHECKS.tack).toBe(4);
    expect(TASK_CHECKS.takenAbackMastLostUpTo).toBe(3);
    expect(TASK_CHECKS.fire).toEqual([8, 10, 12]);
    expect(TASK_CHECKS.damageControl).toBe(10);
    expect(TASK_CHECKS.juryRig).toBe(12);
    expect(TASK_CHECKS.grapple).toBe(8);
    expect([TASK_CHECKS.marksmanCrewUpTo, TASK_CHECKS.marksmanMarineUpTo]).toEqual([3, 4]);
    expect(TASK_CHECKS.entangle).toBe(8);
    expect([TASK_CHECKS.fireDamage, TASK_CHECKS.pumpDamage]).toEqual([5, 5]);
  });
  it('C.3.13 boarding dice: crew 1, officers 2, marines 3', () => {
    expect(BOARDING_DICE).toEqual({ crew: 1, officer: 2, marine: 3, hitFace: 1 });
  });
  it('C.3.14 collisions: rammed dice 1/2/3 by the rammer’s sail', () => {
    expect(COLLISION.rammedDiceBySail.slice(1)).toEqual([1, 2, 3]);
    expect(COLLISION.entangleFrom).toBe(8);
  });
  it('C.3.15 mast loss: 1 level for three masts, 2 for two', () => {
    expect(MAST_LOSS_LEVELS).toEqual({ 2: 2, 3: 1 });
  });
});

describe('C.3.16–C.3.18 morale', () => {
  it('triggers are the seven quoted', () => {
    expect(MORALE_TRIGGERS.map((t) => t.quote)).toEqual([
      'Captain/Commander hit',
      'Ship on fire',
      'Each turn hull points +3/4 damage',
      'Each turn ship rigging points + 3/4 damage',
      'Stern rake taken',
      'Every turn crew casualties exceed 1/2',
      'Defender losses boarding action'
    ]);
  });
  it('results: 1–6 pass, 7 disordered, 8+ strike', () => {
    expect(MORALE_RESULTS.map((r) => [r.upTo, r.result])).toEqual([
      [6, 'pass'],
      [7, 'disordered'],
      [Number.POSITIVE_INFINITY, 'strike']
    ]);
  });
  it('modifiers match the spec', () => {
    const spec = rows(`
| Captain "Landlubber" | 0 |
| Captain "Sea Dog" | −1 |
| Captain "Old Salt" | −2 |
| Crew "Swobs" | 0 |
| Crew "Seaman" | −1 |
| Crew "Tars" | −2 |
| Crew is Disordered | +1 |`);
    for (const [cond, v] of spec) {
      const value = Number(v.replace('−', '-'));
      const m = /^(Captain|Crew) "(.+)"$/.exec(cond);
      if (m) {
        const table: Record<string, number> =
          m[1] === 'Captain' ? MORALE_MODIFIERS.captain : MORALE_MODIFIERS.crew;
        expect(table[m[2]]).toBe(value);
      } else expect(MORALE_MODIFIERS.disordered).toBe(value);
    }
    // the morale modifier of a rating r is −r, consistent with the rating chart titles
    for (const row of RATING_CHART) {
      const cap: Record<string, number> = MORALE_MODIFIERS.captain;
      expect(cap[row.titles.captain] + row.rating).toBe(0);
    }
  });
});

describe('C.1 turn sequence', () => {
  it('has the six phases in order', () => {
    expect(TURN_PHASES.map((p) => `${p.number}. ${p.name}`).join(' ')).toBe(
      '1. Place Maneuver & Sail Settings Cards 2. Mark Crew Assignments 3. Dice For Initiative & Reload 4. Movement & Firing 5. Grappling & Boarding Actions 6. Morale & Sinkings'
    );
  });
});
