import { guarded, intIn, isBool } from '../../engine/inputs';
import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { commanderRole } from './morale-reads';
import { isFace } from './movement-reads';
import type { Sheet } from './sheet';
import type { OfficerRole } from './tables';
import { BOARDING_DICE, splitCasualtiesOf } from './tables-play';

// Privateers boarding (SPEC C.4.15, C.3.13): one round per turn, 1s are hits, casualties on both
// sides, officers rolling to be among them, the rest split evenly between marines and crew.

export interface BoardingParty {
  crew: number;
  /** officers taking part (each adds 2 dice and rolls a d6 when the side takes casualties) */
  officers: OfficerRole[];
  marines: number;
}

/** "Crew 1 die/man Officers 2 die/man Marines 3 die/man" */
export function boardingDice(p: { crew: number; officers: number; marines: number }): number {
  return (
    p.crew * BOARDING_DICE.crew +
    p.officers * BOARDING_DICE.officer +
    p.marines * BOARDING_DICE.marine
  );
}

/** C.4.15 step 1 [DEFAULT `boardingPrerequisite`]: grappled or entangled (or hull to hull). */
export function canBoard(
  attacker: Sheet,
  defenderId: string,
  isHullToHull: boolean,
  options: PvOptions = DEFAULT_OPTIONS
): boolean {
  if (options.boardingPrerequisite === 'hullToHull') return isHullToHull;
  return attacker.grapples > 0 || attacker.entangledWith.includes(defenderId);
}

/** Step 4.2 (`splitCasualtiesOf` in tables.ts) behind its check (issue 17 #9). */
export const splitCasualties = guarded(
  (n: number, crew: number, marines: number, oddToCrew?: boolean) =>
    intIn('Casualties', n, 0, MAX_MEN) ??
    intIn('Crew', crew, 0, MAX_MEN) ??
    intIn('Marines', marines, 0, MAX_MEN) ??
    (oddToCrew === undefined ? null : isBool('The odd one to the crew', oddToCrew)),
  splitCasualtiesOf
);
/** A party the sheet allows, three times over (casualties can exceed a side). */
const MAX_MEN = 3000;

export interface SideLosses {
  hitsTaken: number;
  officersLost: OfficerRole[];
  crew: number;
  marines: number;
}

/** Step 4 for one side: officer d6s (a 1 = removed, capped at the casualties; Errata 18: only those
 *  taking part roll), then the even split. */
export function sideLosses(
  party: BoardingParty,
  hits: number,
  officerFaces: readonly number[],
  oddToCrew = true
): SideLosses {
  const people = party.crew + party.officers.length + party.marines;
  const casualties = Math.min(hits, people);
  const officersLost: OfficerRole[] = [];
  if (casualties > 0) {
    party.officers.forEach((o, i) => {
      if (officerFaces[i] === 1 && officersLost.length < casualties) officersLost.push(o);
    });
  }
  const rest = casualties - officersLost.length;
  const split = splitCasualtiesOf(rest, party.crew, party.marines, oddToCrew);
  // Officers left over when crew and marines are gone take the remaining casualties.
  const unplaced = rest - split.crew - split.marines;
  const stillIn = party.officers.filter((o) => !officersLost.includes(o));
  for (let i = 0; i < unplaced && i < stillIn.length; i++) officersLost.push(stillIn[i]);
  return { hitsTaken: hits, officersLost, crew: split.crew, marines: split.marines };
}

export type BoardingWinner = 'boarders' | 'defender' | 'tie';

export interface BoardingRoundOutcome {
  attackerDice: number;
  defenderDice: number;
  attackerHits: number;
  defenderHits: number;
  attackerLosses: SideLosses;
  defenderLosses: SideLosses;
  winner: BoardingWinner;
}

