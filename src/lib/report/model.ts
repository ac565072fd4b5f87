import { history } from '../battle/actions';
import type { BattleEvent, BattleShip, BattleState, Json, RollRecord } from '../engine/events';
import { INITIAL_STATE } from '../engine/events';
import { applyEvent } from '../battle/fold';
import { canonicalId } from '../battle/kinds';
import type { Category, DiceGroup, Meaning } from '../engine/meaning';
import type { BattleOptions, RuleSystemWithMoves, ShipTrack } from '../engine/system';
import {
  changedShipIds,
  changeOf,
  criticalsOf,
  ENTRY_CATEGORY,
  legacyActorOf,
  legacyCategoryOf,
  legacyHasTarget,
  legacyHitsOf,
  readShip,
  shotsOf,
  shipName,
  sideOf,
  type EntryCategory,
  type ShipChange
} from './effects';

/**
 * The after-action report, written from the battle log alone. Every figure comes from folding the
 * log: an event's effect on a ship is the difference between the ship's tracks (`system.tracks`)
 * and status words (`system.summarize`) before and after it, so renamed event kinds or a new move
 * cannot change the damage, the charts or the final state. Kinds and procedures only choose the
 * words ("fire", "boarding") and are canonicalised through the system's `legacyIds` first.
 * Undone events (and the undo/redo events themselves) are left out, as the log strikes them.
 */

// The per-event reading (effects.ts) and the wording (wording.ts) are re-exported: this module is
// the report's one import path.
export {
  legacyCategoryOf,
  findNumber,
  shipName,
  sideOf,
  type EntryCategory,
  type ShipChange,
  type TrackChange
} from './effects';
export {
  describeChange,
  describeLogCount,
  describePoints,
  describeTracks,
  plural,
  shipStory,
  times
} from './wording';

export interface ReportEntry {
  seq: number;
  turn: number;
  kind: string;
  category: EntryCategory;
  summary: string;
  actorId: string | null;
  actorSide: string | null;
  /**
   * What the move says it did (its meaning's category, issue 31): the stories count "opened fire"
   * and "boarded" from it. An older event's is its move's category (its kind, canonicalised, is
   * the move's id); null for one no move wrote (a note, a sheet edit).
   */
  act: Category | null;
  /** Whose each die of the roll was, as the move states it; null for an older event. */
  dice: DiceGroup[] | null;
  changes: ShipChange[];
  /** Damage to ships of other sides than the actor's: what the actor's side dealt. */
  damageDealt: number;
  /** The hits of a shot as the move states them (an older event: its outcome's, when it says). */
  hits: number | null;
  criticals: number;
  roll: RollRecord | null;
  /**
   * The event changed nothing at all: no die rolled and every op (if any) wrote the value already
   * there (a heading set to the heading the ship had). The turn list does not tell it; a note,
   * which writes nothing by nature, is told.
   */
  isNoChange: boolean;
}

export interface ReportTurn {
  turn: number;
  entries: ReportEntry[];
  /** Side → damage its ships dealt this turn. */
  dealtBySide: Record<string, number>;
}

export interface ShipTimelinePoint {
  /** 0 = the ship as it joined; t = at the end of turn t. */
  turn: number;
  values: Record<string, number>;
}

export interface ReportShip {
  id: string;
  name: string;
  side: string;
  /** The side it began with (a captured ship ends on the captor's). */
  startSide: string;
  start: ShipTrack[];
  end: ShipTrack[];
  status: string[];
  lines: string[];
  isOut: boolean;
  isRemoved: boolean;
  damageTaken: number;
  /** Track label → points lost (hull 6, crew 3), in the sheet's order. */
  lossesByTrack: { label: string; points: number }[];
  damageDealt: number;
  /** Track label → points the ship's actions took from ships of other sides. */
  dealtByTrack: { label: string; points: number }[];
  hitsScored: number;
  /** Shots of this ship whose hits the log does not say (older events): hitsScored is a floor. */
  shotsWithoutHits: number;
  timeline: ShipTimelinePoint[];
  /** The entries that concern this ship (it acted or was changed), in order. */
  story: ReportEntry[];
}

