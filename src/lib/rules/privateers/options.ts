import type { BattleOptions, OptionValue } from '../../engine/system';

// Privateers options (SPEC C.2 `PvOptions`, readings from C.5). Each default is the spec's
// [DEFAULT] reading; the alternatives are the readings the spec names. `hitModifierSign` is not an
// option (C.5 #3: "Not an option"): modifiers always widen the hit range. What every step reads:
// the readings and their values. Their names and help for the forms are option-list.ts, not on a
// battle's first screen (issue 40).

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

/** Each reading's values, in the order the forms list them. */
export const CHOICES: { readonly [K in keyof PvOptions]: readonly PvOptions[K][] } = {
  initiativeDie: [12, 6],
  initiativeTies: ['reroll', 'higherModifier'],
  gunnerReload: ['modified6', 'natural6'],
  doubleShotFailedRoll: ['loadSingle', 'notLoaded'],
  damageMultiplierCombine: ['additive', 'multiplicative'],
  fractionalDice: ['roundUpPerToss', 'roundDownPerToss'],
  criticalPairCountsAsDamage: [true, false],
  twoXPoints: ['doubleTossPoints', 'plusTwoPoints'],
  pointOfSailBoundary: ['boundaryGoesAft', 'boundaryGoesForward'],
  rangeBoundary: ['upperInclusive', 'lowerInclusive'],
  landRangeMode: ['shiftUpper', 'widenEach'],
  tackFailure: ['remainHeadToWindRetry', 'fallBackToOldTack'],
  fullSailHold: [true, false],
  forcedSpeedDrop: ['immediate', 'oneLevelPerTurn'],
  crewModifiedChecks: ['plusOnePerCrew', 'unmodified'],
  fireTimeline: ['firstAttemptNextTurn', 'attemptOnIgnitionTurn'],
  fireDamageOnExtinguishTurn: [true, false],
  helmTillerDuration: ['permanent', 'nextTurnOnly'],
  collisionDamageReading: ['eachShipRollsOwnDamage', 'rollerInflictsOnOther'],
  collisionDiceAsFaceSum: [true, false],
  boardingPrerequisite: ['grappledOrEntangled', 'hullToHull'],
  boardingCasualtyOddToCrew: [true, false],
  gunfireCrewLossesIncludeMarines: [true, false],
  moraleChecksPerTurn: ['onePerShipIfAnyTrigger', 'onePerTrigger'],
  disorderClears: ['onPassedCheck', 'never'],
  sinkTiming: ['phase6', 'immediate'],
  ordersHidden: [true, false],
  tossGrouping: ['perFireGroup', 'perTargetPerPhase']
};

/** The battle's stored readings as PvOptions, every missing or unknown value the default (the
 *  variant does not change Privateers' readings). */
export function readOptions(stored: BattleOptions | undefined, _variant?: string): PvOptions {
  const out: Record<string, OptionValue> = { ...DEFAULT_OPTIONS };
  if (stored) {
    for (const [key, values] of Object.entries(CHOICES)) {
      const v = stored[key];
      if (v !== undefined && (values as readonly OptionValue[]).includes(v)) out[key] = v;
    }
  }
  return out as unknown as PvOptions;
}
