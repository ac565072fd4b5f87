// The live table's figures (issue 19), with the real hub (scripts/host.mjs) on this machine and
// Yjs documents as devices: bytes per event, join time of a 1,600-event battle, and convergence
// after a reconnect with 200 offline events on each side. (The devices' Dexie writes are not in
// these figures: src/lib/live/replica.test.ts covers that path.)
// Usage: node scripts/bench-live.mjs [--port 4409]
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';

const portFlag = process.argv.indexOf('--port');
const PORT = Number(portFlag > -1 ? process.argv[portFlag + 1] : 4409);
const HUB = `http://localhost:${PORT}`;
// Node 20 has no global WebSocket; `ws` comes with the toolchain.
const WebSocketPolyfill = globalThis.WebSocket ?? (await import('ws')).default;

const data = mkdtempSync(join(tmpdir(), 'qd-bench-hub-'));
// The bench writes 1,600 events one by one as fast as it can: far more than the hub lets one device
// send (issue 34), so its limits are raised here; what is measured is the wire and the merge.
const hub = spawn(
  'node',
  [
    'scripts/host.mjs',
    ...['--port', String(PORT), '--data', data, '--quiet'],
    ...['--max-updates-per-second', '1000000', '--max-update-kb', '65536']
  ],
  { stdio: 'ignore', detached: true }
);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${HUB}/live/info`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 150) throw new Error('the hub did not start');
  await sleep(200);
}

const referee = 'r'.repeat(22);
// The battle's name on the hub is the hash of the referee's token (issue 34; wire.ts hubKeyOf).
const battleId = createHash('sha256').update(`quarterdeck-hub:${referee}`, 'utf8').digest('hex');
const player = 'p'.repeat(22);
await fetch(`${HUB}/live/register`, {
  method: 'POST',
  body: JSON.stringify({
    doc: `battle:${battleId}`,
    referee,
    grants: [{ token: player, role: 'player', seat: 'Ann' }]
  })
});

let sent = 0;
function device(token) {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: HUB.replace('http', 'ws'),
    WebSocketPolyfill
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `battle:${battleId}`,
    document: doc,
    token,
    onOutgoingMessage: ({ message }) => {
      sent += message.toUint8Array().length;
    }
  });
  const synced = new Promise((resolve) => provider.on('synced', () => resolve()));
  provider.attach();
  return { doc, socket, provider, synced, events: doc.getMap('events') };
}

/** An event as the log writes it: a sheet edit with its ops, clock and input. */
let n = 0;
function event(deviceId) {
  n += 1;
  const hull = n % 20;
  return {
    id: `01a2${String(n).padStart(4, '0')}-0000-7000-8000-${deviceId.padEnd(12, '0').slice(0, 12)}`,
    battleId,
    deviceId,
    at: 1_767_000_000_000 + n,
    kind: 'sheet.edit',
    summary: `Swift: hull ${hull}`,
    ops: [{ op: 'set', path: ['ships', 'swift', 'sheet', 'hull'], value: hull, prev: hull + 1 }],
    clock: (1_767_000_000_000 + n).toString(16).padStart(12, '0') + '0000',
    input: { shipId: 'swift', hull }
  };
}

const ms = (t) => `${Math.round(performance.now() - t)} ms`;

// 1. Bytes per event: 1,600 events written one by one (one update each) by the referee's device.
const a = device(referee);
await a.synced;
sent = 0;
for (let i = 0; i < 1600; i++) a.events.set(`e${i}`, event('referee'));
await sleep(1500);
const wire = sent;
const stored = Y.encodeStateAsUpdate(a.doc).length;
console.log(
  `live: ${(wire / 1600).toFixed(0)} bytes on the wire per event, ${(stored / 1600).toFixed(0)} bytes per event in the document`
);

// 2. A new device joins the 1,600-event battle.
let t = performance.now();
const b = device(player);
await b.synced;
console.log(`live: a device joins a 1,600-event battle in ${ms(t)} (${b.events.size} events)`);

// 3. B offline; 200 events on each side; B back: time until both hold the same events.
b.socket.disconnect();
await sleep(300);
for (let i = 0; i < 200; i++) a.events.set(`a-off-${i}`, event('referee'));
for (let i = 0; i < 200; i++) b.events.set(`b-off-${i}`, event('player'));
t = performance.now();
b.socket.shouldConnect = true;
void b.socket.connect();
for (;;) {
  if (a.events.size === b.events.size && a.events.size === 2000) break;
  if (performance.now() - t > 30_000)
    throw new Error(`no convergence: ${a.events.size} / ${b.events.size}`);
  await sleep(5);
}
console.log(`live: 200 + 200 offline events converge ${ms(t)} after the link is back`);

for (const d of [a, b]) {
  d.provider.destroy();
  d.socket.destroy();
}
process.kill(-hub.pid, 'SIGTERM');
rmSync(data, { recursive: true, force: true });
process.exit(0);
