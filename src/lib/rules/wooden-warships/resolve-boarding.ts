import { guarded, intIn } from '../../engine/inputs';
import { pairwiseWins } from '../../engine/pools';
import { err, ok, type Result } from '../../engine/result';
import type { ActionScope, CapturedShipFate, WwOptions } from './options';
import { MAX_BOARDING_CREW } from './tables';
import { crippledAreas, hasLoadedGuns, lootOptions } from './turn-reads';
import type { Sheet, SystemState } from './sheet';
import { maxBoardingParty } from './sheet-reads';
import {
  BOARDING_DICE,
  BOARDING_DIE,
  BOARDING_RANGE_INCHES,
  boardingDiceCountsOf,
  type CrewSkill,
  type TargetArea
} from './tables';

export {
  boardingRoundsLeft,
  crippledAreas,
  hasLoadedGuns,
  isCrippledArea,
  lootOptions
} from './turn-reads';

// Wooden Warships, Step 4 Boarding (SPEC B.4.7, B.3.3, B.3.4, B.3.9) and Looting (B.4.8).

export interface BoardingCheckInput {
  attacker: Sheet;
  target: Sheet;
  /** "within one inch of your ship in the play area" (referee measures). */
  distanceInches: number;
  /** "each enemy ship must be side by side in order to make contact" (referee judges). */
  isSideBySide: boolean;
  /** Errata #10: with `attackAndBoardScope = 'player'`, whether any ship of the attacking player
   *  attacked this turn. Ignored under the default per-ship scope. */
  hasPlayerAttackedThisTurn?: boolean;
}

export interface BoardingCheck {
  isEligible: boolean;
  /** Each condition of B.3.9 and B.4.7 step 1 with whether it holds. */
  conditions: { id: string; label: string; isMet: boolean }[];
  crippled: TargetArea[];
  maxParty: number;
}

/** SPEC B.3.9 and B.4.7 step 1: may `attacker` board `target` now? Lists every condition. */
export function checkBoarding(input: BoardingCheckInput, options: WwOptions): BoardingCheck {
  const { attacker, target } = input;
  const crippled = crippledAreas(target);
  const maxParty = maxBoardingParty(attacker);
  const attacked =
    attacker.hasAttackedThisTurn ||
    (options.attackAndBoardScope === ('player' satisfies ActionScope) &&
      input.hasPlayerAttackedThisTurn === true);
  const conditions = [
    {
      id: 'crippled',
      label: 'Target crippled: hull, rigging or crew at 10% or less of original',
      isMet: crippled.length > 0
    },
    {
      id: 'range',
      label: `Within ${BOARDING_RANGE_INCHES} inch`,
      isMet: input.distanceInches >= 0 && input.distanceInches <= BOARDING_RANGE_INCHES
    },
    { id: 'sideBySide', label: 'Side by side', isMet: input.isSideBySide },
    {
      id: 'notAttacked',
      label: '"You aren\'t able to attack and board in the same turn"',
      isMet: !attacked
    },
    {
      id: 'targetAfloat',
      label: 'Target neither sunk nor captured',
      isMet: target.status === 'active'
    },
    { id: 'attackerActive', label: 'Boarding ship active', isMet: attacker.status === 'active' },
    {
      id: 'turnNotEnded',
      label: 'Boarding ship did not end its turn by upgrading',
      isMet: !attacker.hasEndedTurn
    },
    {
      id: 'notBoarding',
      label: 'Boarding ship not already boarding',
      isMet: attacker.boarding === null
    },
    { id: 'party', label: 'Crew to spare above the minimum crew', isMet: maxParty >= 1 }
  ];
  if (options.skipToStep5SkipsBoarding) {
    // Errata #13: "First are your guns loaded? Nay?! … Skip to Step 5" skips Step 4 as well.
    conditions.push({
      id: 'gunsLoaded',
      label: 'Guns loaded (unloaded guns "Skip to Step 5")',
      isMet: hasLoadedGuns(attacker) || attacker.hasAttackedThisTurn
    });
  }
  return { isEligible: conditions.every((c) => c.isMet), conditions, crippled, maxParty };
}

/** Sends the party (B.4.7 step 2): "The attacking captain decides how many crewman he will send". */
export function startBoarding(
  input: BoardingCheckInput & {
    targetShipId: string;
    party: number;
    exposedSide?: 'port' | 'starboard' | null;
  },
  options: WwOptions
): Result<Sheet> {
  const check = checkBoarding(input, options);
  if (!check.isEligible) {
    const failed = check.conditions.filter((c) => !c.isMet).map((c) => c.label);
    return err(`Boarding not allowed: ${failed.join('; ')}.`);
  }
  if (!Number.isInteger(input.party) || input.party < 1 || input.party > check.maxParty) {
    return err(`The boarding party must be 1 to ${check.maxParty} crew.`);
  }
  return ok({
    ...input.attacker,
    boarding: {
      targetShipId: input.targetShipId,
      party: input.party,
      exposedSide: input.exposedSide ?? null,
      roundsFought: 0,
      roundsThisTurn: 0
    }
  });
}