/** How many officer d6s each side must roll once the hits are known. */
export function boardingOfficerRolls(
  attacker: BoardingParty,
  defender: BoardingParty,
  attackerFaces: readonly number[],
  defenderFaces: readonly number[]
): { attacker: number; defender: number } {
  const hA = attackerFaces.filter((f) => f === BOARDING_DICE.hitFace).length;
  const hD = defenderFaces.filter((f) => f === BOARDING_DICE.hitFace).length;
  return {
    attacker: hD > 0 ? attacker.officers.length : 0,
    defender: hA > 0 ? defender.officers.length : 0
  };
}

/** C.4.15 one round. Faces: every die of each side, then the officer d6s of each side (only when
 *  that side took casualties). */
export function resolveBoardingRound(
  attacker: BoardingParty,
  defender: BoardingParty,
  faces: {
    attacker: readonly number[];
    defender: readonly number[];
    attackerOfficers?: readonly number[];
    defenderOfficers?: readonly number[];
  },
  options: PvOptions = DEFAULT_OPTIONS
): Result<BoardingRoundOutcome> {
  const nA = boardingDice({ ...attacker, officers: attacker.officers.length });
  const nD = boardingDice({ ...defender, officers: defender.officers.length });
  if (faces.attacker.length !== nA || faces.defender.length !== nD)
    return err(`Boarders roll ${nA} d6, defenders ${nD} d6.`);
  const all = [
    ...faces.attacker,
    ...faces.defender,
    ...(faces.attackerOfficers ?? []),
    ...(faces.defenderOfficers ?? [])
  ];
  if (!all.every((f) => isFace(f, 6))) return err('Boarding dice are d6 faces 1–6.');
  const need = boardingOfficerRolls(attacker, defender, faces.attacker, faces.defender);
  if (
    (faces.attackerOfficers ?? []).length !== need.attacker ||
    (faces.defenderOfficers ?? []).length !== need.defender
  )
    return err(`Officer rolls: boarders ${need.attacker} d6, defenders ${need.defender} d6.`);
  const hA = faces.attacker.filter((f) => f === BOARDING_DICE.hitFace).length;
  const hD = faces.defender.filter((f) => f === BOARDING_DICE.hitFace).length;
  const odd = options.boardingCasualtyOddToCrew;
  return ok({
    attackerDice: nA,
    defenderDice: nD,
    attackerHits: hA,
    defenderHits: hD,
    attackerLosses: sideLosses(attacker, hD, faces.attackerOfficers ?? [], odd),
    defenderLosses: sideLosses(defender, hA, faces.defenderOfficers ?? [], odd),
    // C.5 #31: more hits inflicted wins; equal hits is a tie
    winner: hA > hD ? 'boarders' : hA < hD ? 'defender' : 'tie'
  });
}

/** Applies one side's losses to its log; the defender of a lost round gets trigger #7. */
export function applyBoardingLosses(s: Sheet, losses: SideLosses, lostAsDefender: boolean): Sheet {
  const before = commanderRole(s);
  const officers = { ...s.officers };
  for (const r of losses.officersLost) officers[r] = { ...officers[r], present: false };
  const next: Sheet = {
    ...s,
    officers,
    crew: { ...s.crew, current: Math.max(0, s.crew.current - losses.crew) },
    marines: { ...s.marines, current: Math.max(0, s.marines.current - losses.marines) }
  };
  const commanderHit = before !== null && commanderRole(next) !== before;
  return {
    ...next,
    turnEvents: {
      ...next.turnEvents,
      boardingLost: next.turnEvents.boardingLost || lostAsDefender,
      commanderHit: next.turnEvents.commanderHit || commanderHit
    }
  };
}

/** Crew given a task this turn, every task counted (C.4.3). */
export function assignedCrew(s: Sheet): number {
  const a = s.assignments;
  return (
    a.sailing +
    a.gunCrews.length +
    a.pumps +
    a.fireFighters +
    a.damageControl +
    a.juryRig +
    a.boats +
    a.grapplers +
    a.grappleCutters +
    a.marksmen.crew +
    a.tiller +
    a.anchor
  );
}

/** Crew with no assignment this turn: the boarding pool (C.4.3 step 7). */
export function unassignedCrew(s: Sheet): number {
  return Math.max(0, s.crew.current - assignedCrew(s));
}
