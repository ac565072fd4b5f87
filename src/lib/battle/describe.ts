import type { DiceSource, DieFace } from '../engine/dice';
import type { BattleEvent, DiceRoll } from '../engine/events';

/**
 * One readable log line per event. The summary written when the action was taken is the heart of
 * it (the actor knew the ship names); dice faces are appended so the log shows every roll, and
 * voided actions are marked so an undone roll is still visible but clearly not in effect.
 */

const SOURCE_TAG = { app: '', entered: ', typed in', scripted: ', scripted' } as const;

/**
 * "d6: 4, 2, typed in". A record that mixes app-rolled and typed-in dice (each die tagged, see
 * `joinRolls`) is told in runs: "d100: 37, 82; d6: 4, 5, typed in" — the source per die, not per action.
 */
export function describeDice(dice: DiceRoll): string {
  if (dice.dice.length === 0) return '';
  const runs: { source: DiceSource; dice: DieFace[] }[] = [];
  for (const d of dice.dice) {
    const source = d.source ?? dice.source;
    const last = runs[runs.length - 1];
    if (last && last.source === source) last.dice.push(d);
    else runs.push({ source, dice: [d] });
  }
  return runs
    .map((run) => {
      const faces = run.dice.map((d) => (d.label ? `${d.label} ${d.face}` : String(d.face)));
      const sides = new Set(run.dice.map((d) => d.sides));
      const kind = sides.size === 1 ? `d${run.dice[0].sides}` : 'dice';
      return `${kind}: ${faces.join(', ')}${SOURCE_TAG[run.source]}`;
    })
    .join('; ');
}

export interface DescribeOptions {
  /** Ids of voided (undone) events, from `history(events).voided`. */
  voided?: ReadonlySet<string>;
}

export function describe(event: BattleEvent, options: DescribeOptions = {}): string {
  let line = event.summary.trim() || fallbackSummary(event);
  if (event.roll) {
    const dice = describeDice(event.roll.dice);
    if (dice) line += ` [${dice}]`;
  }
  if (options.voided?.has(event.id)) line += ' (undone)';
  return line;
}

function fallbackSummary(event: BattleEvent): string {
  switch (event.kind) {
    case 'undo':
      return 'Undid the last action';
    case 'redo':
      return 'Redid the last undone action';
    case 'turn.advance':
      return 'Next turn';
    case 'phase.advance':
      return 'Next phase';
    case 'ship.add':
      return 'Ship added';
    case 'ship.remove':
      return 'Ship removed';
    case 'sheet.edit':
      return 'Ship log edited';
    case 'note':
      return 'Note';
    default: {
      const n = event.ops.length;
      return `${event.kind} (${n} change${n === 1 ? '' : 's'})`;
    }
  }
}
