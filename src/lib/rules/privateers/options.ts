import type { BattleOptions, OptionSpec, OptionValue } from '../../engine/system';

// Privateers options (SPEC C.2 `PvOptions`, readings from C.5). Each default is the spec's
// [DEFAULT] reading; the alternatives are the readings the spec names. `hitModifierSign` is not an
// option (C.5 #3: "Not an option"): modifiers always widen the hit range.

export interface PvOptions {
  initiativeDie: 12 | 6;
  initiativeTies: 'reroll' | 'higherModifier';
  gunnerReload: 'modified6' | 'natural6';
  doubleShotFailedRoll: 'loadSingle' | 'notLoaded';
  damageMultiplierCombine: 'additive' | 'multiplicative';
  fractionalDice: 'roundUpPerToss' | 'roundDownPerToss';
  criticalPairCountsAsDamage: boolean;
  twoXPoints: 'doubleTossPoints' | 'plusTwoPoints';
  pointOfSailBoundary: 'boundaryGoesAft' | 'boundaryGoesForward';
  rangeBoundary: 'upperInclusive' | 'lowerInclusive';
  landRangeMode: 'shiftUpper' | 'widenEach';
  tackFailure: 'remainHeadToWindRetry' | 'fallBackToOldTack';
  fullSailHold: boolean;
  forcedSpeedDrop: 'immediate' | 'oneLevelPerTurn';
  crewModifiedChecks: 'plusOnePerCrew' | 'unmodified';
  fireTimeline: 'firstAttemptNextTurn' | 'attemptOnIgnitionTurn';
  fireDamageOnExtinguishTurn: boolean;
  helmTillerDuration: 'permanent' | 'nextTurnOnly';
  collisionDamageReading: 'eachShipRollsOwnDamage' | 'rollerInflictsOnOther';
  collisionDiceAsFaceSum: boolean;
  boardingPrerequisite: 'grappledOrEntangled' | 'hullToHull';
  boardingCasualtyOddToCrew: boolean;
  gunfireCrewLossesIncludeMarines: boolean;
  moraleChecksPerTurn: 'onePerShipIfAnyTrigger' | 'onePerTrigger';
  disorderClears: 'onPassedCheck' | 'never';
  sinkTiming: 'phase6' | 'immediate';
  ordersHidden: boolean;
  tossGrouping: 'perFireGroup' | 'perTargetPerPhase';
}

export const DEFAULT_OPTIONS: PvOptions = {
  initiativeDie: 12,
  initiativeTies: 'reroll',
  gunnerReload: 'modified6',
  doubleShotFailedRoll: 'loadSingle',
  damageMultiplierCombine: 'additive',
  fractionalDice: 'roundUpPerToss',
  criticalPairCountsAsDamage: false,
  twoXPoints: 'doubleTossPoints',
  pointOfSailBoundary: 'boundaryGoesAft',
  rangeBoundary: 'upperInclusive',
  landRangeMode: 'shiftUpper',
  tackFailure: 'remainHeadToWindRetry',
  fullSailHold: true,
  forcedSpeedDrop: 'immediate',
  crewModifiedChecks: 'plusOnePerCrew',
  fireTimeline: 'firstAttemptNextTurn',
  fireDamageOnExtinguishTurn: false,
  helmTillerDuration: 'permanent',
  collisionDamageReading: 'eachShipRollsOwnDamage',
  collisionDiceAsFaceSum: true,
  boardingPrerequisite: 'grappledOrEntangled',
  boardingCasualtyOddToCrew: true,
  gunfireCrewLossesIncludeMarines: false,
  moraleChecksPerTurn: 'onePerShipIfAnyTrigger',
  disorderClears: 'onPassedCheck',
  sinkTiming: 'phase6',
  ordersHidden: false,
  tossGrouping: 'perFireGroup'
};

const yesNo = (yes: string, no: string) => [
  { value: true, label: yes },
  { value: false, label: no }
];

type Spec = Omit<OptionSpec, 'defaultValue' | 'key'> & { key: keyof PvOptions };

