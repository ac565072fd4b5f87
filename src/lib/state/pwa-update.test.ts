import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRealUpdate } from './pwa-update';

// Issue 38 item 2: Firefox showed "New version ready — Reload / Later" on first use.

type Options = { onNeedRefresh?: () => void };
const registered: { options: Options | null } = { options: null };
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: Options) => {
    registered.options = options;
    return () => Promise.resolve();
  }
}));

const OLD_WORKER = { state: 'activated' } as unknown as ServiceWorker;

describe('isRealUpdate', () => {
  it('is an update only when an older worker controls the page', () => {
    expect(isRealUpdate({ controller: OLD_WORKER })).toBe(true);
    // First use: the first worker, still installing, reported as "waiting" (Firefox).
    expect(isRealUpdate({ controller: null })).toBe(false);
  });
});

describe('the update banner', () => {
  const container = { controller: null as ServiceWorker | null };
  beforeEach(() => {
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('location', { reload: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays hidden for the first worker on first use, and shows for a real update', async () => {
    const { pwa } = await import('./pwa.svelte');
    pwa.init();
    const onNeedRefresh = registered.options?.onNeedRefresh;
    expect(onNeedRefresh).toBeTypeOf('function');
    // A second page (or a reload) while the first worker installs: Firefox says "waiting".
    container.controller = null;
    onNeedRefresh?.();
    expect(pwa.needsRefresh).toBe(false);
    // A new version waiting behind the worker that serves this page.
    container.controller = OLD_WORKER;
    onNeedRefresh?.();
    expect(pwa.needsRefresh).toBe(true);
  });
});
