import { history } from '../battle/actions';
import type { BattleEvent, BattleShip, BattleState, Json, RollRecord } from '../battle/events';
import { INITIAL_STATE } from '../battle/events';
import { applyEvent } from '../battle/fold';
import { canonicalId } from '../battle/kinds';
import type { BattleOptions, RuleSystem, ShipTrack } from '../rules/system';

/**
 * The after-action report, written from the battle log alone. Every figure comes from folding the
 * log: an event's effect on a ship is the difference between the ship's tracks (`system.tracks`)
 * and status words (`system.summarize`) before and after it, so renamed event kinds or a new move
 * cannot change the damage, the charts or the final state. Kinds and procedures only choose the
 * words ("fire", "boarding") and are canonicalised through the system's `legacyIds` first.
 * Undone events (and the undo/redo events themselves) are left out, as the log strikes them.
 */

export type EntryCategory =
  'fire' | 'boarding' | 'morale' | 'card' | 'repair' | 'movement' | 'setup' | 'turn' | 'other';

export interface TrackChange {
  trackId: string;
  label: string;
  before: number;
  after: number;
  max: number;
  isDamage: boolean;
}

export interface ShipChange {
  shipId: string;
  name: string;
  side: string;
  tracks: TrackChange[];
  /** Status words gained ("struck", "sunk", "on fire") and lost in this event. */
  gained: string[];
  lost: string[];
  /** Damage taken in this event: the fall of every damage track, summed. */
  damage: number;
  isNowOut: boolean;
  /** Changed hands (a capture): the new side or commander. */
  newSide: string | null;
  joined: boolean;
  left: boolean;
}

export interface ReportEntry {
  seq: number;
  turn: number;
  kind: string;
  category: EntryCategory;
  summary: string;
  actorId: string | null;
  actorSide: string | null;
  changes: ShipChange[];
  /** Damage to ships of other sides than the actor's: what the actor's side dealt. */
  damageDealt: number;
  /** Hits and criticals as the roll record's outcome states them, when it does. */
  hits: number | null;
  criticals: number;
  roll: RollRecord | null;
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
  /** Canonical events counted in the report (undone ones excluded). */
  eventCount: number;
  voidedCount: number;
  finalState: BattleState;
}

export interface ReportInput {
  events: readonly BattleEvent[];
  system: RuleSystem;
  title: string;
  options?: BattleOptions;
  variant?: string;
  /** The clock, for a turn model that reads it (pure: passed in). */
  now?: number;
}

// ---- small helpers --------------------------------------------------------------------------

export function shipName(ship: BattleShip | undefined): string {
  if (!ship) return 'A ship';
  const s = ship.sheet;
  if (s && typeof s === 'object' && !Array.isArray(s) && typeof s.name === 'string' && s.name) {
    return s.name;
  }
  return ship.id;
}

/** The side a ship fights for: its side, else its commander (Master and Commander has players). */
export function sideOf(ship: BattleShip | undefined): string {
  if (!ship) return '';
  return ship.side.trim() || ship.player.trim() || 'No side';
}

interface Read {
  tracks: ShipTrack[];
  status: string[];
  lines: string[];
  isOut: boolean;
}

function readOf(system: RuleSystem, sheet: object): Read {
  const sum = system.summarize(sheet);
  return {
    tracks: system.tracks ? system.tracks(sheet) : [],
    status: sum.status,
    lines: sum.lines,
    isOut: sum.isOut
  };
}

/**
 * The sheet read as it stands: a battle's sheets were checked against the schema by the move or the
 * editor that wrote them, and a zod parse of a full ship log costs about a millisecond, which a
 * long battle's thousands of events would pay each time the report opens. Anything the readers
 * choke on, or any track that is not a finite number, falls back to the parse.
 */
function readFast(system: RuleSystem, sheet: Json): Read | null {
  if (typeof sheet !== 'object' || sheet === null || Array.isArray(sheet)) return null;
  try {
    const read = readOf(system, sheet);
    const isSound = read.tracks.every((t) => Number.isFinite(t.value) && Number.isFinite(t.max));
    return isSound && Array.isArray(read.status) ? read : null;
  } catch {
    return null;
  }
}

