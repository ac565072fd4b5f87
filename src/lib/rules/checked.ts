import { firstProblem, guarded, intIn, oneOf } from './core/inputs';
import {
  boardingChance,
  duelWinChance,
  engagementOdds,
  firstPlayerDecidedChance,
  fullEngagementOdds,
  homeportCounterChance,
  raidChance,
  ramSinkChance,
  type FullEngagementInput
} from './master-and-commander/odds';
import { DICE_BY_PRIZE_DISKS, HOMEPORT_DICE, MAX_PRIZE_DISKS } from './master-and-commander/tables';
import { diceCount } from './privateers/resolve-gunnery';
import { moraleOdds } from './privateers/odds';
import { boardingCaptureChanceForward, type ChainInput } from './privateers/odds-boarding';
import { captureChance } from './wooden-warships/odds-boarding';
import type { MoraleInput } from './privateers/resolve-morale';

/**
 * The engines' odds and resolve functions behind input checks (issue 17 #9): each answers a
 * Result, an error for anything outside what the rules allow, instead of a RangeError or a figure
 * computed from nonsense. The UI and moves call these where an input comes from a form or a sheet.
 * The limits are the rules' own: Prize Disks 0–2 and 1–3 dice a side (Master and Commander
 * A.3.3), ratings 0–2 (Privateers C.3.1), crews and marines up to the boarding chain's 1,000.
 */

const MAX_MC_DICE = Math.max(HOMEPORT_DICE, ...Object.values(DICE_BY_PRIZE_DISKS));
const disks = (name: string, v: unknown) => intIn(name, v, 0, MAX_PRIZE_DISKS);
const dice = (name: string, v: unknown) => intIn(name, v, 1, MAX_MC_DICE);

export const mcChecked = {
  engagementOdds: guarded(
    (a: number, d: number, _rules: Parameters<typeof engagementOdds>[2]) =>
      firstProblem(dice('attack dice', a), dice('defence dice', d)),
    engagementOdds
  ),
  fullEngagementOdds: guarded(
    (input: FullEngagementInput) =>
      firstProblem(
        disks('attacker Prize Disks', input.attackerDisks),
        disks('defender Prize Disks', input.defenderDisks)
      ),
    fullEngagementOdds
  ),
  duelWinChance: guarded(
    (x: number, y: number, _rules: Parameters<typeof duelWinChance>[2]) =>
      firstProblem(disks('first ship Prize Disks', x), disks('second ship Prize Disks', y)),
    duelWinChance
  ),
  boardingChance: guarded((d: number) => intIn('defender Prize Disks', d, 0, 1), boardingChance),
  raidChance: guarded(
    (d: number, _opts: Parameters<typeof raidChance>[1]) => disks('raider Prize Disks', d),
    raidChance
  ),
  homeportCounterChance: guarded(
    (d: number, _opts: Parameters<typeof homeportCounterChance>[1]) => disks('ship Prize Disks', d),
    homeportCounterChance
  ),
  ramSinkChance: guarded((d: number) => disks('target Prize Disks', d), ramSinkChance),
  firstPlayerDecidedChance: guarded(
    (n: number) => intIn('players', n, 1, 12),
    firstPlayerDecidedChance
  )
};

/** The boarding chain packs crews and marines up to this many a side (odds-boarding.ts). */
export const PV_MAX_PARTY = 1000;
const MAX_PV_DICE = 10_000;
const rating = (name: string, v: unknown) => oneOf(name, v, [0, 1, 2]);
const side = (name: string, s: ChainInput['attacker']) =>
  firstProblem(
    intIn(`${name} crew`, s.crew, 0, PV_MAX_PARTY),
    intIn(`${name} officers`, s.officers, 0, 4),
    intIn(`${name} marines`, s.marines, 0, PV_MAX_PARTY)
  );

export const pvChecked = {
  diceCount: guarded(
    (
      base: number,
      ds: number,
      _r: Parameters<typeof diceCount>[2],
      _o: Parameters<typeof diceCount>[3]
    ) =>
      firstProblem(intIn('dice', base, 0, MAX_PV_DICE), intIn('double-shotted dice', ds, 0, base)),
    diceCount
  ),
  moraleOdds: guarded(
    (m: MoraleInput) =>
      firstProblem(
        rating('commander rating', m.commanderRating),
        rating('crew rating', m.crewRating),
        oneOf('disordered', m.disordered, [true, false])
      ),
    moraleOdds
  ),
  boardingCaptureChanceForward: guarded(
    (input: ChainInput, ..._rest: unknown[]) =>
      firstProblem(
        side('boarders', input.attacker),
        side('defenders', input.defender),
        intIn('defender morale rating', input.defenderMoraleRating, 0, 4),
        oneOf('disordered', input.defenderDisordered, [true, false])
      ),
    (input: ChainInput) => boardingCaptureChanceForward(input)
  )
};

const SKILLS = ['Novice', 'Skilled', 'Veteran', 'Crack'] as const;

export const wwChecked = {
  captureChance: guarded(
    (a: unknown, d: unknown, attackers: number, defenders: number) =>
      firstProblem(
        oneOf('attacker skill', a, SKILLS),
        oneOf('defender skill', d, SKILLS),
        intIn('boarders', attackers, 0, 200),
        intIn('defenders', defenders, 0, 200)
      ),
    (a: unknown, d: unknown, attackers: number, defenders: number) =>
      captureChance(
        a as (typeof SKILLS)[number],
        d as (typeof SKILLS)[number],
        attackers,
        defenders
      )
  )
};
