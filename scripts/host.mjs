// The live table's hub (issue 19): one command on the referee's laptop (or a Raspberry Pi) on the
// table's Wi-Fi. It serves the built app over plain http AND the Hocuspocus hub's websocket from the
// same port (so a phone's page reaches `ws://` on its own origin: no mixed content), keeps every
// battle document in a folder, and prints the join address with a QR code.
// Usage: node scripts/host.mjs [--port 4400] [--data hub-data] [--address URL] [--quiet] [limits: --help]
import { Server } from '@hocuspocus/server';
import * as Y from 'yjs';
import qrcode from 'qrcode-generator';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { staticHandler } from './static-handler.mjs';
import { Cooldowns, LIMIT_FLAGS, SocketBudget, Window, readLimits } from './hub-limits.mjs';

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : fallback;
}

const PORT = Number(flag('port', process.env.PORT || 4400));
const DATA = resolve(flag('data', 'hub-data'));
const QUIET = process.argv.includes('--quiet');
/** The join address to hand out instead of the LAN addresses the machine sees (a hub behind a
 *  name or a forwarded port; the live-table test's made-up LAN name, resolved to this machine). */
const ADDRESS = flag('address', '');
if (process.argv.includes('--help')) {
  console.log('node scripts/host.mjs [--port 4400] [--data hub-data] [--address URL] [--quiet]');
  console.log('What one device may send (issue 34; README, "What the hub trusts"):');
  for (const line of LIMIT_FLAGS) console.log(`  ${line}`);
  process.exit(0);
}
let LIMITS;
try {
  LIMITS = readLimits(process.argv, process.env);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}
const ROOT = process.env.SERVE_DIR
  ? join(process.env.SERVE_DIR, '/')
  : new URL('../build/', import.meta.url).pathname;

if (!existsSync(join(ROOT, '200.html'))) {
  console.log('No build yet: building the app (vite build)…');
  const r = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await mkdir(DATA, { recursive: true });

// Document names are `battle:<id>`; file names must not carry ':' or '/'.
const fileOf = (name) => join(DATA, `${encodeURIComponent(name).replace(/%/g, '_')}.ydoc`);
const AUTH_FILE = join(DATA, 'auth.json');

async function writeAtomic(path, data) {
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}

let registrySaved = Promise.resolve();
/** The registry to disk, one write after another (two at once shared one temporary file). */
function saveRegistry() {
  registrySaved = registrySaved
    .catch(() => undefined)
    .then(() => writeAtomic(AUTH_FILE, JSON.stringify(registry)));
  return registrySaved;
}

/**
 * Which token opens which document with which rights: { [documentName]: { referee, grants: {
 * [token]: { role: 'player' | 'spectator', seat? } } } }. A battle's document is named by the hash
 * of its referee's secret token (src/lib/live/wire.ts hubKeyOf), and a registration must carry the
 * token whose hash is the name (issue 34): only the referee's device can register or take back a
 * battle, even on a hub restarted with an empty folder, and a player's or spectator's link (which
 * carries the name, never the token) cannot make its holder the referee.
 */
let registry = {};
try {
  registry = JSON.parse(await readFile(AUTH_FILE, 'utf8'));
} catch {
  registry = {};
}

function addresses() {
  if (ADDRESS) return [ADDRESS.replace(/\/+$/, '')];
  const out = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.family === 'IPv4' && !a.internal) out.push(`http://${a.address}:${PORT}`);
    }
  }
  return out.length > 0 ? out : [`http://localhost:${PORT}`];
}

async function readBody(req, limit = 256_000) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const isToken = (t) => typeof t === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(t);
/** The referee's own private document's seat (src/lib/engine/secrets.ts REFEREE_SEAT). */
const REFEREE_SEAT = '@referee';
const isDocName = (n) => typeof n === 'string' && /^battle:[A-Za-z0-9_-]{1,64}$/.test(n);

/** The document a referee token may register: `battle:` + SHA-256 of it (wire.ts hubKeyOf). */
const docOfReferee = (token) =>
  `battle:${createHash('sha256').update(`quarterdeck-hub:${token}`, 'utf8').digest('hex')}`;

function json(res, status, body) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store'
  });
  res.end(JSON.stringify(body));
}

/**
 * A refusal the device shows: Hocuspocus sends a thrown error's `reason` to the device (a plain
 * Error's message never leaves the hub; the device saw only "permission-denied").
 */
function refusal(text) {
  return Object.assign(new Error(text), { reason: text });
}

/** Registrations per address (issue 34): any request in the last minute, new battles in the hour. */
const registrations = new Window(60_000);
const newBattles = new Window(3_600_000);

