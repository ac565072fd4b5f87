import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../engine/events';
import { history } from '../battle/actions';
import { privateers } from '../rules/privateers';
import { masterAndCommander } from '../rules/master-and-commander';
import { luckAudit } from './luck';
import { buildReport, shipStory } from './model';
import { withMoves } from '../rules/with-moves';

// With their moves: the report reads an old event by the move its kind names.
const PV = await withMoves(privateers);
const MC = await withMoves(masterAndCommander);

// Events written before moves stated their meaning (release 0.1's fixture battles, issue 31): the
// upgrade path reads what it can from them, and says plainly what it cannot.

const FILE = readFileSync(
  new URL('../db/fixtures/release-0.1-battles.json', import.meta.url),
  'utf8'
);
const PAYLOAD = (
  JSON.parse(FILE) as {
    payload: { events: BattleEvent[]; battles: { id: string; name: string }[] };
  }
).payload;

function eventsOf(name: string): BattleEvent[] {
  const battle = PAYLOAD.battles.find((b) => b.name.startsWith(name));
  if (!battle) throw new Error(name);
  return PAYLOAD.events.filter((e) => e.battleId === battle.id).sort((a, b) => a.seq - b.seq);
}

describe('the report of release 0.1 battles', () => {
  it('Privateers: each broadside counts the guns that hit (its outcome lists them per gun)', () => {
    const events = eventsOf('Privateers');
    const voided = history(events).voided;
    const fired = events.filter((e) => e.kind === 'pv.cannonFire' && !voided.has(e.id));
    expect(fired.length).toBeGreaterThan(0);
    const hitsBy = new Map<string, number>();
    for (const e of fired) {
      const inputs = e.roll?.inputs as { firerId: string };
      const hits = (e.roll?.outcome as { hits: boolean[] }).hits.filter(Boolean).length;
      hitsBy.set(inputs.firerId, (hitsBy.get(inputs.firerId) ?? 0) + hits);
    }
    const report = buildReport({ events, system: PV, title: 'T' });
    for (const [id, hits] of hitsBy) {
      const ship = report.ships.find((s) => s.id === id);
      expect(hits).toBeGreaterThan(0);
      expect(ship?.hitsScored).toBe(hits);
      expect(shipStory(ship!)).toContain(`scored ${hits} hit`);
    }
    // A grapple, a boarding round and the capture are one boarding, not three.
    const surprise = report.ships.find((s) => s.name === 'Surprise');
    expect(shipStory(surprise!)).toContain('boarded once');
  });

  it('an opposed roll whose split the record does not give is nobody’s, not the actor’s', () => {
    const events = eventsOf('Privateers');
    const report = buildReport({ events, system: PV, title: 'T' });
    const boarding = report.turns.flatMap((t) => t.entries).find((x) => x.kind === 'pv.boarding');
    // Its move's category, read from its kind; whose dice were which, it never said.
    expect(boarding?.act).toBe('boarding');
    expect(boarding?.dice).toBeNull();
    const audit = luckAudit(report);
    const dice = boarding?.roll?.dice.dice.length ?? 0;
    expect(dice).toBeGreaterThan(0);
    expect(audit.unattributed).toBeGreaterThanOrEqual(dice);
  });

  it('Master and Commander: attacks whose inputs give the split give each side its own dice', () => {
    const events = eventsOf('Master and Commander: advanced');
    const report = buildReport({
      events,
      system: MC,
      title: 'T',
      variant: 'advanced'
    });
    const audit = luckAudit(report);
    // Every side that rolled in an engagement has dice of its own (no side is left out).
    const sides = new Set(audit.sides.filter((x) => x.group === 'gunnery').map((x) => x.side));
    expect(sides.size).toBeGreaterThanOrEqual(2);
  });
});
