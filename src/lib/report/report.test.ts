import { describe, expect, it } from 'vitest';
import { fold } from '$lib/battle/fold';
import type { RuleSystem, RuleSystemWithMoves, ShipTrack } from '$lib/engine/system';
import { buildReport, legacyCategoryOf, shipStory, type Report } from './model';
import { luckAudit } from './luck';
import { damageChart, trackCharts } from './chart';
import { reportMarkdown } from './markdown';
import { ScriptedLog, roll } from './scripted.test-helpers';
import type { Sheet as PvSheet } from '$lib/rules/privateers/sheet';
import {
  masterAndCommanderBattle,
  mc,
  privateersBattle,
  pv,
  woodenWarshipsBattle,
  ww
} from './scripted-battles.test-helpers';

function tracksOf(system: RuleSystem, sheet: unknown): ShipTrack[] {
  return system.tracks!(sheet as object);
}

/** The report's figures against a fresh fold of the log: final tracks, damage, the charts' ends. */
function expectFiguresFromFold(report: Report, log: ScriptedLog, system: RuleSystem): void {
  const state = fold(log.events);
  for (const ship of report.ships) {
    const folded = tracksOf(system, state.ships[ship.id].sheet);
    expect(ship.end).toEqual(folded);
    const start = ship.start;
    const fall = folded.reduce(
      (n, t) => n + Math.max(0, (start.find((x) => x.id === t.id)?.value ?? t.value) - t.value),
      0
    );
    expect(ship.damageTaken).toBe(fall);
    // Each chart line ends at the folded value.
    for (const t of folded) expect(ship.timeline.at(-1)?.values[t.id]).toBe(t.value);
  }
}

/** Damage per side per turn, summed over the battle. */
function totalDealt(report: Report): number {
  return report.turns.reduce(
    (n, t) => n + Object.values(t.dealtBySide).reduce((a, b) => a + b, 0),
    0
  );
}

describe('the after-action report of a scripted Privateers battle', () => {
  const log = privateersBattle();
  const report = buildReport({ events: log.events, system: pv, title: 'Off Cádiz' });

  it('every figure equals what a fold of the log gives', () => {
    expectFiguresFromFold(report, log, pv);
    const h = report.ships.find((s) => s.name === 'Hermione')!;
    const s = report.ships.find((x) => x.name === 'Surprise')!;
    expect(h.end.find((t) => t.id === 'hull')).toMatchObject({ value: 24, max: 30 });
    expect(h.end.find((t) => t.id === 'crew')).toMatchObject({ value: 97, max: 100 });
    expect(h.damageTaken).toBe(9);
    expect(s.damageTaken).toBe(4);
    expect(s.hitsScored).toBe(2);
    expect(h.hitsScored).toBe(1);
    expect(s.damageDealt).toBe(9);
    expect(totalDealt(report)).toBe(13);
  });

  it('leaves out the undone shot and says who won', () => {
    expect(report.voidedCount).toBe(1);
    expect(report.turns.flatMap((t) => t.entries).map((x) => x.summary)).not.toContain(
      'Hermione fires at Surprise: 3 hits'
    );
    expect(report.ships.find((x) => x.name === 'Hermione')!.status).toContain('struck');
    expect(report.winner).toBe('Britain');
    expect(report.outcome).toMatch(/^Britain wins/);
  });

  it('tells the battle turn by turn, criticals and status changes included', () => {
    const turn1 = report.turns.find((t) => t.turn === 1)!;
    expect(turn1.dealtBySide).toEqual({ Britain: 9 });
    const turn2 = report.turns.find((t) => t.turn === 2)!;
    expect(turn2.dealtBySide).toEqual({ Spain: 4 });
    expect(turn2.entries.find((x) => x.category === 'fire')!.criticals).toBe(1);
    const md = reportMarkdown(report, luckAudit(report));
    expect(md).toContain('# Off Cádiz: after-action report');
    expect(md).toContain(
      'Surprise fires a broadside at Hermione: 2 hits. — Hermione: hull 30 → 24, crew 100 → 97'
    );
    expect(md).toContain('Hermione: struck');
    expect(md).toContain(
      '| Hermione | Spain | Hull 24/30, Rigging 20/20, Crew 97/100 | struck | 4 | 9 |'
    );
  });

  it('charts hull per ship over the turns and damage per side per turn', () => {
    const hull = trackCharts(report).find((c) => c.trackId === 'hull')!;
    const herm = hull.series.find((s) => s.name === 'Hermione')!;
    expect(herm.points).toEqual([
      { turn: 0, value: 30 },
      { turn: 1, value: 24 },
      { turn: 2, value: 24 }
    ]);
    const dmg = damageChart(report);
    expect(dmg.turns.map((t) => t.bySide)).toEqual([
      { Britain: 9, Spain: 0 },
      { Britain: 0, Spain: 4 }
    ]);
  });
});