export interface ReportSide {
  name: string;
  ships: string[];
  afloat: number;
  damageDealt: number;
  damageTaken: number;
}

export interface Report {
  systemId: string;
  systemName: string;
  title: string;
  lastTurn: number;
  turns: ReportTurn[];
  ships: ReportShip[];
  sides: ReportSide[];
  /** "Britain wins: …", or how the battle stands. */
  outcome: string;
  winner: string | null;
  /** Every entry of the log, undone ones and the undo/redo entries included ("Log (n)"). */
  logCount: number;
  /** Canonical events counted in the report (undone ones excluded). */
  eventCount: number;
  voidedCount: number;
  finalState: BattleState;
}

export interface ReportInput {
  events: readonly BattleEvent[];
  /** With its moves (`withMoves`): an event written before moves stated their meaning is read by
   *  the move its kind names. */
  system: RuleSystemWithMoves;
  title: string;
  options?: BattleOptions;
  variant?: string;
  /** The clock, for a turn model that reads it (pure: passed in). */
  now?: number;
  /**
   * Events up to this seq set the scene, not the battle (a campaign battle's ships entering as the
   * campaign left them, damage carried, issue 36): folded, not counted, and each ship's start is
   * as the scene leaves her.
   */
  sceneUntil?: number;
}

// ---- the report ----------------------------------------------------------------------------

