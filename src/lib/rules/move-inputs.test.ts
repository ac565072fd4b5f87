import { describe, expect, it } from 'vitest';
import { SYSTEMS as ENGINES } from './registry';
import { withMoves } from './with-moves';
import type { Move } from '../battle/move';
import { advanceMove } from '../battle/advance';
import { addShipMove } from '../battle/add-ship';
import { endBattleMove } from '../battle/end';
import { editSheetMove, removeShipMove } from '../battle/ship-moves';
import { parseInput } from '../battle/move-input';
import * as kit from '../engine/input-kit';

// Issue 31: every move of every system, and the battle layer's own, states its input as a zod
// schema, so an input from outside (a tap, a move merged from another device) is parsed, never
// trusted. That every input the real moves accept parses under its schema is held by the unit
// tests themselves: in strict mode (meaning-strict.test-setup.ts) a move that accepts an input its
// schema refuses throws, in every test that drives the moves (the testkits).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input and options
type AnyMove = Move<any, any>;

const SYSTEMS = await Promise.all(ENGINES.map((s) => withMoves(s)));

/** Every exported move of the systems' move modules, found by shape (a new module is covered). */
const MODULES = import.meta.glob<Record<string, unknown>>(
  ['./*/moves*.ts', './*/turn.ts', '!./**/*.test.ts', '!./**/*.testkit.ts', '!./**/*.fixture.ts'],
  { eager: true }
);

function isMoveLike(v: unknown): v is AnyMove {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as AnyMove).id === 'string' &&
    typeof (v as AnyMove).run === 'function' &&
    'category' in v
  );
}

function exportedMoves(): { where: string; move: AnyMove }[] {
  return Object.entries(MODULES).flatMap(([path, mod]) =>
    Object.entries(mod)
      .filter(([, v]) => isMoveLike(v))
      .map(([name, v]) => ({ where: `${path} ${name}`, move: v as AnyMove }))
  );
}

/** The moves each battle runs: the system's, its way on, and the battle layer's. */
function battleMoves(): { where: string; move: AnyMove }[] {
  return SYSTEMS.flatMap((system) => {
    const own: AnyMove[] = [
      ...system.moves,
      ...(system.nextStep ? [system.nextStep] : []),
      advanceMove(system),
      addShipMove(system, system.schemas)
    ];
    return own.map((move) => ({ where: `${system.id} ${move.id}`, move }));
  }).concat(
    [editSheetMove(SYSTEMS[0].schemas), removeShipMove, endBattleMove].map((move) => ({
      where: `battle ${move.id}`,
      move
    }))
  );
}

/** Why a move's schema does not do its job, or null. */
function schemaProblem(move: AnyMove): string | null {
  const schema = typeof move.input === 'function' ? move.input(kit) : null;
  if (typeof schema?.safeParse !== 'function') return 'has no input schema';
  if (schema.safeParse(null).success) return 'accepts null';
  if (schema.safeParse('an order').success) return 'accepts a string';
  // Strict: a field no move reads is refused, not carried into the log.
  if (schema.safeParse({ __unexpected: 1 }).success) return 'accepts an unknown field';
  return null;
}

describe('every move states its typed input (issue 31)', () => {
  it('every move of every system and of the battle layer has a strict input schema', () => {
    const moves = battleMoves();
    // Privateers 33, Wooden Warships 18, Master and Commander 23 at the time of writing.
    expect(moves.length).toBeGreaterThan(70);
    const problems = moves.flatMap(({ where, move }) => {
      const p = schemaProblem(move);
      return p ? [`${where} ${p}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('every move a system module exports is one of its system’s moves, with its schema', () => {
    const registered = new Set(battleMoves().map((m) => m.move.id));
    const found = exportedMoves();
    expect(found.length).toBeGreaterThan(70);
    expect(found.filter((m) => !registered.has(m.move.id)).map((m) => m.where)).toEqual([]);
    expect(found.flatMap((m) => (schemaProblem(m.move) ? [m.where] : []))).toEqual([]);
  });

  it('a malformed input is refused in words that name the move and the field', () => {
    const reload = SYSTEMS.flatMap((s) => s.moves).find((m) => m.id === 'pv.reload');
    expect(reload).toBeDefined();
    if (!reload) return;
    const bad = parseInput(
      reload,
      {
        shipId: 'surprise',
        dice: { source: 'entered', dice: [{ sides: 12, face: 13 }] }
      },
      kit
    );
    expect(bad).toEqual({
      ok: false,
      error:
        'Not a valid input for pv.reload (dice.dice[0].face: face must be between 1 and sides); nothing was changed.'
    });
    const extra = parseInput(
      reload,
      {
        shipId: 'surprise',
        dice: { source: 'entered', dice: [] },
        guns: 3
      },
      kit
    );
    expect(extra.ok ? '' : extra.error).toContain('unexpected field "guns"');
    const good = parseInput(reload, { shipId: 'surprise', dice: { source: 'app', dice: [] } }, kit);
    expect(good.ok).toBe(true);
  });
});