describe('the after-action report of a scripted Wooden Warships battle', () => {
  const log = woodenWarshipsBattle();
  const report = buildReport({ events: log.events, system: ww, title: 'Ushant' });

  it('every figure equals what a fold of the log gives', () => {
    expectFiguresFromFold(report, log, ww);
    const juno = report.ships.find((s) => s.name === 'Juno')!;
    expect(juno.end).toEqual([
      { id: 'hull', label: 'Hull', value: 25, max: 36, isDamage: true },
      { id: 'crew', label: 'Crew', value: 0, max: 28, isDamage: true },
      { id: 'rigging', label: 'Rigging', value: 18, max: 18, isDamage: true }
    ]);
    expect(juno.status).toContain('captured');
    const diana = report.ships.find((s) => s.name === 'Diana')!;
    expect(diana.hitsScored).toBe(2);
    expect(diana.damageDealt).toBe(11 + 28);
    // Diana's own losses in the boarding are not damage dealt by her side.
    expect(diana.damageTaken).toBe(4);
    expect(totalDealt(report)).toBe(juno.damageTaken);
    expect(report.winner).toBe('Red');
  });

  it('files the boarding (new spelling) and the fire (old spelling) under their own words', () => {
    const cats = report.turns.flatMap((t) => t.entries).map((x) => x.category);
    expect(cats).toContain('fire');
    expect(cats).toContain('boarding');
  });

  it('checks the typed-in percentile dice (too few to judge)', () => {
    const audit = luckAudit(report);
    expect(audit.fairness).toHaveLength(2);
    const d10 = audit.fairness.find((f) => f.sides === 10)!;
    expect(d10.rolls).toBe(6);
    expect(d10.verdict).toBe('too few');
    expect(d10.text).toBe('6 typed-in d10 rolls: too few to judge (50 needed).');
  });
});

describe('the after-action report of a scripted Master and Commander battle', () => {
  const log = masterAndCommanderBattle();
  const report = buildReport({ events: log.events, system: mc, title: 'The Mist' });

  it('every figure equals what a fold of the log gives, sides being the players', () => {
    expectFiguresFromFold(report, log, mc);
    const ariel = report.ships.find((s) => s.name === 'Ariel')!;
    expect(ariel.side).toBe('Maturin');
    expect(ariel.status).toContain('sunk');
    expect(ariel.end[0]).toMatchObject({ id: 'prize-disks', value: 0, max: 2 });
    const sophie = report.ships.find((s) => s.name === 'Sophie')!;
    expect(sophie.hitsScored).toBe(3);
    expect(totalDealt(report)).toBe(2);
    expect(report.winner).toBe('Jack');
  });

  it("splits an engagement's dice between attacker and defender for the luck audit", () => {
    const audit = luckAudit(report);
    const jack = audit.sides.find((s) => s.side === 'Jack' && s.group === 'gunnery')!;
    const maturin = audit.sides.find((s) => s.side === 'Maturin' && s.group === 'gunnery')!;
    // Jack: 6 2 · 3 1 · 5 5 · 4 4 (8 dice, sum 30); Maturin: 4 · 5 2 · 1 · 3 (5 dice, sum 15).
    expect(jack.dice).toBe(8);
    expect(maturin.dice).toBe(5);
    expect(audit.unattributed).toBe(0);
  });
});

