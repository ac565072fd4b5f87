// Apart from the moves (issue 40): the log and the report canonicalise stored ids with the
// system's first screen, before any move is loaded.

/** Kinds and roll procedures written by earlier releases → the current ids (stored events are never
 *  rewritten; readers canonicalise). */
export const LEGACY_IDS: Readonly<Record<string, string>> = {
  'ww.setSail': 'ww.set-sail',
  'ww.boardingRound': 'ww.boarding-round',
  'ww.boardingRounds': 'ww.boarding-rounds',
  'Wooden Warships attack (SPEC B.4.5, B.4.6)': 'ww.fire',
  'Wooden Warships boarding round (SPEC B.4.7 step 4)': 'ww.boarding-round',
  'Wooden Warships boarding rounds (SPEC B.4.7 steps 4–5)': 'ww.boarding-rounds',
  'Wooden Warships island collision (SPEC B.4.3 step 5)': 'ww.island'
};
