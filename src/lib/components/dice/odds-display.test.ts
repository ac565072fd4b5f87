import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { Dist, sumOf } from '$lib/engine/dist';
import { gcd, rational } from '$lib/engine/rational';
import OddsDisplay from './OddsDisplay.svelte';

/** Exact distribution of the sum of `n` d`sides` by listing every tuple of faces. */
function enumerateSum(n: number, sides: number): Map<number, string> {
  const counts = new Map<number, number>();
  const walk = (k: number, acc: number): void => {
    if (k === 0) {
      counts.set(acc, (counts.get(acc) ?? 0) + 1);
      return;
    }
    for (let f = 1; f <= sides; f++) walk(k - 1, acc + f);
  };
  walk(n, 0);
  const total = BigInt(sides ** n);
  const out = new Map<number, string>();
  for (const [v, c] of counts) {
    const g = gcd(BigInt(c), total);
    const num = BigInt(c) / g;
    const den = total / g;
    out.set(v, den === 1n ? `${num}` : `${num}/${den}`);
  }
  return out;
}

function tableRows(body: string): Map<number, string> {
  const rows = new Map<number, string>();
  for (const m of body.matchAll(/<tr data-value="(-?\d+)" data-fraction="([^"]+)">/g)) {
    rows.set(Number(m[1]), m[2]);
  }
  return rows;
}

const threeD6 = sumOf(3, Dist.die(6));

describe('OddsDisplay', () => {
  it('lists every value of 3d6 with the exact fraction found by enumerating all 216 rolls', () => {
    const { body } = render(OddsDisplay, { props: { title: '3d6', dist: threeD6 } });
    expect(tableRows(body)).toEqual(enumerateSum(3, 6));
    expect(body).toContain('<td>1/216</td>');
  });

  it('draws an SVG chart named for screen readers with range, most likely values and average', () => {
    const { body } = render(OddsDisplay, { props: { title: '3d6', dist: threeD6 } });
    expect(body).toMatch(/<svg[^>]*role="img"/);
    expect(body).toContain(
      'aria-label="3d6: 3 to 18; most likely 10 and 11 (12.5% each); average 10.5."'
    );
    expect(body.match(/<rect class="bar/g)).toHaveLength(16);
  });

  it('keeps the table out of sight until fractions are asked for', () => {
    const { body } = render(OddsDisplay, { props: { title: '3d6', dist: threeD6 } });
    expect(body).toMatch(
      /<div class="table-scroll[^"]*visually-hidden[^"]*"[^>]*>\s*<table data-testid="odds-table"/
    );
    // Hidden, the table's box takes no focus.
    expect(body).not.toMatch(/<div class="table-scroll[^>]*tabindex/);
    expect(body).toContain('aria-pressed="false">Show fractions');
  });

  it('shows the headline chance, with the exact fraction on the element', () => {
    const p = threeD6.probWhere((v) => v >= 12);
    const { body } = render(OddsDisplay, {
      props: { title: 'To hit', dist: threeD6, headline: { label: 'to hit on 12+', p } }
    });
    expect(p).toEqual(rational(81, 216));
    expect(body).toContain('data-fraction="3/8">37.5%</strong>');
    expect(body).toContain('to hit on 12+');
  });

  it('marks the rolled value and says where it fell', () => {
    const { body } = render(OddsDisplay, { props: { title: '3d6', dist: threeD6, result: 15 } });
    expect(body).toContain('top 9% — lucky');
    expect(body.match(/is-result/g)).toHaveLength(1);
    const low = render(OddsDisplay, {
      props: { title: '3d6', dist: threeD6, result: 15, isHighGood: false }
    });
    expect(low.body).toContain('bottom 9% — unlucky');
  });

  it('draws ranges instead of thousands of bars for a wide distribution, still exact', () => {
    const wide = sumOf(100, Dist.die(100)); // 9,901 totals
    const { body } = render(OddsDisplay, { props: { title: '100d100', dist: wide, result: 5050 } });
    const bars = body.match(/<rect class="bar/g) ?? [];
    expect(bars.length).toBeGreaterThan(10);
    expect(bars.length).toBeLessThanOrEqual(80);
    expect(body).toContain('100d100: 100 to 10000; most likely 5050');
    expect(body).toContain('100d100: chance of each range of values');
    expect(body.match(/<tr data-value/g)?.length).toBe(bars.length);
    expect(body.match(/is-result/g)).toHaveLength(1);
  });

  it('lists named outcomes with their chances', () => {
    const { body } = render(OddsDisplay, {
      props: {
        title: 'Critical',
        outcomes: [
          { label: 'Fire', p: rational(1, 6) },
          { label: 'No effect', p: rational(5, 6) }
        ]
      }
    });
    expect(body).toMatch(/data-label="Fire" data-fraction="1\/6">.*16\.7%/s);
    expect(body).toMatch(/data-label="No effect" data-fraction="5\/6">.*83\.3%/s);
    expect(body).not.toContain('<svg');
    // Two outcomes may share a label (a table with repeated rows); both are listed.
    const twice = render(OddsDisplay, {
      props: {
        title: 'Repeated',
        outcomes: [
          { label: 'Hit', p: rational(1, 2) },
          { label: 'Hit', p: rational(1, 2) }
        ]
      }
    });
    expect(twice.body.match(/data-label="Hit"/g)).toHaveLength(2);
  });

  it('colours the values that count for the headline', () => {
    const { body } = render(OddsDisplay, {
      props: { title: 'd6', dist: Dist.die(6), isSuccess: (v: number) => v >= 5 }
    });
    expect(body.match(/is-success/g)).toHaveLength(2);
  });
});