/** B.3.4: dice in a round, `min(3, attackers)` against `defenders ≥ 2 ? 2 : 1`. */
export const boardingDiceCounts = guarded(
  (attackers: number, defenders: number) =>
    intIn('Boarders', attackers, 0, MAX_BOARDING_CREW) ??
    intIn('Defenders', defenders, 0, MAX_BOARDING_CREW),
  boardingDiceCountsOf
);

export interface BoardingRoundOutcome {
  /** Die values (face + skill bonus), highest first. */
  attackerValues: number[];
  defenderValues: number[];
  /** Each comparison, highest against highest. */
  comparisons: { attacker: number; defender: number; winner: 'attacker' | 'defender' }[];
  attackerLosses: number;
  defenderLosses: number;
  attackersLeft: number;
  defendersLeft: number;
  result: 'continue' | 'captured' | 'repelled';
}

/**
 * One boarding round (B.4.7 step 4): "Both players roll at the same time. You take the highest
 * number from the attacker's dice and compare it to the highest number of the defender's dice. The
 * highest score wins, and the loser removes a crewman. … Defender always wins ties."
 * `attackerFaces` / `defenderFaces` are the natural die faces (d6 or d8), in any order.
 */
export function resolveBoardingRound(
  input: {
    attackerSkill: CrewSkill;
    defenderSkill: CrewSkill;
    attackers: number;
    defenders: number;
  },
  attackerFaces: readonly number[],
  defenderFaces: readonly number[]
): Result<BoardingRoundOutcome> {
  const { attackers, defenders } = input;
  if (
    !Number.isInteger(attackers) ||
    !Number.isInteger(defenders) ||
    attackers < 1 ||
    defenders < 1
  ) {
    return err('A boarding round needs at least one attacker and one defender.');
  }
  const { na, nd } = boardingDiceCountsOf(attackers, defenders);
  const dieA = BOARDING_DIE[input.attackerSkill];
  const dieD = BOARDING_DIE[input.defenderSkill];
  if (attackerFaces.length !== na)
    return err(`The attacker rolls ${na} dice, ${attackerFaces.length} given.`);
  if (defenderFaces.length !== nd)
    return err(`The defender rolls ${nd} dice, ${defenderFaces.length} given.`);
  const badFace = (f: number, sides: number) => !Number.isInteger(f) || f < 1 || f > sides;
  if (attackerFaces.some((f) => badFace(f, dieA.sides)))
    return err(`Attacker dice are d${dieA.sides}.`);
  if (defenderFaces.some((f) => badFace(f, dieD.sides)))
    return err(`Defender dice are d${dieD.sides}.`);
  const a = attackerFaces.map((f) => f + dieA.plus).sort((x, y) => y - x);
  const d = defenderFaces.map((f) => f + dieD.plus).sort((x, y) => y - x);
  const m = Math.min(na, nd);
  const defenderLosses = pairwiseWins(a, d, BOARDING_DICE.ties);
  const attackerLosses = m - defenderLosses;
  const comparisons = a.slice(0, m).map((av, i) => ({
    attacker: av,
    defender: d[i],
    winner: av > d[i] ? ('attacker' as const) : ('defender' as const)
  }));
  const attackersLeft = attackers - attackerLosses;
  const defendersLeft = defenders - defenderLosses;
  return ok({
    attackerValues: a,
    defenderValues: d,
    comparisons,
    attackerLosses,
    defenderLosses,
    attackersLeft,
    defendersLeft,
    result: defendersLeft === 0 ? 'captured' : attackersLeft === 0 ? 'repelled' : 'continue'
  });
}

/**
 * Applies a round to both logs (B.4.7 step 4.5): "Attacker losses reduce both attackers and
 * A.crew.current. Defender losses reduce B.crew.current." The boarding ends when a side is gone.
 */
export function applyBoardingRound(
  attacker: Sheet,
  defender: Sheet,
  outcome: BoardingRoundOutcome
): { attacker: Sheet; defender: Sheet } {
  const boarding = attacker.boarding;
  const nextAttacker: Sheet = {
    ...attacker,
    crew: {
      ...attacker.crew,
      current: Math.max(0, attacker.crew.current - outcome.attackerLosses)
    },
    // A repelled party is gone; on a capture the survivors stay counted until `applyCapture`.
    boarding:
      boarding && outcome.result !== 'repelled'
        ? {
            ...boarding,
            party: outcome.attackersLeft,
            roundsFought: boarding.roundsFought + 1,
            roundsThisTurn: (boarding.roundsThisTurn ?? 0) + 1
          }
        : null
  };
  const nextDefender: Sheet = {
    ...defender,
    crew: { ...defender.crew, current: Math.max(0, defender.crew.current - outcome.defenderLosses) }
  };
  return { attacker: nextAttacker, defender: nextDefender };
}

