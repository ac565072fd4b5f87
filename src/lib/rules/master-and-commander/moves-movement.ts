// Movement (SPEC A.3.2, A.4.4) as moves: the ships move on the table; the referee reports each
// ship's move (squares forward, turns, where it ends and which way it points) and the move checks it
// against the allowance from the heading at the start of the turn. No map: the referee answers the
// geometry.
import { draftOf, labelDice, refuse, rollRecord, withPreview, type Move } from '../../battle/move';
import { shipDice } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import { movementRollPreview } from './previews';
import { allowancePreview, moveProblem } from './movement-preview';
import { enterMist } from './resolve-fleet';
import { applyAllowance, resolveMove, type MoveOutcome, type MoveReport } from './resolve-wind';
import type { Sheet } from './sheet';
import { COMPASS, type Compass } from './tables';
import {
  findShip,
  mcMove,
  playerName,
  readBattle,
  toJson,
  turnActsOf,
  withActs,
  withMcSheets,
  withMcSystem,
  type McView
} from './view';
import type { BattleState } from '../../engine/events';
import { shipsStillToMove } from './turn-reads';
export { shipsStillToMove } from './turn-reads';

const LOCATION_TEXT: Readonly<Record<Sheet['location'], string>> = {
  sea: 'at sea',
  homeport: 'in its Homeport',
  anchor: 'on an anchor icon',
  mist: 'in the Mist'
};

const HEADING_TEXT: Readonly<Record<Compass, string>> = {
  N: 'north',
  E: 'east',
  S: 'south',
  W: 'west'
};

export { moveProblem } from './movement-preview';

export interface ShipMoveInput extends MoveReport {
  shipId: string;
}

/** One ship's move for the turn, checked (`resolveMove`), as the next state and its log line. */
export function shipMove(
  state: BattleState,
  view: McView,
  input: ShipMoveInput,
  opts: McOptions
): Result<{ outcome: MoveOutcome; next: BattleState; summary: string }> {
  const { shipId, ...move } = input;
  const problem = moveProblem(view, shipId, opts);
  if (problem !== null) return err(problem);
  const s = findShip(view, shipId);
  if (!s.ok) return s;
  const sys = view.system;
  const r = resolveMove(
    {
      variant: sys.variant,
      sheet: s.value.sheet,
      wind: sys.wind,
      stormRoll: sys.stormRoll,
      hasMist: sys.modules.mist
    },
    move,
    opts
  );
  if (!r.ok) return r;
  const before = s.value.sheet;
  let sheet: Sheet = {
    ...before,
    heading: move.heading,
    movement: { allowance: r.value.allowance.squares, spent: r.value.spent, turnsInRow: 0 }
  };
  // The Mist clock (SPEC A.4.14): entering starts it; leaving ends it.
  if (move.location === 'mist' && before.mist === null) sheet = enterMist(sheet, sys.turn);
  else if (move.location !== 'mist' && before.mist !== null)
    sheet = { ...sheet, location: move.location, mist: null };
  else sheet = { ...sheet, location: move.location };
  const acts = turnActsOf(sys);
  const next = withMcSheets(
    withMcSystem(state, withActs(sys, { moved: [...acts.moved, shipId], ram: null, reply: null })),
    { [shipId]: sheet }
  );
  const how =
    r.value.spent === 0
      ? 'stays put'
      : `moves ${move.forward} forward with ${move.turns} turn${move.turns === 1 ? '' : 's'}`;
  const where = `heading ${HEADING_TEXT[move.heading]}, ${LOCATION_TEXT[sheet.location]}`;
  return ok({
    outcome: r.value,
    next,
    summary: `${before.name} ${how} (${r.value.spent} of ${r.value.allowance.squares}; ${r.value.allowance.text.toLowerCase()}): ${where}`
  });
}

/** One ship's move for the turn, checked against its allowance and recorded. */
const moveShipBase: Move<ShipMoveInput, McOptions> = mcMove({
  id: 'mc.move',
  category: 'movement',
  input: ({ z, idInput, intInput }) =>
    z.strictObject({
      shipId: idInput,
      forward: intInput(0, 1000),
      turns: intInput(0, 1000),
      heading: z.enum(COMPASS),
      location: z.enum(['sea', 'homeport', 'anchor', 'mist']),
      isObstructed: z.boolean()
    }),
  run: (view, state, input, ctx) => {
    const r = shipMove(state, view, input, ctx.options);
    if (!r.ok) return r;
    return draftOf(state, {
      kind: 'mc.move',
      summary: r.value.summary,
      next: r.value.next,
      meaning: { actor: input.shipId, target: null, dice: [] }
    });
  }
});

