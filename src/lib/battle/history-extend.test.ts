import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendHistory, history, note, redo, undo } from './actions';
import { stampEvent, type BattleEvent, type EventDraft } from '../engine/events';

// The session extends the undo stack with the events appended since its last look instead of
// replaying the whole log on every action (issue 18); it must always equal the full replay.

function stamp(events: BattleEvent[], draft: EventDraft): void {
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

/** A log of notes, undos and redos as the session would write them, in the given order. */
function logOf(steps: readonly ('act' | 'undo' | 'redo')[]): BattleEvent[] {
  const events: BattleEvent[] = [];
  for (const s of steps) {
    const draft =
      s === 'act' ? note(`n${events.length}`) : s === 'undo' ? undo(events) : redo(events);
    if (draft) stamp(events, draft);
  }
  return events;
}

const plain = (h: ReturnType<typeof history>) => ({
  done: h.done.map((e) => e.id),
  undone: h.undone.map((e) => e.id),
  voided: [...h.voided].sort(),
  targets: [...h.targets].map(([k, v]) => [k, v.id]).sort()
});

describe('extendHistory', () => {
  it('equals the full replay at every split of any act/undo/redo log, and leaves the old one alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('act', 'undo', 'redo'), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (steps, cuts) => {
          const events = logOf(steps);
          const at = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
          let h = history<BattleEvent>([]);
          let from = 0;
          for (const to of [...at, events.length]) {
            const before = plain(h);
            const next = extendHistory(h, events.slice(from, to));
            expect(plain(h)).toEqual(before);
            expect(plain(next)).toEqual(plain(history(events.slice(0, to))));
            h = next;
            from = to;
          }
        }
      )
    );
  });
});
