// What each rolled Master and Commander move answers before its roll (issue 31 item 2,
// `move.preview`): the exact odds the panel shows and the dice pad it asks for, with whose dice they
// are and which way is good for them, as the move's meaning then records them. The panels call no
// odds or resolver function of their own; the moves' files wrap their moves with these.
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import { valueOr } from '../../engine/inputs';
import { complement, type Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import type { Dist } from '../../engine/dist';
import {
  boardingChance,
  duelOdds,
  engagementOdds,
  firstPlayerDecidedChance,
  fullEngagementOdds,
  homeportCounterChance,
  movementRollDist,
  raidChance,
  ramDamageDist,
  ramDist,
  ramSinkChance,
  type LabelledP
} from './odds';
import type { McOptions } from './options';
import { boardingProblems, canBeTargeted, canFire, type BoardingCondition } from './resolve';
import { HOMEPORT_DICE, shipDiceOf, type Compass } from './tables';
import {
  findShip,
  playerName,
  rulesOf,
  turnActsOf,
  viewOf,
  type McShip,
  type McView
} from './view';
import { counterDue, homeportCounterDue } from './turn-reads';
export { counterDue, homeportCounterDue } from './turn-reads';

export interface EngagementPlan {
  attacker: McShip;
  target: McShip;
  attackDice: number;
  defenceDice: number;
}

/** Who may attack whom, and with how many dice (SPEC A.3.3, A.4.5 step 7, A.4.14 step 2). */
export function planEngagement(
  view: McView,
  attackerId: string,
  targetId: string,
  opts: Pick<McOptions, 'mistShipMayFireOut'>
): Result<EngagementPlan> {
  const a = findShip(view, attackerId);
  if (!a.ok) return a;
  const t = findShip(view, targetId);
  if (!t.ok) return t;
  if (attackerId === targetId) return err('A ship cannot attack itself.');
  if (!canFire(a.value.sheet, opts)) return err(`${a.value.sheet.name} cannot fire.`);
  if (!canBeTargeted(t.value.sheet))
    return err(`${t.value.sheet.name} cannot be fired upon (sunk or in the Mist).`);
  const variant = view.system.variant;
  return ok({
    attacker: a.value,
    target: t.value,
    attackDice: shipDiceOf(a.value.sheet.prizeDisks, variant),
    defenceDice: shipDiceOf(t.value.sheet.prizeDisks, variant)
  });
}

/** One side of an opposed roll: its role and name on the pad, its dice, and whose ship rolls them
 *  (null: a Homeport's, its captain's). */
export interface RollSide {
  role: string;
  name: string;
  count: number;
  what: string;
  ship: string | null;
}

/**
 * The dice of an opposed roll (SPEC A.4.6: "both sides roll"), the attacker's then the defender's,
 * each side's own; a high face is good for whoever rolls it ("the high die of the attacker exceeds
 * the high die of the defender"), the defender too.
 */
export function opposedNeeds(attacker: RollSide, defender: RollSide): DiceNeed[] {
  return [attacker, defender].map((x) => ({
    group: `${x.role}: ${x.name}`,
    count: x.count,
    sides: 6,
    label: `${x.name}, ${x.what}`,
    ship: x.ship,
    isHighGood: true
  }));
}

/** Both odds lists a raid or a counter reads: the event's and its complement. */
const pair = (p: Rational, yes: string, no: string): LabelledP[] => [
  { label: yes, p },
  { label: no, p: complement(p) }
];

const viewThen = <T>(state: BattleState, f: (view: McView) => Result<T>): Result<T> => {
  const v = viewOf(state);
  return v.ok ? f(v.value) : v;
};

/**
 * The dice of a ship's attack on another, her guns' or her boarders' (A.4.6, A.4.11 step 2): the
 * attacker's, `what` she rolls for, and the target's defence dice, each side's own.
 */
function shipOnShipDice(
  state: BattleState,
  aim: { attackerId: string; targetId: string },
  opts: McOptions,
  what: string,
  countOf: (plan: EngagementPlan) => number
): Result<DiceNeed[]> {
  return viewThen(state, (view) => {
    const plan = planEngagement(view, aim.attackerId, aim.targetId, opts);
    if (!plan.ok) return plan;
    const { attacker, target } = plan.value;
    return ok(
      opposedNeeds(
        {
          role: 'Attacker',
          name: attacker.sheet.name,
          count: countOf(plan.value),
          what,
          ship: attacker.id
        },
        {
          role: 'Defender',
          name: target.sheet.name,
          count: plan.value.defenceDice,
          what: 'defence',
          ship: target.id
        }
      )
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Engagements (A.4.5–A.4.8)

export interface AttackAim {
  attackerId: string;
  targetId: string;
  /** Both ships broadside to one another: the whole engagement includes the counter-attack. */
  isMutualBroadside: boolean;
}

export interface AttackOutlook {
  plan: EngagementPlan;
  /** This attack (the odds the move records). */
  attack: LabelledP[];
  /** The whole engagement, counter-attack included when mutually broadside. */
  whole: LabelledP[];
  /** Slugging it out (A.7.2), when mutually broadside: who sinks the other first. */
  duel: { xWins: Rational; yWins: Rational } | null;
}

export const attackPreview: MovePreview<AttackAim, AttackOutlook, McOptions> = {
  odds: (state, aim, opts) =>
    viewThen(state, (view) => {
      const plan = planEngagement(view, aim.attackerId, aim.targetId, opts);
      if (!plan.ok) return plan;
      const { attacker, target, attackDice, defenceDice } = plan.value;
      const variant = view.system.variant;
      // Worked out when first read (a Markov chain): the calculator's engagement never reads it.
      let duel: { value: AttackOutlook['duel'] } | undefined;
      const duelOf = (): AttackOutlook['duel'] =>
        aim.isMutualBroadside
          ? valueOr(
              duelOdds(attacker.sheet.prizeDisks, target.sheet.prizeDisks, { variant, opts }),
              null
            )
          : null;
      return ok({
        plan: plan.value,
        attack: valueOr(engagementOdds(attackDice, defenceDice, rulesOf(view, opts)), []),
        whole: valueOr(
          fullEngagementOdds({
            variant,
            attackerDisks: attacker.sheet.prizeDisks,
            defenderDisks: target.sheet.prizeDisks,
            isMutualBroadside: aim.isMutualBroadside,
            opts
          }),
          []
        ),
        get duel() {
          duel ??= { value: duelOf() };
          return duel.value;
        }
      });
    }),
  dice: (state, aim, opts) => shipOnShipDice(state, aim, opts, 'attack', (p) => p.attackDice)
};

const NO_COUNTER = 'No counter-attack is due now.';

export interface CounterOutlook {
  due: NonNullable<ReturnType<typeof counterDue>>;
  odds: LabelledP[];
}

/** The counter-attack due (A.4.8): the ship just attacked fires back, the dice fixed already. */
export const counterPreview: MovePreview<Record<string, never>, CounterOutlook, McOptions> = {
  odds: (state, _aim, opts) =>
    viewThen(state, (view) => {
      const due = counterDue(view);
      if (due === null) return err(NO_COUNTER);
      const odds = engagementOdds(due.attackDice, due.defenceDice, rulesOf(view, opts));
      return ok({ due, odds: valueOr(odds, []) });
    }),
  dice: (state) =>
    viewThen(state, (view) => {
      const c = counterDue(view);
      if (c === null) return err(NO_COUNTER);
      return ok(
        opposedNeeds(
          {
            role: 'Attacker',
            name: c.by.sheet.name,
            count: c.attackDice,
            what: 'counter-attack',
            ship: c.by.id
          },
          {
            role: 'Defender',
            name: c.against.sheet.name,
            count: c.defenceDice,
            what: 'defence',
            ship: c.against.id
          }
        )
      );
    })
};

/** The boarders' dice: "the attacking ship rolls 3 dice" (SPEC A.4.11 step 2). */
export const BOARDING_DICE = 3;

export interface BoardAim {
  attackerId: string;
  targetId: string;
  /** Adjacent, broadside to broadside or broadside to bow, intent declared (A.3.6 #3, #4). */
  isBoardingPosition: boolean;
}

export interface BoardOutlook {
  plan: EngagementPlan;
  /** The conditions not met (A.4.9); while any, no odds. */
  problems: BoardingCondition[];
  odds: LabelledP[];
}

/**
 * A boarding's engagement and the conditions of A.4.9 it does not meet (an empty list: it may go
 * on), as the preview shows them and the move refuses on them.
 */
export function planBoarding(
  view: McView,
  aim: BoardAim,
  opts: McOptions
): Result<{ plan: EngagementPlan; problems: BoardingCondition[] }> {
  const plan = planEngagement(view, aim.attackerId, aim.targetId, opts);
  if (!plan.ok) return plan;
  const { attacker, target } = plan.value;
  const problems = boardingProblems({
    attackerDisks: attacker.sheet.prizeDisks,
    defenderDisks: target.sheet.prizeDisks,
    isAdjacent: aim.isBoardingPosition,
    isBroadsideToBroadsideOrBow: aim.isBoardingPosition
  });
  return ok({ plan: plan.value, problems });
}

export const boardPreview: MovePreview<BoardAim, BoardOutlook, McOptions> = {
  odds: (state, aim, opts) =>
    viewThen(state, (view) => {
      const boarding = planBoarding(view, aim, opts);
      if (!boarding.ok) return boarding;
      const { plan, problems } = boarding.value;
      const chance = problems.length === 0 ? boardingChance(plan.target.sheet.prizeDisks) : null;
      const odds = chance?.ok ? pair(chance.value, 'Ship taken', 'Boarding fails') : [];
      return ok({ plan, problems, odds });
    }),
  dice: (state, aim, opts) => shipOnShipDice(state, aim, opts, 'boarders', () => BOARDING_DICE)
};

// ---------------------------------------------------------------------------------------------
// Raids (A.4.12) and ramming (A.4.13)

export interface RaidAim {
  shipId: string;
  target: Compass;
}

/** What a raid's hit does to a Homeport that has no Repair Card left. */
export const RAID_HIT_EMPTY = 'Hits, but the Homeport has no Repair Card to lose';

/**
 * A raid's outcomes as the move records them: a hit takes a Repair Card ("If an attack on an enemy
 * Homeport is successful, the Homeport loses one Repair Card to the attacker", SPEC A.4.12 step 3)
 * only while the Homeport has one ("An empty Homeport yields nothing", [DERIVED]); against an
 * empty one the hit is named for what it does.
 */
export function raidOdds(
  view: McView,
  aim: RaidAim,
  raiderDisks: number,
  opts: McOptions
): Result<LabelledP[]> {
  const p = raidChance(raiderDisks, opts);
  if (!p.ok) return p;
  const hasCard = view.system.homeports[aim.target].repairCards > 0;
  return ok(pair(p.value, hasCard ? 'Takes a Repair Card' : RAID_HIT_EMPTY, 'Repelled'));
}

/** A raid: the raider's dice against the Homeport's three; what a hit takes, and its odds. */
export const raidPreview: MovePreview<RaidAim, LabelledP[], McOptions> = {
  odds: (state, aim, opts) =>
    viewThen(state, (view) => {
      const s = findShip(view, aim.shipId);
      return s.ok ? raidOdds(view, aim, s.value.sheet.prizeDisks, opts) : s;
    }),
  dice: (state, aim) =>
    viewThen(state, (view) => {
      const s = findShip(view, aim.shipId);
      if (!s.ok) return s;
      const count = shipDiceOf(s.value.sheet.prizeDisks, 'advanced');
      return ok(
        opposedNeeds(
          { role: 'Attacker', name: s.value.sheet.name, count, what: 'raid', ship: s.value.id },
          {
            role: 'Defender',
            name: `${aim.target} Homeport`,
            count: HOMEPORT_DICE,
            what: 'defence',
            ship: null
          }
        )
      );
    })
};

const NO_HOMEPORT_COUNTER = 'No Homeport counter-attack is due now.';

export interface HomeportCounterOutlook {
  due: NonNullable<ReturnType<typeof homeportCounterDue>>;
  odds: LabelledP[];
}

/** "A Homeport may counter attack a ship": its three dice against the raider's (A.4.12 step 4). */
export const homeportCounterPreview: MovePreview<
  Record<string, never>,
  HomeportCounterOutlook,
  McOptions
> = {
  odds: (state, _aim, opts) =>
    viewThen(state, (view) => {
      const due = homeportCounterDue(view);
      if (due === null) return err(NO_HOMEPORT_COUNTER);
      const p = homeportCounterChance(due.ship.sheet.prizeDisks, opts);
      return p.ok ? ok({ due, odds: pair(p.value, 'Raider repelled', 'Raider holds') }) : p;
    }),
  dice: (state) =>
    viewThen(state, (view) => {
      const due = homeportCounterDue(view);
      if (due === null) return err(NO_HOMEPORT_COUNTER);
      const { homeport, ship } = due;
      const nS = shipDiceOf(ship.sheet.prizeDisks, 'advanced');
      return ok(
        opposedNeeds(
          {
            role: 'Attacker',
            name: `${homeport} Homeport`,
            count: HOMEPORT_DICE,
            what: 'counter-attack',
            ship: null
          },
          { role: 'Defender', name: ship.sheet.name, count: nS, what: 'defence', ship: ship.id }
        )
      );
    })
};

const NO_RAM = 'No ram is possible now.';

/** The ram due now: who may ram (the rammer) and who is rammed (the ship that attacked). */
function ramDue(
  view: McView,
  stage: 'attempt' | 'damage'
): Result<{ rammer: McShip; attacker: McShip }> {
  const ram = turnActsOf(view.system).ram;
  if (ram === null || ram.stage !== stage) return err(NO_RAM);
  const rammer = findShip(view, ram.rammerId);
  if (!rammer.ok) return rammer;
  const attacker = findShip(view, ram.attackerId);
  return attacker.ok ? ok({ rammer: rammer.value, attacker: attacker.value }) : attacker;
}

/** The rammer's one die ("the defending ship's captain will roll one of the standard die"). */
const ramDie = (rammer: McShip, label: string): DiceNeed[] => [
  {
    count: 1,
    sides: 6,
    group: `Rammer: ${rammer.sheet.name}`,
    label,
    ship: rammer.id,
    isHighGood: true
  }
];

export interface RamOutlook {
  /** Prize Disks the rammed ship loses to one attempt. */
  lost: Dist<number>;
  /** The chance it sinks. */
  sinks: Rational;
}

/** A ram attempt (A.4.13 steps 1–3): a six rams; the disks the attacker loses to one attempt. */
export const ramAttemptPreview: MovePreview<Record<string, never>, RamOutlook, McOptions> = {
  odds: (state) =>
    viewThen(state, (view) => {
      const r = ramDue(view, 'attempt');
      if (!r.ok) return r;
      const sinks = ramSinkChance(r.value.attacker.sheet.prizeDisks);
      return sinks.ok ? ok({ lost: ramDist(), sinks: sinks.value }) : sinks;
    }),
  dice: (state) =>
    viewThen(state, (view) => {
      const r = ramDue(view, 'attempt');
      return r.ok ? ok(ramDie(r.value.rammer, 'ram')) : r;
    })
};

/** Ram damage (A.4.13 steps 4–5): the disks the rammed ship loses, the rammer's die. */
export const ramDamagePreview: MovePreview<Record<string, never>, Dist<number>, McOptions> = {
  odds: (state) =>
    viewThen(state, (view) => {
      const r = ramDue(view, 'damage');
      return r.ok ? ok(ramDamageDist()) : r;
    }),
  dice: (state) =>
    viewThen(state, (view) => {
      const r = ramDue(view, 'damage');
      return r.ok ? ok(ramDie(r.value.rammer, 'ram damage')) : r;
    })
};

// ---------------------------------------------------------------------------------------------
// The first player (A.4.2) and Beginner movement (A.4.4)

/**
 * "Each player throws one die": the chance one roll decides, and a die per player, the captain's:
 * the pad's heading names him, the die says what it is for (the name twice read "Player 1" over
 * "Player 1"). The log still labels each die with its captain's name (the move's own labels).
 */
/** What each captain's die is for, on the pad under his name. */
export const FIRST_PLAYER_DIE = 'roll to go first';

export const firstPlayerPreview: MovePreview<
  { playerIds: readonly string[] },
  Rational,
  McOptions
> = {
  odds: (_state, { playerIds }) => firstPlayerDecidedChance(playerIds.length),
  dice: (state, { playerIds }) =>
    viewThen(state, (view) =>
      ok(
        playerIds.map((id) => {
          const name = playerName(view.system, id);
          return {
            count: 1,
            sides: 6,
            group: name,
            label: FIRST_PLAYER_DIE,
            ship: null,
            isHighGood: true
          };
        })
      )
    )
};

/** Beginner movement: one die for the ship, the squares it moves. */
export const movementRollPreview: MovePreview<{ shipId: string }, Dist<number>, McOptions> = {
  odds: () => ok(movementRollDist()),
  dice: (state, { shipId }) =>
    viewThen(state, (view) => {
      const s = findShip(view, shipId);
      if (!s.ok) return s;
      const label = `${s.value.sheet.name} movement`;
      return ok([{ count: 1, sides: 6, label, ship: shipId, isHighGood: true }]);
    })
};
