import type { BattleOptions } from '../../engine/system';

// Master and Commander battle options: every [DEFAULT] of SPEC A.2 McOptions / A.5, with the Errata at
// the top of SPEC.md applied (errata 6, 11, 12, 15 change defaults or add options).

/** The options the engine reads, typed. */
export interface McOptions {
  tieExhaustion: 'defender' | 'moreDiceWins';
  attackTiming: 'afterAllMovement' | 'afterEachShipMoves' | 'free';
  attacksPerShip: 'oncePerTargetPerTurn' | 'onePerSidePerTurn' | 'oncePerTurn';
  repelledAttackEndsTurn: boolean;
  raidRange: 'sameAsShips' | 'adjacentOnly';
  counterAttackDice: 'current' | 'preHit';
  steadyAfterStorm: 'stormContinues' | 'reroll';
  repairLimitPerTurn: number | 'unlimited';
  unusedHomeportsHaveCards: boolean;
  beginnerMoveExact: boolean;
  beginnerTies: 'defender' | 'reroll';
  beginnerTurnRestriction: boolean;
  cardsOnRaidsAndBoarding: boolean;
  mistLoseTurnScope: 'ship' | 'player';
  mistShipMayFireOut: boolean;
}

export const DEFAULT_OPTIONS: McOptions = {
  tieExhaustion: 'defender',
  attackTiming: 'afterAllMovement',
  attacksPerShip: 'oncePerTargetPerTurn',
  repelledAttackEndsTurn: false,
  raidRange: 'sameAsShips',
  counterAttackDice: 'current',
  steadyAfterStorm: 'stormContinues',
  repairLimitPerTurn: 1,
  unusedHomeportsHaveCards: false,
  beginnerMoveExact: true,
  beginnerTies: 'defender',
  beginnerTurnRestriction: false,
  cardsOnRaidsAndBoarding: true,
  mistLoseTurnScope: 'ship',
  mistShipMayFireOut: false
};

function pick<T extends string | number | boolean>(
  raw: BattleOptions,
  key: string,
  allowed: readonly T[],
  fallback: T
): T {
  const v = raw[key];
  return allowed.find((a) => a === v) ?? fallback;
}

/**
 * Reads the battle's stored options into typed engine options; missing or unknown values fall back
 * to the defaults. Options of another variant are kept as stored: the engine reads only its own.
 */
export function readOptions(stored: BattleOptions | undefined, _variant?: string): McOptions {
  const raw = stored ?? {};
  const d = DEFAULT_OPTIONS;
  const limit = raw['repairLimitPerTurn'];
  return {
    tieExhaustion: pick(raw, 'tieExhaustion', ['defender', 'moreDiceWins'], d.tieExhaustion),
    attackTiming: pick(
      raw,
      'attackTiming',
      ['afterAllMovement', 'afterEachShipMoves', 'free'],
      d.attackTiming
    ),
    attacksPerShip: pick(
      raw,
      'attacksPerShip',
      ['oncePerTargetPerTurn', 'onePerSidePerTurn', 'oncePerTurn'],
      d.attacksPerShip
    ),
    repelledAttackEndsTurn: pick(
      raw,
      'repelledAttackEndsTurn',
      [true, false],
      d.repelledAttackEndsTurn
    ),
    raidRange: pick(raw, 'raidRange', ['sameAsShips', 'adjacentOnly'], d.raidRange),
    counterAttackDice: pick(raw, 'counterAttackDice', ['current', 'preHit'], d.counterAttackDice),
    steadyAfterStorm: pick(
      raw,
      'steadyAfterStorm',
      ['stormContinues', 'reroll'],
      d.steadyAfterStorm
    ),
    repairLimitPerTurn:
      limit === 'unlimited'
        ? 'unlimited'
        : typeof limit === 'number' && Number.isInteger(limit) && limit > 0
          ? limit
          : d.repairLimitPerTurn,
    unusedHomeportsHaveCards: pick(
      raw,
      'unusedHomeportsHaveCards',
      [true, false],
      d.unusedHomeportsHaveCards
    ),
    beginnerMoveExact: pick(raw, 'beginnerMoveExact', [true, false], d.beginnerMoveExact),
    beginnerTies: pick(raw, 'beginnerTies', ['defender', 'reroll'], d.beginnerTies),
    beginnerTurnRestriction: pick(
      raw,
      'beginnerTurnRestriction',
      [true, false],
      d.beginnerTurnRestriction
    ),
    cardsOnRaidsAndBoarding: pick(
      raw,
      'cardsOnRaidsAndBoarding',
      [true, false],
      d.cardsOnRaidsAndBoarding
    ),
    mistLoseTurnScope: pick(raw, 'mistLoseTurnScope', ['ship', 'player'], d.mistLoseTurnScope),
    mistShipMayFireOut: pick(raw, 'mistShipMayFireOut', [true, false], d.mistShipMayFireOut)
  };
}
