import type { PaperSheet } from '$lib/engine/paper-sheet';
import type { RuleSystem } from '$lib/engine/system';
import { paperSheetOf } from '$lib/report/paper';

/**
 * The system's paper sheet for a print page, loaded for printing only (issue 40): `isLoaded` stays
 * false until the sheet (or its absence) is known, so the page's logs wait for it; a system changed
 * meanwhile drops the stale answer. Called while a component is set up (it holds an effect).
 */
export function paperSheetFor(getSystem: () => RuleSystem | null): {
  readonly sheet: PaperSheet<object> | null;
  readonly isLoaded: boolean;
} {
  let sheet = $state.raw<PaperSheet<object> | null>(null);
  let isLoaded = $state(false);
  $effect(() => {
    const s = getSystem();
    if (!s) return;
    let isStale = false;
    void paperSheetOf(s).then((p) => {
      if (isStale) return;
      sheet = p;
      isLoaded = true;
    });
    return () => {
      isStale = true;
      isLoaded = false;
    };
  });
  return {
    get sheet() {
      return sheet;
    },
    get isLoaded() {
      return isLoaded;
    }
  };
}
