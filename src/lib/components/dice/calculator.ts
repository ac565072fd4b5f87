import type { DiceRoll } from '$lib/engine/dice';
import { atLeast, atMost, type Dist } from '$lib/engine/dist';
import type { EvaluatedRoll } from '$lib/engine/dice-expression';
import type { Rational } from '$lib/engine/rational';

export type TargetMode = 'atLeast' | 'atMost' | 'exactly';

export const TARGET_MODES: readonly { value: TargetMode; label: string }[] = [
  { value: 'atLeast', label: 'at least' },
  { value: 'atMost', label: 'at most' },
  { value: 'exactly', label: 'exactly' }
];

/** Whether a total counts for the chance the user asked about. */
export function meetsTarget(mode: TargetMode, target: number, total: number): boolean {
  if (mode === 'atLeast') return total >= target;
  if (mode === 'atMost') return total <= target;
  return total === target;
}

/** The exact chance of the asked event and its words: "total 12 or more". */
export function targetChance(
  dist: Dist<number>,
  mode: TargetMode,
  target: number
): { label: string; p: Rational } {
  if (mode === 'atLeast') return { label: `total ${target} or more`, p: atLeast(dist, target) };
  if (mode === 'atMost') return { label: `total ${target} or less`, p: atMost(dist, target) };
  return { label: `total exactly ${target}`, p: dist.prob(target) };
}

/** "2d6 [4, 6] + 1d8 [3] + 1 = 14"; kept dice shown when a term keeps only some. */
export function describeTotal(ev: EvaluatedRoll): string {
  const parts = ev.terms.map((t, i) => {
    const sign = t.value < 0 ? '−' : '+';
    const body =
      t.faces.length === 0
        ? t.text
        : `${t.text} [${t.faces.join(', ')}]` +
          (t.kept.length !== t.faces.length || t.kept.some((v, k) => v !== t.faces[k])
            ? ` → ${t.kept.join(', ')}`
            : '');
    if (i === 0) return sign === '−' ? `−${body}` : body;
    return `${sign} ${body}`;
  });
  return `${parts.join(' ')} = ${ev.total}`;
}

/**
 * What the calculator logs for one roll: everything needed to replay it. Built the same way for app
 * dice and typed faces, so the two records differ only in `roll.source`.
 */
export interface CalculatorRecord {
  expression: string;
  roll: DiceRoll;
  total: number;
  outcome: string;
}

export function makeRecord(
  expression: string,
  roll: DiceRoll,
  ev: EvaluatedRoll
): CalculatorRecord {
  return { expression, roll, total: ev.total, outcome: describeTotal(ev) };
}
