import type { Component } from 'svelte';
import LazyComponent from './LazyComponent.svelte';

/**
 * A component that loads on first render (a dynamic `import()`), for the parts of a page that only
 * some states show: `const WwFire = lazy(() => import('./WwFire.svelte'))` and `<WwFire {...} />`
 * stay as they were. Each loader runs once; later renders reuse the module.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Svelte's own Component<Props> bound
export function lazy<P extends Record<string, any>>(
  loader: () => Promise<{ default: Component<P> }>
): Component<P> {
  let once: Promise<{ default: Component<P> }> | null = null;
  const load = () => (once ??= loader());
  const Wrapper = (anchor: unknown, props: P) =>
    (LazyComponent as unknown as (a: unknown, p: unknown) => unknown)(anchor, {
      load,
      get props() {
        return props;
      }
    });
  return Wrapper as unknown as Component<P>;
}
