import { describe, expect, it } from 'vitest';
import { claimPadKey, diceStep, forgetOtherSteps, loadFaces, saveFaces } from './dice-draft';

/** An in-memory Storage, as sessionStorage behaves. */
function memoryStore(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v))
  };
}

const PAD = '12:Surprise:Initiative|12:Hermione:Initiative';
const STEP = diceStep({ turn: 1, phase: 2 });

describe('dice drafts (faces tapped but not used)', () => {
  it('keeps the faces of a pad per battle and step, each slot in its place', () => {
    const store = memoryStore();
    saveFaces(store, 'b1', STEP, PAD, [9, null]);
    expect(loadFaces(store, 'b1', STEP, PAD)).toEqual([9, null]);
    expect(loadFaces(store, 'b2', STEP, PAD)).toBeNull();
    expect(loadFaces(store, 'b1', STEP, '6:x:y')).toBeNull();
    saveFaces(store, 'b1', STEP, '6::', [4]);
    expect(loadFaces(store, 'b1', STEP, PAD)).toEqual([9, null]);
    expect(loadFaces(store, 'b1', STEP, '6::')).toEqual([4]);
  });

  it('forgets a pad once it has no face (the roll used or cleared)', () => {
    const store = memoryStore();
    saveFaces(store, 'b1', STEP, PAD, [9, 4]);
    saveFaces(store, 'b1', STEP, PAD, [null, null]);
    expect(loadFaces(store, 'b1', STEP, PAD)).toBeNull();
    expect(store.length).toBe(0);
  });

  it('forgets every pad of the battle on a new step, even when the step comes back', () => {
    const store = memoryStore();
    saveFaces(store, 'b1', STEP, PAD, [9, 4]);
    expect(loadFaces(store, 'b1', diceStep({ turn: 1, phase: 3 }), PAD)).toBeNull();
    forgetOtherSteps(store, 'b1', diceStep({ turn: 1, phase: 3 }));
    expect(loadFaces(store, 'b1', STEP, PAD)).toBeNull();
    saveFaces(store, 'b1', STEP, PAD, [1, 2]);
    forgetOtherSteps(store, 'b1', STEP);
    expect(loadFaces(store, 'b1', STEP, PAD)).toEqual([1, 2]);
  });

  it('ignores faces that do not fit the dice, and anything unreadable', () => {
    const store = memoryStore();
    saveFaces(store, 'b1', STEP, PAD, [13, null]);
    expect(loadFaces(store, 'b1', STEP, PAD)).toBeNull();
    saveFaces(store, 'b1', STEP, PAD, [2]);
    expect(loadFaces(store, 'b1', STEP, PAD)).toBeNull();
    store.setItem('quarterdeck:dice:draft:b1', '{not json');
    expect(loadFaces(store, 'b1', STEP, PAD)).toBeNull();
    saveFaces(store, 'b1', STEP, PAD, [3, 4]);
    expect(loadFaces(store, 'b1', STEP, PAD)).toEqual([3, 4]);
    expect(loadFaces(null, 'b1', STEP, PAD)).toBeNull();
  });

  it('two pads of the same dice on one screen keep their own faces, also after a reload', () => {
    const store = memoryStore();
    const first = claimPadKey(PAD);
    const second = claimPadKey(PAD);
    expect(first.key).toBe(PAD); // the first pad keeps the key drafts were stored under before
    expect(second.key).not.toBe(first.key);
    saveFaces(store, 'b1', STEP, first.key, [9, null]);
    saveFaces(store, 'b1', STEP, second.key, [3, 4]);
    // The reload: the page goes, and its pads mount again in the same order.
    first.release();
    second.release();
    const again = [claimPadKey(PAD), claimPadKey(PAD)];
    expect(again.map((p) => loadFaces(store, 'b1', STEP, p.key))).toEqual([
      [9, null],
      [3, 4]
    ]);
    // A pad gone frees its place: the next pad of those dice takes it.
    again[0].release();
    const third = claimPadKey(PAD);
    expect(third.key).toBe(PAD);
    third.release();
    again[1].release();
  });

  it('a pad of another step (still going as the next step mounts) takes no place from the step on screen', () => {
    // Issue 39: Phase 3's pad may still hold its place while Phase 6's pad mounts. After a
    // reload only Phase 6's pad mounts: it must find the key its faces were kept under.
    const hidden = claimPadKey(PAD, '2:3');
    const shown = claimPadKey(PAD, '2:6');
    expect(shown.key).toBe(PAD);
    shown.release();
    hidden.release();
  });
});
