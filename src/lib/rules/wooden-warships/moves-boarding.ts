import type { InputKitModule } from '../../engine/move';
import type { BattleState } from '../../engine/events';
import * as move from '../../battle/move';
import { withSheets } from '../../battle/sheets';
import type { DiceRoll } from '../../engine/dice';
import { ok, type Result } from '../../engine/result';
import type { WwOptions } from './options';
import { captorOf, isLootable, lootPreview, planLoot } from './loot-preview';
import { ownTurn } from './players';
import {
  applyBoardingRound,
  applyCapture,
  applyLoot,
  checkBoarding,
  resolveBoardingRound,
  resolveBoardingRounds,
  startBoarding,
  withdrawBoarding,
  type BoardingCheck,
  type BoardingCheckInput,
  type BoardingRoundOutcome,
  type LootChoice
} from './resolve-boarding';
import {
  draftWithVictor,
  plural,
  pounds,
  BATTLE_DECIDED,
  sheetOf,
  sheetsDraft,
  shipPair,
  systemOf,
  type ShipAndSheet
} from './ships';
import type { Sheet } from './sheet';
import { BOARDING_DIE, boardingDiceCountsOf } from './tables';
import {
  boardingFight,
  boardingRoundPreview,
  boardingRoundsPreview,
  fightableBoarding,
  fightOutlook,
  type BoardingFight,
  roundCategory,
  roundDiceLabels,
  roundDiceOwners
} from './boarding-fight';

// Step 4 Boarding (SPEC B.4.7) and Looting (B.4.8): the party goes across, each round (or the fight
// to the end) with every die in its roll record, the withdrawal or surrender, and the loot — once
// per prize, to the ship whose boarders took her.

export interface BoardingSetup {
  attackerId: string;
  targetId: string;
  distanceInches: number;
  isSideBySide: boolean;
  party: number;
}

/** Errata 10: whether any ship of the attacking player attacked this turn. */
function playerHasAttacked(state: BattleState, player: string): boolean {
  return Object.values(state.ships).some(
    (s) => s.player === player && sheetOf(s)?.hasAttackedThisTurn === true
  );
}

/** What the boarding conditions (B.3.9 / B.4.7 step 1) read, for two ships of the battle. */
function boardingInput(
  state: BattleState,
  setup: BoardingSetup,
  [attacker, target]: [ShipAndSheet, ShipAndSheet]
): BoardingCheckInput {
  return {
    attacker: attacker.sheet,
    target: target.sheet,
    distanceInches: setup.distanceInches,
    isSideBySide: setup.isSideBySide,
    hasPlayerAttackedThisTurn: playerHasAttacked(state, attacker.ship.player)
  };
}

const NOT_HERSELF = 'A ship cannot board herself.';

/** B.3.9 / B.4.7 step 1: every boarding condition, for two ships of the battle. */
export function battleBoardingCheck(
  state: BattleState,
  setup: BoardingSetup,
  options: WwOptions
): Result<BoardingCheck> {
  const pair = shipPair(state, setup.attackerId, setup.targetId, NOT_HERSELF);
  if (!pair.ok) return pair;
  return ok(checkBoarding(boardingInput(state, setup, pair.value), options));
}

/** B.4.7 step 2: the boarding party goes across. */
const boardMove = move.defineMove<BoardingSetup, WwOptions>({
  id: 'ww.board',
  category: 'boarding',
  input: ({ z, idInput, numberInput, intInput }) =>
    z.strictObject({
      attackerId: idInput,
      targetId: idInput,
      distanceInches: numberInput(0, 100_000),
      isSideBySide: z.boolean(),
      party: intInput(0, 100_000)
    }),
  guards: [BATTLE_DECIDED, ownTurn((i) => i.attackerId)],
  run: (state, setup, ctx) => {
    const pair = shipPair(state, setup.attackerId, setup.targetId, NOT_HERSELF);
    if (!pair.ok) return pair;
    const [a, t] = pair.value;
    if (a.ship.player && a.ship.player === t.ship.player) {
      return move.refuse(`${t.sheet.name} is one of ${a.ship.player}'s own ships.`);
    }
    const r = startBoarding(
      {
        ...boardingInput(state, setup, pair.value),
        targetShipId: setup.targetId,
        party: setup.party
      },
      ctx.options
    );
    if (!r.ok) return r;
    return sheetsDraft(state, {
      kind: 'ww.board',
      summary: `${a.sheet.name} boards ${t.sheet.name} with ${setup.party} crew`,
      sheets: { [setup.attackerId]: r.value },
      // The party goes across (B.4.7 step 2): the boarding begins, counted once; no dice yet.
      meaning: { actor: setup.attackerId, target: setup.targetId }
    });
  }
});