function readParsed(system: RuleSystem, sheet: Json): Read | null {
  const r = system.sheetSchema.safeParse(sheet);
  return r.success ? readOf(system, r.data) : null;
}

// The fold shares every unchanged sheet between states, so one parse per sheet version suffices.
const READS = new WeakMap<RuleSystem, WeakMap<object, Read | null>>();

function readShip(system: RuleSystem, ship: BattleShip | undefined): Read | null {
  if (!ship) return null;
  const sheet = ship.sheet;
  const cache = READS.get(system) ?? new WeakMap<object, Read | null>();
  READS.set(system, cache);
  const isObject = typeof sheet === 'object' && sheet !== null;
  if (isObject && cache.has(sheet)) return cache.get(sheet) ?? null;
  const read = readFast(system, sheet) ?? readParsed(system, sheet);
  if (isObject) cache.set(sheet, read);
  return read;
}

/** Words the kind is spelt with, old or new ('pv.cannonFire', 'pv.cannon-fire' → 'cannon fire'). */
function kindWords(kind: string): string {
  const tail = kind.includes('.') ? kind.slice(kind.indexOf('.') + 1) : kind;
  return tail
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_.]/g, ' ')
    .toLowerCase();
}

export function categoryOf(kind: string): EntryCategory {
  if (kind === 'turn.advance' || kind === 'phase.advance' || kind === 'battle.advance')
    return 'turn';
  if (kind === 'battle.setup' || kind === 'ship.add' || kind === 'ship.remove') return 'setup';
  const w = kindWords(kind);
  if (/\b(board|boarding|grappl\w*|capture|loot|raid|homeport counter)\b/.test(w))
    return 'boarding';
  if (/\b(fire|cannon|broadside|attack|counter|marksmen|ram|shoot|gunnery)\b/.test(w))
    return 'fire';
  if (/\b(morale|surrender|strike|withdraw|rally)\b/.test(w)) return 'morale';
  if (/\b(card|cards|upgrade|purchase)\b/.test(w)) return 'card';
  if (/\b(repair|pump\w*|jury|damage control|fire fight\w*)\b/.test(w)) return 'repair';
  if (/\b(move|movement|tack|heading|sail|drift|anchor|wind|storm|initiative|orders)\b/.test(w)) {
    return 'movement';
  }
  return 'other';
}

const ACTOR_KEYS = [
  'firerId',
  'firer',
  'attackerId',
  'attacker',
  'counterAttacker',
  'shooterId',
  'boarderId',
  'rammerId',
  'shipId',
  'ship',
  'actorId'
];

function isObj(v: Json | undefined): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Who acted: the roll's named firer/attacker, else the ship whose name opens the log line. */
function actorOf(e: BattleEvent, state: BattleState): string | null {
  const inputs = e.roll?.inputs;
  if (isObj(inputs)) {
    for (const key of ACTOR_KEYS) {
      const v = inputs[key];
      if (typeof v === 'string' && state.ships[v]) return v;
    }
    const setup = inputs.setup;
    if (isObj(setup)) {
      for (const key of ACTOR_KEYS) {
        const v = setup[key];
        if (typeof v === 'string' && state.ships[v]) return v;
      }
    }
  }
  let best: { id: string; len: number } | null = null;
  for (const ship of Object.values(state.ships)) {
    const name = shipName(ship);
    if (e.summary.startsWith(name) && (!best || name.length > best.len)) {
      best = { id: ship.id, len: name.length };
    }
  }
  return best?.id ?? null;
}

const TARGET_KEYS = ['targetId', 'target', 'defenderId', 'defender', 'against', 'otherId'];

/** Whether the roll names another ship as its target (a shot, not a fire burning aboard). */
function hasTarget(e: BattleEvent, state: BattleState, actorId: string | null): boolean {
  const inputs = e.roll?.inputs;
  const scopes = isObj(inputs) ? [inputs, isObj(inputs.setup) ? inputs.setup : {}] : [];
  return scopes.some((scope) =>
    TARGET_KEYS.some((k) => {
      const v = scope[k];
      return typeof v === 'string' && v !== actorId && (!!state.ships[v] || v.includes(':'));
    })
  );
}

