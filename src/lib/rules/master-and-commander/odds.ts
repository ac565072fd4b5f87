// Master and Commander: exact odds for every roll (SPEC A.7), built from the same comparison the
// resolvers use (`engagementResult`, `allExceedHighest`) and the same tables.
import { Dist } from '../../engine/dist';
import * as check from '../../engine/inputs';
import { solveAbsorbingLinearAll, type ChainStep } from '../../engine/markov';
import { allExceedHighest, poolOutcome } from '../../engine/pools';
import { complement, div, ONE, rational, sub, ZERO, type Rational } from '../../engine/rational';
import type { McOptions } from './options';
import { engagementResult, type EngagementResult, type EngagementRules } from './resolve-combat';
import { resolveWind } from './resolve-wind';
import type { WindState } from './sheet';
import {
  COMBAT_DIE_SIDES,
  DICE_BY_PRIZE_DISKS,
  HOMEPORT_DICE,
  MAX_PRIZE_DISKS,
  MOVEMENT_DIE_SIDES,
  RAM_DAMAGE,
  RAM_SUCCESS_FACE,
  shipDiceOf as shipDice,
  WIND_DIE,
  type GameVariant
} from './tables';

const D6 = Dist.die(COMBAT_DIE_SIDES);

export interface LabelledP {
  label: string;
  p: Rational;
}

const engagementCache = new Map<string, Dist<EngagementResult>>();

/**
 * Distribution of one attack's result (SPEC A.7 method: every outcome of both pools, by multiset,
 * through the same comparison as the resolver). 'reroll' appears only for Beginner ties under
 * `beginnerTies='reroll'`.
 */
function engagementDistOf(
  attackDice: number,
  defenceDice: number,
  rules: EngagementRules
): Dist<EngagementResult> {
  const key = `${attackDice}|${defenceDice}|${rules.variant}|${rules.tieExhaustion}|${rules.beginnerTies}`;
  const hit = engagementCache.get(key);
  if (hit) return hit;
  const d = poolOutcome(D6, attackDice, D6, defenceDice, (a, b) => engagementResult(a, b, rules));
  engagementCache.set(key, d);
  return d;
}

/** P(hit) for one roll. */
function hitChanceOf(attackDice: number, defenceDice: number, rules: EngagementRules): Rational {
  return engagementDistOf(attackDice, defenceDice, rules).prob('hit');
}

/**
 * P(the attack eventually hits): equal to `hitChance` except for Beginner ties rolled again, where it
 * is P(hit) / (1 − P(tie)) (1 v 1: 15/30 = 1/2).
 */
function eventualHitChanceOf(
  attackDice: number,
  defenceDice: number,
  rules: EngagementRules
): Rational {
  const d = engagementDistOf(attackDice, defenceDice, rules);
  const again = d.prob('reroll');
  return again.n === 0n ? d.prob('hit') : div(d.prob('hit'), complement(again));
}

/**
 * SPEC A.7.1: P(hit), attacker dice 3..1 (rows) against defender dice 3..1 (columns), for the given
 * `tieExhaustion`.
 */
function engagementTableOf(tieExhaustion: McOptions['tieExhaustion']): Rational[][] {
  const rules: EngagementRules = { variant: 'basic', tieExhaustion, beginnerTies: 'defender' };
  return [3, 2, 1].map((a) => [3, 2, 1].map((d) => hitChanceOf(a, d, rules)));
}

/** The odds shown before an attack: hit, repelled and (Beginner option) roll again. */
function engagementOddsOf(
  attackDice: number,
  defenceDice: number,
  rules: EngagementRules
): LabelledP[] {
  const d = engagementDistOf(attackDice, defenceDice, rules);
  const out: LabelledP[] = [
    { label: 'Hit', p: d.prob('hit') },
    { label: 'Repelled', p: d.prob('repelled') }
  ];
  if (d.weight('reroll') > 0n) out.push({ label: 'Tie, roll again', p: d.prob('reroll') });
  return out;
}

// ---------------------------------------------------------------------------------------------
// A whole engagement: attack, then the counter-attack when both ships are broadside (SPEC A.4.8)