/**
 * The boarding before the party goes across (`board.preview`, issue 31): every condition of B.3.9 /
 * B.4.7 step 1, met or not, and the largest party she may send; nothing is rolled (the captain
 * "decides how many crewman he will send").
 */
const boardPreview: move.MovePreview<BoardingSetup, BoardingCheck, WwOptions> = {
  odds: (state, setup, options) => battleBoardingCheck(state, setup, options),
  dice: (state, setup, options) => {
    const check = battleBoardingCheck(state, setup, options);
    return check.ok ? ok([]) : check;
  }
};

/** B.4.7 step 2, with its conditions before the party goes (`board.preview`). */
export const board = move.withPreview(boardMove, boardPreview);

/** The prize's new owner when captured ships join the captor's fleet (Errata 16). */
function capturedState(
  state: BattleState,
  attackerId: string,
  defenderId: string,
  sheets: Record<string, Sheet>,
  options: WwOptions
): BattleState {
  const next = withSheets(state, sheets);
  if (options.capturedShipFate !== 'joinsCaptorFleet') return next;
  const captor = state.ships[attackerId];
  const prize = next.ships[defenderId];
  if (!captor || !prize) return next;
  return {
    ...next,
    ships: { ...next.ships, [defenderId]: { ...prize, player: captor.player, side: captor.side } }
  };
}

/** B.4.7 step 6: the capture, remembering whose boarders took her (the ship that loots her). */
function capture(
  attackerId: string,
  attacker: Sheet,
  defender: Sheet,
  options: WwOptions
): { attacker: Sheet; defender: Sheet } {
  const cap = applyCapture(attacker, defender, options.capturedShipFate);
  return { attacker: cap.attacker, defender: { ...cap.defender, capturedBy: attackerId } };
}

/** The state after boarding rounds: the ship captured (and her new owner), or both logs updated. */
function afterBoardingRounds(
  state: BattleState,
  ids: { attackerId: string; defenderId: string },
  attacker: Sheet,
  defender: Sheet,
  result: BoardingRoundOutcome['result'],
  options: WwOptions
): BattleState {
  const { attackerId, defenderId } = ids;
  if (result !== 'captured')
    return withSheets(state, { [attackerId]: attacker, [defenderId]: defender });
  const cap = capture(attackerId, attacker, defender, options);
  return capturedState(
    state,
    attackerId,
    defenderId,
    { [attackerId]: cap.attacker, [defenderId]: cap.defender },
    options
  );
}

/** What a boarding roll's log entry records: the two parties and the die each side rolls. */
function boardingRollInputs(
  ids: { attackerId: string; defenderId: string },
  fight: { attacker: Sheet; defender: Sheet; attackers: number; defenders: number }
) {
  return {
    ...ids,
    attackers: fight.attackers,
    defenders: fight.defenders,
    attackerDie: BOARDING_DIE[fight.attacker.crewSkill],
    defenderDie: BOARDING_DIE[fight.defender.crewSkill]
  };
}

/** The end of a boarding summary when the fight is decided, or null while it goes on. */
function boardingEnding(result: BoardingRoundOutcome['result'], defender: Sheet): string | null {
  if (result === 'captured') return `: ${defender.name} is captured`;
  if (result === 'repelled') return ': the boarders are repelled';
  return null;
}

const rollInput = ({ z, idInput, diceInput }: InputKitModule) =>
  z.strictObject({ attackerId: idInput, roll: diceInput });
const endInput = ({ z, idInput }: InputKitModule) => z.strictObject({ attackerId: idInput });

export interface BoardingRollInput {
  attackerId: string;
  /** The attacker's dice then the defender's (round after round for the fight to the end). */
  roll: DiceRoll;
}