describe('reading old and new spellings', () => {
  it('files both spellings of a kind under the same heading', () => {
    expect(legacyCategoryOf('pv.cannonFire')).toBe('fire');
    expect(legacyCategoryOf('pv.cannon-fire')).toBe('fire');
    expect(legacyCategoryOf('ww.boardingRounds')).toBe('boarding');
    expect(legacyCategoryOf('ww.boarding-rounds')).toBe('boarding');
    expect(legacyCategoryOf('mc.attack')).toBe('fire');
    expect(legacyCategoryOf('mc.counter-attack')).toBe('fire');
    expect(legacyCategoryOf('pv.morale')).toBe('morale');
    expect(legacyCategoryOf('mc.cards')).toBe('card');
    expect(legacyCategoryOf('turn.advance')).toBe('turn');
  });

  it("canonicalises kinds through the system's legacy map", () => {
    const log = privateersBattle();
    const renamed: RuleSystemWithMoves = {
      ...pv,
      legacyIds: { 'pv.cannonFire': 'pv.cannon-fire' }
    };
    const report = buildReport({ events: log.events, system: renamed, title: 'x' });
    const kinds = report.turns.flatMap((t) => t.entries).map((x) => x.kind);
    expect(kinds).not.toContain('pv.cannonFire');
    expect(kinds.filter((k) => k === 'pv.cannon-fire')).toHaveLength(2);
  });
});

describe('the words of the report', () => {
  it("tells each ship's story in the sheet's own terms", () => {
    const pvReport = buildReport({ events: privateersBattle().events, system: pv, title: 'x' });
    const surprise = pvReport.ships.find((s) => s.name === 'Surprise')!;
    expect(shipStory(surprise)).toBe(
      'Surprise (Britain) opened fire once and scored 2 hits, taking 6 hull and 3 crew from the enemy; she lost 4 rigging, and ended the battle still fighting: Hull 30/30, Rigging 16/20, Crew 100/100.'
    );
    const mcReport = buildReport({
      events: masterAndCommanderBattle().events,
      system: mc,
      title: 'x'
    });
    const ariel = mcReport.ships.find((s) => s.name === 'Ariel')!;
    expect(shipStory(ariel)).toBe(
      'Ariel (Maturin) did not open fire; she lost 2 prize disks, and ended sunk: Prize disks 0/2.'
    );
  });

  it('does not count a fire burning aboard as gunnery', () => {
    const log = privateersBattle();
    log.act<PvSheet>(
      'pv.fire',
      'Fire aboard Surprise: 5 hull',
      { s: (x) => ({ ...x, hull: { ...x.hull, damage: x.hull.damage + 5 } }) },
      roll('pv.fire', { shipId: 's', turn: 2 }, [[12, 4]], { summary: 'still burning' })
    );
    const report = buildReport({ events: log.events, system: pv, title: 'x' });
    const last = report.turns.at(-1)!.entries.at(-1)!;
    expect(last.category).toBe('other');
    expect(last.damageDealt).toBe(0);
    const surprise = report.ships.find((s) => s.name === 'Surprise')!;
    expect(surprise.damageTaken).toBe(9);
    expect(surprise.story.filter((x) => x.category === 'fire' && x.actorId === 's')).toHaveLength(
      1
    );
  });
});

describe('the cost of a long battle', () => {
  it('writes the report of a 2,000-shot battle in seconds at most, even on a loaded machine', () => {
    const log = new ScriptedLog();
    log.setup(null);
    log.addShip('a', 'Britain', {
      ...pv.defaultSheet({ name: 'A' }),
      hull: { points: 100000, damage: 0 }
    });
    log.addShip('b', 'France', {
      ...pv.defaultSheet({ name: 'B' }),
      hull: { points: 100000, damage: 0 }
    });
    for (let i = 0; i < 2000; i++) {
      const [by, at] = i % 2 ? ['a', 'b'] : ['b', 'a'];
      log.act<PvSheet>(
        'pv.cannon-fire',
        `${by} fires`,
        { [at]: (x) => ({ ...x, hull: { ...x.hull, damage: x.hull.damage + 1 } }) },
        roll(
          'pv.cannon-fire',
          { firerId: by, targetId: at },
          [
            [12, (i % 12) + 1],
            [6, (i % 6) + 1]
          ],
          { hits: 1 }
        )
      );
      if (i % 50 === 49) log.nextTurn();
    }
    const t0 = performance.now();
    const report = buildReport({ events: log.events, system: pv, title: 'x' });
    const t1 = performance.now();
    const audit = luckAudit(report);
    const ms = performance.now() - t0;
    console.log(
      `report ${(t1 - t0).toFixed(0)} ms, audit ${(performance.now() - t1).toFixed(0)} ms`
    );
    expect(report.ships.map((s) => s.damageTaken)).toEqual([1000, 1000]);
    expect(audit.sides.find((s) => s.side === 'Britain')!.dice).toBe(2000);
    expect(ms).toBeLessThan(10_000);
    console.log(`report + luck audit of ${log.events.length} events: ${ms.toFixed(0)} ms`);
  });
});
