// Repairs and the end of a player's turn (SPEC A.4.9, A.4.15 step 4) as moves.
import type { BattleState } from '../../engine/events';
import { draftOf, refuse, withPreview, type Move } from '../../battle/move';
import { repairCheck, repairPreview } from './repair-preview';
import type { McOptions } from './options';
import { advanceTurn, applyRepair } from './resolve-fleet';
import { mcMove, playerName, withActs, withMcSheets, withMcSystem, type McView } from './view';
import { firstPhase, nextPlayerAfloat } from './turn-reads';
export { nextPlayerAfloat, withEliminations } from './turn-reads';

export { repairCheck } from './repair-preview';

export interface RepairInput {
  shipId: string;
}

/** A repair (SPEC A.4.9): the cards come from the pile at the ship's Homeport. */
const repairBase: Move<RepairInput, McOptions> = mcMove({
  id: 'mc.repair',
  category: 'repair',
  input: ({ z, idInput }) => z.strictObject({ shipId: idInput }),
  run: (view, state, input, ctx) => {
    const c = repairCheck(view, input.shipId, ctx.options);
    if (!c.ok) return c;
    const { sheet, state: system } = applyRepair(
      c.value.ship.sheet,
      view.system,
      c.value.outcome,
      c.value.pileAt
    );
    const left = system.homeports[c.value.pileAt].repairCards;
    const cost = c.value.outcome.cost;
    const where =
      c.value.ship.sheet.location === 'anchor' ? 'an anchor' : `the ${c.value.pileAt} Homeport`;
    return draftOf(state, {
      kind: 'mc.repair',
      summary: `${sheet.name} repairs at ${where}: ${cost} Repair Card${cost === 1 ? '' : 's'} for a Prize Disk (${sheet.prizeDisks} disk${sheet.prizeDisks === 1 ? '' : 's'}; ${left} card${left === 1 ? '' : 's'} left)`,
      next: withMcSheets(withMcSystem(state, withActs(system, { ram: null, reply: null })), {
        [input.shipId]: sheet
      }),
      meaning: { actor: input.shipId, target: null, dice: [] }
    });
  }
});

/** A repair, with whether it is allowed now and what it costs (`repairMove.preview`). */
export const repairMove = withPreview(repairBase, repairPreview);

/**
 * The end of a player's turn (SPEC A.4.15 step 4): eliminations, the turn passes to the left (the
 * sand checked at `now`), the next captain's ships begin their turn; the battle's turn counter
 * follows the system's and the phases start again.
 */
export function endTurnState(state: BattleState, view: McView, now: number): BattleState {
  const r = advanceTurn(
    view.system,
    view.ships.map((s) => ({ id: s.id, playerId: s.playerId, sheet: s.sheet })),
    now
  );
  return {
    ...withMcSheets(withMcSystem(state, r.state), r.sheets),
    turn: r.state.turn,
    phase: firstPhase(view.system.variant)
  };
}

/** The log line of a turn's end: who ends and who is next (a sunk fleet is never named). */
export function endTurnSummary(view: McView, next: BattleState): string {
  const sys = view.system;
  const from = playerName(sys, sys.activePlayerId ?? '');
  const to = playerName(sys, nextPlayerAfloat(view) ?? '');
  return `${from} ends the turn; ${to}'s turn (turn ${next.turn})`;
}

export const endTurnMove: Move<Record<string, never>, McOptions> = mcMove({
  id: 'mc.end-turn',
  category: 'turn',
  input: (kit) => kit.noInput,
  run: (view, state, _input, ctx) => {
    if (view.system.activePlayerId === null)
      return refuse('No one has the turn yet: roll for the first player.');
    const next = endTurnState(state, view, ctx.now);
    return draftOf(state, {
      kind: 'mc.end-turn',
      summary: endTurnSummary(view, next),
      next,
      meaning: { actor: null, target: null, dice: [] }
    });
  }
});
