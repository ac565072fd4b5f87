import type { BattleShip, BattleState } from '../../engine/events';
import {
  defineMove,
  joinRolls,
  type Guard,
  type Move,
  type MoveContext,
  type MoveSpec
} from '../../battle/move';
import { sheetOf as sheetOfState, systemOf as systemOfState } from '../../battle/sheets';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction, type Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { defaultSystemState, type Sheet } from './sheet';
import type { SystemState } from './sheet';
import { TURN_PHASES, type PhaseId } from './tables';

// What every Privateers move shares: the ship's log and the battle's system state read through the
// one sheets helper, the "already done this turn" bookkeeping the turn model and the refusals read
// (C.4.5 one reload roll per vessel, C.4.16 one attempt per task a turn), and the refusal for a
// ship out of the fight.

export { withSheets, withSystem } from '../../battle/sheets';

export type PvContext = MoveContext<PvOptions>;

/** The ship's log as a Privateers sheet, or null when it does not parse. */
export const sheetOf = (ship: BattleShip | undefined): Sheet | null => sheetOfState<Sheet>(ship);

/** Made once: systemOf keeps one default per fallback. */
const defaultState = (): SystemState => defaultSystemState();

/** The battle's Privateers state; a battle set up before the system had one gets the default. */
export const systemOf = (state: BattleState): SystemState => systemOfState(state, defaultState);

/** The readings a move works with (tests and old callers may pass a bare context). */
export const optionsOf = (ctx: Pick<PvContext, 'options'> | undefined): PvOptions =>
  ctx?.options ?? DEFAULT_OPTIONS;

/** A Rational as the JSON string the log stores ("3805/7776"). */
export const frac = (p: Rational): string => formatFraction(p);

/** The faces of a pad roll, in order. */
export const facesOf = (roll: DiceRoll | null | undefined): number[] =>
  roll ? roll.dice.map((d) => d.face) : [];

/** No dice (a move without a roll still logs its record, with no faces). */
export const NO_DICE: DiceRoll = { source: 'entered', dice: [] };

/** Every pad roll of one procedure as one record, each die keeping who rolled it (joinRolls). */
export function joinAll(rolls: readonly (DiceRoll | null | undefined)[]): DiceRoll {
  const present = rolls.filter((r): r is DiceRoll => !!r);
  return present.length ? joinRolls(present) : NO_DICE;
}

export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

export function shipSheet(state: BattleState, shipId: string): Result<Sheet> {
  const s = sheetOf(state.ships[shipId]);
  return s ? ok(s) : err('This ship needs a valid log (open it from the roster).');
}

/** Out of the fight: "Once a ships hull points have been expended, the ship will sink" (C.4.18),
 *  a ship that burned up (C.4.16), one that "strikes his colors" (C.4.17) or was captured. */
export function isOutOfFight(s: Sheet): boolean {
  return s.sunk || s.burnedUp || s.struck;
}

export function outReason(s: Sheet): string {
  if (s.sunk) return `${s.name} has sunk.`;
  if (s.burnedUp) return `${s.name} has burned up.`;
  if (s.struck) return `${s.name} has struck her colours.`;
  return '';
}

/** The log of a ship that is still fighting, or the reason nothing more is done by or to it. */
export function fightingSheet(state: BattleState, shipId: string): Result<Sheet> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  if (isOutOfFight(s.value)) return err(`${outReason(s.value)} Nothing more is done by or to her.`);
  return s;
}

/** The log of a ship that is still afloat (a struck ship still burns, pumps and sinks). */
export function afloatSheet(state: BattleState, shipId: string): Result<Sheet> {
  const s = shipSheet(state, shipId);
  if (!s.ok) return s;
  if (s.value.sunk || s.value.burnedUp) return err(`${outReason(s.value)} Nothing more to do.`);
  return s;
}

// ---- "Done this turn" -------------------------------------------------------------------------

/** Tasks that count once (or a set number of times) per ship and turn. */
export type TaskId =
  | 'crew'
  | 'weighAnchor'
  | 'reload'
  | 'fired'
  | 'marksmen'
  | 'grappling'
  | 'boarding'
  | 'fire'
  | 'pumping'
  | 'damageControl'
  | 'juryRig'
  | 'morale'
  /** His gun was destroyed this turn: the referee may choose his next gun (`pv.gunner`). */
  | 'gunnerMoved';

/** What each ship did this turn (task ids, a task repeated for each time it was done). */
export function doneThisTurn(state: BattleState): Record<string, string[]> {
  const d = systemOf(state).done;
  return d && d.turn === state.turn ? d.tasks : {};
}

/** How many times `shipId` (or a battery key "shipId#2") did `task` this turn. */
export function timesDone(state: BattleState, key: string, task: TaskId): number {
  return (doneThisTurn(state)[key] ?? []).filter((t) => t === task).length;
}

/** The state with `task` counted once more for `key` this turn. */
export function markDone(state: BattleState, key: string, task: TaskId): BattleState {
  const sys = systemOf(state);
  const tasks = doneThisTurn(state);
  return {
    ...state,
    system: {
      ...sys,
      done: { turn: state.turn, tasks: { ...tasks, [key]: [...(tasks[key] ?? []), task] } }
    }
  };
}

