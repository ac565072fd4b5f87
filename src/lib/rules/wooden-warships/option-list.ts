import type { OptionSpec } from '../../engine/system';

// The Wooden Warships rule readings as the new-battle form and the calculators show them: each
// option's words, its rule reference, its choices and its default (DEFAULT_OPTIONS, options.ts).
// A module of their own (issue 40): a battle reads its options with readOptions and loads none of
// these words.

export const OPTIONS: readonly OptionSpec[] = [
  {
    key: 'percentileConvention',
    label: 'Reading the percentile dice',
    ruleRef: 'SPEC B.5 #1, B.4.5 step 7',
    help: '"Roll UNDER the number listed to hit." Default: read 00–99, hit if the roll is under N (a chance of N%). Alternative: read 01–100 and hit strictly under N (N−1%).',
    choices: [
      { value: '00to99_under', label: '00–99, under N (N%)' },
      { value: '01to100_strictUnder', label: '01–100, strictly under N (N−1%)' }
    ],
    defaultValue: '00to99_under'
  },
  {
    key: 'percentModifierMode',
    label: 'Percentage modifiers',
    ruleRef: 'SPEC B.5 #3',
    help: '"30% more likely to be hit": default adds 30 points to the number needed; alternative multiplies it by 1.3.',
    choices: [
      { value: 'additivePoints', label: 'Add points (+30)' },
      { value: 'relative', label: 'Relative (×1.3)' }
    ],
    defaultValue: 'additivePoints'
  },
  {
    key: 'mismatchedAmmo',
    label: 'Ammunition that does not suit the target',
    ruleRef: 'SPEC B.5 #4, B.3.5',
    help: '"Round shot is most effective against the hull. d4 vs crew and rigging". Default: each damage die becomes a d4.',
    choices: [
      { value: 'eachDieBecomesD4', label: 'Each damage die becomes a d4' },
      { value: 'oneD4PerDeck', label: 'One d4 per deck that hit' },
      { value: 'oneD4Total', label: 'One d4 for the whole attack' }
    ],
    defaultValue: 'eachDieBecomesD4'
  },
  {
    key: 'halfDieOfD4',
    label: 'Half die of a d4',
    ruleRef: 'SPEC B.5 #5, B.3.6',
    help: 'Not covered by the text: a half d4 reads 1–2 as 1 and 3–4 as 2.',
    choices: [{ value: 'ceilHalf', label: '1–2 → 1, 3–4 → 2' }],
    defaultValue: 'ceilHalf'
  },
  {
    key: 'reloadScope',
    label: 'Reloading after firing',
    ruleRef: 'SPEC Errata #14, B.5 #7, B.4.9',
    help: '"Did ye fire the guns this turn already? Aye?! You can\'t load em now; you\'ll set off the powder magazine!" Default: nothing on the ship loads if any gun fired this turn. Alternative: only the batteries that fired stay unloaded.',
    choices: [
      { value: 'wholeShip', label: 'Whole ship' },
      { value: 'perBattery', label: 'Per battery' }
    ],
    defaultValue: 'wholeShip'
  },
  {
    key: 'skipToStep5SkipsBoarding',
    label: 'Unloaded guns skip boarding',
    ruleRef: 'SPEC Errata #13, B.5 #6, B.4.5 step 1',
    help: '"First are your guns loaded? Nay?! … Skip to Step 5". Default, as the text reads: a ship with no loaded guns skips Step 4 Boarding too.',
    choices: [
      { value: true, label: 'Yes, skip boarding too' },
      { value: false, label: 'No, it may still board' }
    ],
    defaultValue: true
  },
  {
    key: 'boardingRoundsPerTurn',
    label: 'Boarding rounds per turn',
    ruleRef: 'SPEC B.5 #8, B.4.7 step 5',
    help: 'Default: a boarding is fought until resolved in one Step 4. Alternative: a fixed number of rounds a turn; the boarding then persists and the exposed-side and lost-crew rules come into play.',
    choices: [
      { value: 'untilResolved', label: 'Until resolved' },
      { value: 1, label: '1 round a turn' },
      { value: 2, label: '2 rounds a turn' },
      { value: 3, label: '3 rounds a turn' },
      { value: 5, label: '5 rounds a turn' }
    ],
    defaultValue: 'untilResolved'
  },
  {
    key: 'exposedSideAppliesTo',
    label: 'Exposed side (+30 to be hit)',
    ruleRef: 'SPEC B.5 #3, B.4.7 step 8',
    help: '"During Boarding you are 30% more likely to be hit if attacked from your exposed side". Default: the boarding ship only.',
    choices: [
      { value: 'boardingShip', label: 'The boarding ship' },
      { value: 'bothShips', label: 'Both ships' }
    ],
    defaultValue: 'boardingShip'
  },
  {
    key: 'capturedShipFate',
    label: 'A captured ship',
    ruleRef: 'SPEC Errata #16, B.5 #11, B.4.7 step 6',
    help: "Default: removed as a prize after looting, the surviving boarders return to their ship. Alternative: it joins the captor's fleet with the surviving boarders as its crew.",
    choices: [
      { value: 'removedAsPrize', label: 'Removed as a prize' },
      { value: 'joinsCaptorFleet', label: "Joins the captor's fleet" }
    ],
    defaultValue: 'removedAsPrize'
  },
  {
    key: 'sinkWhen',
    label: 'A ship sinks',
    ruleRef: 'SPEC B.5 #9, B.4.9 step 2',
    help: 'The text never says; default: when the hull reaches 0. Zero rigging or crew is only recorded.',
    choices: [{ value: 'hullZero', label: 'Hull at 0' }],
    defaultValue: 'hullZero'
  },
  {
    key: 'upgradeEndsTurnScope',
    label: 'Upgrading ends the turn of',
    ruleRef: 'SPEC B.5 #15, B.4.4 step 1',
    help: '"you may upgrade your ship. End of your turn." Default: that ship skips Steps 3–5 this turn.',
    choices: [
      { value: 'ship', label: 'That ship' },
      { value: 'player', label: 'The whole player turn' }
    ],
    defaultValue: 'ship'
  },
  {
    key: 'attackAndBoardScope',
    label: 'Attack and board in one turn',
    ruleRef: 'SPEC Errata #10, B.3.9',
    help: '"You aren\'t able to attack and board in the same turn". Default: per ship (a ship that fired may not board). Alternative: per player (no ship of a player who attacked may board).',
    choices: [
      { value: 'ship', label: 'Per ship' },
      { value: 'player', label: 'Per player' }
    ],
    defaultValue: 'ship'
  },
  {
    key: 'islandDamageArea',
    label: 'Island collision damages',
    ruleRef: 'SPEC B.5 #19, B.4.3 step 5',
    help: '"roll the ram damage on your ship damage chart and apply it to your own ship": the hull; the ship stops at the point of contact.',
    choices: [{ value: 'hull', label: 'Hull' }],
    defaultValue: 'hull'
  },
  {
    key: 'turnStructure',
    label: 'Turn order',
    ruleRef: 'SPEC B.5 #17, B.4.2',
    help: 'Default: each player runs Steps 1–5 for all their ships. Alternative: every player does each step before the next.',
    choices: [
      { value: 'playerTurns', label: 'Player turns' },
      { value: 'simultaneousSteps', label: 'Step by step for everyone' }
    ],
    defaultValue: 'playerTurns'
  }
];
