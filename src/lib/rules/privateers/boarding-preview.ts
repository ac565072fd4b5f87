// What a Privateers boarding round (C.4.15) answers before its roll (issue 31 item 2,
// `boardingRound.preview`), and how its dice are split between the two sides: who may fight (each
// ship's pool), the round's exact odds and the "if unchanged" chain the capture chance is solved
// from (C.7.6), and the dice pad, the boarders' d6s then the defenders', each side's own and low
// good (each 1 is a hit), then, once those are rolled, each side's officer d6s. The move
// (moves-boarding.ts) records its dice by the same split.
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import { err, ok, type Result } from '../../engine/result';
import { facesOf, plural, shipSheet } from './moves-common';
import type { ChainInput } from './odds-boarding-fast';
import { boardingRoundOdds, type RoundOdds } from './odds-boarding';
import type { PvOptions } from './options';
import {
  boardingDice,
  boardingOfficerRolls,
  canBoard,
  unassignedCrew,
  type BoardingParty
} from './resolve-boarding';
import { moraleMod } from './morale-reads';
import type { Sheet } from './sheet';
import { OFFICER_LABELS, type OfficerRole } from './tables';
import type { DiceRoll } from '../../engine/dice';

/** The most a ship can send into (or defend) a boarding: unassigned crew ("Only crew that have no
 *  assignments on any given turn are available fore boarding actions"), marines not shooting as
 *  marksmen, and officers present ("Officer hits: Lose modifier", C.5 #38). */
export function boardingPool(s: Sheet): { crew: number; marines: number; officers: OfficerRole[] } {
  return {
    crew: unassignedCrew(s),
    marines: Math.max(0, s.marines.current - s.assignments.marksmen.marines),
    officers: (Object.keys(s.officers) as OfficerRole[]).filter((r) => s.officers[r].present)
  };
}

export function partyProblem(s: Sheet, p: BoardingParty): string | null {
  const pool = boardingPool(s);
  if (p.crew > pool.crew) return `${s.name} has ${pool.crew} unassigned crew.`;
  if (p.marines > pool.marines) return `${s.name} has ${pool.marines} marines free.`;
  const absent = p.officers.find((o) => !pool.officers.includes(o));
  if (absent) return `${s.name}'s ${OFFICER_LABELS[absent]} is out of action.`;
  if (new Set(p.officers).size !== p.officers.length) return 'An officer is listed twice.';
  return null;
}

/** Why these ships cannot board, or null when they can (the move refuses with the same words). */
export function boardingBlocked(
  attacker: Sheet,
  defenderId: string,
  isHullToHull: boolean,
  options: PvOptions
): string | null {
  if (canBoard(attacker, defenderId, isHullToHull, options)) return null;
  return options.boardingPrerequisite === 'hullToHull'
    ? 'Boarding needs the ships hull to hull.'
    : 'Boarding needs the ships grappled or entangled (grapple them first).';
}

const diceOf = (p: BoardingParty): number => boardingDice({ ...p, officers: p.officers.length });

/** The faces of a boarding round split by side: the main roll, then the officers' roll. */
export function boardingFaces(input: {
  attacker: BoardingParty;
  defender: BoardingParty;
  rolls: readonly DiceRoll[];
}): Result<{
  attacker: number[];
  defender: number[];
  attackerOfficers: number[];
  defenderOfficers: number[];
}> {
  const nA = diceOf(input.attacker);
  const nD = diceOf(input.defender);
  const main = facesOf(input.rolls[0]);
  if (main.length !== nA + nD) return err(`Roll ${nA} + ${nD} boarding dice.`);
  const a = main.slice(0, nA);
  const d = main.slice(nA);
  const need = boardingOfficerRolls(input.attacker, input.defender, a, d);
  const off = facesOf(input.rolls[1]);
  if (off.length !== need.attacker + need.defender)
    return err(`Roll ${plural(need.attacker + need.defender, 'officer die', 'officer dice')}.`);
  return ok({
    attacker: a,
    defender: d,
    attackerOfficers: off.slice(0, need.attacker),
    defenderOfficers: off.slice(need.attacker)
  });
}

export interface BoardingAim {
  attackerId: string;
  defenderId: string;
  attacker: BoardingParty;
  defender: BoardingParty;
  /** under `boardingPrerequisite='hullToHull'` the referee confirms it */
  isHullToHull: boolean;
  /** The round's faces once rolled, the boarders' first: the dice then asked for are the
   *  officers'. */
  main?: readonly number[];
}

export interface BoardingOutlook {
  attackerDice: number;
  defenderDice: number;
  /** The round's odds (C.7.6); null while a side has no dice. */
  round: RoundOdds | null;
  /** What the "if unchanged" capture chance is solved from (the panel solves it, in a worker for
   *  a big fight); null while a side has no dice. */
  chain: ChainInput | null;
}

const sheets = (state: BattleState, aim: BoardingAim): Result<{ a: Sheet; d: Sheet }> => {
  const a = shipSheet(state, aim.attackerId);
  if (!a.ok) return a;
  const d = shipSheet(state, aim.defenderId);
  return d.ok ? ok({ a: a.value, d: d.value }) : d;
};

/** A boarding round before its roll; refused, with the move's words, where the ships cannot board. */
export const boardingPreview: MovePreview<BoardingAim, BoardingOutlook, PvOptions> = {
  odds: (state, aim, options) => {
    const s = sheets(state, aim);
    if (!s.ok) return s;
    const blocked = boardingBlocked(s.value.a, aim.defenderId, aim.isHullToHull, options);
    if (blocked) return err(blocked);
    const nA = diceOf(aim.attacker);
    const nD = diceOf(aim.defender);
    if (nA === 0 || nD === 0)
      return ok({ attackerDice: nA, defenderDice: nD, round: null, chain: null });
    const round = boardingRoundOdds(nA, nD);
    const side = (p: BoardingParty) => ({ ...p, officers: p.officers.length });
    return ok({
      attackerDice: nA,
      defenderDice: nD,
      round: round.ok ? round.value : null,
      chain: {
        attacker: side(aim.attacker),
        defender: side(aim.defender),
        defenderMoraleRating: moraleMod(s.value.d),
        defenderDisordered: s.value.d.disordered
      }
    });
  },
  dice: (state, aim) => {
    const s = sheets(state, aim);
    if (!s.ok) return s;
    const [a, d] = [s.value.a.name, s.value.d.name];
    const boarders = { sides: 6, group: `Boarders: ${a}`, ship: aim.attackerId };
    const defenders = { sides: 6, group: `Defenders: ${d}`, ship: aim.defenderId };
    const nA = diceOf(aim.attacker);
    if (!aim.main) {
      // Each 1 is a hit on the other side: low is good for its roller.
      return ok([
        { count: nA, label: `${a}, boarding die`, ...boarders, isHighGood: false },
        {
          count: diceOf(aim.defender),
          label: `${d}, defending die`,
          ...defenders,
          isHighGood: false
        }
      ]);
    }
    // "Each officer in the fight on a side that took casualties rolls a d6: a 1 and he is among
    // them": high is good for him.
    const need = boardingOfficerRolls(
      aim.attacker,
      aim.defender,
      aim.main.slice(0, nA),
      aim.main.slice(nA)
    );
    const needs: DiceNeed[] = [
      { count: need.attacker, label: `${a}, boarding officer`, ...boarders, isHighGood: true },
      { count: need.defender, label: `${d}, defending officer`, ...defenders, isHighGood: true }
    ];
    return ok(needs.filter((n) => n.count > 0));
  }
};
