import type { Json } from '../../engine/events';
import { formatFraction, type Rational } from '../../engine/rational';

/**
 * Odds as the log stores them: exact fractions as strings ("3805/7776"). Apart from view.ts, which
 * every screen of a battle reads, so a deep link's first screen loads no fractions (issue 40).
 */
export function oddsJson(list: readonly { label: string; p: Rational }[]): Json {
  return list.map((o) => ({ label: o.label, p: formatFraction(o.p) }));
}
