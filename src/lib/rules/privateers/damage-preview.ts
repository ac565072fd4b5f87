// The cannon fire under way (C.4.8) and what its two rolls answer before they are rolled (issue 31
// item 2, `damageToss.preview`, `damageExtra.preview`): the damage d6s of the hits ("All damage
// dice are rolled at the same time") with the exact hull or rigging points and the chance of a
// critical; then, on double ones or Officer* results, the Critical Hits d12 (its column and
// effects) and the Officer Hits d6s. Every die is the firer's, as the moves' meaning records them.
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import type { Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { shipSheet } from './moves-common';
import { fireInProgress, nameIn } from './turn-reads';
import { tossOdds, type TossOdds } from './odds';
import type { PvOptions } from './options';
import {
  COLUMN_ORDER,
  criticalColumn,
  isCriticalSpent,
  tossNeeds,
  type TossState
} from './resolve-gunnery';
import type { FireInProgress } from './sheet';
import type { Aim } from './tables';
import { DAMAGE_COLUMN_LABELS, type CriticalEffect } from './tables-play';

/** Whether the toss of the fire under way may still score a critical (Errata 8). */
export function tossStateOf(state: BattleState, f: FireInProgress, options: PvOptions): TossState {
  const t = shipSheet(state, f.targetId);
  return { isCriticalSpent: t.ok ? isCriticalSpent(t.value, state.turn, options) : false };
}

/** Nothing to set: the fire under way is on the battle's state. */
export type FireUnderWayAim = Record<string, never>;

const waiting = (state: BattleState, stage: 'damage' | 'extra'): Result<FireInProgress> => {
  const f = fireInProgress(state);
  if (stage === 'damage')
    return f && !f.damage ? ok(f) : err('No cannon fire is waiting for its damage dice.');
  return f?.damage ? ok(f) : err('No critical or officer dice are waiting to be rolled.');
};

/** The damage d6s, one pad column a damage column, the firer's. */
export const damageTossPreview: MovePreview<FireUnderWayAim, TossOdds, PvOptions> = {
  odds: (state, _aim, options) => {
    const f = waiting(state, 'damage');
    if (!f.ok) return f;
    return tossOdds(f.value.counts, f.value.aim, options, tossStateOf(state, f.value, options));
  },
  dice: (state) => {
    const f = waiting(state, 'damage');
    if (!f.ok) return f;
    const { firerId, targetId, counts } = f.value;
    const firer = nameIn(state, firerId);
    const target = nameIn(state, targetId);
    return ok(
      COLUMN_ORDER.filter((c) => counts[c] > 0).map((c) => ({
        count: counts[c],
        sides: 6,
        label: `${firer} on ${target}, ${DAMAGE_COLUMN_LABELS[c]} damage`,
        group: firer,
        ship: firerId,
        isHighGood: true
      }))
    );
  }
};

export interface ExtraOutlook {
  isCritical: boolean;
  officerRolls: number;
  /** The Critical Hits column: swivel/grape alone always reads Firing Low. */
  column: Aim;
  /** Each critical effect's chance, given a critical (each d12 face 1/12). */
  criticalEffects: { effect: CriticalEffect; p: Rational }[];
}

/** The Critical Hits d12 (on double ones) then the Officer Hits d6s, the firer's. */
export const damageExtraPreview: MovePreview<FireUnderWayAim, ExtraOutlook, PvOptions> = {
  odds: (state, _aim, options) => {
    const f = waiting(state, 'extra');
    if (!f.ok) return f;
    const toss = tossStateOf(state, f.value, options);
    const odds = tossOdds(f.value.counts, f.value.aim, options, toss);
    if (!odds.ok) return odds;
    const n = tossNeeds(f.value.damage ?? [], options, toss);
    return ok({
      isCritical: n.isCritical,
      officerRolls: n.officerRolls,
      column: criticalColumn(f.value.damage ?? [], f.value.aim),
      criticalEffects: odds.value.criticalEffects
    });
  },
  dice: (state, _aim, options) => {
    const f = waiting(state, 'extra');
    if (!f.ok) return f;
    const n = tossNeeds(f.value.damage ?? [], options, tossStateOf(state, f.value, options));
    const target = nameIn(state, f.value.targetId);
    const mine = { group: nameIn(state, f.value.firerId), ship: f.value.firerId, isHighGood: true };
    const needs: DiceNeed[] = [
      ...(n.isCritical
        ? [{ count: 1, sides: 12, label: `${target}, Critical Hits`, ...mine }]
        : []),
      { count: n.officerRolls, sides: 6, label: `${target}, Officer Hits`, ...mine }
    ];
    return ok(needs.filter((d) => d.count > 0));
  }
};
