import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { isFace } from './movement-reads';

// Privateers initiative (C.4.4, a d12 task check of C.3.11), apart from the other task checks
// (resolve-tasks.ts): Phase 3's panel reads only this, not the reload, fire and marksmen rules
// with the gunnery they import (issue 40).

export interface InitiativeEntry {
  id: string;
  mod: number;
  face: number;
}

/** C.4.4: highest modified roll moves first. Returns the order and the groups still tied (to be
 *  re-rolled under `initiativeTies='reroll'`; with 'higherModifier' the higher modifier goes first
 *  and only equal modifiers stay tied). */
export function resolveInitiative(
  entries: readonly InitiativeEntry[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<{ order: string[]; tied: string[][] }> {
  if (!entries.every((e) => isFace(e.face, options.initiativeDie)))
    return err(`Initiative rolls are d${options.initiativeDie} faces.`);
  const total = (e: InitiativeEntry) => e.face + e.mod;
  const sorted = [...entries].sort(
    (a, b) =>
      total(b) - total(a) || (options.initiativeTies === 'higherModifier' ? b.mod - a.mod : 0)
  );
  const same = (a: InitiativeEntry, b: InitiativeEntry) =>
    total(a) === total(b) && (options.initiativeTies === 'reroll' || a.mod === b.mod);
  const tied: string[][] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i + 1;
    while (j < sorted.length && same(sorted[i], sorted[j])) j++;
    if (j - i > 1) tied.push(sorted.slice(i, j).map((e) => e.id));
    i = j;
  }
  return ok({ order: sorted.map((e) => e.id), tied });
}