/** A roll in the fight the attacker's boarders are in: the fight is checked before `fight` runs. */
/*@__NO_SIDE_EFFECTS__*/
function boardingRollMove(
  id: 'ww.boarding-round' | 'ww.boarding-rounds',
  fight: (
    state: BattleState,
    f: BoardingFight,
    input: BoardingRollInput,
    options: WwOptions
  ) => ReturnType<move.MoveFn<BoardingRollInput, WwOptions>>
): move.Move<BoardingRollInput, WwOptions> {
  return move.defineMove<BoardingRollInput, WwOptions>({
    id,
    category: 'boarding-round',
    input: rollInput,
    guards: [BATTLE_DECIDED],
    run: (state, input, ctx) => {
      const f = fightableBoarding(state, input.attackerId, ctx.options);
      return f.ok ? fight(state, f.value, input, ctx.options) : f;
    }
  });
}

/**
 * B.4.7 step 4: one boarding round ("Both players roll at the same time"), the attacker's dice then
 * the defender's. A round that kills the last defender captures the ship in the same event.
 */
const boardingRoundMove = boardingRollMove(
  'ww.boarding-round',
  (state, fight, { attackerId, roll }, options) => {
    const { attacker, defender, defenderId, attackers, defenders } = fight;
    const faces = roll.dice.map((d) => d.face);
    const { na } = boardingDiceCountsOf(attackers, defenders);
    const r = resolveBoardingRound(
      {
        attackerSkill: attacker.crewSkill,
        defenderSkill: defender.crewSkill,
        attackers,
        defenders
      },
      faces.slice(0, na),
      faces.slice(na)
    );
    if (!r.ok) return r;
    const out = r.value;
    const round = applyBoardingRound(attacker, defender, out);
    const next = afterBoardingRounds(
      state,
      { attackerId, defenderId },
      round.attacker,
      round.defender,
      out.result,
      options
    );
    const n = (attacker.boarding?.roundsFought ?? 0) + 1;
    const summary = `${attacker.name} boarding ${defender.name}, round ${n}: boarders ${out.attackerValues.join(',')} v defenders ${out.defenderValues.join(',')}; defenders lose ${out.defenderLosses}, boarders lose ${out.attackerLosses} (${out.attackersLeft} v ${out.defendersLeft})${boardingEnding(out.result, defender) ?? ''}`;
    const labels = roundDiceLabels([{ attackers, defenders }], attacker.name, defender.name).map(
      (l) => l.replace(/^Round 1/, `Round ${n}`)
    );
    return draftWithVictor(state, {
      kind: 'ww.boarding-round',
      summary,
      next,
      // Opposed dice, each side's to its own ship (B.4.7 step 4); the round that ends the fight
      // is told as the capture or the boarding's end (steps 6, 7).
      meaning: {
        category: roundCategory(out.result),
        actor: attackerId,
        target: defenderId,
        dice: roundDiceOwners([{ attackers, defenders }], attackerId, defenderId)
      },
      roll: move.rollRecord({
        procedure: 'ww.boarding-round',
        inputs: move.asJson(boardingRollInputs({ attackerId, defenderId }, fight)),
        dice: move.labelDice(move.joinRolls([roll]), labels),
        outcome: move.asJson(out)
      })
    });
  }
);

/** One round of a fight to the end, for the log and the panel ("Round 3: 2 v 1"). */
export interface FoughtRound {
  number: number;
  attackerValues: number[];
  defenderValues: number[];
  attackerLosses: number;
  defenderLosses: number;
  attackersLeft: number;
  defendersLeft: number;
}

/** One round, with its odds and dice before the roll (`boardingRound.preview`). */
export const boardingRound = move.withPreview(boardingRoundMove, boardingRoundPreview);

/**
 * "resolve one round at a time or to the end": several rounds from one roll (the attacker's dice
 * then the defender's, round after round), until a side is gone or the turn's rounds are fought
 * (option `boardingRoundsPerTurn`). One event, so one undo takes the whole run back; the outcome
 * keeps every round.
 */