/** "Attackers have the option to withdraw from the fight": survivors return aboard (B.4.7 step 7). */
export function withdrawBoarding(attacker: Sheet): Sheet {
  return { ...attacker, boarding: null };
}

/**
 * Capture (defenders gone, or "Defenders have the option to surrender"), B.4.7 step 6 with
 * Errata #16: 'removedAsPrize' — the surviving boarders return to their ship and the prize leaves
 * play; 'joinsCaptorFleet' — the boarders become the prize's crew (the battle moves the prize to
 * the captor's player). Looting is a separate choice (`lootOptions`, `applyLoot`).
 */
export function applyCapture(
  attacker: Sheet,
  defender: Sheet,
  fate: CapturedShipFate
): { attacker: Sheet; defender: Sheet } {
  const party = attacker.boarding?.party ?? 0;
  if (fate === 'removedAsPrize') {
    return {
      attacker: { ...attacker, boarding: null },
      defender: { ...defender, status: 'captured', crew: { ...defender.crew, current: 0 } }
    };
  }
  return {
    attacker: {
      ...attacker,
      boarding: null,
      crew: { ...attacker.crew, current: Math.max(0, attacker.crew.current - party) }
    },
    defender: {
      ...defender,
      status: 'active',
      crewSkill: attacker.crewSkill,
      crew: { ...defender.crew, current: party },
      boarding: null
    }
  };
}

/**
 * Errata #2 / B.4.5 step 11: "If another captain attacks the ship being boarded you will lose the
 * crew you have on board at the time." Call when the boarded ship is attacked by a player other
 * than the boarding player.
 */
export function loseBoardingParty(boarder: Sheet): Sheet {
  const party = boarder.boarding?.party ?? 0;
  return {
    ...boarder,
    boarding: null,
    crew: { ...boarder.crew, current: Math.max(0, boarder.crew.current - party) }
  };
}

export type LootChoice = 'upgradeCards' | 'lootAmount';

/**
 * Applies the looting choice: the captor's funds grow by loot × hold rating, or the prize's upgrade
 * cards move into the hold of the captor's ship. "Sinking an enemy's ship will provide nothing".
 */
export function applyLoot(
  input: { state: SystemState; captorPlayer: string; captorShip: Sheet; prize: Sheet },
  choice: LootChoice
): Result<{ state: SystemState; captorShip: Sheet; prize: Sheet }> {
  const { state, captorPlayer, captorShip, prize } = input;
  if (prize.status === 'sunk') return err("Sinking an enemy's ship will provide nothing.");
  if (choice === 'lootAmount') {
    const amount = lootOptions(prize).lootAmount;
    if (amount === null) return err('The prize has no loot card.');
    const player = state.players[captorPlayer] ?? { funds: 0, captain: null };
    return ok({
      state: {
        ...state,
        players: { ...state.players, [captorPlayer]: { ...player, funds: player.funds + amount } }
      },
      captorShip,
      prize: { ...prize, lootCard: null }
    });
  }
  return ok({
    state,
    captorShip: {
      ...captorShip,
      upgradeCards: [...captorShip.upgradeCards, ...prize.upgradeCards]
    },
    prize: { ...prize, upgradeCards: [] }
  });
}

/**
 * Several rounds from one flat list of faces (as a battle log stores them): each round takes its
 * attacker dice then its defender dice, until a side is gone, `maxRounds` are fought (option
 * `boardingRoundsPerTurn`), or the faces are used up exactly. Faces left over, or too few for a
 * round, are an error.
 */
export function resolveBoardingRounds(
  input: {
    attackerSkill: CrewSkill;
    defenderSkill: CrewSkill;
    attackers: number;
    defenders: number;
  },
  faces: readonly number[],
  maxRounds = Number.POSITIVE_INFINITY
): Result<BoardingRoundOutcome[]> {
  const rounds: BoardingRoundOutcome[] = [];
  let a = input.attackers;
  let d = input.defenders;
  let i = 0;
  while (a > 0 && d > 0 && rounds.length < maxRounds && i < faces.length) {
    const { na, nd } = boardingDiceCountsOf(a, d);
    if (i + na + nd > faces.length)
      return err(`Round ${rounds.length + 1} needs ${na + nd} ${na + nd === 1 ? 'die' : 'dice'}.`);
    const r = resolveBoardingRound(
      { ...input, attackers: a, defenders: d },
      faces.slice(i, i + na),
      faces.slice(i + na, i + na + nd)
    );
    if (!r.ok) return err(`Round ${rounds.length + 1}: ${r.error}`);
    rounds.push(r.value);
    i += na + nd;
    a = r.value.attackersLeft;
    d = r.value.defendersLeft;
  }
  if (i < faces.length) return err(`${faces.length - i} dice left over after the fight ended.`);
  return ok(rounds);
}
