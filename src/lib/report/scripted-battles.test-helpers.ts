// The engines directly, not the registry: the registry finds them with import.meta.glob, which only
// Vite understands, and the Playwright report spec builds its battle file from these helpers too.
import { privateers } from '../rules/privateers';
import { woodenWarships } from '../rules/wooden-warships';
import { masterAndCommander } from '../rules/master-and-commander';
import type { Sheet as PvSheet } from '../rules/privateers/sheet';
import type { Sheet as WwSheet } from '../rules/wooden-warships/sheet';
import type { Sheet as McSheet } from '../rules/master-and-commander/sheet';
import { ScriptedLog, roll } from './scripted.test-helpers';
import { withMoves } from '../rules/with-moves';

// One scripted battle per system, for the report's unit tests and its browser test (relative
// imports: Playwright has no $lib alias).

// With their moves: the report reads an old event by the move its kind names.
export const pv = await withMoves(privateers);
export const ww = await withMoves(woodenWarships);
export const mc = await withMoves(masterAndCommander);

function pvShip(name: string): PvSheet {
  const s = pv.defaultSheet({ name });
  return {
    ...s,
    hull: { points: 30, damage: 0 },
    rigging: { points: 20, damage: 0 },
    crew: { initial: 100, current: 100 }
  };
}

/** Privateers: Surprise (Britain) and Hermione (Spain). Old and new kind spellings; one undone shot. */
export function privateersBattle(): ScriptedLog {
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
  const s = ww.defaultSheet({ name, className: 'Frigate' });
  return {
    ...s,
    hull: { original: hull, current: hull },
    crew: { original: crew, current: crew },
    rigging: { original: rigging, current: rigging }
  };
}

/** Wooden Warships: Diana fires at Juno's hull, then boards and takes her. */
export function woodenWarshipsBattle(): ScriptedLog {
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
export function masterAndCommanderBattle(): ScriptedLog {
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
