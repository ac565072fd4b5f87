import type { BattleState, EventDraft } from '$lib/battle/events';
import { rollDice, type DiceRoll, type Roller } from '$lib/rules/core/dice';
import type { Result } from '$lib/rules/core/result';
import type { BattleSession } from '$lib/state/battle.svelte';
import type { DiceSpec } from '$lib/components/dice/dice-pad';
import { captureChance, boardingRoundOdds } from '$lib/rules/wooden-warships/odds-boarding';
import {
  boardingDiceCounts,
  resolveBoardingRound,
  type BoardingRoundOutcome
} from '$lib/rules/wooden-warships/resolve-boarding';
import { damageDiceList, type DamagePiece } from '$lib/rules/wooden-warships/resolve-gunnery';
import {
  BOARDING_DIE,
  type Battery,
  type CrewSkill,
  type FireMode
} from '$lib/rules/wooden-warships/tables';

// Small helpers for the Wooden Warships calculators and battle panels (tested in ww-ui.test.ts).

/**
 * One referee action on the battle: built first from the state on screen, so a refusal is shown
 * (`show`) and nothing is written; then built again from the state the session writes on, where a
 * refusal (the log moved on meanwhile) becomes the session's error instead of a stale event.
 * Returns whether the action was accepted (its write started), for the panel to clear its inputs.
 */
export function runBattleAction(
  session: Pick<BattleSession, 'state' | 'act'>,
  make: (state: BattleState) => Result<EventDraft>,
  show: (message: string) => void
): boolean {
  const r = make(session.state);
  if (!r.ok) {
    show(r.error);
    return false;
  }
  show('');
  void session.act((state) => {
    const again = make(state);
    if (!again.ok) throw new Error(again.error);
    return again.value;
  });
  return true;
}

/** Splits a roll's faces into consecutive groups of the given sizes. */
export function splitFaces(roll: DiceRoll, sizes: readonly number[]): number[][] {
  const faces = roll.dice.map((d) => d.face);
  const out: number[][] = [];
  let i = 0;
  for (const n of sizes) {
    out.push(faces.slice(i, i + n));
    i += n;
  }
  return out;
}

/** The dice pad groups for damage, in the order the resolver reads them (full dice, then half). */
export function damageDiceSpecs(pieces: readonly DamagePiece[]): DiceSpec[] {
  const specs: DiceSpec[] = [];
  for (const d of damageDiceList(pieces)) {
    const label = d.isHalf ? 'half die' : 'damage';
    const last = specs[specs.length - 1];
    if (last && last.sides === d.sides && last.label === label) last.count++;
    else specs.push({ count: 1, sides: d.sides, label });
  }
  return specs;
}

/** The dice pad groups for one boarding round. */
export function boardingDiceSpecs(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number
): DiceSpec[] {
  const { na, nd } = boardingDiceCounts(attackers, defenders);
  return [
    { count: na, sides: BOARDING_DIE[attackerSkill].sides, label: 'boarders' },
    { count: nd, sides: BOARDING_DIE[defenderSkill].sides, label: 'defenders' }
  ];
}

/** "d6", "d6+1", "d8+2". */
export function skillDieLabel(skill: CrewSkill): string {
  const d = BOARDING_DIE[skill];
  return d.plus ? `d${d.sides}+${d.plus}` : `d${d.sides}`;
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
    const { na, nd } = boardingDiceCounts(a, d);
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

/** Odds shown before a boarding round: the round's outcomes and P(capture) fighting to the end. */
export function boardingOdds(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number
) {
  return {
    round: boardingRoundOdds(attackerSkill, defenderSkill, attackers, defenders),
    capture: captureChance(attackerSkill, defenderSkill, attackers, defenders)
  };
}

/** "£7,000". */
export function pounds(n: number): string {
  return `£${n.toLocaleString('en-GB')}`;
}

/** The batteries a fire mode uses (SPEC B.3.8): zones 1 & 2 or 3 & 4, one zone, or a chase battery. */
export function batteriesFor(
  mode: FireMode,
  side: '12' | '34',
  halfZone: Battery,
  chase: Battery
): Battery[] {
  if (mode === 'chase') return [chase];
  if (mode === 'halfBroadside') return [halfZone];
  return side === '12' ? ['zone1', 'zone2'] : ['zone3', 'zone4'];
}
