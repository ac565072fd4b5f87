import type { BattleState } from '$lib/engine/events';

/**
 * Faces tapped into a dice pad but not yet used, kept across a reload of the battle page (a
 * referee who reloads between two dice must not have to tap them again). They are not rule state,
 * so they stay out of the log: sessionStorage, one record per battle holding the step it belongs to
 * and the faces of each pad by its dice (`shape`: sides, group and label of every slot) and, where
 * one screen shows two pads of the same dice, by its place among them (`claimPadKey`). Using the
 * roll or clearing the pad forgets its faces; a new step forgets them all. Anything unreadable, or
 * a storage that is full or blocked, just starts afresh.
 */

export type Faces = (number | null)[];

interface StoredDrafts {
  step: string;
  pads: Record<string, Faces>;
}

const PREFIX = 'quarterdeck:dice:draft:';

/** The step dice drafts belong to: the turn and phase on the counter. */
export function diceStep(state: Pick<BattleState, 'turn' | 'phase'>): string {
  return `${state.turn}:${state.phase}`;
}

function read(store: Storage, battleId: string): StoredDrafts | null {
  try {
    const raw: unknown = JSON.parse(store.getItem(PREFIX + battleId) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const { step, pads } = raw as Partial<StoredDrafts>;
    if (typeof step !== 'string' || typeof pads !== 'object' || pads === null) return null;
    return { step, pads };
  } catch {
    return null;
  }
}

function write(store: Storage, battleId: string, drafts: StoredDrafts): void {
  try {
    if (Object.keys(drafts.pads).length === 0) store.removeItem(PREFIX + battleId);
    else store.setItem(PREFIX + battleId, JSON.stringify(drafts));
  } catch {
    // Private mode or a full quota: the draft is a convenience, the log is what matters.
  }
}

/** The sides of each slot of a pad, from its key: its shape ("6:Attacker:hit|6:Attacker:hit"),
 *  after the pad's place ("2/") for the second and later pads of those dice. */
function sidesOf(pad: string): number[] {
  const shape = pad.replace(/^\d+\//, '');
  return shape === '' ? [] : shape.split('|').map((s) => Number(s.split(':')[0]));
}

/** The places taken by the pads on the screen now, by their step and dice. */
const placesTaken = new Map<string, Set<number>>();

/**
 * The key of a pad's draft: its dice, and its place among the pads of the same dice on the screen
 * in the same step (the first free one; after a reload they mount in the same order and find
 * their own faces). The first pad's key is its shape alone, as drafts were kept before. A pad of
 * another step (one still going as the next step's pads mount) takes no place from the step on
 * screen.
 * `release` when the pad goes.
 */
export function claimPadKey(shape: string, step = ''): { key: string; release: () => void } {
  const scope = `${step}\n${shape}`;
  const taken = placesTaken.get(scope) ?? new Set<number>();
  placesTaken.set(scope, taken);
  let place = 1;
  while (taken.has(place)) place++;
  taken.add(place);
  return {
    key: place === 1 ? shape : `${place}/${shape}`,
    release: () => {
      taken.delete(place);
      if (taken.size === 0) placesTaken.delete(scope);
    }
  };
}

/**
 * The faces kept for this pad in this step, or null when there are none (or they do not fit its
 * dice: one entry per slot, each empty or a face of that die).
 */
export function loadFaces(
  store: Storage | null,
  battleId: string,
  step: string,
  pad: string
): Faces | null {
  if (store === null) return null;
  const drafts = read(store, battleId);
  if (drafts === null || drafts.step !== step) return null;
  const faces = drafts.pads[pad];
  const sides = sidesOf(pad);
  if (!Array.isArray(faces) || faces.length !== sides.length) return null;
  const fits = faces.every(
    (f, i) => f === null || (Number.isInteger(f) && f >= 1 && f <= sides[i])
  );
  return fits && faces.some((f) => f !== null) ? faces : null;
}

/** Keeps the pad's faces for this step (a pad with no face is forgotten); other steps are dropped. */
export function saveFaces(
  store: Storage | null,
  battleId: string,
  step: string,
  pad: string,
  faces: readonly (number | null)[]
): void {
  if (store === null) return;
  const before = read(store, battleId);
  const pads = before?.step === step ? { ...before.pads } : {};
  if (faces.some((f) => f !== null)) pads[pad] = [...faces];
  else delete pads[pad];
  write(store, battleId, { step, pads });
}

/** A new step: the faces tapped in any other step are forgotten. */
export function forgetOtherSteps(store: Storage | null, battleId: string, step: string): void {
  if (store === null) return;
  const before = read(store, battleId);
  if (before !== null && before.step !== step) write(store, battleId, { step, pads: {} });
}