export function buildReport(input: ReportInput): Report {
  const { system } = input;
  const events = [...input.events].sort((a, b) => a.seq - b.seq);
  const h = history(events);
  let state: BattleState = INITIAL_STATE;
  const entries: ReportEntry[] = [];
  const timelines = new Map<string, ShipTimelinePoint[]>();
  const starts = new Map<string, ShipTrack[]>();
  const startSides = new Map<string, string>();
  // Each ship's tracks as they stand, re-read only when an event touches the ship.
  const current = new Map<string, Record<string, number>>();
  const valuesOf = (ship: BattleShip | undefined): Record<string, number> | null => {
    const r = readShip(system, ship);
    if (!r) return null;
    const values: Record<string, number> = {};
    for (const t of r.tracks) values[t.id] = t.value;
    return values;
  };
  const closeTurn = (turn: number): void => {
    for (const [id, values] of current) {
      const line = timelines.get(id) ?? [];
      const last = line.at(-1);
      if (last && last.turn === turn) last.values = values;
      else line.push({ turn, values });
      timelines.set(id, line);
    }
  };
  let voidedCount = 0;
  for (const e of events) {
    const before = state;
    state = applyEvent(state, e);
    const touched = changedShipIds(e);
    const touchedIds = touched.has('*')
      ? new Set([...Object.keys(before.ships), ...Object.keys(state.ships)])
      : touched;
    for (const id of touchedIds) {
      const ship = state.ships[id];
      if (!ship) {
        current.delete(id);
        continue;
      }
      const values = valuesOf(ship);
      if (!values) continue;
      if (!current.has(id) && !timelines.has(id)) {
        // A ship's line starts as it joined (point 0 when it joined in turn 1).
        timelines.set(id, [{ turn: Math.max(0, before.turn - 1), values }]);
      }
      current.set(id, values);
    }
    if (state.turn !== before.turn) closeTurn(before.turn);
    if (input.sceneUntil !== undefined && e.seq <= input.sceneUntil) {
      for (const id of touchedIds) {
        const r = readShip(system, state.ships[id]);
        if (r) starts.set(id, r.tracks);
        if (state.ships[id]) startSides.set(id, sideOf(state.ships[id]));
      }
      continue;
    }
    if (e.kind === 'undo' || e.kind === 'redo') continue;
    if (h.voided.has(e.id)) {
      voidedCount++;
      continue;
    }
    const kind = canonicalId(system, e.kind);
    const changes: ShipChange[] = [];
    for (const id of touchedIds) {
      const c = changeOf(system, id, before, state);
      if (c) changes.push(c);
      if (c?.joined) {
        const r = readShip(system, state.ships[id]);
        if (r) starts.set(id, r.tracks);
        startSides.set(id, sideOf(state.ships[id]));
      }
    }
    const read = e.meaning ? readMeaning(e.meaning) : readLegacy(system, e, kind, before, changes);
    const { actorId } = read;
    const actorSide = actorId ? sideOf(before.ships[actorId]) : null;
    const damageDealt =
      actorSide === null
        ? 0
        : changes.filter((c) => c.side !== actorSide).reduce((n, c) => n + c.damage, 0);
    entries.push({
      seq: e.seq,
      turn: before.turn,
      kind,
      category: read.category,
      summary: e.summary,
      actorId,
      actorSide,
      act: read.act,
      dice: e.meaning?.dice ?? null,
      changes,
      damageDealt,
      hits: read.hits,
      criticals: criticalsOf(e.roll),
      roll: e.roll ?? null,
      isNoChange: e.kind !== 'note' && changes.length === 0 && !e.roll && e.ops.every(isSameValue)
    });
  }
  closeTurn(state.turn);
  const lastTurn = Math.max(1, state.turn);

  const turns: ReportTurn[] = [];
  for (let t = 1; t <= lastTurn; t++) {
    const list = entries.filter((x) => x.turn === t);
    const dealtBySide: Record<string, number> = {};
    for (const x of list) {
      if (x.actorSide !== null && x.damageDealt > 0) {
        dealtBySide[x.actorSide] = (dealtBySide[x.actorSide] ?? 0) + x.damageDealt;
      }
    }
    turns.push({ turn: t, entries: list, dealtBySide });
  }

  const shipIds = [
    ...new Set(entries.flatMap((x) => x.changes.filter((c) => c.joined).map((c) => c.shipId)))
  ];
  for (const id of Object.keys(state.ships)) if (!shipIds.includes(id)) shipIds.push(id);
  const ships: ReportShip[] = shipIds.map((id) => {
    const ship = state.ships[id];
    const r = readShip(system, ship);
    const story = entries.filter(
      (x) => x.actorId === id || x.changes.some((c) => c.shipId === id && !c.joined)
    );
    const lastName =
      entries
        .flatMap((x) => x.changes)
        .filter((c) => c.shipId === id)
        .at(-1)?.name ?? id;
    return {
      id,
      name: ship ? shipName(ship) : lastName,
      side: ship ? sideOf(ship) : (startSides.get(id) ?? ''),
      startSide: startSides.get(id) ?? sideOf(ship),
      start: starts.get(id) ?? r?.tracks ?? [],
      end: r?.tracks ?? [],
      status: r?.status ?? ['removed from the battle'],
      lines: r?.lines ?? [],
      isOut: r?.isOut ?? true,
      isRemoved: !ship,
      damageTaken: entries
        .flatMap((x) => x.changes)
        .filter((c) => c.shipId === id)
        .reduce((n, c) => n + c.damage, 0),
      lossesByTrack: byTrack(entries.flatMap((x) => x.changes).filter((c) => c.shipId === id)),
      damageDealt: entries.filter((x) => x.actorId === id).reduce((n, x) => n + x.damageDealt, 0),
      dealtByTrack: byTrack(
        entries
          .filter((x) => x.actorId === id)
          .flatMap((x) => x.changes.filter((c) => c.side !== x.actorSide))
      ),
      hitsScored: shotsOf(entries, id).reduce((n, x) => n + (x.hits ?? 0), 0),
      shotsWithoutHits: shotsOf(entries, id).filter((x) => x.hits === null).length,
      timeline: timelines.get(id) ?? [],
      story
    };
  });

  const sideNames = [...new Set(ships.map((s) => s.startSide).concat(ships.map((s) => s.side)))];
  const sides: ReportSide[] = sideNames.map((name) => {
    const own = ships.filter((s) => s.side === name);
    return {
      name,
      ships: own.map((s) => s.id),
      afloat: own.filter((s) => !s.isOut).length,
      damageDealt: entries
        .filter((x) => x.actorSide === name)
        .reduce((n, x) => n + x.damageDealt, 0),
      damageTaken: ships.filter((s) => s.startSide === name).reduce((n, s) => n + s.damageTaken, 0)
    };
  });

  const { outcome, winner } = outcomeOf(input, state, sides);
  return {
    systemId: system.id,
    systemName: system.name,
    title: input.title,
    lastTurn,
    turns,
    ships,
    sides,
    outcome,
    winner,
    logCount: events.length,
    eventCount: entries.length,
    voidedCount,
    finalState: state
  };
}

