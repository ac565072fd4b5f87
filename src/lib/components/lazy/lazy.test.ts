import { describe, expect, it, vi } from 'vitest';
import type { Component } from 'svelte';
import { render } from 'svelte/server';
import Why from '../Why.svelte';
import LazyComponent from './LazyComponent.svelte';
import { lazy, warmLazy, warmLazyComponents } from './lazy';

// The battle page warms the other steps' procedures once the referee acts (issue 18): each lazy
// component's module is loaded once, in idle moments, and a load that failed is not kept.

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const module = { default: (() => {}) as unknown as Component<Record<string, never>> };

describe('warmLazyComponents', () => {
  it('loads every lazy component once, and again only one whose load failed', async () => {
    const fine = vi.fn(() => Promise.resolve(module));
    let failures = 1;
    const flaky = vi.fn(() =>
      failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve(module)
    );
    lazy(fine);
    lazy(flaky);
    expect(fine).not.toHaveBeenCalled();

    warmLazyComponents();
    // Not in the same task: the warm-up waits for an idle moment.
    expect(fine).not.toHaveBeenCalled();
    await settle();
    expect(fine).toHaveBeenCalledTimes(1);
    expect(flaky).toHaveBeenCalledTimes(1);

    // The failed load is tried again (before, a failure was kept until the page was reloaded).
    warmLazyComponents();
    await settle();
    expect(fine).toHaveBeenCalledTimes(1);
    expect(flaky).toHaveBeenCalledTimes(2);

    warmLazyComponents();
    await settle();
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('asks for no idle moment once every component is here (issue 39)', async () => {
    // The page warms at every action: with nothing left to load, it costs the tap nothing.
    const fine = vi.fn(() => Promise.resolve(module));
    lazy(fine);
    warmLazyComponents();
    await settle();
    expect(fine).toHaveBeenCalledTimes(1);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    warmLazyComponents();
    expect(timers).not.toHaveBeenCalled();
    timers.mockRestore();
  });
});

describe('warmLazy', () => {
  it("loads an owner's parts in the order it names, and the page's warm-up leaves them to it", async () => {
    // A Privateers phase warms the next phase's panels (issue 39); the page's warm-up, run on
    // every action, no longer loads every phase's panels in the actions' idle moments.
    const order: string[] = [];
    const part = (name: string) =>
      vi.fn(() => {
        order.push(name);
        return Promise.resolve(module);
      });
    const boarding = part('boarding');
    const grapple = part('grapple');
    const Boarding = lazy(boarding, false);
    const Grapple = lazy(grapple, false);

    warmLazyComponents();
    await settle();
    expect(order).toEqual([]);

    warmLazy([Grapple, Boarding]);
    expect(order).toEqual([]);
    await settle();
    expect(order).toEqual(['grapple', 'boarding']);
    // Loaded once: warming again reuses the module.
    warmLazy([Grapple, Boarding]);
    await settle();
    expect(grapple).toHaveBeenCalledTimes(1);
  });
});

describe('LazyComponent', () => {
  const why = { default: Why as unknown as Component<Record<string, unknown>> };
  const draw = (isHere: boolean) =>
    render(LazyComponent, {
      props: {
        load: () => Promise.resolve(why),
        loaded: () => (isHere ? why.default : null),
        props: { ref: 'SPEC C.6' }
      }
    }).body;

  it('draws a component whose module is here at once, with no placeholder (issue 39)', () => {
    // A step shown again on Next: no "Loading" placeholder drawn and swapped for the panel.
    expect(draw(true)).toContain('SPEC C.6');
    expect(draw(true)).not.toContain('lazy-placeholder');
  });

  it('holds a placeholder while the module loads', () => {
    expect(draw(false)).toContain('lazy-placeholder');
    expect(draw(false)).not.toContain('SPEC C.6');
  });
});