/** A number the outcome states under `key` (searched a few levels down), or null. */
export function findNumber(v: Json | undefined, key: string, depth = 3): number | null {
  if (depth < 0 || v === null || v === undefined || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    let total: number | null = null;
    for (const x of v) {
      const n = findNumber(x, key, depth - 1);
      if (n !== null) total = (total ?? 0) + n;
    }
    return total;
  }
  const own = v[key];
  if (typeof own === 'number') return own;
  for (const x of Object.values(v)) {
    const n = findNumber(x, key, depth - 1);
    if (n !== null) return n;
  }
  return null;
}

function hitsOf(roll: RollRecord | undefined): number | null {
  if (!roll) return null;
  const n = findNumber(roll.outcome, 'hits');
  if (n !== null) return n;
  const o = roll.outcome;
  if (isObj(o) && typeof o.result === 'string') {
    if (o.result === 'hit') return 1;
    if (o.result === 'repelled' || o.result === 'miss') return 0;
  }
  return null;
}

function criticalsOf(roll: RollRecord | undefined): number {
  if (!roll) return 0;
  let count = 0;
  const walk = (v: Json, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (/^criticals?$/i.test(k) && x !== null && x !== false) {
        count += Array.isArray(x) ? x.length : typeof x === 'number' ? x : 1;
      } else walk(x, depth + 1);
    }
  };
  walk(roll.outcome, 0);
  return count;
}

function changeOf(
  system: RuleSystem,
  id: string,
  before: BattleState,
  after: BattleState
): ShipChange | null {
  const b = before.ships[id];
  const a = after.ships[id];
  const rb = readShip(system, b);
  const ra = readShip(system, a);
  const tracks: TrackChange[] = [];
  let damage = 0;
  if (rb && ra) {
    for (const t of ra.tracks) {
      const old = rb.tracks.find((x) => x.id === t.id);
      const prev = old?.value ?? t.value;
      if (prev !== t.value || (old && old.max !== t.max)) {
        tracks.push({
          trackId: t.id,
          label: t.label,
          before: prev,
          after: t.value,
          max: t.max,
          isDamage: t.isDamage
        });
        if (t.isDamage && t.value < prev) damage += prev - t.value;
      }
    }
  }
  const gained = ra && rb ? ra.status.filter((s) => !rb.status.includes(s)) : [];
  const lost = ra && rb ? rb.status.filter((s) => !ra.status.includes(s)) : [];
  const newSide = a && b && sideOf(a) !== sideOf(b) ? sideOf(a) : null;
  const joined = !b && !!a;
  const left = !!b && !a;
  if (!joined && !left && tracks.length === 0 && gained.length === 0 && lost.length === 0) {
    if (newSide === null) return null;
  }
  return {
    shipId: id,
    name: shipName(a ?? b),
    // The side it fought for when the event began (a capture moves it after).
    side: sideOf(b ?? a),
    tracks,
    gained,
    lost,
    damage,
    isNowOut: !!ra?.isOut && !rb?.isOut,
    newSide,
    joined,
    left
  };
}