const SPECS: Spec[] = [
  {
    key: 'initiativeDie',
    label: 'Initiative die',
    ruleRef: 'SPEC C.5 #6',
    help: 'The text gives no die for initiative; every other check uses a d12.',
    choices: [
      { value: 12, label: 'd12' },
      { value: 6, label: 'd6' }
    ]
  },
  {
    key: 'initiativeTies',
    label: 'Initiative ties',
    ruleRef: 'SPEC C.5 #6',
    help: 'Ties are not covered by the text.',
    choices: [
      { value: 'reroll', label: 'Re-roll among the tied ships' },
      { value: 'higherModifier', label: 'Higher modifier moves first' }
    ]
  },
  {
    key: 'gunnerReload',
    label: 'Gunner-sighted gun reloads with',
    ruleRef: 'SPEC C.5 #2',
    help: '"* When Gunner is assigned, gun will reload with 6."',
    choices: [
      { value: 'modified6', label: 'Modified 6 or more' },
      { value: 'natural6', label: 'Natural 6 or more' }
    ]
  },
  {
    key: 'doubleShotFailedRoll',
    label: 'Double-shot roll short of 10',
    ruleRef: 'SPEC C.4.5 step 3',
    help: 'Whether a gun designated for double shot still loads single shot at 7+.',
    choices: [
      { value: 'loadSingle', label: 'Loads single shot at the normal threshold' },
      { value: 'notLoaded', label: 'Not loaded' }
    ]
  },
  {
    key: 'damageMultiplierCombine',
    label: 'Double shot and rakes combine',
    ruleRef: 'SPEC C.5 #12',
    help: 'Additive: bonuses on base dice. Multiplicative: double shot ×1.5, then rake ×2 or ×1.5.',
    choices: [
      { value: 'additive', label: 'Additive' },
      { value: 'multiplicative', label: 'Multiplicative' }
    ]
  },
  {
    key: 'fractionalDice',
    label: 'Half damage dice',
    ruleRef: 'SPEC C.5 #12',
    help: 'How a fractional number of damage dice is rounded, once per toss.',
    choices: [
      { value: 'roundUpPerToss', label: 'Round up' },
      { value: 'roundDownPerToss', label: 'Round down' }
    ]
  },
  {
    key: 'criticalPairCountsAsDamage',
    label: 'Critical pair of ones also counts as damage',
    ruleRef: 'SPEC C.5 #11',
    help: '"All other ones are totaled with the hull or rigging point damage"',
    choices: yesNo('Yes', 'No, the pair is consumed')
  },
  {
    key: 'twoXPoints',
    label: '"2x Hull/Rigging Pts" critical',
    ruleRef: 'SPEC C.5 #13',
    help: 'Double the toss’s points, or add 2 points.',
    choices: [
      { value: 'doubleTossPoints', label: 'Double the toss’s points' },
      { value: 'plusTwoPoints', label: '+2 points' }
    ]
  },
  {
    key: 'pointOfSailBoundary',
    label: 'Point-of-sail boundaries (45°, 90°, 135°)',
    ruleRef: 'SPEC C.5 #14',
    help: 'Each boundary belongs to two sectors in the text.',
    choices: [
      { value: 'boundaryGoesAft', label: 'Farther from the wind (45° = Beating)' },
      { value: 'boundaryGoesForward', label: 'Nearer the wind (45° = In Irons)' }
    ]
  },
  {
    key: 'rangeBoundary',
    label: 'Range boundaries (12″, 24″, 36″)',
    ruleRef: 'SPEC C.5 #15',
    help: '"Short 0-12" Medium 12"-24" Long 24"-36""',
    choices: [
      { value: 'upperInclusive', label: '12″ is Short, 24″ Medium' },
      { value: 'lowerInclusive', label: '12″ is Medium, 24″ Long' }
    ]
  },
  {
    key: 'landRangeMode',
    label: 'Land-based gun ranges',
    ruleRef: 'SPEC C.5 #16',
    help: '"Land Based Guns Add 12" To Each Range"',
    choices: [
      { value: 'shiftUpper', label: '0–24 / 24–36 / 36–48' },
      { value: 'widenEach', label: '0–24 / 24–48 / 48–72' }
    ]
  },
  {
    key: 'tackFailure',
    label: 'After a failed tack',
    ruleRef: 'SPEC C.5 #18',
    help: '"If the maneuver is unsuccessful, the ship is taken aback."',
    choices: [
      { value: 'remainHeadToWindRetry', label: 'Stays head to wind, retries next turn' },
      { value: 'fallBackToOldTack', label: 'Falls back to the old tack' }
    ]
  },
  {
    key: 'fullSailHold',
    label: 'A ship may stay at Full Sail',
    ruleRef: 'SPEC C.5 #17',
    help: '"A ship may move at full speed if it was at medium sail the previous turn."',
    choices: yesNo('Yes', 'No, only from Medium')
  },
  {
    key: 'forcedSpeedDrop',
    label: 'Speed over the cap after damage',
    ruleRef: 'SPEC C.4.10 step 7',
    help: 'Whether a forced drop ignores the one-level-per-turn rule.',
    choices: [
      { value: 'immediate', label: 'Drops to the cap at once' },
      { value: 'oneLevelPerTurn', label: 'One level per turn' }
    ]
  },
  {
    key: 'crewModifiedChecks',
    label: 'Crew modify fire, damage control, jury rig',
    ruleRef: 'SPEC C.5 #5',
    help: '"with each crew assigned counting as one modifier" (fires); unstated for the others.',
    choices: [
      { value: 'plusOnePerCrew', label: '+1 per crew assigned' },
      { value: 'unmodified', label: 'Damage control and jury rig unmodified' }
    ]
  },
  {
    key: 'fireTimeline',
    label: 'First fire-fighting attempt',
    ruleRef: 'SPEC C.5 #21, Errata 3',
    help: 'Crew assignments precede firing, so the default first attempt is the next turn.',
    choices: [
      { value: 'firstAttemptNextTurn', label: 'The turn after ignition' },
      { value: 'attemptOnIgnitionTurn', label: 'The ignition turn' }
    ]
  },
  {
    key: 'fireDamageOnExtinguishTurn',
    label: 'Fire damage on the turn it is put out',
    ruleRef: 'SPEC C.5 #21',
    help: '"A fire does 5 points damage per turn that they bum"',
    choices: yesNo('Yes', 'No')
  },
  {
    key: 'helmTillerDuration',
    label: 'Helm/Tiller: 2 crew on the tiller',
    ruleRef: 'SPEC C.5 #24',
    help: '"May not alter course next turn, must assign 2 crew to tiller deck."',
    choices: [
      { value: 'permanent', label: 'For every course change afterwards' },
      { value: 'nextTurnOnly', label: 'Next turn only' }
    ]
  },
  {
    key: 'collisionDamageReading',
    label: 'Collision damage',
    ruleRef: 'SPEC C.5 #30',
    help: '"Ramming boat throws a 6 sided dice for hull damage … Rammed boat throws ace"',
    choices: [
      { value: 'eachShipRollsOwnDamage', label: 'Each ship rolls its own damage' },
      { value: 'rollerInflictsOnOther', label: 'The roller damages the other ship' }
    ]
  },
  {
    key: 'collisionDiceAsFaceSum',
    label: 'Collision dice',
    ruleRef: 'SPEC C.5 #30',
    help: 'Face sum to hull, or read on the Ball Low column.',
    choices: yesNo('Face sum to hull', 'Ball Low column')
  },
  {
    key: 'boardingPrerequisite',
    label: 'Boarding requires',
    ruleRef: 'SPEC C.5 #32',
    help: 'The text does not state it.',
    choices: [
      { value: 'grappledOrEntangled', label: 'Grappled or entangled' },
      { value: 'hullToHull', label: 'Hull to hull' }
    ]
  },
  {
    key: 'boardingCasualtyOddToCrew',
    label: 'Odd boarding casualty falls on',
    ruleRef: 'SPEC C.5 #33',
    help: '"extracted at an even rate between marines and crew"',
    choices: yesNo('Crew', 'Marines')
  },
  {
    key: 'gunfireCrewLossesIncludeMarines',
    label: 'Gunfire "Crew" results may hit marines',
    ruleRef: 'SPEC C.5 #39',
    help: 'Default: crew only.',
    choices: yesNo('Yes, marines take half', 'No, crew only')
  },
  {
    key: 'moraleChecksPerTurn',
    label: 'Morale checks per turn',
    ruleRef: 'SPEC C.5 #35',
    help: 'One per ship if any trigger applies, or one per trigger.',
    choices: [
      { value: 'onePerShipIfAnyTrigger', label: 'One per ship' },
      { value: 'onePerTrigger', label: 'One per trigger' }
    ]
  },
  {
    key: 'disorderClears',
    label: 'Disorder clears',
    ruleRef: 'SPEC C.5 #36',
    help: '"7: Fail by One [Disordered]" — duration unstated.',
    choices: [
      { value: 'onPassedCheck', label: 'On a passed check' },
      { value: 'never', label: 'Never' }
    ]
  },
  {
    key: 'sinkTiming',
    label: 'Sinking',
    ruleRef: 'SPEC C.5 #44',
    help: 'Flag at once; remove in Phase 6 or at once.',
    choices: [
      { value: 'phase6', label: 'Removed in Phase 6' },
      { value: 'immediate', label: 'Removed at once' }
    ]
  },
  {
    key: 'ordersHidden',
    label: 'Orders kept secret in the app',
    ruleRef: 'SPEC Errata 7',
    help: 'Default: the app records orders openly.',
    choices: yesNo('Hidden until revealed', 'Open')
  },
  {
    key: 'tossGrouping',
    label: 'One critical "dice toss" per',
    ruleRef: 'SPEC Errata 8, C.4.7 step 5',
    help: '"Only one critical hit per dice toss is counted"',
    choices: [
      { value: 'perFireGroup', label: 'Group of guns fired together' },
      { value: 'perTargetPerPhase', label: 'Target per phase' }
    ]
  }
];

/** The battle options of Privateers, defaults = [DEFAULT] readings. */
export const OPTIONS: readonly OptionSpec[] = SPECS.map((s) => ({
  ...s,
  defaultValue: DEFAULT_OPTIONS[s.key]
}));

/** Read a battle's stored options, falling back to the default for a missing or foreign value. */
/** The battle's stored readings as PvOptions, every missing or unknown value the default (the
 *  variant does not change Privateers' readings). */
export function readOptions(stored: BattleOptions | undefined, _variant?: string): PvOptions {
  const out: Record<string, OptionValue> = { ...DEFAULT_OPTIONS };
  if (stored) {
    for (const spec of OPTIONS) {
      const v = stored[spec.key];
      if (v !== undefined && spec.choices.some((c) => c.value === v)) out[spec.key] = v;
    }
  }
  return out as unknown as PvOptions;
}
