import type { Dist } from '../engine/dist';
import type { Json } from '../engine/events';

/**
 * The part of a roll record's `odds` the result card reads to say how lucky a roll was ("top 12% —
 * lucky"): the exact distribution of the rolled figure (value → weight, weights as decimal strings so
 * bigints survive JSON), the figure rolled, and whether high is good for the roller. A move merges it
 * into its odds: `odds: { ...theirs, ...luckOdds(hitsDist, hits) }`.
 */
export interface LuckOdds {
  luck: { weights: [number, string][]; result: number; isHighGood: boolean };
}

export function luckOdds(dist: Dist<number>, result: number, isHighGood = true): LuckOdds {
  return {
    luck: {
      weights: dist.entries().map((e): [number, string] => [e.value, e.weight.toString()]),
      result,
      isHighGood
    }
  };
}

/** The luck part of a stored record's odds, or null when it has none or it is malformed. */
export function readLuckOdds(odds: Json | undefined): LuckOdds['luck'] | null {
  if (!odds || typeof odds !== 'object' || Array.isArray(odds)) return null;
  const luck = odds.luck;
  if (!luck || typeof luck !== 'object' || Array.isArray(luck)) return null;
  const { weights, result, isHighGood } = luck;
  if (typeof result !== 'number' || !Array.isArray(weights) || weights.length === 0) return null;
  const pairs: [number, string][] = [];
  for (const w of weights) {
    if (!Array.isArray(w) || typeof w[0] !== 'number' || typeof w[1] !== 'string') return null;
    if (!/^\d+$/.test(w[1])) return null;
    pairs.push([w[0], w[1]]);
  }
  return { weights: pairs, result, isHighGood: isHighGood !== false };
}
