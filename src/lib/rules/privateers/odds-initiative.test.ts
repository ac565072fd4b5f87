import { describe, expect, it } from 'vitest';
import {
  add,
  div,
  formatFraction,
  mul,
  ONE,
  rational,
  sub,
  ZERO,
  type Rational
} from '../../engine/rational';
import { initiativeOdds as checkedInitiativeOdds } from './odds';
import { unchecked } from '../../engine/brute.test-helpers';

const initiativeOdds = unchecked(checkedInitiativeOdds);
import {
  initiativePlaceOdds,
  INITIATIVE_ODDS_MAX_SHIPS,
  type InitiativeShip
} from './odds-initiative';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { resolveInitiative } from './resolve-initiative';

const f = formatFraction;
const opts = (o: Partial<PvOptions>): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });

/** Brute force: enumerate every face of one round, order it with the resolver (resolveInitiative),
 *  and re-roll the first (last) tied group recursively; a round where every ship ties is conditioned
 *  away. Independent of the subset recursion in initiativePlaceOdds. */
function brute(
  ships: readonly InitiativeShip[],
  options: PvOptions
): Map<string, { first: Rational; last: Rational }> {
  const out = new Map(ships.map((s) => [s.id, { first: ZERO, last: ZERO }]));
  if (ships.length === 1) {
    out.set(ships[0].id, { first: ONE, last: ONE });
    return out;
  }
  const die = options.initiativeDie;
  const total = die ** ships.length;
  const w = rational(1, total);
  let stayFirst = ZERO;
  let stayLast = ZERO;
  for (let k = 0; k < total; k++) {
    let x = k;
    const entries = ships.map((s) => {
      const face = (x % die) + 1;
      x = Math.floor(x / die);
      return { id: s.id, mod: s.mod, face };
    });
    const r = resolveInitiative(entries, options);
    if (!r.ok) throw new Error(r.error);
    const { order, tied } = r.value;
    const groupOf = (id: string) => tied.find((g) => g.includes(id)) ?? [id];
    for (const [which, id] of [
      ['first', order[0]],
      ['last', order[order.length - 1]]
    ] as const) {
      const g = groupOf(id);
      if (g.length === ships.length) {
        if (which === 'first') stayFirst = add(stayFirst, w);
        else stayLast = add(stayLast, w);
        continue;
      }
      const inner = brute(
        ships.filter((s) => g.includes(s.id)),
        options
      );
      for (const gid of g) {
        const cur = out.get(gid);
        const sub1 = inner.get(gid);
        if (!cur || !sub1) throw new Error('missing ship');
        cur[which] = add(cur[which], mul(w, sub1[which]));
      }
    }
  }
  for (const v of out.values()) {
    v.first = div(v.first, sub(ONE, stayFirst));
    v.last = div(v.last, sub(ONE, stayLast));
  }
  return out;
}

function sameAsBrute(ships: InitiativeShip[], options: PvOptions): void {
  const odds = initiativePlaceOdds(ships, options);
  if (!odds) throw new Error('no odds');
  const b = brute(ships, options);
  for (const o of odds) {
    expect([o.id, f(o.first), f(o.last)]).toEqual([
      o.id,
      f(b.get(o.id)?.first ?? ZERO),
      f(b.get(o.id)?.last ?? ZERO)
    ]);
  }
}

describe('initiative odds for N ships (C.4.4, C.7.5)', () => {
  it('two ships agree with the pairwise closed forms of C.7.5 (k = 1: 78/133, k = 3: 11/15)', () => {
    for (const [k, p] of [
      [0, '1/2'],
      [1, '78/133'],
      [2, '89/134'],
      [3, '11/15'],
      [4, '27/34']
    ] as const) {
      const o = initiativePlaceOdds([
        { id: 'a', mod: k },
        { id: 'b', mod: 0 }
      ]);
      expect(o && [f(o[0].first), f(o[1].last)]).toEqual([p, p]);
      expect(o && f(o[0].first)).toBe(f(initiativeOdds(k, 0)));
    }
  });
  it('equal modifiers: every ship 1/N first and 1/N last', () => {
    const o = initiativePlaceOdds(['a', 'b', 'c', 'd'].map((id) => ({ id, mod: 1 })));
    expect(o?.map((x) => [f(x.first), f(x.last)])).toEqual(Array(4).fill(['1/4', '1/4']));
  });
  it('three ships with d6 agree with brute-force enumeration (re-roll and higher modifier)', () => {
    const ships = [
      { id: 'a', mod: 0 },
      { id: 'b', mod: 1 },
      { id: 'c', mod: 3 }
    ];
    sameAsBrute(ships, opts({ initiativeDie: 6 }));
    sameAsBrute(ships, opts({ initiativeDie: 6, initiativeTies: 'higherModifier' }));
    sameAsBrute(
      [
        { id: 'a', mod: 2 },
        { id: 'b', mod: 2 },
        { id: 'c', mod: 0 }
      ],
      opts({ initiativeDie: 6, initiativeTies: 'higherModifier' })
    );
  });
  it('three ships with the default d12 agree with brute force; chances sum to 1', () => {
    const ships = [
      { id: 'a', mod: 0 },
      { id: 'b', mod: 2 },
      { id: 'c', mod: 4 }
    ];
    sameAsBrute(ships, DEFAULT_OPTIONS);
    const o = initiativePlaceOdds(ships);
    if (!o) throw new Error('no odds');
    const total = (k: 'first' | 'last') => f(o.reduce((a, x) => add(a, x[k]), ZERO));
    expect([total('first'), total('last')]).toEqual(['1', '1']);
    // The better crew moves first more often, and last less often.
    expect(o[2].first.n * o[0].first.d > o[0].first.n * o[2].first.d).toBe(true);
  });
  it('four ships with d6 agree with brute force', () => {
    sameAsBrute(
      [
        { id: 'a', mod: 0 },
        { id: 'b', mod: 1 },
        { id: 'c', mod: 1 },
        { id: 'd', mod: 2 }
      ],
      opts({ initiativeDie: 6 })
    );
  });
  it('a single ship moves first and last; too many ships gives no exact odds', () => {
    const o = initiativePlaceOdds([{ id: 'a', mod: 3 }]);
    expect(o?.map((x) => [f(x.first), f(x.last)])).toEqual([['1', '1']]);
    const many = Array.from({ length: INITIATIVE_ODDS_MAX_SHIPS + 1 }, (_, i) => ({
      id: `s${i}`,
      mod: 0
    }));
    expect(initiativePlaceOdds(many)).toBeNull();
  });
});
