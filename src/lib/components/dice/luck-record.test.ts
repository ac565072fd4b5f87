import { describe, expect, it } from 'vitest';
import type { Json } from '$lib/engine/events';
import { luckOdds } from '$lib/battle/luck-record';
import { Dist } from '$lib/engine/dist';
import { luckOf, luckOfRecord } from './luck';

describe('luck from a stored roll record', () => {
  it('reads back the same figure as the live distribution', () => {
    const twoD6 = Dist.die(6);
    const stored = JSON.parse(JSON.stringify({ pAnyHit: '3/4', ...luckOdds(twoD6, 6) })) as Json;
    expect(luckOfRecord(stored)?.text).toBe(luckOf(twoD6, 6).text);
  });

  it('is null for records without (or with damaged) luck', () => {
    expect(luckOfRecord(undefined)).toBeNull();
    expect(luckOfRecord({ pAnyHit: '3/4' })).toBeNull();
    expect(luckOfRecord({ luck: { weights: [[1, 'x']], result: 1 } })).toBeNull();
  });
});
