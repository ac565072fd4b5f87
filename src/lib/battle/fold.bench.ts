import { bench, describe } from 'vitest';
import { fold } from './fold';
import { INITIAL_STATE, stampEvent, type BattleEvent, type BattleState } from '../engine/events';
import { addShip, advancePhase, editSheet } from './actions';
import { applyEvent } from './fold';
import { foldMerged } from './merge-fold';

/** A 10,000-event battle: 12 ships, mostly sheet edits (hits, crew losses), phases and turns. */
function makeBattle(n: number): BattleEvent[] {
  const events: BattleEvent[] = [];
  let state: BattleState = INITIAL_STATE;
  const push = (draft: ReturnType<typeof addShip>) => {
    const e = stampEvent(draft, {
      id: `e${events.length}`,
      battleId: 'b',
      seq: events.length + 1,
      deviceId: 'd',
      at: events.length
    });
    events.push(e);
    state = applyEvent(state, e);
  };
  for (let i = 0; i < 12; i++) {
    push(
      addShip(
        state,
        {
          id: `s${i}`,
          side: i % 2 ? 'A' : 'B',
          player: 'p',
          sheet: {
            name: `Ship ${i}`,
            hull: { points: 40, damage: 0 },
            crew: { initial: 20, current: 20 },
            guns: [4, 4, 6, 6]
          },
          order: i
        },
        `Ship ${i}`
      )
    );
  }
  let k = 0;
  while (events.length < n) {
    k++;
    if (k % 25 === 0) {
      push(advancePhase(state, ['Move', 'Fire', 'Board']));
      continue;
    }
    const id = `s${k % 12}`;
    const sheet = state.ships[id].sheet as {
      hull: { points: number; damage: number };
    };
    push(
      editSheet(
        state,
        id,
        {
          ...sheet,
          hull: { ...sheet.hull, damage: (sheet.hull.damage + 1) % 40 }
        },
        'hit'
      )
    );
  }
  return events;
}

const events = makeBattle(10_000);

describe('fold', () => {
  bench('fold a 10,000-event battle', () => {
    fold(events);
  });
  // The live table's fold (#19) on the same single-device log: checks every op's prev, applies
  // each event atomically; it should cost about what fold does.
  bench('foldMerged a 10,000-event battle', () => {
    foldMerged(events);
  });
  // As a live session folds: with a recheck (here one that allows everything), so the working
  // state is handed out before each event and its containers copied again at the next write.
  bench('foldMerged a 10,000-event battle with a recheck', () => {
    foldMerged(events, () => null);
  });
});
