// What one device may send the live table's hub (issue 34 item 2), apart from the hub itself so the
// limits are unit-tested without a server (scripts/hub-limits.test.ts): the limits and how they are
// set (flags, environment), the budgets that count a connection's messages and bytes, the per-address
// registration windows and the cooldown of a dropped device. host.mjs wires them into its hooks.
import * as Y from 'yjs';

/**
 * Why the hub closed a device's socket: the websocket close code (4000–4999 are the application's)
 * and its reason `<limit>:<cooldown s>`. The app words each code for the table
 * (src/lib/live/hub-drop.ts; the test there holds the two lists together).
 */
export const DROP_CODES = Object.freeze({
  /** One message larger than maxUpdateBytes. */
  tooLarge: 4413,
  /** More messages (or bytes) per second than the budget allows. */
  tooFast: 4429,
  /** A message that is not a Yjs sync or update the hub can read. */
  malformed: 4400
});

const MIB = 1024 * 1024;

/**
 * The defaults, for a club table (one referee, up to a dozen phones, one battle of a few hours):
 * - maxUpdateBytes 8 MiB: a device that rejoins, or refills a hub restarted empty, sends the whole
 *   battle in one message; an event is about 0.5–2 KB, so 8 MiB holds some 5,000 events, more than
 *   a long evening's battle (a few hundred to 2,000).
 * - updatesPerSecond 30, in bursts of 5 s (150): a device sends a few messages a second (a tap is
 *   one or two, each document asks for a sync every 3 s), a few dozen when it reconnects with
 *   several private documents; a modified client pouring out changes is dropped within seconds.
 *   Bytes are budgeted too: two whole battles at once, then an eighth of one a second.
 * - docsPerBattle 32: the battle's own document, the referee's private one and 30 seats.
 * - registrationsPerMinute 30 per address: the referee's device registers each time it connects
 *   (at most every 3 s while the hub refuses it); newBattlesPerHour 10 per address: a stranger on
 *   the Wi-Fi cannot fill the hub's folder with battles.
 * - dropCooldownSeconds 30: a dropped device's link is refused that long, so a modified client that
 *   reconnects at once does not get a fresh burst.
 */
/**
 * @typedef {{ maxUpdateBytes: number, updatesPerSecond: number, burstSeconds: number,
 *   docsPerBattle: number, registrationsPerMinute: number, newBattlesPerHour: number,
 *   dropCooldownSeconds: number }} Limits
 * @typedef {keyof typeof DROP_CODES} DropKind
 * @typedef {{ kind: DropKind, code: number, reason: string }} Drop
 */

/** @type {Readonly<Limits>} */
export const DEFAULT_LIMITS = Object.freeze({
  maxUpdateBytes: 8 * MIB,
  updatesPerSecond: 30,
  burstSeconds: 5,
  docsPerBattle: 32,
  registrationsPerMinute: 30,
  newBattlesPerHour: 10,
  dropCooldownSeconds: 30
});

/**
 * Each limit's flag and environment variable (the flag wins), and its unit for the flag.
 * @type {[keyof Limits, string, string, number][]}
 */
const SETTINGS = [
  ['maxUpdateBytes', 'max-update-kb', 'QD_HUB_MAX_UPDATE_KB', 1024],
  ['updatesPerSecond', 'max-updates-per-second', 'QD_HUB_MAX_UPDATES_PER_SECOND', 1],
  ['docsPerBattle', 'max-docs-per-battle', 'QD_HUB_MAX_DOCS_PER_BATTLE', 1],
  [
    'registrationsPerMinute',
    'max-registrations-per-minute',
    'QD_HUB_MAX_REGISTRATIONS_PER_MINUTE',
    1
  ],
  ['newBattlesPerHour', 'max-new-battles-per-hour', 'QD_HUB_MAX_NEW_BATTLES_PER_HOUR', 1],
  ['dropCooldownSeconds', 'drop-cooldown', 'QD_HUB_DROP_COOLDOWN', 1]
];

/** The flags' help lines (host.mjs prints them with --help). */
export const LIMIT_FLAGS = SETTINGS.map(
  ([key, flag, env, unit]) =>
    `--${flag} <n>  (${env}; default ${DEFAULT_LIMITS[key] / unit}${unit === 1024 ? ' KiB' : ''})`
);

/**
 * The limits from the command line and the environment, over the defaults. A value that is not a
 * whole number ≥ 0 (≥ 1 for all but the cooldown) throws, naming the flag: the hub does not start
 * on a typo.
 */
/**
 * @param {readonly string[]} argv
 * @param {Record<string, string | undefined>} env
 * @returns {Limits}
 */
export function readLimits(argv = [], env = {}) {
  /** @type {Limits} */
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, flag, name, unit] of SETTINGS) {
    const i = argv.indexOf(`--${flag}`);
    const raw = i > -1 ? argv[i + 1] : env[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    const least = key === 'dropCooldownSeconds' ? 0 : 1;
    if (!Number.isSafeInteger(n) || n < least) {
      throw new Error(`--${flag} (${name}) must be a whole number of at least ${least}: "${raw}"`);
    }
    limits[key] = n * unit;
  }
  return limits;
}

