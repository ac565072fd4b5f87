import { describe, expect, it } from 'vitest';
import { isRealUpdate } from './pwa-update';

// Issue 38 item 2: Firefox showed "New version ready — Reload / Later" on first use.

const OLD_WORKER = { state: 'activated' } as unknown as ServiceWorker;

describe('isRealUpdate', () => {
  it('is an update only when an older worker controls the page', () => {
    expect(isRealUpdate({ controller: OLD_WORKER })).toBe(true);
    // First use: the first worker, still installing, reported as "waiting" (Firefox).
    expect(isRealUpdate({ controller: null })).toBe(false);
  });
});