/**
 * `next` with every ship whose Gunner's gun was destroyed by this change marked 'gunnerMoved' this
 * turn (issue 32 #10): he went to the app's default gun, and the referee may choose another.
 */
export function markGunnersMoved(before: BattleState, next: BattleState): BattleState {
  let out = next;
  for (const id of Object.keys(next.ships)) {
    const was = sheetOf(before.ships[id]);
    const gun = was?.assignments.gunnerSights ?? null;
    if (!was || gun === null || was.guns.find((g) => g.id === gun)?.destroyed) continue;
    if (sheetOf(next.ships[id])?.guns.find((g) => g.id === gun)?.destroyed)
      out = markDone(out, id, 'gunnerMoved');
  }
  return out;
}

/** Ships that made their Phase 4 move this turn. */
export function movedThisTurn(state: BattleState): string[] {
  const m = systemOf(state).moved;
  return m && m.turn === state.turn ? m.ids : [];
}

/** Marks a ship as moved this turn; refuses a second move (undo the first to move again). */
export function markMoved(state: BattleState, shipId: string, name: string): Result<BattleState> {
  const ids = movedThisTurn(state);
  if (ids.includes(shipId)) return err(`${name} has already moved this turn (undo to move again).`);
  return ok({
    ...state,
    system: { ...systemOf(state), moved: { turn: state.turn, ids: [...ids, shipId] } }
  });
}

// ---- The battle's end and the phase a move belongs to ---------------------------------------

/** How the battle stands decided, or null while it is not. The text is silent on victory (SPEC
 *  C.6); the default reading: a side wins when every ship of every other side is sunk, struck,
 *  captured or burned. Sides are the roster's; with fewer than two sides nothing is decided. */
export function battleEnding(state: BattleState): { text: string; winner: string | null } | null {
  const sides = new Map<string, boolean>();
  for (const ship of Object.values(state.ships)) {
    const s = sheetOf(ship);
    if (!s || !ship.side) continue;
    sides.set(ship.side, (sides.get(ship.side) ?? false) || !isOutOfFight(s));
  }
  if (sides.size < 2) return null;
  const standing = [...sides].filter(([, f]) => f).map(([side]) => side);
  if (standing.length === 1)
    return {
      text: `${standing[0]} wins: no ship of the other side is still fighting`,
      winner: standing[0]
    };
  if (standing.length === 0) return { text: 'Draw: no ship is still fighting', winner: null };
  return null;
}

/** What still happens once the battle is decided: the fire under way finishes, the struck are
 *  captured, the sinking sink; the referee may still set the wind and headings. */
const AFTER_THE_END: ReadonlySet<string> = new Set([
  'pv.damage-toss',
  'pv.damage-extra',
  'pv.capture',
  'pv.sinking',
  'pv.wind',
  'pv.heading'
]);

/** Refused once the battle is decided, except what still happens after it (AFTER_THE_END). */
const battleOver = (id: string): Guard<unknown, PvOptions> => ({
  id: 'battle-over',
  check: (state) => {
    if (AFTER_THE_END.has(id)) return null;
    const end = battleEnding(state);
    return end ? `${end.text}. The battle is over (undo to go back).` : null;
  }
});

/** Refused outside its phase of the turn (C.1), with the rule's reason. */
const inPhase = (phase: PhaseId, what: string): Guard<unknown, PvOptions> => ({
  id: 'phase',
  check: (state) => {
    const index = TURN_PHASES.findIndex((p) => p.id === phase);
    const p = TURN_PHASES[index];
    return state.phase === index ? null : `${what}: Phase ${p.number}, ${p.name}, only.`;
  }
});

export interface PvMoveSpec<I> extends MoveSpec<I, PvOptions> {
  /** The phase of the turn it belongs to (null: any phase). */
  phase: PhaseId | null;
  /** The act's name in the refusal outside its phase ("Cannon fire: Phase 4 … only"). */
  what: string;
}

/**
 * A Privateers move: refused once the battle is decided, and outside its phase of the turn (C.1)
 * when it has one, with the rule's reason; otherwise `run` decides.
 */
/*@__NO_SIDE_EFFECTS__*/
export function pvMove<I>(spec: PvMoveSpec<I>): PvMove<I> {
  const { phase, what, ...rest } = spec;
  const guards = [battleOver(spec.id), ...(phase !== null ? [inPhase(phase, what)] : [])];
  return { ...defineMove<I, PvOptions>({ ...rest, guards }), phase };
}

/** A Privateers move and the phase of the turn it belongs to (null: any phase). */
export type PvMove<I> = Move<I, PvOptions> & { readonly phase: PhaseId | null };

/** The ships still fighting: a readable log, neither struck, sunk nor burned up. */
export function fightingShips(ships: readonly BattleShip[]): BattleShip[] {
  return ships.filter((s) => {
    const l = sheetOf(s);
    return l !== null && !isOutOfFight(l);
  });
}
