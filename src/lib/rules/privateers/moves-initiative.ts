import type { BattleState } from '../../engine/events';
import { draftOf, rollRecord, withPreview, type MovePreview } from '../../battle/move';
import { shipDice } from '../../engine/meaning';
import { err, ok, type Result } from '../../engine/result';
import type { DiceRoll } from '../../engine/dice';
import * as common from './moves-common';
import { movementOrder } from './turn-reads';
import {
  initiativePlaceOdds,
  INITIATIVE_ODDS_MAX_SHIPS,
  type InitiativePlaceOdds
} from './odds-initiative';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { initiativeMod } from './morale-reads';
import { resolveInitiative } from './resolve-initiative';
import type { Sheet } from './sheet';

// Phase 3a (C.4.4): the initiative roll that sets the movement order, ties re-rolled among the
// tied ships, and the order the movement phase reads.

// ---- Phase 3: initiative (C.4.4) ---------------------------------------------------------------

export interface InitiativeProgress {
  /** Movement order so far; tied ships stand together until their re-roll. */
  order: string[];
  /** Groups still tied, to be re-rolled next (first group first). */
  tied: string[][];
  /** "Surprise 9 + 2 = 11" per roll, in the order rolled. */
  lines: string[];
  /** The ship each die was rolled for, in the order rolled. */
  rollers: string[];
}

/**
 * C.4.4: the first round has one die per ship (in `shipIds` order); each later round re-rolls the
 * first group still tied, one die per ship of that group in the order `tied[0]` lists them ("Ties
 * are re-rolled among the tied ships"; under 'higherModifier' only equal modifiers tie).
 */
