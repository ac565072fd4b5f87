// The Master and Commander turn model (SPEC A.4.15): whose turn it is, the phase of that player's
// turn, the wind and the hourglass, the ships still to move, what is pending, and the one move that
// goes on (next phase, then "End Jack's turn"). Pure: the clock is a parameter.
import type { BattleState } from '../../engine/events';
import { draftOf, refuse, type Move } from '../../battle/move';
import * as status from '../../engine/turn-status';
import type { BattleOptions } from '../../engine/system';
import {
  counterDue,
  firstPhase,
  homeportCounterDue,
  isCardOwed,
  shipsStillToMove,
  windFaceText,
  windRollRefusal
} from './turn-reads';
// The Next step's own move: the turn's end (nextStep below runs it from the last phase).
import { endTurnMove } from './moves-turn';
import { readOptions, type McOptions } from './options';
import { hourglassClock } from './hourglass';
import type { SystemState } from './sheet';
import { SEAT_COLOURS } from './tables';
import {
  endingText,
  mcMove,
  playerName,
  readBattle,
  turnActsOf,
  winnerOf,
  type McView
} from './view';

/**
 * One player's turn (SPEC A.4.15, default `attackTiming='afterAllMovement'`, errata 12): the Wind Die
 * when it is due (and the storm roll), every ship moves, then the engagements, then repairs and the
 * turn passes to the left. The Beginner game has no Wind Die: its turns start at Movement.
 */
export const PHASES = ['Wind', 'Movement', 'Engagements', 'Repairs and end of turn'] as const;
const PHASE_IDS = ['wind', 'movement', 'engagements', 'repairs'] as const;
const BEGINNER_LAST = 'End of turn';

/** The phases a variant walks through, as (index into PHASES, label). */
export function phasesOf(variant: SystemState['variant']): { phase: number; label: string }[] {
  const from = firstPhase(variant);
  return PHASES.slice(from).map((label, i) => ({
    phase: from + i,
    label: variant === 'beginner' && from + i === PHASES.length - 1 ? BEGINNER_LAST : label
  }));
}

/** The player's badge: the name they gave and a stable colour for their seat. */
export function partyOf(system: SystemState, playerId: string): status.ActiveParty {
  const p = system.players.find((x) => x.id === playerId);
  return {
    kind: 'player',
    id: playerId,
    name: playerName(system, playerId),
    color: SEAT_COLOURS[(p?.seat ?? 0) % SEAT_COLOURS.length]
  };
}

/** "Wind S", "Storm, roll 4", "No wind yet" — the compass face, as the Wind Die shows it. */
export function windText(system: SystemState): string | null {
  if (system.variant === 'beginner') return null;
  const w = system.wind;
  if (w === null) return 'No wind yet';
  if ('storm' in w) return system.stormRoll === null ? 'Storm' : `Storm, roll ${system.stormRoll}`;
  return `Wind ${windFaceText(w.from)}`;
}

/** What the phase waits for that is not one ship's chore; blocking ones stop Next phase. */
function pendingOf(view: McView, opts: McOptions, now: number): status.Pending[] {
  const sys = view.system;
  const out: status.Pending[] = [];
  const active = playerName(sys, sys.activePlayerId ?? '');
  if (sys.variant !== 'beginner' && windRollRefusal(sys, now) === null)
    out.push({
      id: 'wind',
      label: `${active} rolls the Wind Die and turns the hourglass over before taking the turn`,
      isBlocking: true
    });
  else if (sys.wind !== null && 'storm' in sys.wind && sys.stormRoll === null)
    out.push({
      id: 'storm',
      label: `Storm: ${active} rolls one die for the whole fleet's movement`,
      isBlocking: true
    });
  const c = counterDue(view);
  if (c !== null)
    out.push({
      id: 'counter-attack',
      label: `Counter-attack due: ${c.by.sheet.name} may fire back at ${c.against.sheet.name} (or let it go)`,
      shipIds: [c.by.id, c.against.id],
      isBlocking: true
    });
  const h = homeportCounterDue(view);
  if (h !== null)
    out.push({
      id: 'homeport-counter',
      label: `The ${h.homeport} Homeport may counter-attack ${h.ship.sheet.name} (or let it go)`,
      shipIds: [h.ship.id],
      isBlocking: true
    });
  const ram = turnActsOf(sys).ram;
  if (ram !== null && sys.modules.ramming) {
    const rammer = view.ships.find((s) => s.id === ram.rammerId)?.sheet.name ?? 'The defender';
    const target = view.ships.find((s) => s.id === ram.attackerId)?.sheet.name ?? 'the attacker';
    out.push({
      id: ram.stage === 'attempt' ? 'ram' : 'ram-damage',
      label:
        ram.stage === 'attempt'
          ? `${rammer} may try to ram ${target} (or let it go)`
          : `Roll the ram damage to ${target}`,
      shipIds: [ram.rammerId, ram.attackerId],
      isBlocking: true
    });
  }
  const acts = turnActsOf(sys);
  if (sys.modules.cards && acts.cardsDrawn > 0 && !isCardOwed(view, 'attack', opts))
    out.push({
      id: 'card',
      label: 'A Master and Commander card was drawn for an engagement not yet fought'
    });
  return out;
}

