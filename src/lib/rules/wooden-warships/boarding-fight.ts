import { shipDice, type Category, type DiceOwner } from '../../engine/meaning';
import { rollDice, type DiceRoll, type Roller } from '../../engine/dice';
import { boardingRoundOdds, captureChance, type RoundOutcome } from './odds-boarding';
import { resolveBoardingRound, type BoardingRoundOutcome } from './resolve-boarding';
import type { WwOptions } from './options';
import { boardingRoundsLeft, roundLimitReached } from './turn-reads';
import type { Sheet } from './sheet';
import { plural, shipAndSheet } from './ships';
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import type { Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { BOARDING_DIE, boardingDiceCountsOf, type CrewSkill } from './tables';

// A boarding fought to the end with the app's dice, and the odds shown before a round (SPEC B.4.7):
// what the boarding panels and the calculator offer before they hand the dice to a move; and what
// the boarding moves record of a round's dice (their labels, whose they are).

/** Odds shown before a boarding round: the round's outcomes and P(capture) fighting to the end. */
export function boardingOdds(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number
): Result<BoardingOdds> {
  const round = boardingRoundOdds(attackerSkill, defenderSkill, attackers, defenders);
  if (!round.ok) return round;
  const capture = captureChance(attackerSkill, defenderSkill, attackers, defenders);
  if (!capture.ok) return capture;
  return ok({ round: round.value, capture: capture.value });
}

export interface BoardingOdds {
  round: RoundOutcome[];
  capture: Rational;
}

/** Rounds fought to the end with a roller (app dice); stops at capture or repulse. */
export function fightToEnd(
  input: {
    attackerSkill: CrewSkill;
    defenderSkill: CrewSkill;
    attackers: number;
    defenders: number;
  },
  roller: Roller,
  maxRounds = 10_000
): { rounds: BoardingRoundOutcome[]; dice: DiceRoll } {
  const rounds: BoardingRoundOutcome[] = [];
  const dice: DiceRoll = { source: roller.source, dice: [] };
  let a = input.attackers;
  let d = input.defenders;
  while (a > 0 && d > 0 && rounds.length < maxRounds) {
    const { na, nd } = boardingDiceCountsOf(a, d);
    const fa = rollDice(roller, na, BOARDING_DIE[input.attackerSkill].sides, 'boarders');
    const fd = rollDice(roller, nd, BOARDING_DIE[input.defenderSkill].sides, 'defenders');
    dice.dice.push(...fa, ...fd);
    const r = resolveBoardingRound(
      { ...input, attackers: a, defenders: d },
      fa.map((x) => x.face),
      fd.map((x) => x.face)
    );
    if (!r.ok) break;
    rounds.push(r.value);
    a = r.value.attackersLeft;
    d = r.value.defendersLeft;
  }
  return { rounds, dice };
}

/** What each die of the rounds is for: "Round 2, Victory's boarders 1", "Round 2, Fleche's defenders 2". */
export function roundDiceLabels(
  rounds: readonly { attackers: number; defenders: number }[],
  attackerName: string,
  defenderName: string
): string[] {
  return rounds.flatMap((r, i) => {
    const { na, nd } = boardingDiceCountsOf(r.attackers, r.defenders);
    return [
      ...Array.from(
        { length: na },
        (_, k) => `Round ${i + 1}, ${attackerName}'s boarders ${k + 1}`
      ),
      ...Array.from(
        { length: nd },
        (_, k) => `Round ${i + 1}, ${defenderName}'s defenders ${k + 1}`
      )
    ];
  });
}

/**
 * Whose dice in boarding rounds, in the order the moves read them: round after round, the
 * attacker's dice then the defender's. "Both players roll at the same time" (B.4.7 step 4) and
 * "The highest score wins" for each side, so each side's dice are its own ship's, high good.
 */
export function roundDiceOwners(
  rounds: readonly { attackers: number; defenders: number }[],
  attackerId: string,
  defenderId: string
): DiceOwner[] {
  return rounds.flatMap((r) => {
    const { na, nd } = boardingDiceCountsOf(r.attackers, r.defenders);
    return [shipDice(attackerId, na, true), shipDice(defenderId, nd, true)];
  });
}

/**
 * What a run of rounds did, for the story: the last defender falling takes the ship (B.4.7 step 6,
 * a capture), the last boarder falling ends the boarding without one (step 7); else a round.
 */
export function roundCategory(result: BoardingRoundOutcome['result']): Category {
  if (result === 'captured') return 'capture';
  if (result === 'repelled') return 'boarding-end';
  return 'boarding-round';
}

export { roundLimitReached };

/** What the referee should know about a boarding's rounds this turn (option `boardingRoundsPerTurn`). */
export function boardingRoundsNote(attacker: Sheet, options: WwOptions): string {
  const b = attacker.boarding;
  if (!b) return '';
  const limit = options.boardingRoundsPerTurn;
  if (limit === 'untilResolved') {
    const isLeftOver = (b.roundsThisTurn ?? 0) === 0 && b.roundsFought > 0;
    return isLeftOver
      ? 'This boarding was left unresolved in an earlier turn; under "until resolved" it is fought to the end in one Step 4, or ended by a withdrawal or a surrender.'
      : 'Fought until resolved in this Step 4: fight on, or the boarders withdraw, or the defenders surrender.';
  }
  const left = boardingRoundsLeft(b, options);
  return left > 0
    ? `${left} of ${plural(limit, 'round')} left this turn (battle option).`
    : (roundLimitReached(attacker, options) ?? '');
}

export interface BoardingFight {
  attacker: Sheet;
  defender: Sheet;
  defenderId: string;
  attackers: number;
  defenders: number;
  /** Why no round can be fought although the boarding stands: the boarded ship sank or was taken
   *  by another, or gunfire left her no defenders. Null while the fight goes on. */
  isOver: string | null;
}

/** The fight in progress for a boarding ship: its party against the defender's crew. */
export function boardingFight(state: BattleState, attackerId: string): Result<BoardingFight> {
  const a = shipAndSheet(state, attackerId);
  if (!a.ok) return a;
  const boarding = a.value.sheet.boarding;
  if (!boarding) return err(`${a.value.sheet.name} is not boarding.`);
  const d = shipAndSheet(state, boarding.targetShipId);
  if (!d.ok) return d;
  const defender = d.value.sheet;
  let isOver: string | null = null;
  if (defender.status !== 'active') {
    isOver = `${defender.name} is ${defender.status}: the boarders can only return to ${a.value.sheet.name}.`;
  } else if (defender.crew.current === 0) {
    isOver = `${defender.name} has no defenders left: take her (the capture), or the boarders return.`;
  } else if (boarding.party === 0) {
    isOver = 'No boarders left.';
  }
  return ok({
    attacker: a.value.sheet,
    defender,
    defenderId: boarding.targetShipId,
    attackers: boarding.party,
    defenders: defender.crew.current,
    isOver
  });
}

/**
 * A boarding round before its roll (`boardingRound.preview`): the round's odds and the chance of
 * the capture fighting to the end; the boarders' dice then the defenders', each side's own, high
 * good ("The highest score wins", B.4.7 step 4), as the move's meaning records them.
 */
export const boardingRoundPreview: MovePreview<{ attackerId: string }, BoardingOdds, WwOptions> = {
  odds: (state, { attackerId }) => {
    const f = boardingFight(state, attackerId);
    if (!f.ok) return f;
    const { attacker, defender, attackers, defenders } = f.value;
    return boardingOdds(attacker.crewSkill, defender.crewSkill, attackers, defenders);
  },
  dice: (state, { attackerId }) => {
    const f = boardingFight(state, attackerId);
    if (!f.ok) return f;
    const { attacker, defender, defenderId, attackers, defenders } = f.value;
    return ok(
      roundDice(
        { skill: attacker.crewSkill, men: attackers, name: attacker.name, ship: attackerId },
        { skill: defender.crewSkill, men: defenders, name: defender.name, ship: defenderId }
      )
    );
  }
};

/** A boarding that may fight a round now: not over, and within the turn's rounds (the boarding
 *  moves' check, and their previews'). */
export function fightableBoarding(
  state: BattleState,
  attackerId: string,
  options: WwOptions
): Result<BoardingFight> {
  const f = boardingFight(state, attackerId);
  if (!f.ok) return f;
  if (f.value.isOver) return err(f.value.isOver);
  const limit = roundLimitReached(f.value.attacker, options);
  return limit ? err(limit) : f;
}

/** The fight the app's dice decide in one move (`boardingRounds`): the two sides, the rounds it may
 *  run this turn (to the end, or the turn's rounds left), the next round's odds and the capture. */
export interface FightOutlook extends BoardingOdds {
  fight: BoardingFight;
  /** Rounds the move fights from one roll; Infinity when fought until resolved. */
  roundsAllowed: number;
}

/** The fight before the app rolls it, checked as the move checks it. */
export function fightOutlook(
  state: BattleState,
  attackerId: string,
  options: WwOptions
): Result<FightOutlook> {
  const f = fightableBoarding(state, attackerId, options);
  if (!f.ok) return f;
  const { attacker, defender, attackers, defenders } = f.value;
  const odds = boardingOdds(attacker.crewSkill, defender.crewSkill, attackers, defenders);
  if (!odds.ok) return odds;
  const roundsAllowed = attacker.boarding ? boardingRoundsLeft(attacker.boarding, options) : 0;
  return ok({ ...odds.value, fight: f.value, roundsAllowed });
}

/** The app's dice for the whole fight the outlook allows (at most 10,000 rounds), in the order the
 *  move reads them: each round's boarders' dice, then its defenders'. */
export function rollFight(outlook: FightOutlook, roller: Roller): DiceRoll {
  const { attacker, defender, attackers, defenders } = outlook.fight;
  return fightToEnd(
    {
      attackerSkill: attacker.crewSkill,
      defenderSkill: defender.crewSkill,
      attackers,
      defenders
    },
    roller,
    Math.min(outlook.roundsAllowed, 10_000)
  ).dice;
}

/**
 * The fight to the end (or the turn's rounds) before the app rolls it (`boardingRounds.preview`):
 * the rounds allowed, the next round's odds and the capture chance; its dice are the first round's
 * (the rounds after hang on those faces), each side's own, high good, as the move records them.
 */
export const boardingRoundsPreview: MovePreview<{ attackerId: string }, FightOutlook, WwOptions> = {
  odds: (state, { attackerId }, options) => fightOutlook(state, attackerId, options),
  dice: (state, { attackerId }, options) => {
    const f = fightableBoarding(state, attackerId, options);
    if (!f.ok) return f;
    return boardingRoundPreview.dice(state, { attackerId }, options);
  }
};

/** One side of a boarding round: its crew's skill, its men, and whose they are (both may be
 *  unnamed in the calculator). */
export interface RoundSide {
  skill: CrewSkill;
  men: number;
  name: string;
  ship: string | null;
}

/** The dice of one round (B.4.7 step 4): the boarders' dice, then the defenders', each side's own,
 *  high good; the boarding panel's and the calculator's pad. */
export function roundDice(a: RoundSide, d: RoundSide): DiceNeed[] {
  const { na, nd } = boardingDiceCountsOf(a.men, d.men);
  return [
    {
      count: na,
      sides: BOARDING_DIE[a.skill].sides,
      label: a.name ? `${a.name}'s boarders` : 'boarders',
      ship: a.ship,
      isHighGood: true,
      ...(a.name ? { group: `Attacker: ${a.name}` } : {})
    },
    {
      count: nd,
      sides: BOARDING_DIE[d.skill].sides,
      label: d.name ? `${d.name}'s defenders` : 'defenders',
      ship: d.ship,
      isHighGood: true,
      ...(d.name ? { group: `Defender: ${d.name}` } : {})
    }
  ];
}