export function initiativeProgress(
  state: BattleState,
  shipIds: readonly string[],
  rounds: readonly (readonly number[])[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<InitiativeProgress> {
  const mods = new Map<string, number>();
  const names = new Map<string, string>();
  for (const id of shipIds) {
    const s = common.sheetOf(state.ships[id]);
    if (!s) return err('Every ship needs a valid log.');
    mods.set(id, initiativeMod(s));
    names.set(id, s.name);
  }
  if (shipIds.length === 0) return err('No ships to roll for.');
  let order: string[] = [];
  let tied: string[][] = [[...shipIds]];
  const lines: string[] = [];
  const rollers: string[] = [];
  for (const faces of rounds) {
    const group = tied[0];
    if (!group) return err('No tie left to re-roll.');
    if (faces.length !== group.length)
      return err(`Roll for ${group.map((id) => names.get(id)).join(', ')}.`);
    const round = group.map((id, i) => ({ id, face: faces[i] }));
    const r = resolveInitiative(
      round.map((f) => ({ id: f.id, face: f.face, mod: mods.get(f.id) ?? 0 })),
      options
    );
    if (!r.ok) return r;
    for (const f of round) {
      rollers.push(f.id);
      const m = mods.get(f.id) ?? 0;
      lines.push(`${names.get(f.id)} ${f.face} + ${m} = ${f.face + m}`);
    }
    if (order.length === 0) order = r.value.order;
    else {
      const at = Math.min(...group.map((id) => order.indexOf(id)));
      const rest = order.filter((id) => !group.includes(id));
      order = [...rest.slice(0, at), ...r.value.order, ...rest.slice(at)];
    }
    tied = [...r.value.tied, ...tied.slice(1)];
  }
  return ok({ order: rounds.length ? order : [], tied, lines, rollers });
}

/** [APP] C.4.4 "For each ship, roll the initiative die": a fortification does not move, so it
 *  takes no part in the movement order (for the initiative procedure). */
export function takesInitiative(s: Sheet): boolean {
  return !s.isFortification;
}

export interface InitiativeInput {
  shipIds: readonly string[];
  /** One pad roll per round: the first for every ship, then one per tie re-rolled. */
  rolls: readonly DiceRoll[];
}

/** Records the movement order once no tie is left. */
const rollInitiativeMove = common.pvMove<InitiativeInput>({
  id: 'pv.initiative',
  input: ({ z, idInput, diceInput }) =>
    z.strictObject({ shipIds: z.array(idInput), rolls: z.array(diceInput) }),
  phase: 'initiativeReload',
  what: 'Initiative',
  category: 'initiative',
  run: (state, input, ctx: common.PvContext) => {
    const options = common.optionsOf(ctx);
    const { shipIds } = input;
    if (movementOrder(state))
      return err('Initiative is rolled once a turn; the movement order is set (undo to re-roll).');
    for (const id of shipIds) {
      const s = common.fightingSheet(state, id);
      if (!s.ok) return s;
    }
    const rounds = input.rolls.map(common.facesOf);
    const p = initiativeProgress(state, shipIds, rounds, options);
    if (!p.ok) return p;
    if (p.value.tied.length > 0) return err('Re-roll the tied ships first.');
    const name = (id: string) => common.sheetOf(state.ships[id])?.name ?? id;
    const first = p.value.lines.slice(0, shipIds.length).join(', ');
    const rerolls = p.value.lines.slice(shipIds.length);
    const summary =
      `Initiative: ${first}` +
      (rerolls.length ? `; ties re-rolled: ${rerolls.join(', ')}` : '') +
      ` → ${p.value.order.map(name).join(', ')}`;
    const odds = initiativePlaceOdds(entriesOf(state, shipIds), options);
    return draftOf(state, {
      kind: 'pv.initiative',
      summary,
      next: common.withSystem(state, {
        ...common.systemOf(state),
        initiativeOrder: p.value.order,
        initiativeTurn: state.turn
      }),
      // Each die is the ship it was rolled for, first round and re-rolls alike; a high face
      // is good for the roller (C.4.4: "highest roll moving first").
      meaning: { dice: p.value.rollers.map((id) => shipDice(id, 1)) },
      roll: rollRecord({
        procedure: 'pv.initiative',
        inputs: {
          turn: state.turn,
          ships: entriesOf(state, shipIds).map(({ id, mod }) => ({ id, mod })),
          die: options.initiativeDie,
          ties: options.initiativeTies,
          rounds
        },
        dice: common.joinAll(input.rolls),
        odds: odds
          ? odds.map((o) => ({ id: o.id, first: common.frac(o.first), last: common.frac(o.last) }))
          : null,
        outcome: { order: p.value.order, summary }
      })
    });
  }
});

// ---- What the roll answers before it is rolled (issue 31 item 2) ------------------------------

/** Each ship's name and initiative modifier (Master + crew ratings), a ship without a log left out. */
function entriesOf(
  state: BattleState,
  shipIds: readonly string[]
): { id: string; name: string; mod: number }[] {
  return shipIds.flatMap((id) => {
    const s = common.sheetOf(state.ships[id]);
    return s ? [{ id, name: s.name, mod: initiativeMod(s) }] : [];
  });
}

export interface InitiativeAim {
  shipIds: readonly string[];
  /** The faces rolled so far, round by round (the first for every ship, then each tie's). */
  rounds?: readonly (readonly number[])[];
}

export interface InitiativeOutlook {
  /** Each ship with its name and modifier. */
  ships: { id: string; name: string; mod: number }[];
  /** Each ship's exact chance of moving first and last; null above `maxShips` (too slow). */
  places: InitiativePlaceOdds[] | null;
  maxShips: number;
}

/** "Roll the initiative die … the highest roll moving first" (C.4.4): the exact first and last
 *  odds, and the dice of the round still to roll: one die a ship, each ship's own, high good; after
 *  a tie, one a tied ship; none once the order is set. */
export const initiativePreview: MovePreview<InitiativeAim, InitiativeOutlook, PvOptions> = {
  odds: (state, aim, options) => {
    const ships = entriesOf(state, aim.shipIds);
    if (ships.length !== aim.shipIds.length) return err('Every ship needs a valid log.');
    const places = initiativePlaceOdds(ships, options);
    return ok({ ships, places, maxShips: INITIATIVE_ODDS_MAX_SHIPS });
  },
  dice: (state, aim, options) => {
    const rounds = aim.rounds ?? [];
    const p = initiativeProgress(state, aim.shipIds, rounds, options);
    if (!p.ok) return p;
    const rolling = rounds.length === 0 ? aim.shipIds : (p.value.tied[0] ?? []);
    const name = (id: string) => common.sheetOf(state.ships[id])?.name ?? id;
    return ok(
      rolling.map((id) => ({
        count: 1,
        sides: options.initiativeDie,
        label: `${name(id)}, initiative`,
        group: name(id),
        ship: id,
        isHighGood: true
      }))
    );
  }
};

/** The initiative roll, with its odds and dice before the roll (`rollInitiative.preview`). */
export const rollInitiative = withPreview(rollInitiativeMove, initiativePreview);
