import {
  addShip,
  advanceTurn,
  createAction,
  setupBattle,
  undo as undoDraft
} from '../battle/actions';
import {
  INITIAL_STATE,
  stampEvent,
  type BattleEvent,
  type BattleState,
  type EventDraft,
  type Json,
  type RollRecord
} from '../engine/events';
import { applyEvent } from '../battle/fold';
import { withSheets } from '../battle/sheets';
import type { Move, MoveContext } from '../battle/move';
import type { DiceSource } from '../engine/dice';

// Relative imports only: the browser tests (Playwright, no $lib alias) build their battles with it.

/**
 * A scripted battle driven through the generic event log only (setup, ship.add, actions made by
 * diffing states, undo), so the report's tests do not depend on any system's move signatures,
 * which are being rewritten. Each action carries a roll record shaped as the system's moves write
 * them (the firer and target ids, every die face and who rolled it).
 */
export class ScriptedLog {
  events: BattleEvent[] = [];
  state: BattleState = INITIAL_STATE;

  push(draft: EventDraft): BattleEvent {
    const seq = this.events.length + 1;
    const e = stampEvent(draft, {
      id: `e${seq}`,
      battleId: 'b1',
      seq,
      deviceId: 'd1',
      at: 1_700_000_000_000 + seq * 1000
    });
    this.events.push(e);
    this.state = applyEvent(this.state, e);
    return e;
  }

  setup(system: Json): this {
    this.push(setupBattle(this.state, system));
    return this;
  }

  addShip(id: string, side: string, sheet: object, player = ''): this {
    const name = (sheet as { name: string }).name;
    this.push(
      addShip(
        this.state,
        { id, side, player, sheet: sheet as Json, order: Object.keys(this.state.ships).length },
        name
      )
    );
    return this;
  }

  /** An action that replaces some sheets (read-modify-write of the current ones). */
  act<S>(
    kind: string,
    summary: string,
    sheets: Record<string, (s: S) => S>,
    roll?: RollRecord,
    patch?: (state: BattleState) => BattleState
  ): BattleEvent {
    const next: Record<string, unknown> = {};
    for (const [id, f] of Object.entries(sheets)) next[id] = f(this.state.ships[id].sheet as S);
    let state = withSheets(this.state, next);
    if (patch) state = patch(state);
    return this.push(createAction(this.state, { kind, summary, next: state, roll }));
  }

  /**
   * A real move of a rule system, run on the state as it stands and pushed as the session would
   * write it (its meaning included); the test fails on a refusal.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input and options
  play<I>(move: Move<I, any>, input: I, ctx: MoveContext<any>): BattleEvent {
    const r = move.run(this.state, input, { ...ctx, now: 1_700_000_000_000 });
    if (!r.ok) throw new Error(`${move.id} refused: ${r.error}`);
    return this.push(r.value);
  }

  nextTurn(): this {
    this.push(advanceTurn(this.state));
    return this;
  }

  undo(): this {
    const d = undoDraft(this.events);
    if (!d) throw new Error('nothing to undo');
    this.push(d);
    return this;
  }
}

export function roll(
  procedure: string,
  inputs: Json,
  faces: readonly (readonly [number, number] | readonly [number, number, string])[],
  outcome: Json,
  source: DiceSource = 'app'
): RollRecord {
  return {
    procedure,
    inputs,
    dice: {
      source,
      dice: faces.map(([sides, face, label]) => (label ? { sides, face, label } : { sides, face }))
    },
    outcome
  };
}
