import type { BattleEvent, BattleState, EventDraft } from '$lib/battle/events';
import type { Move, MoveContext } from '$lib/battle/move';
import { err, ok, type Result } from '$lib/rules/core/result';
import { loadSystem } from '$lib/rules/engines';
import type { BattleOptions, RuleSystem } from '$lib/rules/system';
import { INITIAL_STATE } from '$lib/battle/events';
import { applyEvent } from '$lib/battle/fold';
import { extendHistory, history, type History } from '$lib/battle/actions';
import { describe } from '$lib/battle/describe';
import { displayOf, turnStatusOf, type BattleDisplay } from '$lib/battle/display';
import {
  appendBuilt,
  appendEvent,
  loadEventRange,
  openBattle,
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
  /** The battle's rule system, loaded with it (only the system in play is loaded: issue 18). */
  system = $state.raw<RuleSystem | null>(null);
  events = $state.raw<BattleEvent[]>([]);
  state = $state.raw<BattleState>(INITIAL_STATE);
  /** The last failure (typed DbError where storage is concerned), for a message. */
  error = $state.raw<unknown>(null);
  isLoading = $state(true);
  isBusy = $state(false);
  /** The last move's refusal (the rule's reason), shown where the move was made; null after a success. */
  refusal = $state<string | null>(null);
  /** The last move this screen made and its event: the result stays where it was made until the next. */
  lastPerformed = $state.raw<{ moveId: string; event: BattleEvent } | null>(null);

  /**
   * False while the log's older events are still being read after the open (openBattle reads only
   * the newest; `events` is then the log's tail). Undo and redo wait for the whole log.
   */
  isLogComplete = $state(true);

  readonly history = $derived(this.#historyOf(this.events));
  readonly canUndo = $derived(this.isLogComplete && this.history.done.length > 0);
  readonly canRedo = $derived(this.isLogComplete && this.history.undone.length > 0);
  /**
   * Newest first, as the log panel shows it. A line is made once per event and again only when its
   * undone mark changes, so an action costs one new line and the panel redraws nothing else.
   */
  readonly lines = $derived(this.#linesOf(this.events, this.history.voided));

  /** The last history and the log it is of: a longer log extends it (issue 18). */
  #history: { events: readonly BattleEvent[]; value: History } | null = null;
  #lineOf = new WeakMap<BattleEvent, LogLine>();

  #historyOf(events: readonly BattleEvent[]): History {
    const prev = this.#history;
    const value =
      prev && extendsLog(prev.events, events)
        ? extendHistory(prev.value, events.slice(prev.events.length))
        : history(events);
    this.#history = { events, value };
    return value;
  }

  #linesOf(events: readonly BattleEvent[], voided: ReadonlySet<string>): LogLine[] {
    const lines = new Array<LogLine>(events.length);
    for (let i = 0; i < events.length; i++) {
      const e = events[events.length - 1 - i];
      const isVoided = voided.has(e.id);
      let line = this.#lineOf.get(e);
      if (!line || line.isVoided !== isVoided) {
        line = {
          seq: e.seq,
          id: e.id,
          kind: e.kind,
          at: e.at,
          text: describe(e, { voided }),
          isVoided
        };
        this.#lineOf.set(e, line);
      }
      lines[i] = line;
    }
    return lines;
  }

  #watch: LogWatch | null = null;
  /** Events 1…#before are not in `events` yet (see isLogComplete). */
  #before = 0;
  #isClosed = false;

  constructor(
    private readonly db: Db,
    readonly battleId: string
  ) {}

  get lastSeq(): number {
    return this.#before + this.events.length;
  }

  /**
   * Shows the battle from its newest events and a checkpoint of the state (the open does not read
   * the whole log: issue 18), then reads the older events in chunks, one task each, and puts them
   * in front of the log.
   */
  async open(): Promise<void> {
    try {
      const loaded = await openBattle(this.db, this.battleId);
      this.system = await loadSystem(loaded.battle.systemId);
      this.battle = loaded.battle;
      this.events = loaded.events;
      this.state = loaded.state;
      this.#before = loaded.before;
      this.isLogComplete = loaded.before === 0;
      this.#watch = watchBattleLog(
        this.db,
        this.battleId,
        this.lastSeq,
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
    if (!this.isLogComplete) void this.#readOlder();
  }

  async #readOlder(): Promise<void> {
    const CHUNK = 500;
    const chunks: BattleEvent[][] = [];
    try {
      // The battle is drawn first; the older entries come after that frame.
      if (typeof requestAnimationFrame === 'function')
        await new Promise((resolve) => requestAnimationFrame(resolve));
      for (let to = this.#before; to > 0; to -= CHUNK) {
        // One chunk per task: the screen stays responsive while a long log is read.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (this.#isClosed) return;
        chunks.unshift(
          await loadEventRange(this.db, this.battleId, Math.max(1, to - CHUNK + 1), to)
        );
      }
    } catch (e) {
      this.error = e;
      return;
    }
    if (this.#isClosed) return;
    this.events = [...chunks.flat(), ...this.events];
    this.#before = 0;
    this.isLogComplete = true;
  }

  close(): void {
    this.#isClosed = true;
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
      appendEvent(this.db, this.battleId, make(this.state), {
        expectedLastSeq,
        display: this.#displayAfter()
      })
    );
  }

  /**
   * The battle list's summary after an event on the state on screen (undo, redo and `act` append
   * only when nothing was written since, so that state is the one written on).
   */
  #displayAfter(): (event: BattleEvent) => BattleDisplay | null {
    const known = this.state;
    return (event) => this.#displayOf(applyEvent(known, event));
  }

  #displayOf(next: BattleState): BattleDisplay | null {
    const battle = this.battle;
    const system = this.system;
    if (!battle || !system) return null;
    return displayOf(
      turnStatusOf(system, next, {
        options: battle.options,
        variant: battle.variant,
        now: this.db.now()
      })
    );
  }

  /** The context every move gets: the system's typed readings, the variant, the clock and ids. */
  moveContext<O>(): MoveContext<O> {
    const battle = this.battle;
    const stored: BattleOptions = battle?.options ?? {};
    const variant = battle?.variant ?? '';
    const system = this.system;
    const options = (system?.readOptions ? system.readOptions(stored, variant) : stored) as O;
    return {
      options,
      storedOptions: stored,
      variant,
      now: this.db.now(),
      newId: () => this.db.newId()
    };
  }

  /**
   * The one check-then-act (DESIGN lib/state): the move is checked against the state on screen (a
   * refusal shows at once and nothing is written), then built again inside the transaction on the
   * state being written, and committed or refused. Returns the event, or the reason it was refused
   * (also kept in `refusal` for the panel).
   */
  async perform<I, O>(
    move: Move<I, O>,
    input: I,
    /** See appendBuilt: refuse, instead of rebuilding, when the log moved on since the screen. */
    options: { onlyOnKnownState?: boolean } = {}
  ): Promise<Result<BattleEvent>> {
    const ctx = this.moveContext<O>();
    const check = move.run(this.state, input, ctx);
    if (!check.ok) {
      this.refusal = check.error;
      return check;
    }
    this.isBusy = true;
    this.error = null;
    this.refusal = null;
    try {
      const r = await appendBuilt(
        this.db,
        this.battleId,
        { state: this.state, lastSeq: this.lastSeq },
        (state) => move.run(state, input, { ...ctx, now: this.db.now() }),
        (next) => this.#displayOf(next),
        options.onlyOnKnownState === true
      );
      if (!r.ok) {
        this.refusal = r.error;
        return r;
      }
      this.#receive([r.value]);
      this.lastPerformed = { moveId: move.id, event: r.value };
      return ok(r.value);
    } catch (e) {
      this.error = e;
      return err(errorText(e));
    } finally {
      this.isBusy = false;
    }
  }

  /** Undo also takes the last result off the panel: what it showed is no longer in effect. */
  undo(): Promise<BattleEvent | null> {
    const expectedLastSeq = this.lastSeq;
    this.lastPerformed = null;
    return this.#run(() =>
      undoLast(this.db, this.battleId, { expectedLastSeq, display: this.#displayAfter() })
    );
  }

  redo(): Promise<BattleEvent | null> {
    const expectedLastSeq = this.lastSeq;
    this.lastPerformed = null;
    return this.#run(() =>
      redoLast(this.db, this.battleId, { expectedLastSeq, display: this.#displayAfter() })
    );
  }
}

/** `next` is `prev` followed by more events (the same event objects: the session only appends). */
function extendsLog(prev: readonly BattleEvent[], next: readonly BattleEvent[]): boolean {
  if (next.length < prev.length) return false;
  if (prev.length === 0) return true;
  return next[0] === prev[0] && next[prev.length - 1] === prev[prev.length - 1];
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : 'Not saved: something went wrong; nothing was changed.';
}
