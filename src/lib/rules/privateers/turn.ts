import type { BattleState } from '../../engine/events';
import type { BattleOptions } from '../../engine/system';
import * as status from '../../engine/turn-status';
import {
  battleEnding,
  isOutOfFight,
  movedThisTurn,
  sheetOf,
  systemOf,
  timesDone
} from './moves-common';
import {
  batteriesToReload,
  capturesDue,
  fireInProgress,
  fireLabel,
  hasCrewSaved,
  hasReloaded,
  moraleDue,
  movementOrder,
  ordersThisTurn
} from './turn-reads';
import { readOptions, type PvOptions } from './options';
import { firePhaseStep, pumpsNeeded, reloadGunsOf } from './task-reads';
import { PHASES, proceduresForPhase } from './resolve-turn';
import type { Sheet } from './sheet';

// The Privateers turn model (SPEC C.1): the six phases, the ship whose move it is in Phase 4
// ("The order of ship movement is determined by an initiative roll … with the highest roll moving
// first"), what each ship still has to do in the phase, what is pending, and how the battle ends.

const NEED = {
  orders: { id: 'orders', label: 'Give orders' },
  crew: { id: 'crew', label: 'Mark crew assignments' },
  weighAnchor: { id: 'weighAnchor', label: 'Roll to weigh anchor' },
  reload: { id: 'reload', label: 'Roll to reload' },
  move: { id: 'move', label: 'Move' },
  fire: { id: 'fire', label: 'Cannon fire' },
  grappling: { id: 'grappling', label: 'Throw or cut grapples' },
  fightFire: { id: 'fightFire', label: 'Fight the fire' },
  pumping: { id: 'pumping', label: 'Man the pumps' },
  damageControl: { id: 'damageControl', label: 'Damage control' },
  juryRig: { id: 'juryRig', label: 'Jury rigging' },
  morale: { id: 'morale', label: 'Morale check' }
} as const satisfies Record<string, status.TurnNeed>;

const MOVE_PROCS = ['movement', 'drift', 'tack', 'dropAnchor'] as const;

interface Row {
  id: string;
  s: Sheet;
}

function needsOf(state: BattleState, r: Row, options: PvOptions): status.TurnNeed[] {
  const { id, s } = r;
  const out: status.TurnNeed[] = [];
  if (s.sunk || s.burnedUp) return out;
  const procs = proceduresForPhase(state.phase, s, { turn: state.turn, options });
  const fighting = !isOutOfFight(s);
  switch (PHASES[state.phase]?.id) {
    case 'orders':
      if (procs.includes('orders') && !ordersThisTurn(state)[id]) out.push(NEED.orders);
      break;
    case 'crew':
      if (procs.includes('crewAssignments') && !hasCrewSaved(state, id)) out.push(NEED.crew);
      if (
        procs.includes('weighAnchor') &&
        s.assignments.anchor > 0 &&
        timesDone(state, id, 'weighAnchor') === 0
      )
        out.push(NEED.weighAnchor);
      break;
    case 'initiativeReload':
      if (!fighting || reloadGunsOf(s).length === 0) break;
      if (s.isFortification) {
        const due = batteriesToReload(s).filter((b) => !hasReloaded(state, id, b.index));
        if (due.length) out.push(NEED.reload);
      } else if (!hasReloaded(state, id)) out.push(NEED.reload);
      break;
    case 'movementFiring':
      if (MOVE_PROCS.some((p) => procs.includes(p)) && !movedThisTurn(state).includes(id))
        out.push(NEED.move);
      if (procs.includes('cannonFire') && timesDone(state, id, 'fired') === 0) out.push(NEED.fire);
      break;
    case 'grapplingBoarding':
      if (
        procs.includes('grappling') &&
        (s.grapples > 0 || s.entangledWith.length > 0) &&
        timesDone(state, id, 'grappling') === 0
      )
        out.push(NEED.grappling);
      break;
    case 'moraleSinkings':
      if (firePhaseStep(s, state.turn, options) && timesDone(state, id, 'fire') === 0)
        out.push(NEED.fightFire);
      if (pumpsNeeded(s) && !s.sinking && timesDone(state, id, 'pumping') === 0)
        out.push(NEED.pumping);
      if (
        s.wreckage > 0 &&
        s.assignments.damageControl > 0 &&
        timesDone(state, id, 'damageControl') === 0
      )
        out.push(NEED.damageControl);
      if (
        s.mastsLost > s.mastsJuryRigged &&
        s.assignments.juryRig > 0 &&
        timesDone(state, id, 'juryRig') === 0
      )
        out.push(NEED.juryRig);
      if (moraleDue(state, id, s, options) > 0) out.push(NEED.morale);
      break;
  }
  return out;
}

