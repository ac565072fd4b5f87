/**
 * The turn model every rule system gives (`src/lib/rules/<system>/turn.ts`, `turnStatus(state, ctx)`):
 * where the battle stands and what is left, in words a referee uses. The status bar, the "what is
 * left" list, the Next-phase warning and the moves' "already done" refusals all read it, so no panel
 * guards the sequence by hand. Pure and cheap: it is computed on every render of the battle page.
 */

/** One thing a ship still has to do in this step ("orders", "move", "reload", "morale check"). */
export interface TurnNeed {
  /** Stable id within the system ('orders', 'move', 'reload', 'morale', …). */
  id: string;
  /** "Give orders", "Move", "Roll to reload", … */
  label: string;
}

export interface ShipToAct {
  shipId: string;
  /** The ship's name as the user gave it. */
  name: string;
  needs: TurnNeed[];
}

/** Something the step waits for that is not one ship's chore (a counter-attack due, a card owed). */
export interface Pending {
  id: string;
  label: string;
  shipIds?: string[];
  /** True when the step cannot be left before it is done (a required roll). */
  isBlocking?: boolean;
}

export interface ActiveParty {
  kind: 'player' | 'side';
  id: string;
  /** The name the user gave ("Jack", "Britain"). */
  name: string;
  /** CSS colour for the player's or side's badge, when the system has one. */
  color?: string;
}

export interface TurnClock {
  /** e.g. "Hourglass" */
  label: string;
  /** When the sand runs out (ms since epoch), null while the glass is not running. */
  endsAt: number | null;
  /** Milliseconds left when the glass is stopped (paused), else null. */
  remainingMs: number | null;
  /** The whole glass, when it has one: no reading shows more sand than the glass holds. */
  durationMs?: number;
}

/**
 * The sand left at `now`, from the stored turn-over time: the one reading every display of a clock
 * uses (the status bar, a system's own glass), so they agree (issue 32 #9). A glass whose turn-over
 * time lies ahead of this device's clock (a clock set back, another device's) reads full, never
 * more; null while it has not been turned.
 */
export function clockRemainingMs(clock: TurnClock, now: number): number | null {
  if (clock.endsAt === null) return clock.remainingMs;
  const left = Math.max(0, clock.endsAt - now);
  return clock.durationMs === undefined ? left : Math.min(left, clock.durationMs);
}

/** "2:59", rounding up so a clock reads 0:00 only when it is empty. */
export function formatClockMs(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface BattleEnding {
  /** "Britain wins", "Jack wins: the last ship afloat", "Draw". */
  text: string;
  winner: ActiveParty | null;
}

export interface TurnStatus {
  turn: number;
  /** The phase (Privateers), step (Wooden Warships) or phase of the player's turn (M&C). */
  step: { index: number; count: number; id: string; label: string };
  /** Whose turn it is, when the system passes the turn between players or sides. */
  active: ActiveParty | null;
  /** "Wind from NE", "Wind S" — as the system words it; null when the system has no wind. */
  wind: string | null;
  clock: TurnClock | null;
  /** Ships still to act in this step, with what each still has to do. */
  toAct: ShipToAct[];
  pending: Pending[];
  /** Sentences naming what advancing now would leave undone; empty when the step is complete. */
  leftUndone: string[];
  /** Set once the battle is decided; moves then refuse everything but undo. */
  ending: BattleEnding | null;
}

/** What advancing would leave undone, from the ships still to act and the pending items. */
export function leftUndoneOf(toAct: readonly ShipToAct[], pending: readonly Pending[]): string[] {
  const out: string[] = [];
  const byNeed = new Map<string, { label: string; names: string[] }>();
  for (const s of toAct) {
    for (const n of s.needs) {
      const entry = byNeed.get(n.id) ?? { label: n.label, names: [] };
      entry.names.push(s.name);
      byNeed.set(n.id, entry);
    }
  }
  for (const { label, names } of byNeed.values()) out.push(`${label}: ${names.join(', ')}`);
  for (const p of pending) out.push(p.label);
  return out;
}

/** What must come first: the pending items the step cannot be left without (`isBlocking`). */
export function blockingOf(pending: readonly Pending[]): Pending[] {
  return pending.filter((p) => p.isBlocking === true);
}

/** "First: Jack rolls the Wind Die …." for the blocking items, or null when none blocks. */
export function blockingReason(pending: readonly Pending[]): string | null {
  const blocking = blockingOf(pending);
  return blocking.length > 0 ? `First: ${blocking.map((p) => p.label).join('; ')}.` : null;
}

/** A status for systems or states without a turn model yet (a battle not set up). */
export function plainStatus(turn: number, index: number, phases: readonly string[]): TurnStatus {
  return {
    turn,
    step: {
      index,
      count: phases.length,
      id: String(index),
      label: phases[index] ?? ''
    },
    active: null,
    wind: null,
    clock: null,
    toAct: [],
    pending: [],
    leftUndone: [],
    ending: null
  };
}

/** "2:05" for a running or stopped glass, "Sand run out" once it is empty. The sand left is the
 *  turn model's one reading of the stored turn-over time, as the system's own glass shows it. */
export function clockText(clock: TurnClock, now: number): string {
  const ms = clockRemainingMs(clock, now);
  if (ms === null) return 'not turned';
  if (ms <= 0) return 'sand run out';
  const text = formatClockMs(ms);
  return clock.endsAt === null ? `${text} (stopped)` : `${text} left`;
}

/** Whether the clock needs a tick every second (a glass running with sand left). */
export function isTicking(clock: TurnClock | null, now: number): boolean {
  return clock !== null && clock.endsAt !== null && clock.endsAt > now;
}

/** "Phase 2 of 6" style position, or '' when the system has a single step. */
export function stepPosition(status: TurnStatus): string {
  return status.step.count > 1 ? `${status.step.index + 1}/${status.step.count}` : '';
}

/** Side colours for the fleet list, picked by the side's name so a side keeps its colour. */
const SIDE_COLOURS = ['#d9534f', '#4a90d9', '#e8b04a', '#5cb85c', '#9b6bd6', '#3fb7b0', '#e07b39'];

export function sideColour(side: string): string {
  if (!side) return 'var(--border)';
  let h = 0;
  for (let i = 0; i < side.length; i++) h = (h * 31 + side.charCodeAt(i)) >>> 0;
  return SIDE_COLOURS[h % SIDE_COLOURS.length];
}