const boardingRoundsMove = boardingRollMove(
  'ww.boarding-rounds',
  (state, fight, { attackerId, roll }, options) => {
    const { attacker, defender, defenderId, attackers, defenders } = fight;
    const outlook = fightOutlook(state, attackerId, options);
    if (!outlook.ok) return outlook;
    const left = outlook.value.roundsAllowed;
    const skills = { attackerSkill: attacker.crewSkill, defenderSkill: defender.crewSkill };
    const r = resolveBoardingRounds(
      { ...skills, attackers, defenders },
      roll.dice.map((d) => d.face),
      left
    );
    if (!r.ok) return r;
    const rounds = r.value;
    const lastRound = rounds[rounds.length - 1];
    if (!lastRound) return move.refuse('No boarding round was rolled.');
    let a = attacker;
    let d = defender;
    const sizes: { attackers: number; defenders: number }[] = [];
    let sa = attackers;
    let sd = defenders;
    for (const round of rounds) {
      sizes.push({ attackers: sa, defenders: sd });
      sa = round.attackersLeft;
      sd = round.defendersLeft;
      const applied = applyBoardingRound(a, d, round);
      a = applied.attacker;
      d = applied.defender;
    }
    const first = (attacker.boarding?.roundsFought ?? 0) + 1;
    const span =
      rounds.length === 1 ? `round ${first}` : `rounds ${first}–${first + rounds.length - 1}`;
    const lossA = rounds.reduce((s, x) => s + x.attackerLosses, 0);
    const lossD = rounds.reduce((s, x) => s + x.defenderLosses, 0);
    const next = afterBoardingRounds(
      state,
      { attackerId, defenderId },
      a,
      d,
      lastRound.result,
      options
    );
    const ending =
      boardingEnding(lastRound.result, defender) ??
      `: the turn's ${plural(rounds.length, 'round')} ${rounds.length === 1 ? 'is' : 'are'} fought`;
    const summary = `${attacker.name} boarding ${defender.name}, ${span}: defenders lose ${lossD}, boarders lose ${lossA} (${lastRound.attackersLeft} v ${lastRound.defendersLeft})${ending}`;
    const fought: FoughtRound[] = rounds.map((x, i) => ({
      number: first + i,
      attackerValues: x.attackerValues,
      defenderValues: x.defenderValues,
      attackerLosses: x.attackerLosses,
      defenderLosses: x.defenderLosses,
      attackersLeft: x.attackersLeft,
      defendersLeft: x.defendersLeft
    }));
    const labels = roundDiceLabels(sizes, attacker.name, defender.name).map((l) =>
      l.replace(/^Round (\d+)/, (_, k: string) => `Round ${first + Number(k) - 1}`)
    );
    return draftWithVictor(state, {
      kind: 'ww.boarding-rounds',
      summary,
      next,
      // Round after round, each side's dice to its own ship; told by how the last round ended.
      meaning: {
        category: roundCategory(lastRound.result),
        actor: attackerId,
        target: defenderId,
        dice: roundDiceOwners(sizes, attackerId, defenderId)
      },
      roll: move.rollRecord({
        procedure: 'ww.boarding-rounds',
        inputs: move.asJson({
          ...boardingRollInputs({ attackerId, defenderId }, fight),
          roundsAllowed: Number.isFinite(left) ? left : 'untilResolved'
        }),
        dice: move.labelDice(move.joinRolls([roll]), labels),
        outcome: move.asJson(fought)
      })
    });
  }
);

/** The fight to the end (or the turn's rounds), with its odds and rounds before the app rolls
 *  it (`boardingRounds.preview`; `rollFight` rolls it). */
export const boardingRounds = move.withPreview(boardingRoundsMove, boardingRoundsPreview);

export interface EndBoardingInput {
  attackerId: string;
}

/** "Attackers have the option to withdraw from the fight" (B.4.7 step 7). */
export const withdraw = move.defineMove<EndBoardingInput, WwOptions>({
  id: 'ww.withdraw',
  category: 'boarding-end',
  input: endInput,
  run: (state, { attackerId }) => {
    const f = boardingFight(state, attackerId);
    if (!f.ok) return f;
    const { attacker, defender, defenderId } = f.value;
    return sheetsDraft(state, {
      kind: 'ww.withdraw',
      summary: `${attacker.name}'s boarders withdraw from ${defender.name}`,
      sheets: { [attackerId]: withdrawBoarding(attacker) },
      // The boarding ends without a capture (B.4.7 step 7): the boarders' act, from the ship boarded.
      meaning: { actor: attackerId, target: defenderId }
    });
  }
});

