import { describe, expect, it, vi } from 'vitest';
import { requestPersistence, storageEstimate } from './persistence';

describe('persistent storage', () => {
  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    expect(await requestPersistence({ persist, persisted: () => Promise.resolve(true) })).toBe(
      true
    );
    expect(persist).not.toHaveBeenCalled();
  });

  it('reports a refusal and a browser without the API', async () => {
    expect(await requestPersistence({ persist: () => Promise.resolve(false) })).toBe(false);
    expect(await requestPersistence(null)).toBeNull();
  });

  it('gives Settings the usage, the quota and the share used', async () => {
    const estimate = await storageEstimate({
      estimate: () => Promise.resolve({ usage: 25, quota: 100 }),
      persisted: () => Promise.resolve(true)
    });
    expect(estimate).toEqual({ usage: 25, quota: 100, fraction: 0.25, isPersisted: true });
    expect(await storageEstimate({})).toBeNull();
  });
});
