// Privateers marksmen (C.4.12) before their roll (issue 31 item 2, `marksmen.preview`): who may
// shoot at whom (the move refuses with the same words), the crew casualties and the chance of an
// officer hit, and the dice stage by stage: a hit d12 a marksman (low good: a hit is at or under
// his number), a damage d6 a hit, an Officer Hits d6 a 6, all the firer's. The move
// (moves-boarding.ts) reads its checks and pairs its faces here, so both say the same.
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import { convolve, Dist } from '../../engine/dist';
import { mul, ONE, sub, type Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { fightingSheet, plural, timesDone } from './moves-common';
import { marksmanOdds } from './odds-tasks';
import type { PvOptions } from './options';
import { marksmenRangeProblem, type MarksmanShot, type MarksmenOutcome } from './resolve-tasks';
import type { Sheet } from './sheet';
import { OFFICER_LABELS } from './tables';
import { TASK_CHECKS } from './tables-play';

export type MarksmanKind = 'crew' | 'marine';

/** The marksmen a ship has assigned, marines first ("marines will be used for this task if
 *  available", C.3.12). */
export function marksmenOf(s: Sheet): MarksmanKind[] {
  const m = s.assignments.marksmen;
  return [
    ...Array.from({ length: m.marines }, () => 'marine' as const),
    ...Array.from({ length: m.crew }, () => 'crew' as const)
  ];
}

const hits = (kind: MarksmanKind, face: number | undefined): boolean =>
  (face ?? 99) <=
  (kind === 'marine' ? TASK_CHECKS.marksmanMarineUpTo : TASK_CHECKS.marksmanCrewUpTo);

/** Dice still needed after the hit d12s: one d6 per hit, then one Officer Hits d6 per 6. */
export function marksmenNeeds(
  kinds: readonly MarksmanKind[],
  hitFaces: readonly number[],
  damageFaces: readonly number[] = []
): { damage: number; officer: number } {
  const damage = kinds.filter((k, i) => hits(k, hitFaces[i])).length;
  const officer = damageFaces.filter((f) => f >= TASK_CHECKS.marksmanOfficerFace).length;
  return { damage, officer };
}

/** Pairs the faces with the marksmen in order: hit d12s, damage d6s (hits only), officer d6s. */
export function marksmenShots(
  kinds: readonly MarksmanKind[],
  hitFaces: readonly number[],
  damageFaces: readonly number[],
  officerFaces: readonly number[]
): MarksmanShot[] {
  let d = 0;
  let o = 0;
  return kinds.map((kind, i) => {
    const shot: MarksmanShot = { kind, hitFace: hitFaces[i] };
    if (hits(kind, hitFaces[i])) {
      shot.damageFace = damageFaces[d++];
      if (shot.damageFace !== undefined && shot.damageFace >= TASK_CHECKS.marksmanOfficerFace)
        shot.officerFace = officerFaces[o++];
    }
    return shot;
  });
}

export function describeMarksmen(o: MarksmenOutcome): string {
  const hit = o.shots.filter((s) => s.hit).length;
  const parts = [`${hit} of ${o.shots.length} hit`];
  if (o.crewHits) parts.push(plural(o.crewHits, 'crew casualty', 'crew casualties'));
  for (const r of o.officerRolls)
    parts.push(`officer hit: ${r.roles.map((x) => OFFICER_LABELS[x]).join(' & ')}`);
  return parts.join(', ');
}

/** C.7.5 marksmen: the number of crew casualties (a sum of per-marksman Bernoullis, 5/24 a crewman,
 *  5/18 a marine) and the chance at least one officer is hit (1/24, 1/18 each). */
export function marksmenVolleyOdds(kinds: readonly MarksmanKind[]): {
  crew: Dist<number>;
  anyOfficer: Rational;
} {
  let crew = Dist.constant<number>(0);
  let none = ONE;
  for (const k of kinds) {
    const checked = marksmanOdds(k);
    if (!checked.ok) continue;
    const o = checked.value;
    crew = convolve(
      crew,
      Dist.bernoulli(o.crew).map((b) => (b ? 1 : 0))
    );
    none = mul(none, sub(ONE, o.officer));
  }
  return { crew, anyOfficer: sub(ONE, none) };
}

export interface MarksmenAim {
  firerId: string;
  targetId: string;
  /** Inches between the ships: "They may only fire within short range". */
  range: number;
  /** The hit d12s once rolled: the dice then asked for are the damage d6s. */
  hits?: readonly number[];
  /** The damage d6s once rolled: the dice then asked for are the Officer Hits d6s. */
  damage?: readonly number[];
}

export interface MarksmenFiring {
  firer: Sheet;
  target: Sheet;
  kinds: MarksmanKind[];
}

/** Who shoots at whom, or the reason they may not (the move's own checks, before its dice). */
export function marksmenFiring(
  state: BattleState,
  aim: Pick<MarksmenAim, 'firerId' | 'targetId' | 'range'>
): Result<MarksmenFiring> {
  const firer = fightingSheet(state, aim.firerId);
  if (!firer.ok) return firer;
  const target = fightingSheet(state, aim.targetId);
  if (!target.ok) return target;
  if (aim.firerId === aim.targetId) return err('Marksmen fire at another ship.');
  if (timesDone(state, aim.firerId, 'marksmen') > 0)
    return err(`${firer.value.name}'s marksmen have fired this turn.`);
  const kinds = marksmenOf(firer.value);
  if (kinds.length === 0) return err('No marksmen are assigned on this ship (Phase 2).');
  const range = marksmenRangeProblem(aim.range);
  if (range !== null) return err(range);
  return ok({ firer: firer.value, target: target.value, kinds });
}

export interface MarksmenOutlook {
  kinds: MarksmanKind[];
  crew: Dist<number>;
  anyOfficer: Rational;
}

export const marksmenPreview: MovePreview<MarksmenAim, MarksmenOutlook, PvOptions> = {
  odds: (state, aim) => {
    const f = marksmenFiring(state, aim);
    return f.ok ? ok({ kinds: f.value.kinds, ...marksmenVolleyOdds(f.value.kinds) }) : f;
  },
  dice: (state, aim) => {
    const f = marksmenFiring(state, aim);
    if (!f.ok) return f;
    const { firer, target, kinds } = f.value;
    const mine = { group: firer.name, ship: aim.firerId };
    if (!aim.hits)
      return ok(
        kinds.map((k, i) => ({
          count: 1,
          sides: 12,
          label: `${firer.name}, ${k} marksman ${i + 1}, hit`,
          ...mine,
          isHighGood: false
        }))
      );
    // A damage d6's 6 hits an officer, and the Officer Hits d6 says whom: high good for the firer.
    const d6s = (count: number, label: string): DiceNeed[] =>
      count > 0 ? [{ count, sides: 6, label, ...mine, isHighGood: true }] : [];
    const need = marksmenNeeds(kinds, aim.hits, aim.damage ?? []);
    return ok(
      aim.damage
        ? d6s(need.officer, `${target.name}, Officer Hits`)
        : d6s(need.damage, `${firer.name}, marksman damage on ${target.name}`)
    );
  }
};
