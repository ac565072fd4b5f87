import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import {
  Cooldowns,
  DEFAULT_LIMITS,
  DROP_CODES,
  SocketBudget,
  Window,
  readLimits,
  updateOf
} from './hub-limits.mjs';
import { HUB_DROP_CODES, hubDropOf } from '../src/lib/live/hub-drop';

// The live table hub's limits (issue 34 item 2), without a server: what one device may send, how
// they are set, and the drop the device is told. The browser test (tests/live-limits.spec.ts)
// runs them through the real hub.

/** A message as a Hocuspocus 4 provider sends it: address, type, sync type, payload. */
function message(type: number, syncType: number | null, payload: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, 'battle:abc');
  encoding.writeVarUint(e, type);
  if (syncType !== null) encoding.writeVarUint(e, syncType);
  encoding.writeVarUint8Array(e, payload);
  return encoding.toUint8Array(e);
}

function anUpdate(n = 1): Uint8Array {
  const doc = new Y.Doc();
  for (let i = 0; i < n; i++) doc.getMap('events').set(`e${i}`, { id: `e${i}`, summary: 'x' });
  return Y.encodeStateAsUpdate(doc);
}

const small = message(0, 2, anUpdate());

describe('the limits, from flags and the environment', () => {
  it('are the defaults when nothing is set', () => {
    expect(readLimits([], {})).toEqual(DEFAULT_LIMITS);
  });

  it('take a flag over the environment, sizes in KiB', () => {
    const limits = readLimits(['--max-update-kb', '64', '--max-updates-per-second', '5'], {
      QD_HUB_MAX_UPDATE_KB: '9',
      QD_HUB_DROP_COOLDOWN: '0',
      QD_HUB_MAX_DOCS_PER_BATTLE: '4'
    });
    expect(limits).toMatchObject({
      maxUpdateBytes: 64 * 1024,
      updatesPerSecond: 5,
      dropCooldownSeconds: 0,
      docsPerBattle: 4
    });
  });

  it('refuse a value that is not a whole number, naming the flag', () => {
    expect(() => readLimits(['--max-updates-per-second', 'lots'], {})).toThrow(
      /--max-updates-per-second/
    );
    expect(() => readLimits([], { QD_HUB_MAX_UPDATE_KB: '0' })).toThrow(/--max-update-kb/);
    expect(() => readLimits(['--drop-cooldown', '-1'], {})).toThrow(/--drop-cooldown/);
  });
});

describe('one socket’s budget', () => {
  const limits = { ...DEFAULT_LIMITS, updatesPerSecond: 10, burstSeconds: 5 };

  it('lets a burst through, then drops a device that keeps sending faster than the rate', () => {
    const budget = new SocketBudget(limits, 0);
    for (let i = 0; i < 50; i++) expect(budget.check(small, 0)).toBeNull();
    const drop = budget.check(small, 0);
    expect(drop).toMatchObject({ kind: 'tooFast', code: DROP_CODES.tooFast, reason: '10:30' });
  });

  it('refills at the rate: a device sending at the rate is never dropped', () => {
    const budget = new SocketBudget(limits, 0);
    for (let t = 0; t < 60_000; t += 100) expect(budget.check(small, t)).toBeNull();
  });

  it('drops one message larger than the largest update', () => {
    const budget = new SocketBudget({ ...limits, maxUpdateBytes: 1024 }, 0);
    const big = message(0, 2, anUpdate(40));
    expect(big.byteLength).toBeGreaterThan(1024);
    expect(budget.check(big, 0)).toMatchObject({ kind: 'tooLarge', reason: '1:30' });
  });

  it('counts bytes: two whole battles at once pass, a third at once is too fast', () => {
    const whole = message(0, 1, anUpdate(40));
    const budget = new SocketBudget({ ...limits, maxUpdateBytes: whole.byteLength }, 0);
    expect(budget.check(whole, 0)).toBeNull();
    expect(budget.check(whole, 0)).toBeNull();
    expect(budget.check(whole, 0)).toMatchObject({ kind: 'tooFast' });
  });

  it('drops a sync or update that is not a Yjs update, and a message cut short', () => {
    const budget = () => new SocketBudget(limits, 0);
    expect(budget().check(message(0, 2, new Uint8Array([1, 2, 3, 4, 5])), 0)).toMatchObject({
      kind: 'malformed',
      code: DROP_CODES.malformed
    });
    expect(budget().check(small.subarray(0, small.length - 3), 0)).toMatchObject({
      kind: 'malformed'
    });
  });

  it('reads only syncs and updates: presence and a sync request pass as they are', () => {
    const presence = message(1, null, new Uint8Array([9, 9, 9]));
    expect(updateOf(presence)).toBeNull();
    expect(updateOf(message(0, 0, new Uint8Array([0])))).toBeNull();
    const u = anUpdate(3);
    expect(Array.from(updateOf(message(0, 2, u)) ?? [])).toEqual(Array.from(u));
    expect(Array.from(updateOf(message(4, 1, u)) ?? [])).toEqual(Array.from(u));
    expect(new SocketBudget(limits, 0).check(presence, 0)).toBeNull();
  });
});

describe('per-address windows and the cooldown of a dropped link', () => {
  it('count an address’s requests in the window only', () => {
    const w = new Window(60_000);
    for (let i = 1; i <= 3; i++) expect(w.hit('10.0.0.7', i)).toBe(i);
    expect(w.hit('10.0.0.8', 4)).toBe(1);
    expect(w.count('10.0.0.7', 60_002)).toBe(1);
    expect(w.hit('10.0.0.7', 120_000)).toBe(1);
  });

  it('refuse a dropped token until its cooldown has passed', () => {
    const c = new Cooldowns(30);
    c.drop('tok', 1_000);
    expect(c.remaining('tok', 1_000)).toBe(30);
    expect(c.remaining('tok', 30_500)).toBe(1);
    expect(c.remaining('tok', 31_000)).toBe(0);
    expect(c.remaining('other', 1_000)).toBe(0);
    const none = new Cooldowns(0);
    none.drop('tok', 0);
    expect(none.remaining('tok', 0)).toBe(0);
  });
});

describe('the device’s words for a drop', () => {
  it('the app words every code the hub closes with, and no other', () => {
    expect(HUB_DROP_CODES).toEqual(DROP_CODES);
    expect(hubDropOf(1006, '')).toBeNull();
    expect(hubDropOf(1000, 'provider_initiated')).toBeNull();
  });

  it('says what happened, with the hub’s limit, and how to rejoin', () => {
    const budget = new SocketBudget({ ...DEFAULT_LIMITS, updatesPerSecond: 1, burstSeconds: 1 }, 0);
    budget.check(small, 0);
    const drop = budget.check(small, 0);
    const words = hubDropOf(drop?.code, drop?.reason);
    expect(words?.text).toContain('over 1 a second');
    expect(words?.text).toContain('tap Rejoin');
    expect(words?.text).toContain('after 30 s');
    expect(hubDropOf(DROP_CODES.tooLarge, '8192:30')?.text).toContain('over 8 MB');
    expect(hubDropOf(DROP_CODES.malformed, '0:0')?.text).toContain('not a change of this battle');
  });
});
