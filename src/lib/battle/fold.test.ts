import { describe, expect, it } from 'vitest';
import { applyOps, fold, OpError } from './fold';
import { INITIAL_STATE, type BattleShip, type Json } from '../engine/events';
import { addShip, advanceTurn, editSheet } from './actions';

const ship = (id: string, hull: number): BattleShip => ({
  id,
  side: 'British',
  player: 'Ann',
  sheet: { name: id, hull },
  order: 0
});

describe('fold', () => {
  it('starts from the initial state and applies every event in order', () => {
    const e1 = addShip(INITIAL_STATE, ship('a', 10), 'A');
    const s1 = fold([e1]);
    const e2 = editSheet(s1, 'a', { name: 'a', hull: 7 }, 'A: hull 10 → 7');
    const s2 = fold([e1, e2]);
    const e3 = advanceTurn(s2);
    const s3 = fold([e1, e2, e3]);
    expect(s3.turn).toBe(2);
    expect(s3.ships.a.sheet).toEqual({ name: 'a', hull: 7 });
    expect(INITIAL_STATE.ships).toEqual({});
  });

  it('shares every untouched ship with the previous state', () => {
    let s = INITIAL_STATE;
    const events = [];
    for (const id of ['a', 'b', 'c']) {
      const e = addShip(s, ship(id, 5), id);
      events.push(e);
      s = fold(events);
    }
    const edit = editSheet(s, 'b', { name: 'b', hull: 1 }, 'b hit');
    const next = applyOps(s as unknown as Json, edit.ops) as unknown as typeof s;
    expect(next.ships.a).toBe(s.ships.a);
    expect(next.ships.c).toBe(s.ships.c);
    expect(next.ships.b).not.toBe(s.ships.b);
    expect(s.ships.b.sheet).toEqual({ name: 'b', hull: 5 });
  });

  it('refuses an op that would replace an object prototype', () => {
    expect(() => applyOps({ a: 1 }, [{ op: 'set', path: ['__proto__'], value: { x: 1 } }])).toThrow(
      OpError
    );
  });

  it('refuses an op through a value that is not a container', () => {
    expect(() => applyOps({ a: 1 }, [{ op: 'set', path: ['a', 'b'], value: 2 }])).toThrow(OpError);
  });
});
