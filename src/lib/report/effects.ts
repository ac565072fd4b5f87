import type { BattleEvent, BattleShip, BattleState, Json, RollRecord } from '../engine/events';
import type { RuleSystem, ShipTrack } from '../engine/system';
import type { Category } from '../engine/meaning';
import type { ReportEntry } from './model';

/**
 * What one event did, read from the states before and after it (see model.ts): which ships its ops
 * touched, how their tracks and status words changed, who acted, and the hits and criticals its
 * roll states. Kinds only choose the category's words.
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

export interface Read {
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
 * The sheet read as it stands: a battle's sheets were checked where they entered the log (the sheet
 * moves, an import, a merge: battle/sheets.ts). Anything the readers still choke on, or any track
 * that is not a finite number, reads as no sheet.
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

// The fold shares every unchanged sheet between states, so one read per sheet version suffices.
const READS = new WeakMap<RuleSystem, WeakMap<object, Read | null>>();

export function readShip(system: RuleSystem, ship: BattleShip | undefined): Read | null {
  if (!ship) return null;
  const sheet = ship.sheet;
  const cache = READS.get(system) ?? new WeakMap<object, Read | null>();
  READS.set(system, cache);
  const isObject = typeof sheet === 'object' && sheet !== null;
  if (isObject && cache.has(sheet)) return cache.get(sheet) ?? null;
  const read = readFast(system, sheet);
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

/** An older event's category, guessed from its kind's words (events with a meaning say theirs). */
export function legacyCategoryOf(kind: string): EntryCategory {
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

/**
 * The report's sections for each category of the shared vocabulary (engine/meaning.ts): the turn
 * list's colours and the luck audit's groups (gunnery, boarding, the rest).
 */
export const ENTRY_CATEGORY: Readonly<Record<Category, EntryCategory>> = {
  setup: 'setup',
  wind: 'movement',
  orders: 'movement',
  initiative: 'movement',
  movement: 'movement',
  collision: 'movement',
  ram: 'fire',
  gunnery: 'fire',
  'gunnery-damage': 'fire',
  reload: 'other',
  marksmen: 'fire',
  grapple: 'boarding',
  boarding: 'boarding',
  'boarding-round': 'boarding',
  'boarding-end': 'boarding',
  capture: 'boarding',
  loot: 'boarding',
  raid: 'boarding',
  morale: 'morale',
  repair: 'repair',
  'fire-aboard': 'other',
  sinking: 'other',
  card: 'card',
  turn: 'turn',
  other: 'other'
};

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

/** An older event's actor: the roll's named firer/attacker, else the ship whose name opens the log
 *  line (events with a meaning name theirs). */
export function legacyActorOf(e: BattleEvent, state: BattleState): string | null {
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

/** Whether an older event's roll names another ship as its target (a shot, not a fire aboard). */
export function legacyHasTarget(
  e: BattleEvent,
  state: BattleState,
  actorId: string | null
): boolean {
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

/**
 * The hits an event written before moves stated their meaning (issue 31) records, read from its
 * roll's outcome: a number `hits`, an array of per-gun booleans (Privateers wrote `hits` so: the
 * old reader took it for no number and the report said "0 hits"), or a hit/miss result; null
 * when it says nothing the reader can trust.
 */
export function legacyHitsOf(roll: RollRecord | undefined): number | null {
  if (!roll) return null;
  const o = roll.outcome;
  if (isObj(o) && Array.isArray(o.hits) && o.hits.every((h) => typeof h === 'boolean')) {
    return o.hits.filter(Boolean).length;
  }
  const n = findNumber(roll.outcome, 'hits');
  if (n !== null) return n;
  if (isObj(o) && typeof o.result === 'string') {
    if (o.result === 'hit') return 1;
    if (o.result === 'repelled' || o.result === 'miss') return 0;
  }
  return null;
}

export function criticalsOf(roll: RollRecord | undefined): number {
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

export function changeOf(
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

export function changedShipIds(e: BattleEvent): Set<string> {
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

/**
 * The shots a ship fired: its gunnery moves; for older events, its entries the kind calls fire
 * (their damage dice included, which is why only the meaning's count is exact).
 */
export function shotsOf(entries: readonly ReportEntry[], shipId: string): ReportEntry[] {
  return entries.filter(
    (x) => x.actorId === shipId && (x.act === null ? x.category === 'fire' : x.act === 'gunnery')
  );
}

/** The boardings a ship began: its boarding moves (older events: every boarding-like entry). */
export function boardingsOf(entries: readonly ReportEntry[], shipId: string): ReportEntry[] {
  return entries.filter(
    (x) =>
      x.actorId === shipId && (x.act === null ? x.category === 'boarding' : x.act === 'boarding')
  );
}
