import { rollDice, type DiceRoll, type Roller } from '../core/dice';
import { boardingRoundOdds, captureChance, type RoundOutcome } from './odds-boarding';
import { resolveBoardingRound, type BoardingRoundOutcome } from './resolve-boarding';
import type { Rational } from '../core/rational';
import { ok, type Result } from '../core/result';
import { BOARDING_DIE, boardingDiceCountsOf, type CrewSkill } from './tables';

// A boarding fought to the end with the app's dice, and the odds shown before a round (SPEC B.4.7):
// what the boarding panels and the calculator offer before they hand the dice to a move.

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