function pendingOf(state: BattleState, rows: readonly Row[]): status.Pending[] {
  const out: status.Pending[] = [];
  const name = (id: string) => rows.find((r) => r.id === id)?.s.name ?? id;
  const phase = PHASES[state.phase]?.id;
  const fire = fireInProgress(state);
  if (fire)
    out.push({
      id: 'fireInProgress',
      label: `${fireLabel(state, fire)}: ${fire.damage ? 'critical or officer dice' : 'damage dice'} still to roll`,
      shipIds: [fire.firerId, fire.targetId],
      isBlocking: true
    });
  if (phase === 'orders') {
    const hidden = Object.entries(ordersThisTurn(state)).filter(([, o]) => !o.revealed);
    if (hidden.length)
      out.push({
        id: 'revealOrders',
        label: 'Reveal the hidden orders',
        shipIds: hidden.map(([id]) => id)
      });
  }
  if (phase === 'initiativeReload' && !movementOrder(state)) {
    const movers = rows.filter((r) => !isOutOfFight(r.s) && !r.s.isFortification && !r.s.sinking);
    if (movers.length)
      out.push({
        id: 'initiative',
        label: 'Roll initiative',
        shipIds: movers.map((r) => r.id)
      });
  }
  if (phase === 'grapplingBoarding') {
    for (const b of systemOf(state).boardings) {
      const a = rows.find((r) => r.id === b.attackerId);
      const d = rows.find((r) => r.id === b.defenderId);
      if (!a || !d || isOutOfFight(a.s) || isOutOfFight(d.s)) continue;
      if (timesDone(state, b.attackerId, 'boarding') > 0) continue;
      out.push({
        id: `boarding:${b.attackerId}:${b.defenderId}`,
        label: `Boarding round to fight: ${a.s.name} v ${d.s.name}`,
        shipIds: [b.attackerId, b.defenderId]
      });
    }
  }
  if (phase === 'moraleSinkings') {
    for (const c of capturesDue(state))
      out.push({
        id: `capture:${c.attackerId}:${c.defenderId}`,
        label: `${name(c.defenderId)} has struck to ${name(c.attackerId)}'s boarders: record the capture`,
        shipIds: [c.attackerId, c.defenderId]
      });
  }
  return out;
}

/** The ship whose move it is in Phase 4: the first in the initiative order still to move. */
function shipToMove(
  state: BattleState,
  rows: readonly Row[],
  toAct: readonly status.ShipToAct[]
): status.ActiveParty | null {
  if (PHASES[state.phase]?.id !== 'movementFiring') return null;
  const order = movementOrder(state);
  if (!order) return null;
  const still = new Set(
    toAct.filter((t) => t.needs.some((n) => n.id === 'move')).map((t) => t.shipId)
  );
  const id = order.find((x) => still.has(x));
  const r = rows.find((x) => x.id === id);
  return r ? { kind: 'player', id: r.id, name: r.s.name } : null;
}

/** Where the battle stands (the status bar, the "what is left" list, the Next-phase warning). */
export function turnStatus(
  state: BattleState,
  ctx: { options: BattleOptions; variant: string; now: number }
): status.TurnStatus {
  const options = readOptions(ctx.options);
  const rows: Row[] = Object.values(state.ships)
    .sort((a, b) => a.order - b.order)
    .flatMap((ship) => {
      const s = sheetOf(ship);
      return s ? [{ id: ship.id, s }] : [];
    });
  const toAct: status.ShipToAct[] = rows.flatMap((r) => {
    const needs = needsOf(state, r, options);
    return needs.length ? [{ shipId: r.id, name: r.s.name, needs }] : [];
  });
  const pending = pendingOf(state, rows);
  const phase = PHASES[state.phase];
  const end = battleEnding(state);
  return {
    turn: state.turn,
    step: {
      index: state.phase,
      count: PHASES.length,
      id: phase?.id ?? String(state.phase),
      label: phase?.name ?? ''
    },
    active: shipToMove(state, rows, toAct),
    wind: `Wind from ${systemOf(state).windFromDeg}°`,
    clock: null,
    toAct,
    pending,
    leftUndone: status.leftUndoneOf(toAct, pending),
    ending: end
      ? {
          text: end.text,
          winner: end.winner ? { kind: 'side', id: end.winner, name: end.winner } : null
        }
      : null
  };
}
