import type { RuleSystem, BattleOptions } from '../engine/system';
import { plainStatus, type TurnStatus } from '../engine/turn-status';
import type { BattleState } from '../engine/events';

/**
 * Where a battle stands, in a few words for the start page's list ("Turn 3 · Cannon fire · Jack's
 * turn · Britain wins"). Written onto the battle record in the same transaction as each event, so the
 * list never folds a log to show it. Optional and small: records written before it simply lack it.
 * Its schema is the battle record's (db/records.ts battleDisplaySchema).
 */
export interface BattleDisplay {
  turn: number;
  /** The phase or step label. */
  step: string;
  /** Whose turn it is (player or side name), when the system passes the turn. */
  active?: string;
  activeColor?: string;
  /** The ending's text ("Britain wins"), once the battle is decided. */
  ending?: string;
}

export interface StatusContext {
  options: BattleOptions;
  variant: string;
  now: number;
}

/**
 * The system's turn model for a state, or the plain turn/phase counter while the system has none.
 * A turn model that throws on a state it does not expect (a battle half set up, an old log) falls
 * back too: the status bar and the record's summary must never stop the page or a write.
 */
export function turnStatusOf(
  system: RuleSystem,
  state: BattleState,
  ctx: StatusContext
): TurnStatus {
  try {
    return system.turnStatus(state, ctx);
  } catch {
    // A turn model that cannot read the state (an unfinished set-up): the plain counter.
  }
  return plainStatus(state.turn, state.phase, system.phases ?? []);
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The record's summary of a status. */
export function displayOf(status: TurnStatus): BattleDisplay {
  const out: BattleDisplay = { turn: status.turn, step: cut(status.step.label, 200) };
  if (status.active) {
    out.active = cut(status.active.name, 200);
    if (status.active.color) out.activeColor = cut(status.active.color, 50);
  }
  if (status.ending) out.ending = cut(status.ending.text, 300);
  return out;
}
