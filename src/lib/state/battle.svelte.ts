import type { BattleEvent, BattleState, EventDraft } from '$lib/battle/events';
import { INITIAL_STATE } from '$lib/battle/events';
import { applyEvent } from '$lib/battle/fold';
import { history } from '$lib/battle/actions';
import { describe } from '$lib/battle/describe';
import {
  appendEvent,
  loadBattle,
  redoLast,
  undoLast,
  watchBattleLog,
  type BattleRecord,
  type Db,
  type LogWatch
} from '$lib/db';

export interface LogLine {
  seq: number;
  id: string;
  kind: string;
  at: number;
  text: string;
  isVoided: boolean;
}

/**
 * One open battle for the screens: the log and the state folded from it (live, including other
 * tabs' writes) and the commands that append to it. The state is only ever built from events the
 * database returned, so what the screen shows is always fold(log).
 */
export class BattleSession {
  battle = $state.raw<BattleRecord | null>(null);
  events = $state.raw<BattleEvent[]>([]);
  state = $state.raw<BattleState>(INITIAL_STATE);
  /** The last failure (typed DbError where storage is concerned), for a message. */
  error = $state.raw<unknown>(null);
  isLoading = $state(true);
  isBusy = $state(false);

  readonly history = $derived(history(this.events));
  readonly canUndo = $derived(this.history.done.length > 0);
  readonly canRedo = $derived(this.history.undone.length > 0);
  /** Newest first, as the log panel shows it. */
  readonly lines = $derived(
    this.events
      .map((e): LogLine => ({
        seq: e.seq,
        id: e.id,
        kind: e.kind,
        at: e.at,
        text: describe(e, { voided: this.history.voided }),
        isVoided: this.history.voided.has(e.id)
      }))
      .reverse()
  );

  #watch: LogWatch | null = null;

  constructor(
    private readonly db: Db,
    readonly battleId: string
  ) {}

  get lastSeq(): number {
    return this.events.length;
  }

  async open(): Promise<void> {
    try {
      const loaded = await loadBattle(this.db, this.battleId);
      this.battle = loaded.battle;
      this.events = loaded.events;
      this.state = loaded.state;
      this.#watch = watchBattleLog(
        this.db,
        this.battleId,
        loaded.events.length,
        (events) => this.#receive(events),
        (e) => {
          this.error = e;
        }
      );
    } catch (e) {
      this.error = e;
    } finally {
      this.isLoading = false;
    }
  }

  close(): void {
    this.#watch?.stop();
    this.#watch = null;
  }

  /** Takes events in sequence; ones already shown (delivered twice) are skipped. */
  #receive(events: readonly BattleEvent[]): void {
    let state = this.state;
    const added: BattleEvent[] = [];
    let next = this.lastSeq + 1;
    for (const e of events) {
      if (e.seq < next) continue;
      if (e.seq > next) break; // a gap: the watch delivers it in order later
      state = applyEvent(state, e);
      added.push(e);
      next++;
    }
    if (added.length === 0) return;
    this.events = [...this.events, ...added];
    this.state = state;
  }

  async #run(write: () => Promise<BattleEvent | null>): Promise<BattleEvent | null> {
    this.isBusy = true;
    this.error = null;
    try {
      const event = await write();
      if (event) this.#receive([event]);
      return event;
    } catch (e) {
      this.error = e;
      return null;
    } finally {
      this.isBusy = false;
    }
  }

  /**
   * One user action: `make` turns the state on screen into an event draft (createAction, addShip,
   * a rule system's procedure…). If another tab wrote first, nothing is saved and `error` says so.
   */
  act(make: (state: BattleState) => EventDraft): Promise<BattleEvent | null> {
    const expectedLastSeq = this.lastSeq;
    return this.#run(() =>
      appendEvent(this.db, this.battleId, make(this.state), { expectedLastSeq })
    );
  }

  undo(): Promise<BattleEvent | null> {
    const expectedLastSeq = this.lastSeq;
    return this.#run(() => undoLast(this.db, this.battleId, { expectedLastSeq }));
  }

  redo(): Promise<BattleEvent | null> {
    const expectedLastSeq = this.lastSeq;
    return this.#run(() => redoLast(this.db, this.battleId, { expectedLastSeq }));
  }
}
