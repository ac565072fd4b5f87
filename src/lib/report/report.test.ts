import { describe, expect, it } from 'vitest';
import { fold } from '$lib/battle/fold';
import { getSystem } from '$lib/rules/registry';
import type { RuleSystem, ShipTrack } from '$lib/rules/system';
import type { Sheet as PvSheet } from '$lib/rules/privateers/sheet';
import type { Sheet as WwSheet } from '$lib/rules/wooden-warships/sheet';
import type { Sheet as McSheet } from '$lib/rules/master-and-commander/sheet';
import { buildReport, categoryOf, type Report } from './model';
import { luckAudit } from './luck';
import { damageChart, trackCharts } from './chart';
import { reportMarkdown } from './markdown';
import { ScriptedLog, roll } from './scripted.test-helpers';

const pv = getSystem('privateers');
const ww = getSystem('wooden-warships');
const mc = getSystem('master-and-commander');

function pvShip(name: string): PvSheet {
  const s = pv.defaultSheet({ name }) as PvSheet;
  return {
    ...s,
    hull: { points: 30, damage: 0 },
    rigging: { points: 20, damage: 0 },
    crew: { initial: 100, current: 100 }
  };
}

/** Privateers: Surprise (Britain) and Hermione (Spain). Old and new kind spellings; one undone shot. */
function privateersBattle(): ScriptedLog {
  const log = new ScriptedLog();
  log.setup(pv.initialSystemState?.('standard', {}) as never);
  log.addShip('s', 'Britain', pvShip('Surprise')).addShip('h', 'Spain', pvShip('Hermione'));
  // The stored spelling of the current release…
  log.act<PvSheet>(
    'pv.cannonFire',
    'Surprise fires a broadside at Hermione: 2 hits',
    { h: (x) => ({ ...x, hull: { ...x.hull, damage: 6 }, crew: { ...x.crew, current: 97 } }) },
    roll(
      'Privateers cannon fire (SPEC C.4.7–C.4.9)',
      { firerId: 's', targetId: 'h' },
      [
        [12, 3, 'hit'],
        [12, 5, 'hit'],
        [12, 11, 'hit'],
        [6, 3],
        [6, 3],
        [6, 2]
      ],
      { hits: 2, critical: null }
    )
  );
  // An undone shot leaves no trace in the report.
  log.act<PvSheet>(
    'pv.cannon-fire',
    'Hermione fires at Surprise: 3 hits',
    { s: (x) => ({ ...x, hull: { ...x.hull, damage: 10 } }) },
    roll('pv.cannon-fire', { firerId: 'h', targetId: 's' }, [[12, 1]], { hits: 3 })
  );
  log.undo();
  log.nextTurn();
  // …and the new one.
  log.act<PvSheet>(
    'pv.cannon-fire',
    'Hermione fires high at Surprise: 1 hit, a critical',
    { s: (x) => ({ ...x, rigging: { ...x.rigging, damage: 4 } }) },
    roll(
      'pv.cannon-fire',
      { firerId: 'h', targetId: 's' },
      [
        [12, 2],
        [6, 1],
        [6, 1],
        [6, 4]
      ],
      { hits: 1, critical: { effect: 'Fire' } }
    )
  );
  log.act<PvSheet>('pv.morale', 'Hermione strikes her colours', {
    h: (x) => ({ ...x, struck: true })
  });
  return log;
}

function wwShip(name: string, hull: number, crew: number, rigging: number): WwSheet {
  const s = ww.defaultSheet({ name, className: 'Frigate' }) as WwSheet;
  return {
    ...s,
    hull: { original: hull, current: hull },
    crew: { original: crew, current: crew },
    rigging: { original: rigging, current: rigging }
  };
}