/** A token bucket: `capacity` at most, refilled at `perSecond`; `now` in ms. */
export class Bucket {
  /** @param {number} capacity @param {number} perSecond @param {number} now */
  constructor(capacity, perSecond, now) {
    this.capacity = capacity;
    this.perSecond = perSecond;
    this.level = capacity;
    this.at = now;
  }

  /**
   * Takes `cost` if the bucket holds it; false (and nothing taken) when it does not.
   * @param {number} cost @param {number} now
   */
  take(cost, now) {
    this.level = Math.min(this.capacity, this.level + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (cost > this.level) return false;
    this.level -= cost;
    return true;
  }
}

/**
 * What one socket may still send: a message count and a byte count, and every message readable.
 * `check` returns null, or the drop (close code and reason) for a message that goes over or is not
 * a Hocuspocus message, or carries a sync or update that is not a Yjs update.
 */
export class SocketBudget {
  /** @param {Limits} limits @param {number} now */
  constructor(limits, now) {
    this.limits = limits;
    const rate = limits.updatesPerSecond;
    this.messages = new Bucket(rate * limits.burstSeconds, rate, now);
    this.bytes = new Bucket(2 * limits.maxUpdateBytes, limits.maxUpdateBytes / 8, now);
  }

  /** @param {Uint8Array} message @param {number} now @returns {Drop | null} */
  check(message, now) {
    const { limits } = this;
    const size = message.byteLength;
    if (size > limits.maxUpdateBytes) {
      return dropOf('tooLarge', Math.round(limits.maxUpdateBytes / 1024), limits);
    }
    if (!this.messages.take(1, now) || !this.bytes.take(size, now)) {
      return dropOf('tooFast', limits.updatesPerSecond, limits);
    }
    try {
      const update = updateOf(message);
      if (update) Y.decodeUpdate(update);
    } catch {
      return dropOf('malformed', 0, limits);
    }
    return null;
  }
}

/** A drop: its close code and reason (`<limit>:<cooldown s>`, well under the 123 bytes allowed). */
/** @param {DropKind} kind @param {number} limit @param {Limits} limits @returns {Drop} */
export function dropOf(kind, limit, limits) {
  return { kind, code: DROP_CODES[kind], reason: `${limit}:${limits.dropCooldownSeconds}` };
}

/**
 * The Yjs update a hub message carries (a sync step 2 or an update), null for any other message
 * (awareness, a sync step 1, auth); throws on a message it cannot read. Message layout (Hocuspocus
 * 4): varString document address, varUint type (0 sync, 4 sync reply), varUint sync type (1 step 2, 2 update),
 * varUint8Array update.
 */
/** @param {Uint8Array} message @returns {Uint8Array | null} */
export function updateOf(message) {
  const r = { buf: message, pos: 0 };
  const len = readVarUint(r);
  skip(r, len);
  const type = readVarUint(r);
  if (type !== 0 && type !== 4) return null;
  const syncType = readVarUint(r);
  if (syncType !== 1 && syncType !== 2) return null;
  const size = readVarUint(r);
  skip(r, size);
  return message.subarray(r.pos - size, r.pos);
}

/** @typedef {{ buf: Uint8Array, pos: number }} Reader */

/** @param {Reader} r */
function readVarUint(r) {
  let n = 0;
  let mult = 1;
  for (let i = 0; i < 8; i++) {
    if (r.pos >= r.buf.length) throw new Error('message cut short');
    const b = r.buf[r.pos++];
    n += (b & 0x7f) * mult;
    if (b < 0x80) return n;
    mult *= 128;
  }
  throw new Error('number too long');
}

/** @param {Reader} r @param {number} n */
function skip(r, n) {
  if (r.pos + n > r.buf.length) throw new Error('message cut short');
  r.pos += n;
}

/** How many times each key was counted in the last `windowMs` (per address registrations). */
export class Window {
  /** @param {number} windowMs */
  constructor(windowMs) {
    this.windowMs = windowMs;
    /** @type {Map<string, number[]>} */
    this.hits = new Map();
  }

  /** Counts one for `key` at `now`; returns the count within the window, this one included. */
  /** @param {string} key @param {number} now */
  hit(key, now) {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    list.push(now);
    this.hits.set(key, list);
    // Forget addresses not heard for a window (a long-running hub meets many phones).
    if (this.hits.size > 1000) {
      for (const [k, l] of this.hits) if (l[l.length - 1] <= since) this.hits.delete(k);
    }
    return list.length;
  }

  /** The count within the window, without counting. */
  /** @param {string} key @param {number} now */
  count(key, now) {
    const since = now - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since).length;
  }
}

/** Tokens the hub dropped, refused until their cooldown has passed. */
export class Cooldowns {
  /** @param {number} seconds */
  constructor(seconds) {
    this.ms = seconds * 1000;
    /** @type {Map<string, number>} */
    this.until = new Map();
  }

  /** @param {string} token @param {number} now */
  drop(token, now) {
    if (this.ms > 0) this.until.set(token, now + this.ms);
  }

  /** Whole seconds until `token` may connect again, 0 when it may now. */
  /** @param {string} token @param {number} now */
  remaining(token, now) {
    const until = this.until.get(token);
    if (until === undefined) return 0;
    if (until <= now) {
      this.until.delete(token);
      return 0;
    }
    return Math.ceil((until - now) / 1000);
  }
}