async function register(req, res) {
  const address = req.socket.remoteAddress ?? 'unknown';
  if (registrations.hit(address, Date.now()) > LIMITS.registrationsPerMinute) {
    return json(res, 429, {
      error: `Too many registrations from this device (more than ${LIMITS.registrationsPerMinute} a minute): wait a minute.`
    });
  }
  let body;
  try {
    body = await readBody(req);
  } catch {
    return json(res, 400, { error: 'Not a registration.' });
  }
  const { doc, referee, grants } = body ?? {};
  if (!isDocName(doc) || !isToken(referee) || !Array.isArray(grants) || grants.length > 100) {
    return json(res, 400, { error: 'Not a registration.' });
  }
  if (doc !== docOfReferee(referee)) {
    return json(res, 403, { error: 'Only the referee’s device can share this battle.' });
  }
  const entry = registry[doc];
  if (entry && entry.referee !== referee) {
    return json(res, 403, { error: 'This battle is shared by another referee.' });
  }
  if (!entry) {
    if (newBattles.count(address, Date.now()) >= LIMITS.newBattlesPerHour) {
      return json(res, 429, {
        error: `This device has shared ${LIMITS.newBattlesPerHour} new battles on this hub in the last hour: wait before sharing another.`
      });
    }
    newBattles.hit(address, Date.now());
  }
  const map = {};
  for (const g of grants) {
    if (!isToken(g?.token) || g.token === referee) continue;
    if (g.role === 'spectator') map[g.token] = { role: 'spectator' };
    else if (
      g.role === 'player' &&
      typeof g.seat === 'string' &&
      g.seat.length <= 200 &&
      g.seat !== REFEREE_SEAT
    ) {
      map[g.token] = { role: 'player', seat: g.seat };
    }
  }
  registry[doc] = { referee, grants: map, seats: entry?.seats ?? [] };
  await saveRegistry();
  return json(res, 200, { ok: true });
}

const serveStatic = staticHandler(ROOT);

/**
 * A seat's private document (#19 item 5), `battle:<id>/seat/<seat>` (the seat URI-encoded): what
 * an opponent may not know (hidden orders, held cards). Only that seat's player token and the
 * referee's open it (read and write); a spectator, another seat or a stranger is refused, so the
 * document never reaches their device. `@referee` (the referee's own: the library) is the
 * referee's alone — no player grant can name it (register() drops such a seat).
 */
const SEAT_DOC = /^(battle:[A-Za-z0-9_-]{1,64})\/seat\/([^/]{1,700})$/;

async function openSeatDoc(battleDoc, encodedSeat, token) {
  const entry = registry[battleDoc];
  if (!entry) throw refusal('This battle is not shared on this hub.');
  let seat;
  try {
    seat = decodeURIComponent(encodedSeat);
  } catch {
    throw refusal('Not a seat of this battle.');
  }
  const grant = entry.grants[token];
  const opened =
    token === entry.referee
      ? { role: 'referee', seat }
      : grant?.role === 'player' && seat !== REFEREE_SEAT && grant.seat === seat
        ? grant
        : null;
  if (!opened) throw refusal('This private document belongs to another seat.');
  // Documents per battle (issue 34): the battle's own and at most docsPerBattle - 1 private ones,
  // so no link (not even the referee's) makes the hub keep documents without end.
  const seats = (entry.seats ??= []);
  if (!seats.includes(seat)) {
    if (seats.length + 1 >= LIMITS.docsPerBattle) {
      throw refusal(
        `This battle already has ${LIMITS.docsPerBattle} documents on the hub (its own and one per seat): the hub opens no more.`
      );
    }
    seats.push(seat);
    await saveRegistry();
  }
  return opened;
}

/** What each socket may still send (keyed by the socket: gone with it). */
const budgets = new WeakMap();
/** Sockets already dropped: the frames still in flight are refused without a word more. */
const dropped = new WeakSet();
/** Links dropped lately, refused until their cooldown has passed. */
const cooldowns = new Cooldowns(LIMITS.dropCooldownSeconds);

const WHY = {
  tooLarge: `one message over ${Math.round(LIMITS.maxUpdateBytes / 1024)} KiB`,
  tooFast: `more than ${LIMITS.updatesPerSecond} messages a second`,
  malformed: 'a message that is not a change the hub can read'
};

/** Who a connection is, for the hub's own log: never the token. */
function whoIs(context) {
  const seat = context?.seat ? `, seat ${context.seat}` : '';
  return `a ${context?.role ?? 'device'}${seat}`;
}

/**
 * Bounds what one socket sends (issue 34): each message is counted against its socket's budget
 * (size, messages and bytes a second) and a sync or update must be a readable Yjs update. Over the
 * budget, the socket is closed with the drop's code and reason (the device says why, in words), its
 * link is refused for the cooldown, and the message is not applied; the other devices are served
 * as before.
 */
