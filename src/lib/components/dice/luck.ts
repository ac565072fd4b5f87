import type { Json } from '$lib/engine/events';
import { readLuckOdds } from '$lib/battle/luck-record';
import { Dist } from '$lib/engine/dist';
import { compare, formatPercent, rational, type Rational } from '$lib/engine/rational';

export type LuckTail = 'top' | 'bottom' | 'middle' | 'only';
export type LuckWord = 'very lucky' | 'lucky' | 'about average' | 'unlucky' | 'very unlucky';

export interface Luck {
  /** Which end of the distribution the result is nearer. */
  tail: LuckTail;
  /** P(a result at least this good), exact: the "top x%" figure (or "bottom x%" for bad ones). */
  p: Rational;
  word: LuckWord;
  /** "top 12% — lucky", "bottom 3% — very unlucky", "middle — about average". */
  text: string;
}

/** A result in the best (or worst) 5% is "very" lucky, in the best quarter "lucky". */
export const LUCK_THRESHOLDS = { very: rational(1, 20), plain: rational(1, 4) } as const;

/**
 * Where a rolled result fell in its distribution, as the table talks about it. `p` is the chance of
 * doing at least as well (top) or at least as badly (bottom), counting the result itself, so the
 * best possible result of 3d6 (18) is "top 0.5%" and the worst (3) is "bottom 0.5%".
 * `isHighGood` = false for rolls where low is good (e.g. a roll-under check).
 */
export function luckOf(dist: Dist<number>, result: number, isHighGood = true): Luck {
  const atLeast = dist.probWhere((v) => v >= result);
  const atMost = dist.probWhere((v) => v <= result);
  const better = isHighGood ? atLeast : atMost;
  const worse = isHighGood ? atMost : atLeast;
  if (better.n === better.d && worse.n === worse.d) {
    return { tail: 'only', p: better, word: 'about average', text: 'the only possible result' };
  }
  const c = compare(better, worse);
  if (c === 0)
    return { tail: 'middle', p: better, word: 'about average', text: 'middle — about average' };
  const tail = c < 0 ? 'top' : 'bottom';
  const p = c < 0 ? better : worse;
  const word = wordFor(tail, p);
  return { tail, p, word, text: `${tail} ${formatTailPercent(p)} — ${word}` };
}

function wordFor(tail: 'top' | 'bottom', p: Rational): LuckWord {
  if (compare(p, LUCK_THRESHOLDS.very) <= 0) return tail === 'top' ? 'very lucky' : 'very unlucky';
  if (compare(p, LUCK_THRESHOLDS.plain) <= 0) return tail === 'top' ? 'lucky' : 'unlucky';
  return 'about average';
}

/**
 * Whole percent for everyday figures ("12%"), one decimal below 1% so that a rare result does not
 * read as "0%", and "<0.1%" below that. Never rounds a possible result down to zero.
 */
export function formatTailPercent(p: Rational): string {
  if (p.n === 0n) return '0%';
  const whole = formatPercent(p, 0);
  if (whole !== '0%' && whole !== '1%') return whole;
  // Below 1.5%: show a decimal, so 1/216 reads "0.5%", not "0%".
  const one = formatPercent(p, 1);
  if (one === '0.0%') return '<0.1%';
  return one.endsWith('.0%') ? `${one.slice(0, -3)}%` : one;
}

/** How lucky a stored roll was, from its record's odds (`luckOdds` in $lib/battle/luck-record). */
export function luckOfRecord(odds: Json | undefined): Luck | null {
  const luck = readLuckOdds(odds);
  if (!luck) return null;
  try {
    const dist = Dist.of(luck.weights.map(([v, w]) => [v, BigInt(w)] as const));
    return luckOf(dist, luck.result, luck.isHighGood);
  } catch {
    return null;
  }
}