interface EventReading {
  category: EntryCategory;
  act: Category | null;
  actorId: string | null;
  hits: number | null;
}

/** What an event's meaning says: its category, its actor, a shot's hits (issue 31). */
function readMeaning(m: Meaning): EventReading {
  return {
    category: ENTRY_CATEGORY[m.category],
    act: m.category,
    actorId: m.actor,
    hits: m.hits ?? null
  };
}

/**
 * An event written before moves stated their meaning: the category of the move its kind names
 * (else guessed from the kind's words), the actor from its roll's inputs or its log line, the hits
 * from its outcome where it says them.
 */
function readLegacy(
  system: RuleSystemWithMoves,
  e: BattleEvent,
  kind: string,
  before: BattleState,
  changes: readonly ShipChange[]
): EventReading {
  const actorId = legacyActorOf(e, before);
  const act = system.moves.find((m) => m.id === kind)?.category ?? null;
  if (act !== null) {
    return { category: ENTRY_CATEGORY[act], act, actorId, hits: legacyHitsOf(e.roll) };
  }
  const actorSide = actorId ? sideOf(before.ships[actorId]) : null;
  let category = legacyCategoryOf(kind);
  // "Fire" with no one fired at is a fire burning aboard (Privateers C.4.16 step 1), not gunnery.
  const isShot =
    legacyHasTarget(e, before, actorId) ||
    changes.some((c) => c.damage > 0 && actorSide !== null && c.side !== actorSide);
  if (category === 'fire' && !isShot) category = 'other';
  return { category, act: null, actorId, hits: legacyHitsOf(e.roll) };
}

/** An op that writes the value its path already held. */
function isSameValue(op: BattleEvent['ops'][number]): boolean {
  return op.op === 'set' && 'prev' in op && sameJson(op.value, op.prev);
}

function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, Json>;
  const rb = b as Record<string, Json>;
  return ka.every((k) => k in rb && sameJson(ra[k], rb[k]));
}

/** Points lost per damage track over these changes, in the order the tracks first appear. */
function byTrack(changes: readonly ShipChange[]): { label: string; points: number }[] {
  const out: { label: string; points: number }[] = [];
  for (const c of changes) {
    for (const t of c.tracks) {
      if (!t.isDamage || t.after >= t.before) continue;
      const row = out.find((r) => r.label === t.label);
      if (row) row.points += t.before - t.after;
      else out.push({ label: t.label, points: t.before - t.after });
    }
  }
  return out;
}

function outcomeOf(
  input: ReportInput,
  state: BattleState,
  sides: readonly ReportSide[]
): { outcome: string; winner: string | null } {
  const { system } = input;
  try {
    const ts = system.turnStatus(state, {
      options: input.options ?? {},
      variant: input.variant ?? system.variants[0]?.id ?? '',
      now: input.now ?? 0
    });
    if (ts.ending) return { outcome: ts.ending.text, winner: ts.ending.winner?.name ?? null };
  } catch {
    // A turn model that cannot read an unfinished set-up: judge by the ships left instead.
  }
  const fighting = sides.filter((s) => s.afloat > 0 && s.ships.length > 0);
  if (sides.length >= 2 && fighting.length === 1) {
    const w = fighting[0].name;
    return { outcome: `${w} wins: the only side with ships still in the fight.`, winner: w };
  }
  if (sides.length >= 2 && fighting.length === 0) {
    return { outcome: 'No side has a ship left in the fight.', winner: null };
  }
  if (fighting.length < 2) return { outcome: 'The battle has not been fought yet.', winner: null };
  const ranked = [...fighting].sort((a, b) => b.damageDealt - a.damageDealt);
  const lead =
    ranked[0].damageDealt > ranked[1].damageDealt
      ? ` ${ranked[0].name} has had the better of it so far (${ranked[0].damageDealt} damage dealt to ${ranked[1].damageDealt}).`
      : '';
  return {
    outcome: `Not yet decided: ${fighting.map((s) => s.name).join(' and ')} still have ships in the fight.${lead}`,
    winner: null
  };
}