function changedShipIds(e: BattleEvent): Set<string> {
  const ids = new Set<string>();
  for (const op of e.ops) {
    if (op.path.length === 0) return new Set(['*']);
    if (op.path[0] === 'ships') {
      if (op.path.length === 1) return new Set(['*']);
      ids.add(String(op.path[1]));
    }
  }
  return ids;
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
    const actorId = actorOf(e, before);
    const actorSide = actorId ? sideOf(before.ships[actorId]) : null;
    const damageDealt =
      actorSide === null
        ? 0
        : changes.filter((c) => c.side !== actorSide).reduce((n, c) => n + c.damage, 0);
    let category = categoryOf(kind);
    // "Fire" with no one fired at is a fire burning aboard (Privateers C.4.16 step 1), not gunnery.
    const isShot =
      hasTarget(e, before, actorId) ||
      changes.some((c) => c.damage > 0 && actorSide !== null && c.side !== actorSide);
    if (category === 'fire' && !isShot) category = 'other';
    entries.push({
      seq: e.seq,
      turn: before.turn,
      kind,
      category,
      summary: e.summary,
      actorId,
      actorSide,
      changes,
      damageDealt,
      hits: hitsOf(e.roll),
      criticals: criticalsOf(e.roll),
      roll: e.roll ?? null
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
      hitsScored: entries
        .filter((x) => x.actorId === id && x.category === 'fire')
        .reduce((n, x) => n + (x.hits ?? 0), 0),
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
    eventCount: entries.length,
    voidedCount,
    finalState: state
  };
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
  if (system.turnStatus) {
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

// ---- wording -------------------------------------------------------------------------------

/** "hull 30 → 24, crew 120 → 115; struck" — what an event did to one ship, in the sheet's words. */
export function describeChange(c: ShipChange): string {
  if (c.joined) return `${c.name} joins${c.side ? ` (${c.side})` : ''}`;
  if (c.left) return `${c.name} leaves the battle`;
  const parts: string[] = [];
  const t = c.tracks
    .filter((x) => x.before !== x.after)
    .map((x) => `${x.label.toLowerCase()} ${x.before} → ${x.after}`);
  if (t.length) parts.push(t.join(', '));
  if (c.gained.length) parts.push(c.gained.join(', '));
  if (c.lost.length) parts.push(`no longer ${c.lost.join(', ')}`);
  if (c.newSide) parts.push(`now ${c.newSide}'s`);
  return `${c.name}: ${parts.join('; ')}`;
}

/** "once", "twice", "3 times". */
export function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The tracks as the sheet reads them: "Hull 24/30, Crew 115/120". */
export function describeTracks(tracks: readonly ShipTrack[]): string {
  return tracks.map((t) => `${t.label} ${t.value}/${t.max}`).join(', ');
}

/** "6 hull and 3 crew", "2 prize disks" — points in the sheet's own words. */
export function describePoints(rows: readonly { label: string; points: number }[]): string {
  const parts = rows
    .filter((r) => r.points > 0)
    .map((r) => {
      const word = r.label.toLowerCase();
      // "Prize disks" counts things: one prize disk, two prize disks.
      if (word.endsWith('s') && word !== 'guns') {
        return r.points === 1 ? `1 ${word.slice(0, -1)}` : `${r.points} ${word}`;
      }
      if (word === 'guns') return r.points === 1 ? '1 gun' : `${r.points} guns`;
      return `${r.points} ${word}`;
    });
  if (parts.length === 0) return 'nothing';
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** One paragraph per ship, as a referee would tell it. */
export function shipStory(ship: ReportShip): string {
  const fights = ship.story.filter((x) => x.actorId === ship.id && x.category === 'fire').length;
  const boardings = ship.story.filter(
    (x) => x.actorId === ship.id && x.category === 'boarding'
  ).length;
  const who = `${ship.name} (${ship.startSide}${ship.side !== ship.startSide ? `, taken by ${ship.side}` : ''})`;
  const acts: string[] = [];
  if (fights > 0) {
    acts.push(`opened fire ${times(fights)} and scored ${plural(ship.hitsScored, 'hit')}`);
  }
  if (boardings > 0) acts.push(`boarded ${times(boardings)}`);
  const did = acts.length ? acts.join(' and ') : 'did not open fire';
  const dealt =
    ship.damageDealt > 0 ? `, taking ${describePoints(ship.dealtByTrack)} from the enemy` : '';
  const lost = ship.damageTaken > 0 ? `; she lost ${describePoints(ship.lossesByTrack)}` : '';
  const fate = ship.isRemoved
    ? 'was removed from the battle'
    : ship.status.length
      ? `ended ${ship.status.join(', ')}`
      : 'ended the battle still fighting';
  return `${who} ${did}${dealt}${lost}, and ${fate}: ${describeTracks(ship.end)}.`;
}
