import { defineMove, draftOf, refuse, type Move } from './move';

/**
 * "Log the result": the referee records the ending the turn model found (TurnStatus.ending) in the
 * log, one undoable event of the battle layer that changes nothing else.
 */
export const endBattleMove: Move<{ text: string }> = defineMove<{ text: string }>({
  id: 'battle.end',
  category: 'other',
  input: ({ z, textInput }) => z.strictObject({ text: textInput(500) }),
  run: (state, { text }) => {
    const words = text.trim();
    if (!words) return refuse('There is no result to record.');
    return draftOf(state, {
      kind: 'battle.end',
      summary: `The battle ends: ${words}`,
      next: state
    });
  }
});
