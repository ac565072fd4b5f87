import type { BattleOptions } from '../../engine/system';

// Wooden Warships battle options: SPEC B.2 `WwOptions` and B.5, with the Errata at the top of
// SPEC.md applied (#10 attack-and-board scope, #13 skipToStep5SkipsBoarding = true,
// #14 reloadScope = 'wholeShip', #16 captured ship fate moves the boarders).

export type PercentileConvention = '00to99_under' | '01to100_strictUnder';
export type PercentModifierMode = 'additivePoints' | 'relative';
export type MismatchedAmmo = 'eachDieBecomesD4' | 'oneD4PerDeck' | 'oneD4Total';
export type ReloadScope = 'wholeShip' | 'perBattery';
export type BoardingRoundsPerTurn = 'untilResolved' | number;
export type ExposedSideAppliesTo = 'boardingShip' | 'bothShips';
export type CapturedShipFate = 'removedAsPrize' | 'joinsCaptorFleet';
export type ActionScope = 'ship' | 'player';
export type TurnStructure = 'playerTurns' | 'simultaneousSteps';

export interface WwOptions {
  percentileConvention: PercentileConvention;
  percentModifierMode: PercentModifierMode;
  mismatchedAmmo: MismatchedAmmo;
  halfDieOfD4: 'ceilHalf';
  reloadScope: ReloadScope;
  skipToStep5SkipsBoarding: boolean;
  boardingRoundsPerTurn: BoardingRoundsPerTurn;
  exposedSideAppliesTo: ExposedSideAppliesTo;
  capturedShipFate: CapturedShipFate;
  sinkWhen: 'hullZero';
  upgradeEndsTurnScope: ActionScope;
  attackAndBoardScope: ActionScope;
  islandDamageArea: 'hull';
  turnStructure: TurnStructure;
}

export const DEFAULT_OPTIONS: Readonly<WwOptions> = {
  percentileConvention: '00to99_under',
  percentModifierMode: 'additivePoints',
  mismatchedAmmo: 'eachDieBecomesD4',
  halfDieOfD4: 'ceilHalf',
  reloadScope: 'wholeShip',
  skipToStep5SkipsBoarding: true,
  boardingRoundsPerTurn: 'untilResolved',
  exposedSideAppliesTo: 'boardingShip',
  capturedShipFate: 'removedAsPrize',
  sinkWhen: 'hullZero',
  upgradeEndsTurnScope: 'ship',
  attackAndBoardScope: 'ship',
  islandDamageArea: 'hull',
  turnStructure: 'playerTurns'
};

function pick<T extends string | number | boolean>(
  value: unknown,
  allowed: readonly T[],
  fallback: T
): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The typed options in force, from a battle's stored options (unknown keys ignored, bad values → default). */
/** The battle's stored readings as `WwOptions`; every missing or unknown value is its default.
 *  Wooden Warships has one set of options for every variant. */
export function readOptions(stored: BattleOptions = {}, _variant?: string): WwOptions {
  const d = DEFAULT_OPTIONS;
  const rounds = stored['boardingRoundsPerTurn'];
  return {
    percentileConvention: pick(
      stored['percentileConvention'],
      ['00to99_under', '01to100_strictUnder'],
      d.percentileConvention
    ),
    percentModifierMode: pick(
      stored['percentModifierMode'],
      ['additivePoints', 'relative'],
      d.percentModifierMode
    ),
    mismatchedAmmo: pick(
      stored['mismatchedAmmo'],
      ['eachDieBecomesD4', 'oneD4PerDeck', 'oneD4Total'],
      d.mismatchedAmmo
    ),
    halfDieOfD4: 'ceilHalf',
    reloadScope: pick(stored['reloadScope'], ['wholeShip', 'perBattery'], d.reloadScope),
    skipToStep5SkipsBoarding: pick(
      stored['skipToStep5SkipsBoarding'],
      [true, false],
      d.skipToStep5SkipsBoarding
    ),
    boardingRoundsPerTurn:
      typeof rounds === 'number' && Number.isInteger(rounds) && rounds > 0
        ? rounds
        : 'untilResolved',
    exposedSideAppliesTo: pick(
      stored['exposedSideAppliesTo'],
      ['boardingShip', 'bothShips'],
      d.exposedSideAppliesTo
    ),
    capturedShipFate: pick(
      stored['capturedShipFate'],
      ['removedAsPrize', 'joinsCaptorFleet'],
      d.capturedShipFate
    ),
    sinkWhen: 'hullZero',
    upgradeEndsTurnScope: pick(stored['upgradeEndsTurnScope'], ['ship', 'player'], 'ship'),
    attackAndBoardScope: pick(stored['attackAndBoardScope'], ['ship', 'player'], 'ship'),
    islandDamageArea: 'hull',
    turnStructure: pick(
      stored['turnStructure'],
      ['playerTurns', 'simultaneousSteps'],
      d.turnStructure
    )
  };
}
