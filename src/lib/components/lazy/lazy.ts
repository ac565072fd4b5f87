import type { Component } from 'svelte';
import LazyComponent from './LazyComponent.svelte';

/** Every lazy component's loader made so far that the page warms (see warmLazyComponents). */
const loaders = new Set<() => Promise<unknown>>();
/** Each lazy component's loader, by the component (see warmLazy). */
const loaderOf = new WeakMap<object, () => Promise<unknown>>();
/** Loaders waiting for an idle moment. */
const pending: Array<() => Promise<unknown>> = [];
let isWarming = false;

/**
 * A component that loads on first render (a dynamic `import()`), for the parts of a page that only
 * some states show: `const WwFire = lazy(() => import('./WwFire.svelte'))` and `<WwFire {...} />`
 * stay as they were. Each loader runs once (again only after a failure); later renders reuse the
 * module.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Svelte's own Component<Props> bound
export function lazy<P extends Record<string, any>>(
  loader: () => Promise<{ default: Component<P> }>,
  /** False for a part its owner warms with warmLazy, when the referee will want it (issue 39). */
  isWarmedByPage = true
): Component<P> {
  let once: Promise<{ default: Component<P> }> | null = null;
  /** The component once its module is here: later renders draw it at once (issue 39). */
  let loaded: Component<P> | null = null;
  const load = () =>
    (once ??= loader().then(
      (mod) => {
        loaded = mod.default;
        // Here for good: the page's warming (at every action) passes it by (issue 39).
        loaders.delete(load);
        return mod;
      },
      (e: unknown) => {
        // A failed load (offline before the files were cached) is tried again by the next render.
        once = null;
        throw e;
      }
    ));
  if (isWarmedByPage) loaders.add(load);
  const Wrapper = (anchor: unknown, props: P) =>
    (LazyComponent as unknown as (a: unknown, p: unknown) => unknown)(anchor, {
      load,
      loaded: () => loaded,
      get props() {
        return props;
      }
    });
  loaderOf.set(Wrapper, load);
  return Wrapper as unknown as Component<P>;
}

/**
 * Loads the lazy components not yet shown, one per idle moment of the main thread (issue 18): the
 * first visit to a battle step then costs what a repeat visit does (no fetch, compile, module
 * preload or new stylesheet while the referee waits for the step). The battle page calls it once
 * the referee acts, never while a deep link opens, so opening loads only the step on screen.
 */
export function warmLazyComponents(): void {
  warm([...loaders]);
}

/**
 * Loads these lazy components (made with isWarmedByPage false) in idle moments, in this order
 * (issue 39): a Privateers phase warms the next phase's panels once the referee acts, so a Next
 * into a phase not yet visited does not load its panels in the tap, and a phase's actions do not
 * spend their idle moments on the panels of phases far off.
 */
export function warmLazy(components: readonly Component<never>[]): void {
  warm(components.flatMap((c) => loaderOf.get(c) ?? []));
}

/** Loads these modules in idle moments, so the tap that needs them does not wait for them. */
export function warmModules(loads: ReadonlyArray<() => Promise<unknown>>): void {
  warm([...loads]);
}

function warm(loads: Array<() => Promise<unknown>>): void {
  // Nothing left to load: no idle callback asked for at each action (issue 39).
  if (loads.length === 0) return;
  pending.push(...loads);
  if (isWarming) return;
  isWarming = true;
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 2000 })
      : setTimeout(run, 50);
  const next = () => {
    const load = pending.shift();
    if (!load) {
      isWarming = false;
      return;
    }
    // A failure is left to the render that needs the component (it shows the error and retries).
    load().then(
      () => idle(next),
      () => idle(next)
    );
  };
  idle(next);
}
