import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveDraft } from './drafts';

/** A session storage that counts its writes. */
function countingStore() {
  const items = new Map<string, string>();
  const writes: string[] = [];
  const store = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      writes.push(`set ${k}`);
      items.set(k, v);
    },
    removeItem: (k: string) => {
      writes.push(`remove ${k}`);
      items.delete(k);
    }
  };
  vi.stubGlobal('sessionStorage', store);
  return writes;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('drafts', () => {
  it('writes a draft only when it changed (issue 39: a panel saves its draft as it is drawn)', () => {
    const writes = countingStore();
    saveDraft('d', { mode: 'fire' });
    saveDraft('d', { mode: 'fire' });
    saveDraft('d', { mode: 'board' });
    saveDraft('d', null);
    saveDraft('d', null);
    expect(writes).toEqual(['set d', 'set d', 'remove d']);
  });
});
