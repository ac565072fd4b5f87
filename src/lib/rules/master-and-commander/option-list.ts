import type { OptionSpec } from '../../engine/system';

// The Master and Commander rule readings as the new-battle form shows them: each option's words,
// its rule reference, its choices, its default (DEFAULT_OPTIONS, options.ts) and the variants it
// applies to. A module of their own (issue 40): a battle reads its options with readOptions and
// loads none of these words.

const STANDARD = ['basic', 'advanced'] as const;
const BEGINNER = ['beginner'] as const;
const ADVANCED = ['advanced'] as const;

export const OPTIONS: readonly OptionSpec[] = [
  {
    key: 'tieExhaustion',
    label: 'All compared dice tie, one side has more dice',
    ruleRef: 'SPEC A.4.6 step 5, A.5 #2',
    help: '"In the case of a tie with all dice, then the defender is successful." Read literally the defender wins; the alternative lets the side with the extra die win.',
    choices: [
      { value: 'defender', label: 'Defender wins' },
      { value: 'moreDiceWins', label: 'Side with more dice wins' }
    ],
    defaultValue: 'defender',
    variants: STANDARD
  },
  {
    key: 'counterAttackDice',
    label: 'Counter-attack dice',
    ruleRef: 'SPEC A.4.8 step 2, Errata 6',
    help: 'A defender that has just been hit counter-attacks with the dice it has after the hit ("will roll one less die during his or her next engagement"), or with its dice before the hit.',
    choices: [
      { value: 'current', label: 'After the hit (one die fewer)' },
      { value: 'preHit', label: 'Before the hit' }
    ],
    defaultValue: 'current'
  },
  {
    key: 'steadyWithNoPriorWind',
    label: 'Steady on the first wind roll',
    ruleRef: 'SPEC A.4.3 step 1, A.5 #5',
    help: 'A Steady with no wind yet keeps nothing, so the die is rolled again.',
    choices: [{ value: 'reroll', label: 'Roll again' }],
    defaultValue: 'reroll',
    variants: STANDARD
  },
  {
    key: 'steadyAfterStorm',
    label: 'Steady during a storm',
    ruleRef: 'SPEC A.4.3 step 2, A.5 #5',
    help: '"When there is a Steady on the Wind Die, the wind direction remains the same." During a storm that keeps the storm, or the die is rolled again.',
    choices: [
      { value: 'stormContinues', label: 'The storm continues' },
      { value: 'reroll', label: 'Roll again' }
    ],
    defaultValue: 'stormContinues',
    variants: STANDARD
  },
  {
    key: 'firstPlayerTie',
    label: 'Tie for first player',
    ruleRef: 'SPEC A.4.2 step 2, A.5 #7',
    help: '"The player with the highest roll goes first." Tied highest rollers roll again among themselves.',
    choices: [{ value: 'rerollTied', label: 'Tied players roll again' }],
    defaultValue: 'rerollTied'
  },
  {
    key: 'broadsideGeometry',
    label: 'Broadside geometry',
    ruleRef: 'SPEC A.4.5, A.5 #4',
    help: 'Strictly abeam at distance 1–2 (Beginner 1), or the referee confirms each engagement (illustrations 7a–7d are missing).',
    choices: [
      { value: 'strictAbeam', label: 'Strictly abeam' },
      { value: 'refereeConfirms', label: 'Referee confirms' }
    ],
    defaultValue: 'strictAbeam'
  },
  {
    key: 'attackTiming',
    label: 'When ships attack',
    ruleRef: 'SPEC A.4.15, A.5 #22, Errata 12',
    help: '"Each turn consists of moving all of the ships in your fleet." Attacks after all movement, after each ship moves, or at any time.',
    choices: [
      { value: 'afterAllMovement', label: 'After all movement' },
      { value: 'afterEachShipMoves', label: 'After each ship moves' },
      { value: 'free', label: 'Any time' }
    ],
    defaultValue: 'afterAllMovement'
  },
  {
    key: 'attacksPerShip',
    label: 'Attacks per ship per turn',
    ruleRef: 'SPEC A.4.5 step 4, A.5 #23',
    help: '"A ship can fire from both sides. If your ship is in position to fire upon more than one enemy ship, you must announce which ship you are going to attack first." Once per eligible target per turn, once per side, or once in total.',
    choices: [
      { value: 'oncePerTargetPerTurn', label: 'Once per target' },
      { value: 'onePerSidePerTurn', label: 'Once per side' },
      { value: 'oncePerTurn', label: 'Once per turn' }
    ],
    defaultValue: 'oncePerTargetPerTurn'
  },
  {
    key: 'repelledAttackEndsTurn',
    label: 'A repelled attack ends the turn',
    ruleRef: 'SPEC A.4.6, A.5 #3',
    help: '"…he or she has successfully defended the ship under attack and turn passes to the next player." Read as the end of the engagement by default.',
    choices: [
      { value: false, label: 'No, the engagement ends' },
      { value: true, label: 'Yes, the whole turn ends' }
    ],
    defaultValue: false
  },
  {
    key: 'repairLimitPerTurn',
    label: 'Repairs per ship per turn',
    ruleRef: 'SPEC A.4.9 step 4, A.5 #12',
    help: '"A player may stay in Homeport on consecutive turns to further repair the ship." One disk per ship per turn, or as many as cards allow.',
    choices: [
      { value: 1, label: 'One Prize Disk' },
      { value: 'unlimited', label: 'As many as cards allow' }
    ],
    defaultValue: 1,
    variants: STANDARD
  },
  {
    key: 'unusedHomeportsHaveCards',
    label: 'Homeports without a player hold Repair Cards',
    ruleRef: 'SPEC A.4.1 step 3, A.5 #13',
    help: '"Each player also receives four Repair Cards, which should be placed next to their Homeport."',
    choices: [
      { value: false, label: 'No' },
      { value: true, label: 'Yes, four each' }
    ],
    defaultValue: false,
    variants: STANDARD
  },
  {
    key: 'beginnerMoveExact',
    label: 'Beginner: move exactly the roll',
    ruleRef: 'SPEC A.4.4 step 2, A.5 #9, Errata 15',
    help: '"roll the die and move your ship the number of squares that you rolled".',
    choices: [
      { value: true, label: 'Exactly the roll' },
      { value: false, label: 'Up to the roll' }
    ],
    defaultValue: true,
    variants: BEGINNER
  },
  {
    key: 'beginnerTies',
    label: 'Beginner: tied dice',
    ruleRef: 'SPEC A.4.6 step 6, A.5 #10',
    help: 'The Beginner text covers only higher numbers. The defender wins ties as in the Basic game, or both dice are rolled again.',
    choices: [
      { value: 'defender', label: 'Defender wins' },
      { value: 'reroll', label: 'Roll again' }
    ],
    defaultValue: 'defender',
    variants: BEGINNER
  },
  {
    key: 'beginnerTurnRestriction',
    label: 'Beginner: move forward before turning again',
    ruleRef: 'SPEC A.4.4 step 3, A.5 #11, Errata 11',
    help: 'The Beginner rules omit "After turning 90 degrees, a ship must move forward one square before turning again".',
    choices: [
      { value: false, label: 'Not applied' },
      { value: true, label: 'Applied' }
    ],
    defaultValue: false,
    variants: BEGINNER
  },
  {
    key: 'cardsOnRaidsAndBoarding',
    label: 'Boarding and raids draw a card',
    ruleRef: 'SPEC A.4.10 step 1, A.5 #14',
    help: '"Each time you initiate an engagement, you must draw a Master and Commander card first."',
    choices: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' }
    ],
    defaultValue: true,
    variants: ADVANCED
  },
  {
    key: 'raidRange',
    label: 'Raid range',
    ruleRef: 'SPEC A.4.12 step 1, A.5 #17',
    help: '"An attacking ship must be broadside to an enemy Homeport"; the range is not given.',
    choices: [
      { value: 'sameAsShips', label: 'As ships (1–2 squares)' },
      { value: 'adjacentOnly', label: 'Adjacent only' }
    ],
    defaultValue: 'sameAsShips',
    variants: ADVANCED
  },
  {
    key: 'mistLoseTurnScope',
    label: 'Mist: who loses the turn',
    ruleRef: 'SPEC A.4.14 step 3, A.5 #21',
    help: '"A player entering the mist must lose one turn before exiting."',
    choices: [
      { value: 'ship', label: 'Only that ship' },
      { value: 'player', label: "The player's whole fleet" }
    ],
    defaultValue: 'ship',
    variants: ADVANCED
  },
  {
    key: 'mistShipMayFireOut',
    label: 'Mist: a ship in the Mist may fire out',
    ruleRef: 'SPEC A.4.14 step 2, A.5 #21',
    help: 'A ship in the Mist is "safe from enemy fire"; by default it cannot fire either.',
    choices: [
      { value: false, label: 'No' },
      { value: true, label: 'Yes' }
    ],
    defaultValue: false,
    variants: ADVANCED
  }
];
