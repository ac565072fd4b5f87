import type { InputKitModule } from '../../engine/move';
// Engagements (SPEC A.4.5–A.4.8) and boarding (A.4.11) as moves. Attacker and defender roll
// separately (A.4.6), so each move takes the two rolls apart: faces typed in table order cannot
// land on the wrong side.
import type { BattleState } from '../../engine/events';
import { draftOf, joinRolls, labelDice, refuse, rollRecord, withPreview } from '../../battle/move';
import { shipDice, type DiceOwner } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import { engagementOdds } from './odds';
import type { McOptions } from './options';
import {
  attackPreview,
  counterDue,
  counterPreview,
  planEngagement,
  type EngagementPlan
} from './previews';
import {
  applyHit,
  clearRepulseOnEngagement,
  resolveEngagement,
  type EngagementOutcome,
  type EngagementRules
} from './resolve';
import type { Engaged, Side, SystemState, TurnActs } from './sheet';
import {
  activeFleet,
  activeShip,
  facesOf,
  findShip,
  fleetTurnLostText,
  letGoMove,
  mcMove,
  mcSystemOf,
  playerName,
  rulesOf,
  targetName,
  toJson,
  turnActsOf,
  turnOverText,
  withActs,
  withMcSheets,
  withMcSystem,
  type McView
} from './view';
import { oddsJson } from './odds-json';
import { shipDiceOf } from './tables';
import { SIDES } from './sheet';
import { isCardOwed } from './turn-reads';
export { isCardOwed } from './turn-reads';

export { counterDue, planEngagement, type EngagementPlan } from './previews';

export interface StrikeResult {
  outcome: EngagementOutcome;
  next: BattleState;
  /** The struck ship's disks before and after (-1 = sunk), for the counter-attack and the log. */
  disksBefore: number;
  disksAfter: number;
  summary: string;
}

function struckText(name: string, disksAfter: number): string {
  if (disksAfter < 0) return `${name} is sunk`;
  return `${name} gives up a Prize Disk (${disksAfter} left)`;
}

interface StrikeInput {
  attackerId: string;
  targetId: string;
  attackDice: number;
  defenceDice: number;
  rules: EngagementRules;
  verb: string;
}

/**
 * One attack (or counter-attack, with the roles swapped): the comparison, then a hit costs the
 * struck ship a Prize Disk or, with none left, sinks it (SPEC A.4.7). Engaging a ship clears an
 * earlier repulse from a Homeport (SPEC A.4.12 step 5).
 */
