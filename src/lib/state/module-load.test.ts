import { describe, expect, it } from 'vitest';
import { isModuleLoadFailure, reloadOnce } from './module-load';

/** A session storage of a test's own. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const kept = new Map<string, string>();
  return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, v) };
}

describe('a page whose code did not arrive', () => {
  it('knows a module that did not load in each browser from a fault of the code', () => {
    const url = 'http://localhost/_app/immutable/chunks/B2jZMcLS.js';
    expect(
      isModuleLoadFailure(new TypeError(`Failed to fetch dynamically imported module: ${url}`))
    ).toBe(true);
    expect(
      isModuleLoadFailure(new TypeError(`error loading dynamically imported module: ${url}`))
    ).toBe(true);
    expect(isModuleLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadFailure(new Error(`Unable to preload CSS for ${url}`))).toBe(true);
    expect(
      isModuleLoadFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))
    ).toBe(false);
    expect(isModuleLoadFailure(undefined)).toBe(false);
  });

  it('is loaded again once, and a second failure of the same page is left to the referee', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadOnce(storage, '/calculators/wooden-warships', 1_000, reload)).toBe(true);
    expect(reloadOnce(storage, '/calculators/wooden-warships', 3_000, reload)).toBe(false);
    expect(reloads).toBe(1);
    // Another page, or the same a while later: a failure of its own, loaded again once.
    expect(reloadOnce(storage, '/settings', 4_000, reload)).toBe(true);
    expect(reloadOnce(storage, '/calculators/wooden-warships', 200_000, reload)).toBe(true);
    expect(reloads).toBe(3);
  });

  it('without session storage it does not reload (it could not tell a loop from a first try)', () => {
    let reloads = 0;
    expect(reloadOnce(null, '/', 0, () => reloads++)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {}
    };
    expect(reloadOnce(blocked, '/', 0, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
  });
});
