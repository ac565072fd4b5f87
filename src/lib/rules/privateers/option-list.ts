import type { OptionSpec } from '../../engine/system';
import { CHOICES, DEFAULT_OPTIONS, type PvOptions } from './options';

// Privateers' rule readings as the forms show them (rules/option-lists.ts reads each system's
// option-list.ts; the calculators too): each one's
// name, text reference and help, and a label for each of its values (options.ts), kept apart from
// the readings a battle's steps read (issue 40: about 2.5 KB a first screen does not need).

interface Texts<V> {
  label: string;
  ruleRef: string;
  help: string;
  /** A label for each value, by the value as text. */
  choices: Record<`${V & (string | number | boolean)}`, string>;
}

const TEXTS: { [K in keyof PvOptions]: Texts<PvOptions[K]> } = {
  initiativeDie: {
    label: 'Initiative die',
    ruleRef: 'SPEC C.5 #6',
    help: 'The text gives no die for initiative; every other check uses a d12.',
    choices: { 12: 'd12', 6: 'd6' }
  },
  initiativeTies: {
    label: 'Initiative ties',
    ruleRef: 'SPEC C.5 #6',
    help: 'Ties are not covered by the text.',
    choices: {
      reroll: 'Re-roll among the tied ships',
      higherModifier: 'Higher modifier moves first'
    }
  },
  gunnerReload: {
    label: 'Gunner-sighted gun reloads with',
    ruleRef: 'SPEC C.5 #2',
    help: '"* When Gunner is assigned, gun will reload with 6."',
    choices: { modified6: 'Modified 6 or more', natural6: 'Natural 6 or more' }
  },
  doubleShotFailedRoll: {
    label: 'Double-shot roll short of 10',
    ruleRef: 'SPEC C.4.5 step 3',
    help: 'Whether a gun designated for double shot still loads single shot at 7+.',
    choices: { loadSingle: 'Loads single shot at the normal threshold', notLoaded: 'Not loaded' }
  },
  damageMultiplierCombine: {
    label: 'Double shot and rakes combine',
    ruleRef: 'SPEC C.5 #12',
    help: 'Additive: bonuses on base dice. Multiplicative: double shot ×1.5, then rake ×2 or ×1.5.',
    choices: { additive: 'Additive', multiplicative: 'Multiplicative' }
  },
  fractionalDice: {
    label: 'Half damage dice',
    ruleRef: 'SPEC C.5 #12',
    help: 'How a fractional number of damage dice is rounded, once per toss.',
    choices: { roundUpPerToss: 'Round up', roundDownPerToss: 'Round down' }
  },
  criticalPairCountsAsDamage: {
    label: 'Critical pair of ones also counts as damage',
    ruleRef: 'SPEC C.5 #11',
    help: '"All other ones are totaled with the hull or rigging point damage"',
    choices: { true: 'Yes', false: 'No, the pair is consumed' }
  },
  twoXPoints: {
    label: '"2x Hull/Rigging Pts" critical',
    ruleRef: 'SPEC C.5 #13',
    help: 'Double the toss’s points, or add 2 points.',
    choices: { doubleTossPoints: 'Double the toss’s points', plusTwoPoints: '+2 points' }
  },
  pointOfSailBoundary: {
    label: 'Point-of-sail boundaries (45°, 90°, 135°)',
    ruleRef: 'SPEC C.5 #14',
    help: 'Each boundary belongs to two sectors in the text.',
    choices: {
      boundaryGoesAft: 'Farther from the wind (45° = Beating)',
      boundaryGoesForward: 'Nearer the wind (45° = In Irons)'
    }
  },
  rangeBoundary: {
    label: 'Range boundaries (12″, 24″, 36″)',
    ruleRef: 'SPEC C.5 #15',
    help: '"Short 0-12" Medium 12"-24" Long 24"-36""',
    choices: {
      upperInclusive: '12″ is Short, 24″ Medium',
      lowerInclusive: '12″ is Medium, 24″ Long'
    }
  },
  landRangeMode: {
    label: 'Land-based gun ranges',
    ruleRef: 'SPEC C.5 #16',
    help: '"Land Based Guns Add 12" To Each Range"',
    choices: { shiftUpper: '0–24 / 24–36 / 36–48', widenEach: '0–24 / 24–48 / 48–72' }
  },
  tackFailure: {
    label: 'After a failed tack',
    ruleRef: 'SPEC C.5 #18',
    help: '"If the maneuver is unsuccessful, the ship is taken aback."',
    choices: {
      remainHeadToWindRetry: 'Stays head to wind, retries next turn',
      fallBackToOldTack: 'Falls back to the old tack'
    }
  },
  fullSailHold: {
    label: 'A ship may stay at Full Sail',
    ruleRef: 'SPEC C.5 #17',
    help: '"A ship may move at full speed if it was at medium sail the previous turn."',
    choices: { true: 'Yes', false: 'No, only from Medium' }
  },
  forcedSpeedDrop: {
    label: 'Speed over the cap after damage',
    ruleRef: 'SPEC C.4.10 step 7',
    help: 'Whether a forced drop ignores the one-level-per-turn rule.',
    choices: { immediate: 'Drops to the cap at once', oneLevelPerTurn: 'One level per turn' }
  },
  crewModifiedChecks: {
    label: 'Crew modify fire, damage control, jury rig',
    ruleRef: 'SPEC C.5 #5',
    help: '"with each crew assigned counting as one modifier" (fires); unstated for the others.',
    choices: {
      plusOnePerCrew: '+1 per crew assigned',
      unmodified: 'Damage control and jury rig unmodified'
    }
  },
  fireTimeline: {
    label: 'First fire-fighting attempt',
    ruleRef: 'SPEC C.5 #21, Errata 3',
    help: 'Crew assignments precede firing, so the default first attempt is the next turn.',
    choices: {
      firstAttemptNextTurn: 'The turn after ignition',
      attemptOnIgnitionTurn: 'The ignition turn'
    }
  },
  fireDamageOnExtinguishTurn: {
    label: 'Fire damage on the turn it is put out',
    ruleRef: 'SPEC C.5 #21',
    help: '"A fire does 5 points damage per turn that they bum"',
    choices: { true: 'Yes', false: 'No' }
  },
  helmTillerDuration: {
    label: 'Helm/Tiller: 2 crew on the tiller',
    ruleRef: 'SPEC C.5 #24',
    help: '"May not alter course next turn, must assign 2 crew to tiller deck."',
    choices: { permanent: 'For every course change afterwards', nextTurnOnly: 'Next turn only' }
  },
  collisionDamageReading: {
    label: 'Collision damage',
    ruleRef: 'SPEC C.5 #30',
    help: '"Ramming boat throws a 6 sided dice for hull damage … Rammed boat throws ace"',
    choices: {
      eachShipRollsOwnDamage: 'Each ship rolls its own damage',
      rollerInflictsOnOther: 'The roller damages the other ship'
    }
  },
  collisionDiceAsFaceSum: {
    label: 'Collision dice',
    ruleRef: 'SPEC C.5 #30',
    help: 'Face sum to hull, or read on the Ball Low column.',
    choices: { true: 'Face sum to hull', false: 'Ball Low column' }
  },
  boardingPrerequisite: {
    label: 'Boarding requires',
    ruleRef: 'SPEC C.5 #32',
    help: 'The text does not state it.',
    choices: { grappledOrEntangled: 'Grappled or entangled', hullToHull: 'Hull to hull' }
  },
  boardingCasualtyOddToCrew: {
    label: 'Odd boarding casualty falls on',
    ruleRef: 'SPEC C.5 #33',
    help: '"extracted at an even rate between marines and crew"',
    choices: { true: 'Crew', false: 'Marines' }
  },
  gunfireCrewLossesIncludeMarines: {
    label: 'Gunfire "Crew" results may hit marines',
    ruleRef: 'SPEC C.5 #39',
    help: 'Default: crew only.',
    choices: { true: 'Yes, marines take half', false: 'No, crew only' }
  },
  moraleChecksPerTurn: {
    label: 'Morale checks per turn',
    ruleRef: 'SPEC C.5 #35',
    help: 'One per ship if any trigger applies, or one per trigger.',
    choices: { onePerShipIfAnyTrigger: 'One per ship', onePerTrigger: 'One per trigger' }
  },
  disorderClears: {
    label: 'Disorder clears',
    ruleRef: 'SPEC C.5 #36',
    help: '"7: Fail by One [Disordered]" — duration unstated.',
    choices: { onPassedCheck: 'On a passed check', never: 'Never' }
  },
  sinkTiming: {
    label: 'Sinking',
    ruleRef: 'SPEC C.5 #44',
    help: 'Flag at once; remove in Phase 6 or at once.',
    choices: { phase6: 'Removed in Phase 6', immediate: 'Removed at once' }
  },
  ordersHidden: {
    label: 'Orders kept secret in the app',
    ruleRef: 'SPEC Errata 7',
    help: 'Default: the app records orders openly.',
    choices: { true: 'Hidden until revealed', false: 'Open' }
  },
  tossGrouping: {
    label: 'One critical "dice toss" per',
    ruleRef: 'SPEC Errata 8, C.4.7 step 5',
    help: '"Only one critical hit per dice toss is counted"',
    choices: { perFireGroup: 'Group of guns fired together', perTargetPerPhase: 'Target per phase' }
  }
};

/** The battle options of Privateers, defaults = [DEFAULT] readings. */
export const OPTIONS: readonly OptionSpec[] = (Object.keys(CHOICES) as (keyof PvOptions)[]).map(
  (key) => {
    const { choices, ...text } = TEXTS[key];
    const labels: Record<string, string> = choices;
    return {
      key,
      ...text,
      choices: CHOICES[key].map((value) => ({ value, label: labels[`${value}`] })),
      defaultValue: DEFAULT_OPTIONS[key]
    };
  }
);