export function strike(
  state: BattleState,
  view: McView,
  input: StrikeInput,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<StrikeResult> {
  const a = findShip(view, input.attackerId);
  if (!a.ok) return a;
  const t = findShip(view, input.targetId);
  if (!t.ok) return t;
  const r = resolveEngagement(
    { rules: input.rules, attackDice: input.attackDice, defenceDice: input.defenceDice },
    attackFaces,
    defenceFaces
  );
  if (!r.ok) return r;
  const outcome = r.value;
  const aName = a.value.sheet.name;
  const tName = t.value.sheet.name;
  const head = `${aName} ${input.verb} ${tName} (${input.attackDice} v ${input.defenceDice}: ${outcome.attack.join(' ')} v ${outcome.defence.join(' ')})`;
  const before = t.value.sheet.prizeDisks;
  const attackerSheet = clearRepulseOnEngagement(a.value.sheet, 'ship');
  if (outcome.result !== 'hit') {
    return ok({
      outcome,
      next: withMcSheets(state, { [a.value.id]: attackerSheet }),
      disksBefore: before,
      disksAfter: before,
      summary: `${head}: ${outcome.text}`
    });
  }
  const hit = applyHit(t.value.sheet, view.system);
  const after = hit.isSunk ? -1 : hit.sheet.prizeDisks;
  const next = withMcSheets(withMcSystem(state, hit.state), {
    [a.value.id]: attackerSheet,
    [t.value.id]: hit.sheet
  });
  return ok({
    outcome,
    next,
    disksBefore: before,
    disksAfter: after,
    summary: `${head}: ${outcome.text} ${struckText(tName, after)}.`
  });
}

// ---------------------------------------------------------------------------------------------
// Initiating an engagement (an attack, a boarding or a raid): the options that limit it.

export interface Declaration {
  attackerId: string;
  /** A ship id, or `homeport:N` for a raid. */
  target: string;
  kind: Engaged['kind'];
  /** Which side fires; needed under `attacksPerShip='onePerSidePerTurn'`. */
  side: Side | null;
}

export type DeclarationOptions = Pick<
  McOptions,
  'attackTiming' | 'attacksPerShip' | 'mistLoseTurnScope' | 'cardsOnRaidsAndBoarding'
>;

export const CARD_FIRST =
  'Draw a Master and Commander card first: "Each time you initiate an engagement, you must draw a Master and Commander card first."';

/**
 * Why this engagement may not be initiated now, or null (SPEC A.4.15 step 2 and the readings of
 * A.5 #3, #22, #23). `ignoreCard`: everything but the card owed (checked before a card is drawn,
 * so no card is spent on an engagement the rules refuse anyway).
 */
export function declarationProblem(
  view: McView,
  d: Declaration,
  opts: DeclarationOptions,
  ignoreCard = false
): string | null {
  const a = activeShip(view, d.attackerId);
  if (!a.ok) return a.error;
  const sys = view.system;
  const acts = turnActsOf(sys);
  const name = a.value.sheet.name;
  if (acts.endedBy !== null) return turnOverText(acts.endedBy);
  if (a.value.sheet.isSunk) return `${name} is sunk.`;
  const lost = fleetTurnLostText(view, opts);
  if (lost !== null) return lost;
  if (a.value.sheet.mist?.phase === 'lostTurn')
    return `${name} is losing its turn in the Mist ("A player entering the mist must lose one turn").`;
  if (opts.attackTiming === 'afterAllMovement') {
    const waiting = activeFleet(view).filter(
      (s) => !acts.moved.includes(s.id) && s.sheet.mist?.phase !== 'lostTurn'
    );
    if (waiting.length > 0) {
      return `Attacks come after all movement ("Each turn consists of moving all of the ships in your fleet"): record the move of ${waiting.map((s) => s.sheet.name).join(' and ')} first (staying put counts).`;
    }
  }
  if (opts.attackTiming === 'afterEachShipMoves' && !acts.moved.includes(d.attackerId))
    return `With attacks after each ship's own move, ${name} attacks after it moves: record its move first (staying put counts).`;
  const mine = acts.engaged.filter((e) => e.shipId === d.attackerId);
  if (opts.attacksPerShip === 'oncePerTargetPerTurn' && mine.some((e) => e.target === d.target))
    return `${name} has already engaged ${targetName(view, d.target)} this turn (one attack per target per turn).`;
  if (opts.attacksPerShip === 'onePerSidePerTurn') {
    if (d.side === null) return `Say which side of ${name} fires (one attack per side per turn).`;
    if (mine.some((e) => e.side === d.side))
      return `${name} has already fired from its ${d.side} side this turn (one attack per side per turn).`;
  }
  if (opts.attacksPerShip === 'oncePerTurn' && mine.length > 0)
    return `${name} has already attacked this turn (one attack per ship per turn).`;
  if (!ignoreCard && isCardOwed(view, d.kind, opts)) return CARD_FIRST;
  return null;
}

/** The bookkeeping after an engagement was initiated: it counts, and a repulse may end the turn. */
export function afterEngagement(
  system: SystemState,
  d: Declaration,
  isRepelled: boolean,
  opts: Pick<McOptions, 'repelledAttackEndsTurn'>,
  view: McView,
  after: { ram: TurnActs['ram']; reply: TurnActs['reply'] }
): SystemState {
  const acts = turnActsOf(system);
  const attacker = view.ships.find((s) => s.id === d.attackerId);
  const endedBy =
    isRepelled && opts.repelledAttackEndsTurn
      ? `${attacker?.sheet.name ?? 'The ship'}'s ${d.kind === 'raid' ? 'raid' : 'attack'} on ${targetName(view, d.target)} was repelled, and with "a repelled attack ends the turn" ${playerName(view.system, attacker?.playerId ?? '')}'s turn is over.`
      : acts.endedBy;
  return withActs(system, {
    engaged: [
      ...acts.engaged,
      { shipId: d.attackerId, target: d.target, kind: d.kind, side: d.side }
    ],
    endedBy,
    ram: after.ram,
    reply: after.reply ?? null
  });
}

/**
 * A strike that counts, with the turn's record (`acts`) updated from it. A Beginner tie rolled again
 * (`beginnerTies='reroll'`) counts for nothing: the same engagement goes on, the record unchanged.
 */
function countedStrike(
  r: Result<StrikeResult>,
  acts: (system: SystemState, strike: StrikeResult) => SystemState
): Result<StrikeResult> {
  if (!r.ok || r.value.outcome.result === 'reroll') return r;
  const sys = mcSystemOf(r.value.next);
  if (!sys.ok) return sys;
  return ok({ ...r.value, next: withMcSystem(r.value.next, acts(sys.value, r.value)) });
}

/** Dice for the counter-attack by the ship just attacked (SPEC A.4.8 step 2, errata 6). */
export function counterDice(
  variant: SystemState['variant'],
  disksBefore: number,
  disksAfter: number,
  opts: Pick<McOptions, 'counterAttackDice'>
): number {
  return shipDiceOf(
    opts.counterAttackDice === 'preHit' ? disksBefore : Math.max(0, disksAfter),
    variant
  );
}

/** Each die labelled with whose it is and what it is for ("Anna 1, attack die 2"). */
export function labelled(roll: DiceRoll, who: string, what: string): DiceRoll {
  return labelDice(
    roll,
    roll.dice.map((_, i) => `${who}, ${what} ${i + 1}`)
  );
}

/**
 * Whose dice an engagement's roll holds, in its order (`joinRolls([attack, defence])`): the
 * attacker's, then the defender's (SPEC A.4.6: "both sides roll"); each side wins with high faces
 * (a hit if "the high die of the attacker exceeds the high die of the defender"), so a high face
 * is good for whoever rolled it, the defender too.
 */
export function opposedDice(
  attackerId: string,
  attack: DiceRoll,
  defenderId: string,
  defence: DiceRoll
): DiceOwner[] {
  return [shipDice(attackerId, attack.dice.length), shipDice(defenderId, defence.dice.length)];
}

/** A shot's hits (SPEC A.4.7): one on a hit; none when repelled or a Beginner tie rolled again. */
export function hitsOf(outcome: EngagementOutcome): number {
  return outcome.result === 'hit' ? 1 : 0;
}

export interface AttackInput {
  attackerId: string;
  targetId: string;
  side: Side | null;
  /** The referee: both ships broadside to one another (the target may counter-attack, A.4.8). */
  isMutualBroadside: boolean;
  /** The attacker's dice and the defender's, each as rolled (A.4.6). */
  attack: DiceRoll;
  defence: DiceRoll;
}

/** The attack as the next state, outcome and log line (the move adds the roll record). */
export function attackOutcome(
  state: BattleState,
  view: McView,
  input: AttackInput,
  opts: McOptions
): Result<StrikeResult & { plan: EngagementPlan }> {
  const plan = planEngagement(view, input.attackerId, input.targetId, opts);
  if (!plan.ok) return plan;
  const d: Declaration = {
    attackerId: input.attackerId,
    target: input.targetId,
    kind: 'attack',
    side: input.side
  };
  const problem = declarationProblem(view, d, opts);
  if (problem !== null) return err(problem);
  const r = strike(
    state,
    view,
    {
      attackerId: input.attackerId,
      targetId: input.targetId,
      attackDice: plan.value.attackDice,
      defenceDice: plan.value.defenceDice,
      rules: rulesOf(view, opts),
      verb: 'attacks'
    },
    facesOf(input.attack),
    facesOf(input.defence)
  );
  const counted = countedStrike(r, (sys, s) => {
    const isAfloat = s.disksAfter >= 0;
    const canRam = view.system.modules.ramming && !input.isMutualBroadside && isAfloat;
    return afterEngagement(sys, d, s.outcome.result === 'repelled', opts, view, {
      ram: canRam
        ? { attackerId: input.attackerId, rammerId: input.targetId, stage: 'attempt' }
        : null,
      reply:
        input.isMutualBroadside && isAfloat
          ? {
              kind: 'counter',
              by: input.targetId,
              against: input.attackerId,
              dice: counterDice(view.system.variant, s.disksBefore, s.disksAfter, opts)
            }
          : null
    });
  });
  return counted.ok ? ok({ ...counted.value, plan: plan.value }) : counted;
}

/**
 * An attack by the active player (SPEC A.4.6–A.4.7), checked against the turn's limits and recorded:
 * it counts for `attacksPerShip`, may end the turn (`repelledAttackEndsTurn`), and when the ships are
 * not mutually broadside and ramming is in play, the attacked ship may then try to ram (A.4.13).
 */
const attackBase = mcMove<AttackInput>({
  id: 'mc.attack',
  category: 'gunnery',
  input: ({ z, idInput, diceInput }) =>
    z.strictObject({
      attackerId: idInput,
      targetId: idInput,
      side: z.nullable(z.enum(SIDES)),
      isMutualBroadside: z.boolean(),
      attack: diceInput,
      defence: diceInput
    }),
  run: (view, state, input, ctx) => {
    const r = attackOutcome(state, view, input, ctx.options);
    if (!r.ok) return r;
    const { plan, outcome, disksAfter } = r.value;
    const odds = engagementOdds(plan.attackDice, plan.defenceDice, rulesOf(view, ctx.options));
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'mc.attack',
      summary: r.value.summary,
      next: r.value.next,
      roll: rollRecord({
        procedure: 'mc.attack',
        inputs: toJson({
          attacker: plan.attacker.id,
          target: plan.target.id,
          attackerDisks: plan.attacker.sheet.prizeDisks,
          targetDisks: plan.target.sheet.prizeDisks,
          attackDice: plan.attackDice,
          defenceDice: plan.defenceDice,
          isMutualBroadside: input.isMutualBroadside,
          side: input.side
        }),
        dice: joinRolls([
          labelled(input.attack, plan.attacker.sheet.name, 'attack die'),
          labelled(input.defence, plan.target.sheet.name, 'defence die')
        ]),
        odds: oddsJson(odds.value),
        outcome: toJson({ ...outcome, disksAfter })
      }),
      meaning: {
        actor: plan.attacker.id,
        target: plan.target.id,
        dice: opposedDice(plan.attacker.id, input.attack, plan.target.id, input.defence),
        hits: hitsOf(outcome)
      }
    });
  }
});