/** Ships of the active fleet that still have to move this turn. */
function toActOf(view: McView, opts: McOptions, phase: number): status.ShipToAct[] {
  const sys = view.system;
  // Wind (0) comes before moving; Engagements (2) only when attacks wait for all movement.
  if (phase === 0 || phase > 2) return [];
  if (phase === 2 && opts.attackTiming !== 'afterAllMovement') return [];
  return shipsStillToMove(view, opts).map((s) => ({
    shipId: s.id,
    name: s.sheet.name,
    needs: [
      sys.variant === 'beginner' && s.sheet.movement.allowance === null
        ? { id: 'movement-roll', label: 'Roll for movement' }
        : { id: 'move', label: 'Move (staying put counts)' }
    ]
  }));
}

export function turnStatusOf(
  view: McView,
  state: BattleState,
  opts: McOptions,
  now: number
): status.TurnStatus {
  const sys = view.system;
  if (sys.players.length === 0 || sys.activePlayerId === null)
    return {
      ...status.plainStatus(state.turn, 0, [sys.players.length === 0 ? 'Set-up' : 'First player']),
      wind: windText(sys)
    };
  const phases = phasesOf(sys.variant);
  const at = Math.max(
    0,
    phases.findIndex((p) => p.phase === state.phase)
  );
  const phase = phases[at]?.phase ?? state.phase;
  const toAct = toActOf(view, opts, phase);
  const pending = pendingOf(view, opts, now);
  const winner = winnerOf(view);
  return {
    turn: sys.turn,
    step: {
      index: at,
      count: phases.length,
      id: PHASE_IDS[phase] ?? String(phase),
      label: phases[at]?.label ?? ''
    },
    active: partyOf(sys, sys.activePlayerId),
    wind: windText(sys),
    clock: sys.variant === 'beginner' ? null : hourglassClock(sys.hourglass),
    toAct,
    pending,
    leftUndone: status.leftUndoneOf(toAct, pending),
    ending: winner === null ? null : { text: endingText(sys, winner), winner: partyOf(sys, winner) }
  };
}

/** The turn model the battle page reads (`RuleSystem.turnStatus`). */
export function turnStatus(
  state: BattleState,
  ctx: { options: BattleOptions; variant: string; now: number }
): status.TurnStatus {
  const view = readBattle(state);
  if (view === null) return status.plainStatus(state.turn, 0, ['Set-up']);
  return turnStatusOf(view, state, readOptions(ctx.options, ctx.variant), ctx.now);
}

/**
 * The one way on (the page's Next button and the panel's "End Jack's turn" are this move): the next
 * phase of the player's turn, refused while a required roll is owed (the Wind Die, the storm roll, a
 * counter-attack or ram due); from the last phase the turn passes to the next player still afloat.
 */
export const nextStep: Move<Record<string, never>, McOptions> = mcMove({
  id: 'mc.next-step',
  category: 'turn',
  input: (kit) => kit.noInput,
  run: (view, state, input, ctx) => {
    const sys = view.system;
    if (sys.activePlayerId === null)
      return refuse(
        sys.players.length === 0
          ? 'Set up the players and fleets first.'
          : 'Roll for the first player first.'
      );
    const blocking = status.blockingReason(pendingOf(view, ctx.options, ctx.now));
    if (blocking !== null) return refuse(blocking);
    const phases = phasesOf(sys.variant);
    const at = phases.findIndex((p) => p.phase === state.phase);
    if (at >= 0 && at + 1 < phases.length) {
      const to = phases[at + 1];
      return draftOf(state, {
        kind: 'phase.advance',
        summary: `${playerName(sys, sys.activePlayerId)}'s turn: ${to.label}`,
        next: { ...state, phase: to.phase },
        meaning: { actor: null, target: null, dice: [] }
      });
    }
    // The turn's end as this move's own (its meaning names 'mc.next-step', the move the log re-runs).
    return endTurnMove.run(state, input, ctx);
  }
});