/** Prize Disks after the engagement, or -1 for sunk. */
export interface EngagementEnd {
  attacker: number;
  defender: number;
}

export interface FullEngagementInput {
  variant: GameVariant;
  attackerDisks: number;
  defenderDisks: number;
  isMutualBroadside: boolean;
  opts: Pick<McOptions, 'tieExhaustion' | 'beginnerTies' | 'counterAttackDice'>;
}

function endKey(e: EngagementEnd): string {
  return `${e.attacker}|${e.defender}`;
}

/**
 * Exact distribution of both ships' Prize Disks after one engagement with its counter-attack (-1 =
 * sunk). Beginner ties rolled again are folded in (the roll is repeated until it is decided).
 */
function fullEngagementDistOf(input: FullEngagementInput): Dist<string> {
  const { variant, opts } = input;
  const rules: EngagementRules = {
    variant,
    tieExhaustion: opts.tieExhaustion,
    beginnerTies: opts.beginnerTies
  };
  const pHit = eventualHitChanceOf(
    shipDice(input.attackerDisks, variant),
    shipDice(input.defenderDisks, variant),
    rules
  );
  const attack = Dist.bernoulli(pHit);
  return attack.flatMap((isHit) => {
    const defender = isHit ? input.defenderDisks - 1 : input.defenderDisks;
    if (defender < 0 || !input.isMutualBroadside) {
      return Dist.constant(endKey({ attacker: input.attackerDisks, defender }));
    }
    const counterDice = shipDice(
      opts.counterAttackDice === 'preHit' ? input.defenderDisks : defender,
      variant
    );
    const pCounter = eventualHitChanceOf(
      counterDice,
      shipDice(input.attackerDisks, variant),
      rules
    );
    return Dist.bernoulli(pCounter).map((isCounterHit) =>
      endKey({ attacker: isCounterHit ? input.attackerDisks - 1 : input.attackerDisks, defender })
    );
  });
}

export function parseEnd(key: string): EngagementEnd {
  const [a, d] = key.split('|').map(Number);
  return { attacker: a, defender: d };
}

function disksText(before: number, after: number): string {
  if (after < 0) return 'sunk';
  if (after === before) return 'unhurt';
  return `${after} disk${after === 1 ? '' : 's'}`;
}