function checkMessage({ connection, update, context }) {
  const ws = connection.webSocket;
  if (dropped.has(ws)) throw quiet('dropped');
  const now = Date.now();
  let budget = budgets.get(ws);
  if (!budget) budgets.set(ws, (budget = new SocketBudget(LIMITS, now)));
  const drop = budget.check(update, now);
  if (!drop) return;
  dropped.add(ws);
  if (context?.token) cooldowns.drop(context.token, now);
  console.log(`Dropped ${whoIs(context)}: ${WHY[drop.kind]}. The other devices play on.`);
  ws.close(drop.code, drop.reason);
  throw quiet(drop.reason, drop.code);
}

/** An error that stops Hocuspocus applying a message, without a stack trace in the hub's log. */
function quiet(reason, code) {
  const e = Object.assign(new Error(reason), { reason, ...(code ? { code } : {}) });
  e.stack = `refused: ${reason}`;
  return e;
}

/** A link dropped lately is refused until its cooldown has passed, saying when it may rejoin. */
function checkCooldown(token) {
  const wait = cooldowns.remaining(token, Date.now());
  if (wait > 0) {
    throw refusal(`The hub dropped this device a moment ago: it can rejoin in ${wait} s.`);
  }
}

const server = new Server({
  port: PORT,
  address: '0.0.0.0',
  quiet: true,
  stopOnSignals: true,
  // A connection that sends nothing for this long is dropped (clients force a sync every 3 s).
  timeout: 12_000,
  // ws refuses a frame past this before it is buffered whole (1009); the budget's own check, just
  // under it, says why in words.
  websocketOptions: { maxPayload: LIMITS.maxUpdateBytes + 64 * 1024 },
  debounce: 500,
  maxDebounce: 3_000,
  async onRequest({ request, response }) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/live/info') {
      json(response, 200, { addresses: addresses(), hub: true });
    } else if (url.pathname === '/live/register' && request.method === 'POST') {
      await register(request, response);
    } else {
      await serveStatic(request, response);
    }
    // Tells Hocuspocus the response is written (its default is a "Welcome" page).
    throw null;
  },
  // What the hook returns is the connection's context (its role and seat, and the token, which the
  // budget's drop refuses for the cooldown).
  async onAuthenticate({ documentName, token, connectionConfig }) {
    checkCooldown(token);
    const seatDoc = SEAT_DOC.exec(documentName);
    if (seatDoc) return { ...(await openSeatDoc(seatDoc[1], seatDoc[2], token)), token };
    const entry = registry[documentName];
    if (!entry) throw refusal('This battle is not shared on this hub.');
    if (token === entry.referee) return { role: 'referee', token };
    const grant = entry.grants[token];
    if (!grant) throw refusal('This link is not valid for this battle.');
    if (grant.role === 'spectator') connectionConfig.readOnly = true;
    return { ...grant, token };
  },
  async beforeHandleMessage(payload) {
    checkMessage(payload);
  },
  async onLoadDocument({ document, documentName }) {
    try {
      Y.applyUpdate(document, new Uint8Array(await readFile(fileOf(documentName))));
    } catch {
      // A new document, or an emptied folder: the devices rebuild it on connect.
    }
    return document;
  },
  async onStoreDocument({ document, documentName }) {
    await writeAtomic(fileOf(documentName), Y.encodeStateAsUpdate(document));
  }
});

/** The QR code as text: two modules per character cell (upper and lower half blocks). */
function qrText(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const dark = (r, c) => r >= 0 && c >= 0 && r < n && c < n && qr.isDark(r, c);
  const lines = [];
  for (let r = -2; r < n + 2; r += 2) {
    let line = '';
    for (let c = -2; c < n + 2; c++) {
      const top = dark(r, c);
      const bottom = dark(r + 1, c);
      // Light-on-dark terminals: print the light modules, so the code reads as dark-on-light.
      line += top && bottom ? ' ' : top ? '▄' : bottom ? '▀' : '█';
    }
    lines.push(line);
  }
  return lines.join('\n');
}

await server.listen();
const list = addresses();
console.log(`Quarterdeck live table hub on port ${PORT}; battles are kept in ${DATA}`);
console.log('On the referee’s device open:');
for (const a of list) console.log(`  ${a}`);
if (!QUIET) console.log(qrText(list[0]));
console.log('Then, on a battle: "Share live" shows each player’s own link and QR code.');
console.log(
  `Each device may send ${LIMITS.updatesPerSecond} messages a second, ${Math.round(LIMITS.maxUpdateBytes / 1024)} KiB at most in one; a device that sends more is dropped for ${LIMITS.dropCooldownSeconds} s (--help: the limits).`
);
