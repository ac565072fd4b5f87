import { describe, expect, it } from 'vitest';
import {
  addShip,
  advancePhase,
  canRedo,
  canUndo,
  createAction,
  editSheet,
  history,
  historyProblems,
  note,
  redo,
  setupBattle,
  undo
} from './actions';
import { fold } from './fold';
import { INITIAL_STATE, stampEvent, type BattleEvent, type EventDraft } from '../engine/events';

/** A tiny in-memory log: stamps drafts the way the db layer does. */
function log() {
  const events: BattleEvent[] = [];
  return {
    events,
    state: () => fold(events),
    push(draft: EventDraft | null) {
      if (!draft) throw new Error('nothing to do');
      events.push(
        stampEvent(draft, {
          id: `e${events.length + 1}`,
          battleId: 'b',
          seq: events.length + 1,
          deviceId: 'dev',
          at: 1000 + events.length
        })
      );
    }
  };
}

const ship = {
  id: 's1',
  side: 'French',
  player: 'Bo',
  sheet: { name: 'Ville', hull: 10 },
  order: 0
};

describe('undo and redo', () => {
  it('undo restores the state before the action; redo restores the state after it', () => {
    const l = log();
    l.push(addShip(l.state(), ship, 'Ville'));
    const before = l.state();
    l.push(editSheet(before, 's1', { name: 'Ville', hull: 4 }, 'Ville: hull 10 → 4'));
    const after = l.state();
    l.push(undo(l.events));
    expect(l.state()).toEqual(before);
    l.push(redo(l.events));
    expect(l.state()).toEqual(after);
    expect(l.events.map((e) => e.kind)).toEqual(['ship.add', 'sheet.edit', 'undo', 'redo']);
  });

  it('keeps undone events in the log, marked voided, and names them in the undo line', () => {
    const l = log();
    l.push(addShip(l.state(), ship, 'Ville'));
    l.push(undo(l.events));
    expect(l.events).toHaveLength(2);
    expect(history(l.events).voided).toEqual(new Set(['e1']));
    expect(l.events[1].summary).toBe('Undid: Ville (French) joins the battle');
    expect(l.events[1].target).toBe('e1');
  });

  it('undoes several actions in reverse order, and redoes them in the original order', () => {
    const l = log();
    l.push(addShip(l.state(), ship, 'Ville'));
    const states = [INITIAL_STATE, l.state()];
    for (let i = 0; i < 3; i++) {
      l.push(advancePhase(l.state(), ['Move', 'Fire', 'Board']));
      states.push(l.state());
    }
    for (let i = states.length - 2; i >= 0; i--) {
      l.push(undo(l.events));
      expect(l.state()).toEqual(states[i]);
    }
    expect(canUndo(l.events)).toBe(false);
    for (let i = 1; i < states.length; i++) {
      l.push(redo(l.events));
      expect(l.state()).toEqual(states[i]);
    }
    expect(canRedo(l.events)).toBe(false);
    expect(historyProblems(l.events)).toEqual([]);
  });

  it('a new action after an undo ends the redo chain, and the undone action stays voided', () => {
    const l = log();
    l.push(addShip(l.state(), ship, 'Ville'));
    l.push(editSheet(l.state(), 's1', { name: 'Ville', hull: 4 }, 'hit'));
    l.push(undo(l.events));
    l.push(note('Wind backs to the north'));
    expect(canRedo(l.events)).toBe(false);
    expect(redo(l.events)).toBeNull();
    expect(history(l.events).voided.has('e2')).toBe(true);
  });

  it('does not undo the battle set-up', () => {
    const l = log();
    l.push(setupBattle(l.state(), { wind: 'N' }));
    expect(canUndo(l.events)).toBe(false);
    expect(undo(l.events)).toBeNull();
  });

  it('reports an undo that does not match the stack', () => {
    const l = log();
    l.push(addShip(l.state(), ship, 'Ville'));
    l.push({ kind: 'undo', summary: 'x', ops: [], target: 'nope' });
    expect(historyProblems(l.events)).toHaveLength(1);
  });

  it('refuses to make undo events through createAction', () => {
    expect(() =>
      createAction(INITIAL_STATE, {
        kind: 'undo',
        summary: '',
        next: INITIAL_STATE
      })
    ).toThrow();
  });
});
