// Apart from the moves (issue 40): the log and the report canonicalise stored ids with the
// system's first screen, before any move is loaded.

/**
 * Roll-procedure ids the release before the move contract wrote (bare words and display text), old
 * → current; event kinds were already 'mc.<kebab-case>' and are unchanged.
 */
export const LEGACY_IDS: Readonly<Record<string, string>> = {
  wind: 'mc.wind',
  'storm movement': 'mc.storm',
  'first player': 'mc.first-player',
  'beginner movement': 'mc.movement-roll',
  attack: 'mc.attack',
  'counter-attack': 'mc.counter-attack',
  boarding: 'mc.boarding',
  raid: 'mc.raid',
  'homeport counter-attack': 'mc.homeport-counter',
  'ram attempt': 'mc.ram-attempt',
  'ram damage': 'mc.ram-damage'
};
