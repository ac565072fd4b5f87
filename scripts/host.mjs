// The live table's hub (issue 19): one command on the referee's laptop (or a Raspberry Pi) on the
// table's Wi-Fi. It serves the built app over plain http AND the Hocuspocus hub's websocket from the
// same port (so a phone's page reaches `ws://` on its own origin: no mixed content), keeps every
// battle document in a folder, and prints the join address with a QR code.
// Usage: node scripts/host.mjs [--port 4400] [--data hub-data] [--quiet]
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

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : fallback;
}

const PORT = Number(flag('port', process.env.PORT || 4400));
const DATA = resolve(flag('data', 'hub-data'));
const QUIET = process.argv.includes('--quiet');
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
/** The referee's own private document's seat (src/lib/live/secrets.ts REFEREE_SEAT). */
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

async function register(req, res) {
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
  registry[doc] = { referee, grants: map };
  await writeAtomic(AUTH_FILE, JSON.stringify(registry));
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

function openSeatDoc(battleDoc, encodedSeat, token) {
  const entry = registry[battleDoc];
  if (!entry) throw new Error('This battle is not shared on this hub.');
  let seat;
  try {
    seat = decodeURIComponent(encodedSeat);
  } catch {
    throw new Error('Not a seat of this battle.');
  }
  if (token === entry.referee) return { role: 'referee', seat };
  const grant = entry.grants[token];
  if (grant?.role === 'player' && seat !== REFEREE_SEAT && grant.seat === seat) return grant;
  throw new Error('This private document belongs to another seat.');
}

const server = new Server({
  port: PORT,
  address: '0.0.0.0',
  quiet: true,
  stopOnSignals: true,
  // A connection that sends nothing for this long is dropped (clients force a sync every 3 s).
  timeout: 12_000,
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
  async onAuthenticate({ documentName, token, connectionConfig }) {
    const seatDoc = SEAT_DOC.exec(documentName);
    if (seatDoc) return openSeatDoc(seatDoc[1], seatDoc[2], token);
    const entry = registry[documentName];
    if (!entry) throw new Error('This battle is not shared on this hub.');
    if (token === entry.referee) return { role: 'referee' };
    const grant = entry.grants[token];
    if (!grant) throw new Error('This link is not valid for this battle.');
    if (grant.role === 'spectator') connectionConfig.readOnly = true;
    return grant;
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