/** A ship's move, with the allowance it is checked against (`moveShipMove.preview`). */
export const moveShipMove = withPreview(moveShipBase, allowancePreview);

export interface MovementRollInput {
  shipId: string;
  roll: DiceRoll;
}

/** Beginner movement: "roll the die and move your ship the number of squares that you rolled". */
const movementRollBase = mcMove<MovementRollInput>({
  id: 'mc.movement-roll',
  category: 'movement',
  input: ({ z, idInput, diceInput }) => z.strictObject({ shipId: idInput, roll: diceInput }),
  run: (view, state, input, ctx) => {
    if (view.system.variant !== 'beginner')
      return refuse(
        'Only the Beginner game rolls a die for each ship; in a storm the player rolls once.'
      );
    const problem = moveProblem(view, input.shipId, ctx.options);
    if (problem !== null) return refuse(problem);
    const s = findShip(view, input.shipId);
    if (!s.ok) return s;
    const rolled = s.value.sheet.movement.allowance;
    if (rolled !== null)
      return refuse(`${s.value.sheet.name} has already rolled ${rolled} this turn.`);
    const face = input.roll.dice[0]?.face ?? 0;
    if (input.roll.dice.length !== 1 || !Number.isInteger(face) || face < 1 || face > 6)
      return refuse(`${face} is not a face of a d6.`);
    const name = s.value.sheet.name;
    return draftOf(state, {
      kind: 'mc.movement-roll',
      summary: `${name} rolls ${face} for movement`,
      next: withMcSheets(state, { [input.shipId]: applyAllowance(s.value.sheet, face) }),
      roll: rollRecord({
        procedure: 'mc.movement-roll',
        inputs: toJson({ ship: input.shipId }),
        dice: labelDice(input.roll, [`${name} movement`]),
        outcome: face
      }),
      // "Roll the die and move your ship the number of squares that you rolled" (SPEC A.4.4 step
      // 1): the ship's own die, and more squares are better for it.
      meaning: { actor: input.shipId, target: null, dice: [shipDice(input.shipId, 1)] }
    });
  }
});

/** The Beginner movement roll, with its odds and die (`movementRollMove.preview`). */
export const movementRollMove = withPreview(movementRollBase, movementRollPreview);

/**
 * "Fleet stays put": every ship of the active fleet not yet moved stays where it is, as one action
 * (one log line); refused, with the ship and the reason, when any of them may not stay put (a
 * Beginner ship that must move exactly its roll, a ship that has not rolled yet).
 */
export const fleetStaysPutMove: Move<Record<string, never>, McOptions> = mcMove({
  id: 'mc.fleet-stays-put',
  // The captain's word for the whole fleet, not one ship's move, and no ship moves: 'orders'
  // ('movement' names the one ship that moves; here there may be two, or none that moves).
  category: 'orders',
  input: (kit) => kit.noInput,
  run: (view, state, _input, ctx) => {
    const ships = shipsStillToMove(view, ctx.options);
    if (ships.length === 0) return refuse('Every ship of this fleet has already moved.');
    let next = state;
    const names: string[] = [];
    for (const s of ships) {
      const now = readBattle(next);
      if (now === null) return refuse('The game state cannot be read.');
      if (view.system.variant === 'beginner' && s.sheet.movement.allowance === null)
        return refuse(`${s.sheet.name} has not rolled for movement yet.`);
      const r = shipMove(
        next,
        now,
        {
          shipId: s.id,
          forward: 0,
          turns: 0,
          heading: s.sheet.heading,
          location: s.sheet.location,
          isObstructed: false
        },
        ctx.options
      );
      if (!r.ok) return err(`${s.sheet.name}: ${r.error}`);
      next = r.value.next;
      names.push(s.sheet.name);
    }
    const who = playerName(view.system, view.system.activePlayerId ?? '');
    return draftOf(state, {
      kind: 'mc.fleet-stays-put',
      summary: `${who}'s fleet stays put: ${names.join(', ')}`,
      next,
      meaning: { actor: null, target: null, dice: [] }
    });
  }
});