/** An attack, with its odds and dice before the roll (`attackMove.preview`). */
export const attackMove = withPreview(attackBase, attackPreview);

/** The refusal of a counter-attack, a ship's or a Homeport's, that is not due now. */
export const NO_REPLY =
  'No counter-attack is due now: it follows at once the engagement that allows it.';

/** A counter-attack's two rolls: a ship's (A.4.8) or a Homeport's (A.4.12 step 4). */
export interface CounterInput {
  /**
   * The counter-attacker's dice (a ship's fixed when the attack resolved, a Homeport's three) and
   * the defender's.
   */
  attack: DiceRoll;
  defence: DiceRoll;
}
export const counterInput = ({ z, diceInput }: InputKitModule) =>
  z.strictObject({ attack: diceInput, defence: diceInput });

/**
 * The counter-attack the last engagement allows (SPEC A.4.8): the attacked ship fires back with the
 * dice fixed when the attack resolved. A Beginner tie rolled again keeps it due.
 */
const counterBase = mcMove<CounterInput>({
  id: 'mc.counter-attack',
  category: 'gunnery',
  input: counterInput,
  run: (view, state, input, ctx) => {
    const c = counterDue(view);
    if (c === null) return refuse(NO_REPLY);
    const rules = rulesOf(view, ctx.options);
    const r = countedStrike(
      strike(
        state,
        view,
        {
          attackerId: c.by.id,
          targetId: c.against.id,
          attackDice: c.attackDice,
          defenceDice: c.defenceDice,
          rules,
          verb: 'counter-attacks'
        },
        facesOf(input.attack),
        facesOf(input.defence)
      ),
      (sys) => withActs(sys, { reply: null })
    );
    if (!r.ok) return r;
    const odds = engagementOdds(c.attackDice, c.defenceDice, rules);
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'mc.counter-attack',
      summary: r.value.summary,
      next: r.value.next,
      roll: rollRecord({
        procedure: 'mc.counter-attack',
        inputs: toJson({
          counterAttacker: c.by.id,
          target: c.against.id,
          attackDice: c.attackDice,
          defenceDice: c.defenceDice,
          counterAttackDice: ctx.options.counterAttackDice
        }),
        dice: joinRolls([
          labelled(input.attack, c.by.sheet.name, 'counter-attack die'),
          labelled(input.defence, c.against.sheet.name, 'defence die')
        ]),
        odds: oddsJson(odds.value),
        outcome: toJson({ ...r.value.outcome, disksAfter: r.value.disksAfter })
      }),
      // The roles swapped (SPEC A.4.8 step 2): the ship just attacked fires, and its dice are its
      // own; the first attacker's defence dice are the first attacker's.
      meaning: {
        actor: c.by.id,
        target: c.against.id,
        dice: opposedDice(c.by.id, input.attack, c.against.id, input.defence),
        hits: hitsOf(r.value.outcome)
      }
    });
  }
});

/** The counter-attack, with its odds and dice before the roll (`counterAttackMove.preview`). */
export const counterAttackMove = withPreview(counterBase, counterPreview);

/** The counter-attacker (a ship or a Homeport) lets it go. */
export const declineReplyMove = letGoMove({
  id: 'mc.no-counter',
  act: 'reply',
  notDue: NO_REPLY,
  said: (reply, view) => {
    const isHomeport = reply.by.startsWith('homeport:');
    const by = isHomeport
      ? `The ${reply.by.slice('homeport:'.length)} Homeport`
      : (view.ships.find((s) => s.id === reply.by)?.sheet.name ?? reply.by);
    return {
      summary: `${by} does not counter-attack`,
      // The ship that lets its reply go (none when it is a Homeport's: no ship acts).
      meaning: { actor: isHomeport ? null : reply.by, target: reply.against, dice: [] }
    };
  }
});