/** Wooden Warships: Diana fires at Juno's hull, then boards and takes her. */
function woodenWarshipsBattle(): ScriptedLog {
  const log = new ScriptedLog();
  log.setup(ww.initialSystemState?.('standard', {}) as never);
  log.addShip('d', 'Red', wwShip('Diana', 40, 30, 20), 'Red');
  log.addShip('j', 'Blue', wwShip('Juno', 36, 28, 18), 'Blue');
  log.act<WwSheet>(
    'ww.fire',
    "Diana fires a full broadside at Juno's hull (6″): 2 of 3 hit, 2d6+1d6 = 11 hull (25 left)",
    { j: (x) => ({ ...x, hull: { ...x.hull, current: 25 } }) },
    roll(
      'Wooden Warships attack (SPEC B.4.5, B.4.6)',
      { firerId: 'd', targetId: 'j', area: 'hull' },
      [
        [10, 2],
        [10, 5],
        [10, 9],
        [10, 1],
        [10, 7],
        [10, 3],
        [6, 4],
        [6, 5],
        [6, 2]
      ],
      { hitRolls: { hits: 2, pieces: [] }, damage: 11 },
      'entered'
    )
  );
  log.nextTurn();
  log.act<WwSheet>(
    'ww.boarding-rounds',
    'Diana boards Juno: Juno is captured',
    {
      d: (x) => ({ ...x, crew: { ...x.crew, current: 26 } }),
      j: (x) => ({ ...x, crew: { ...x.crew, current: 0 }, status: 'captured' })
    },
    roll(
      'ww.boarding-rounds',
      { attackerId: 'd', defenderId: 'j' },
      [
        [6, 6],
        [6, 2]
      ],
      [{ attackersLeft: 26, defendersLeft: 0 }]
    )
  );
  return log;
}

/** Master and Commander: Jack's Sophie hits Maturin's Ariel three times and sinks her. */
function masterAndCommanderBattle(): ScriptedLog {
  const log = new ScriptedLog();
  log.setup(null);
  log.addShip('so', '', mc.defaultSheet({ name: 'Sophie' }), 'Jack');
  log.addShip('ar', '', mc.defaultSheet({ name: 'Ariel' }), 'Maturin');
  const hit = (procedure: string, faces: [number, number][], f: (x: McSheet) => McSheet) =>
    log.act<McSheet>(
      'mc.attack',
      'Sophie attacks Ariel: hit',
      { ar: f },
      roll(procedure, { attacker: 'so', target: 'ar', attackDice: 2, defenceDice: 1 }, faces, {
        result: 'hit'
      })
    );
  hit(
    'attack',
    [
      [6, 6],
      [6, 2],
      [6, 4]
    ],
    (x) => ({ ...x, prizeDisks: 1 })
  );
  log.act<McSheet>(
    'mc.attack',
    'Sophie attacks Ariel: repelled',
    {},
    roll(
      'mc.attack',
      { attacker: 'so', target: 'ar', attackDice: 2, defenceDice: 2 },
      [
        [6, 3],
        [6, 1],
        [6, 5],
        [6, 2]
      ],
      { result: 'repelled' }
    )
  );
  log.nextTurn();
  hit(
    'mc.attack',
    [
      [6, 5],
      [6, 5],
      [6, 1]
    ],
    (x) => ({ ...x, prizeDisks: 0 })
  );
  hit(
    'mc.attack',
    [
      [6, 4],
      [6, 4],
      [6, 3]
    ],
    (x) => ({ ...x, isSunk: true })
  );
  return log;
}

function tracksOf(system: RuleSystem, sheet: unknown): ShipTrack[] {
  return system.tracks!(system.sheetSchema.parse(sheet));
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
    expect(categoryOf('pv.cannonFire')).toBe('fire');
    expect(categoryOf('pv.cannon-fire')).toBe('fire');
    expect(categoryOf('ww.boardingRounds')).toBe('boarding');
    expect(categoryOf('ww.boarding-rounds')).toBe('boarding');
    expect(categoryOf('mc.attack')).toBe('fire');
    expect(categoryOf('mc.counter-attack')).toBe('fire');
    expect(categoryOf('pv.morale')).toBe('morale');
    expect(categoryOf('mc.cards')).toBe('card');
    expect(categoryOf('turn.advance')).toBe('turn');
  });

  it("canonicalises kinds through the system's legacy map", () => {
    const log = privateersBattle();
    const renamed: RuleSystem = { ...pv, legacyIds: { 'pv.cannonFire': 'pv.cannon-fire' } };
    const report = buildReport({ events: log.events, system: renamed, title: 'x' });
    const kinds = report.turns.flatMap((t) => t.entries).map((x) => x.kind);
    expect(kinds).not.toContain('pv.cannonFire');
    expect(kinds.filter((k) => k === 'pv.cannon-fire')).toHaveLength(2);
  });
});