/**
 * "Defenders have the option to surrender" (B.4.7 step 6), or the boarders take a ship left with no
 * defenders. A ship that surrenders keeps the crew she had: they are prisoners, not dead.
 */
export const surrender = move.defineMove<EndBoardingInput, WwOptions>({
  id: 'ww.surrender',
  category: 'capture',
  input: endInput,
  run: (state, { attackerId }, ctx) => {
    const options = ctx.options;
    const f = boardingFight(state, attackerId);
    if (!f.ok) return f;
    const { attacker, defender, defenderId } = f.value;
    if (defender.status !== 'active') return move.refuse(`${defender.name} is ${defender.status}.`);
    const cap = capture(attackerId, attacker, defender, options);
    const prize =
      options.capturedShipFate === 'removedAsPrize'
        ? { ...cap.defender, crew: { ...cap.defender.crew, current: defender.crew.current } }
        : cap.defender;
    return draftWithVictor(state, {
      kind: 'ww.surrender',
      summary:
        defender.crew.current === 0
          ? `${attacker.name}'s boarders take ${defender.name}: no defenders left`
          : `${defender.name} surrenders to ${attacker.name} (${defender.crew.current} crew taken prisoner)`,
      next: capturedState(
        state,
        attackerId,
        defenderId,
        { [attackerId]: cap.attacker, [defenderId]: prize },
        options
      ),
      // The ship is taken as a prize (B.4.7 step 6): the captor takes, the prize is taken.
      meaning: { actor: attackerId, target: defenderId }
    });
  }
});

export { captorOf, isLootable };

export interface LootInput {
  prizeId: string;
  choice: LootChoice;
  /** The looting ship when the prize does not name her captor (older logs) or the captor sank. */
  captorId?: string;
}

/**
 * B.4.8 Looting: "either the upgrade cards in the ship's hold or the amount listed on the loot card
 * multiplied by the ship's hold rating" — once per prize, to the ship whose boarders took her.
 */
const lootMove = move.defineMove<LootInput, WwOptions>({
  id: 'ww.loot',
  category: 'loot',
  input: ({ z, idInput }) =>
    z.strictObject({
      prizeId: idInput,
      choice: z.enum(['upgradeCards', 'lootAmount']),
      captorId: z.optional(idInput)
    }),
  run: (state, input) => {
    const plan = planLoot(state, input);
    if (!plan.ok) return plan;
    const { captorId, captor, prize } = plan.value;
    const system = systemOf(state);
    const player = captor.ship.player;
    const r = applyLoot(
      { state: system, captorPlayer: player, captorShip: captor.sheet, prize: prize.sheet },
      input.choice
    );
    if (!r.ok) return r;
    // A card is in one place at a time: cards already in the captor's hold are not doubled.
    const seen = new Set<string>();
    const hold = r.value.captorShip.upgradeCards.filter((c) =>
      seen.has(c.id) ? false : (seen.add(c.id), true)
    );
    const gained =
      input.choice === 'lootAmount'
        ? `${pounds((r.value.state.players[player]?.funds ?? 0) - (system.players[player]?.funds ?? 0))} (${player} now has ${pounds(r.value.state.players[player]?.funds ?? 0)})`
        : plural(prize.sheet.upgradeCards.length, 'upgrade card');
    return sheetsDraft(state, {
      kind: 'ww.loot',
      summary: `${captor.sheet.name} loots ${prize.sheet.name}: ${gained}`,
      sheets: {
        [captorId]: { ...r.value.captorShip, upgradeCards: hold },
        [input.prizeId]: { ...r.value.prize, lootedBy: captorId }
      },
      system: r.value.state,
      // The captor takes the money or the cards of her prize (B.4.8); nothing is rolled.
      meaning: { actor: captorId, target: input.prizeId }
    });
  }
});

/** The loot, with the captor and what is aboard before the choice (`loot.preview`). */
export const loot = move.withPreview(lootMove, lootPreview);