/** The engagement's outcomes as readable lines ("Attacker unhurt, defender 1 disk"). */
function fullEngagementOddsOf(input: FullEngagementInput): LabelledP[] {
  return fullEngagementDistOf(input)
    .entries()
    .map((e) => {
      const end = parseEnd(e.value);
      return {
        label: `Attacker ${disksText(input.attackerDisks, end.attacker)}, defender ${disksText(input.defenderDisks, end.defender)}`,
        p: e.p
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Boarding, raids, ramming, storm, wind (SPEC A.7.1 bullets)

/** P(boarding succeeds) against a defender with 1 or 0 Prize Disks: three dice, each above the
 *  defender's highest (SPEC A.7.1: 517/7776 against 2 dice, 25/144 against 1). */
function boardingChanceOf(defenderDisks: number): Rational {
  const nD = DICE_BY_PRIZE_DISKS[defenderDisks as 0 | 1];
  return poolOutcome(D6, DICE_BY_PRIZE_DISKS[2], D6, nD, allExceedHighest).prob(true);
}

const ADVANCED_RULES = (opts: Pick<McOptions, 'tieExhaustion'>): EngagementRules => ({
  variant: 'advanced',
  tieExhaustion: opts.tieExhaustion,
  beginnerTies: 'defender'
});

/** P(a raid takes a Repair Card): the ship's dice against the Homeport's three (SPEC A.7.1). */
function raidChanceOf(raiderDisks: number, opts: Pick<McOptions, 'tieExhaustion'>): Rational {
  return hitChanceOf(shipDice(raiderDisks, 'advanced'), HOMEPORT_DICE, ADVANCED_RULES(opts));
}

/** P(the Homeport's counter-attack repels the raider): three dice against the ship's. */
function homeportCounterChanceOf(
  shipDisks: number,
  opts: Pick<McOptions, 'tieExhaustion'>
): Rational {
  return hitChanceOf(HOMEPORT_DICE, shipDice(shipDisks, 'advanced'), ADVANCED_RULES(opts));
}

function ramDamageOf(face: number): number {
  return RAM_DAMAGE.find((r) => r.faces.includes(face))?.disksLost ?? 0;
}

/** Prize Disks lost to one ram attempt (SPEC A.7.1: 0 → 8/9, 1 → 1/18, 2 → 1/18). */
export function ramDist(): Dist<number> {
  return D6.flatMap((f) => (f === RAM_SUCCESS_FACE ? D6.map(ramDamageOf) : Dist.constant(0)));
}

/** Ram damage once a ram has occurred. */
export function ramDamageDist(): Dist<number> {
  return D6.map(ramDamageOf);
}

/** P(the rammed ship sinks) from one attempt: more disks lost than it has (each disk one hit). */
function ramSinkChanceOf(targetDisks: number): Rational {
  return ramDist().probWhere((lost) => lost > targetDisks);
}

/** Storm and Beginner movement: one d6 (SPEC A.7.1 "uniform over 1..6"). */
export function movementRollDist(): Dist<number> {
  return Dist.die(MOVEMENT_DIE_SIDES);
}

/**
 * The wind after the next roll of the Wind Die, re-rolls folded in (a Steady with no wind yet, or in a
 * storm under `steadyAfterStorm='reroll'`), through the same `resolveWind` the app applies.
 */
export function windOdds(
  current: WindState | null,
  opts: Pick<McOptions, 'steadyAfterStorm'>
): LabelledP[] {
  const faces = WIND_DIE.map((r) => resolveWind(current, r.face, opts));
  const settled = faces.filter((o) => o.kind === 'set');
  const byLabel = new Map<string, number>();
  for (const o of settled) {
    const label = 'storm' in o.wind ? 'Storm' : `From the ${o.wind.from}`;
    byLabel.set(label, (byLabel.get(label) ?? 0) + 1);
  }
  return [...byLabel].map(([label, n]) => ({ label, p: rational(n, settled.length) }));
}

// ---------------------------------------------------------------------------------------------
// Slugging it out (SPEC A.7.2): two ships mutually broadside, each turn the mover attacks and the
// other counter-attacks, until one sinks. Solved exactly with rationals.

export interface DuelRules {
  variant: GameVariant;
  opts: Pick<McOptions, 'tieExhaustion' | 'beginnerTies' | 'counterAttackDice'>;
  /** false: no counter-attacks (only one ship broadside to the other each time). */
  hasCounterAttack?: boolean;
}

interface DuelState {
  /** Prize Disks of ship X and Y, -1 when sunk. */
  x: number;
  y: number;
  mover: 'X' | 'Y';
}

const duelKey = (s: DuelState): string => `${s.x}|${s.y}|${s.mover}`;

/** One turn of the duel from `s`: the transitions to the next states (SPEC A.7.2). */
function duelStep(s: DuelState, rules: DuelRules): ChainStep<DuelState> {
  if (s.x < 0) return { absorbed: true, value: ZERO };
  if (s.y < 0) return { absorbed: true, value: ONE };
  const isX = s.mover === 'X';
  const moverDisks = isX ? s.x : s.y;
  const otherDisks = isX ? s.y : s.x;
  const ends = fullEngagementDistOf({
    variant: rules.variant,
    attackerDisks: moverDisks,
    defenderDisks: otherDisks,
    isMutualBroadside: rules.hasCounterAttack ?? true,
    opts: rules.opts
  });
  const next: DuelState['mover'] = isX ? 'Y' : 'X';
  return {
    absorbed: false,
    transitions: ends.entries().map((e) => {
      const end = parseEnd(e.value);
      const x = isX ? end.attacker : end.defender;
      const y = isX ? end.defender : end.attacker;
      return { p: e.p, next: { x, y, mover: next } };
    })
  };
}

/**
 * Solved duels by everything they depend on (the key in duelWinChance). Solving the chain is the
 * costliest part of drawing the Engagements step (issue 18: tens of ms on a throttled phone), and the
 * step asks for the same few duels each time it is drawn; the fractions are immutable, so an answer
 * is shared.
 */
const DUEL_ANSWERS = new Map<string, Rational>();

/**
 * P(ship X sinks ship Y first) when X has `xDisks`, Y `yDisks` and X moves first. Under the default
 * options SPEC A.7.2 gives 0.5148 from (3,3) dice, 0.8818 from (3,2), 0.5266 from (2,2) and 109/193
 * from (1,1).
 */
function duelWinChanceOf(xDisks: number, yDisks: number, rules: DuelRules): Rational {
  const { opts } = rules;
  const rulesKey = [
    rules.variant,
    opts.tieExhaustion,
    opts.beginnerTies,
    opts.counterAttackDice,
    rules.hasCounterAttack ?? true
  ].join('|');
  const answerKey = (x: number, y: number) => `${x}|${y}|${rulesKey}`;
  const known = DUEL_ANSWERS.get(answerKey(xDisks, yDisks));
  if (known) return known;
  // From the strongest pair every weaker pair is a state of the same chain, and a state's value is
  // its own duel's answer (X to move): one solve answers the whole table, not one per cell
  // (issue 18 #5: switching the game re-derived nine chains, ~25 ms unthrottled).
  const top = Math.max(xDisks, yDisks, MAX_PRIZE_DISKS);
  const start: DuelState = { x: top, y: top, mover: 'X' };
  const values = solveAbsorbingLinearAll(start, duelKey, (s) => duelStep(s, rules));
  if (DUEL_ANSWERS.size >= 256) DUEL_ANSWERS.clear();
  for (let x = 0; x <= top; x++)
    for (let y = 0; y <= top; y++) {
      const v = values.get(duelKey({ x, y, mover: 'X' }));
      if (v) DUEL_ANSWERS.set(answerKey(x, y), v);
    }
  const own =
    DUEL_ANSWERS.get(answerKey(xDisks, yDisks)) ??
    solveAbsorbingLinearAll({ x: xDisks, y: yDisks, mover: 'X' }, duelKey, (s) =>
      duelStep(s, rules)
    ).get(duelKey({ x: xDisks, y: yDisks, mover: 'X' })) ??
    ZERO;
  DUEL_ANSWERS.set(answerKey(xDisks, yDisks), own);
  return own;
}

/** Both sides of the duel, for display. */
function duelOddsOf(
  xDisks: number,
  yDisks: number,
  rules: DuelRules
): { xWins: Rational; yWins: Rational } {
  const xWins = duelWinChanceOf(xDisks, yDisks, rules);
  return { xWins, yWins: sub(ONE, xWins) };
}

/** P(mover wins) for every pair of strengths (rows: mover disks 2..0, columns: other 2..0). */
function duelTableOf(rules: DuelRules): Rational[][] {
  const disks = [MAX_PRIZE_DISKS, 1, 0];
  return disks.map((x) => disks.map((y) => duelWinChanceOf(x, y, rules)));
}

/**
 * P(the roll for first player is decided at once): one player alone has the highest d6 (SPEC A.4.2);
 * otherwise the tied highest roll again. Each player goes first with chance 1/n by symmetry.
 */
function firstPlayerDecidedChanceOf(players: number): Rational {
  // n · Σ_m P(this die = m) · P(every other die < m)
  let w = 0n;
  for (let m = 2; m <= COMBAT_DIE_SIDES; m++) w += BigInt(m - 1) ** BigInt(players - 1);
  if (players === 1) return ONE;
  return rational(BigInt(players) * w, BigInt(COMBAT_DIE_SIDES) ** BigInt(players));
}

// ---------------------------------------------------------------------------------------------
// The exported odds, each behind its input check (issue 17 #9): an error in the referee's words for
// anything the rules do not allow, never a RangeError, a "−2 disks" line or a chance above 1. The
// checks read the arguments only; the solvers above call one another unchecked.

const MAX_DICE = Math.max(HOMEPORT_DICE, ...Object.values(DICE_BY_PRIZE_DISKS));
/** More players than this would make the first-player fraction's powers of 6 needlessly huge. */
export const MAX_PLAYERS = 12;

const disks = (who: string, v: unknown): check.Check =>
  check.intIn(`${who} Prize Disks`, v, 0, MAX_PRIZE_DISKS);
const dice = (who: string, v: unknown): check.Check => check.intIn(`${who} dice`, v, 1, MAX_DICE);
const VARIANTS: readonly GameVariant[] = ['beginner', 'basic', 'advanced'];
const tieRule = (o: { tieExhaustion?: unknown }): check.Check =>
  check.oneOf('The tie rule', o.tieExhaustion, ['defender', 'moreDiceWins']);
const engagementRules = (r: EngagementRules): check.Check =>
  check.isRecord('The rules', r) ??
  check.firstProblem(
    check.oneOf('The game', r.variant, VARIANTS),
    tieRule(r),
    check.oneOf('The Beginner tie rule', r.beginnerTies, ['defender', 'reroll'])
  );
const engagementOpts = (o: FullEngagementInput['opts']): check.Check =>
  check.isRecord('The options', o) ??
  check.firstProblem(
    tieRule(o),
    check.oneOf('The Beginner tie rule', o.beginnerTies, ['defender', 'reroll']),
    check.oneOf('Counter-attack dice', o.counterAttackDice, ['current', 'preHit'])
  );
const roll = (a: number, d: number, rules: EngagementRules): check.Check =>
  check.firstProblem(dice('Attack', a), dice('Defence', d), engagementRules(rules));
const duelRules = (r: DuelRules): check.Check =>
  check.isRecord('The rules', r) ??
  check.firstProblem(
    check.oneOf('The game', r.variant, VARIANTS),
    engagementOpts(r.opts),
    r.hasCounterAttack === undefined ? null : check.isBool('Counter-attacks', r.hasCounterAttack)
  );
const fullInput = (i: FullEngagementInput): check.Check =>
  check.isRecord('The engagement', i) ??
  check.firstProblem(
    check.oneOf('The game', i.variant, VARIANTS),
    disks('Attacker', i.attackerDisks),
    disks('Defender', i.defenderDisks),
    check.isBool('Broadside to broadside', i.isMutualBroadside),
    engagementOpts(i.opts)
  );
const opts = (o: Pick<McOptions, 'tieExhaustion'>): check.Check =>
  check.isRecord('The options', o) ?? tieRule(o);

export const engagementDist = check.guarded(roll, engagementDistOf);
export const hitChance = check.guarded(roll, hitChanceOf);
export const eventualHitChance = check.guarded(roll, eventualHitChanceOf);
export const engagementTable = check.guarded(
  (t: McOptions['tieExhaustion']) => tieRule({ tieExhaustion: t }),
  engagementTableOf
);
export const engagementOdds = check.guarded(roll, engagementOddsOf);
export const fullEngagementDist = check.guarded(fullInput, fullEngagementDistOf);
export const fullEngagementOdds = check.guarded(fullInput, fullEngagementOddsOf);
/** Boarding is only against a ship with 1 or 0 Prize Disks (SPEC A.4.9). */
export const boardingChance = check.guarded(
  (d: number) => check.intIn('The defender’s Prize Disks for boarding', d, 0, 1),
  boardingChanceOf
);
export const raidChance = check.guarded(
  (d: number, o: Pick<McOptions, 'tieExhaustion'>) => disks('Raider', d) ?? opts(o),
  raidChanceOf
);
export const homeportCounterChance = check.guarded(
  (d: number, o: Pick<McOptions, 'tieExhaustion'>) => disks('Ship', d) ?? opts(o),
  homeportCounterChanceOf
);
export const ramSinkChance = check.guarded((d: number) => disks('Target', d), ramSinkChanceOf);
const duel = (x: number, y: number, r: DuelRules): check.Check =>
  check.firstProblem(disks('First ship', x), disks('Second ship', y), duelRules(r));
export const duelWinChance = check.guarded(duel, duelWinChanceOf);
export const duelOdds = check.guarded(duel, duelOddsOf);
export const duelTable = check.guarded(duelRules, duelTableOf);
export const firstPlayerDecidedChance = check.guarded(
  (n: number) => check.intIn('Players', n, 1, MAX_PLAYERS),
  firstPlayerDecidedChanceOf
);
