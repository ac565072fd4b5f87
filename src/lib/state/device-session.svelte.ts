import type { BattleEvent, BattleState, EventDraft } from '$lib/engine/events';
import { withInput, type Move, type MoveContext } from '$lib/battle/move';
import { loadInputKit, loadedInputKit, parseInput } from '$lib/battle/move-input';
import { err, ok, type Result } from '$lib/engine/result';
import { loadSystem } from '$lib/rules/engines';
import type { BattleOptions, RuleSystem } from '$lib/engine/system';
import type { TurnStatus } from '$lib/engine/turn-status';
import { INITIAL_STATE, type Json } from '$lib/engine/events';
import { WrittenState } from './written-state';
import { displayOf, type BattleDisplay } from '$lib/battle/display';
import { StatusMemo } from './status-memo';
import type { MergeFlag } from '$lib/live/merge-api';
import { LogLines } from './log-line';
import { LogHistory } from './log-history';
import type { SecretWrite } from '$lib/engine/secrets';
import { secretWriter, type SecretSink } from './secret-writes';
import { actionKey, SaveGuard } from './save-guard.svelte';
import { errorMessage, NOT_SAVED } from './errors';
import type { BattleRecord, Db, LiveStamp, LogWatch } from '$lib/db/core';
import { dbCore, SessionDb } from './session-db';

// Replaced whole ($state.raw), never mutated.
const NO_FLAGS: ReadonlyMap<string, MergeFlag> = new Map();
const NO_IDS: ReadonlySet<string> = new Set();

/** The log as its panel marks it: in the order folded, and which events came late or were flagged. */
export interface LogView {
  events: readonly BattleEvent[];
  late: ReadonlySet<string>;
  flags: ReadonlyMap<string, MergeFlag>;
}

/**
 * One open battle on this device, for the screens: the log and the state folded from it (live,
 * including other tabs' writes) and the commands that append to it. The state is only ever built
 * from events the database returned, so what the screen shows is always fold(log).
 *
 * The live table (battle.svelte.ts) is composed on top: it overrides the protected hooks below
 * (the setting read with the battle, the merged fold, the clock stamps, the private documents),
 * each a no-op here, where a battle is kept on one device.
 */
export class DeviceSession {
  battle = $state.raw<BattleRecord | null>(null);
  /** The battle's rule system, loaded with it (only the system in play is loaded: issue 18). */
  system = $state.raw<RuleSystem | null>(null);
  events = $state.raw<BattleEvent[]>([]);
  state = $state.raw<BattleState>(INITIAL_STATE);
  /**
   * The last failure of what no panel shows (the open, the log watch, act, undo, redo; typed
   * DbError where storage is concerned), for the page's message. A move's failure is its refusal.
   */
  error = $state.raw<unknown>(null);
  isLoading = $state(true);
  /** An action has been saving for a while (slow storage): the undo bar says "Saving…". */
  get isSaving(): boolean {
    return this.#saving.isSlow;
  }
  /** The last move's refusal (the rule's reason, or why it was not saved), shown where it was made. */
  refusal = $state<string | null>(null);
  /** The last move this screen made and its event: the result stays where it was made until the next. */
  lastPerformed = $state.raw<{ moveId: string; event: BattleEvent } | null>(null);

  /**
   * False while the log's older events are still being read after the open (openBattle reads only
   * the newest; `events` is then the log's tail). Undo and redo wait for the whole log.
   */
  isLogComplete = $state(true);

  readonly #lines = new LogLines();
  readonly #history = new LogHistory();
  readonly history = $derived(this.#history.of(this.events));
  readonly canUndo = $derived(this.isLogComplete && this.canTake('undo'));
  readonly canRedo = $derived(this.isLogComplete && this.canTake('redo'));
  /**
   * Newest first, as the log panel shows it. A line is made once per event and again only when its
   * marks change (undone, late, flagged), so an action costs one new line and the panel redraws
   * nothing else.
   */
  readonly lines = $derived.by(() => {
    const view = this.logView();
    return this.#lines.of(view.events, this.history.voided, view.late, view.flags);
  });

  readonly #saving = new SaveGuard();
  readonly #written = new WrittenState();
  readonly #status = new StatusMemo();

  #watch: LogWatch | null = null;
  /** Events 1…#before are not in `events` yet (see isLogComplete). */
  #before = 0;
  #isClosed = false;

  protected readonly db: SessionDb;

  constructor(
    /** An open connection, or how to open one (the page: after the quick read showed the battle). */
    db: Db | (() => Promise<Db>),
    readonly battleId: string
  ) {
    this.db = new SessionDb(db);
  }

  get lastSeq(): number {
    return this.#before + this.events.length;
  }

  protected get isClosed(): boolean {
    return this.#isClosed;
  }

  /**
   * Shows the battle from its newest events and a checkpoint of the state (the open does not read
   * the whole log: issue 18), then reads the older events in chunks, one task each, and puts them
   * in front of the log. Without an open connection the battle is read with plain IndexedDB
   * (quick-open.ts, quick-watch.ts) and Dexie is loaded with the first write (session-db.ts).
   */
  async open(): Promise<void> {
    try {
      const read = await this.db.read(this.battleId, this.settingKey());
      const loaded = read.opened;
      const system = await loadSystem(loaded.battle.systemId);
      await this.beforeFirstFrame(system, read.setting, loaded.events);
      this.system = system;
      this.battle = loaded.battle;
      this.events = loaded.events;
      this.state = loaded.state;
      this.#before = loaded.before;
      this.isLogComplete = loaded.before === 0;
    } catch (e) {
      this.error = e;
    } finally {
      this.isLoading = false;
    }
    if (!this.battle) return;
    try {
      const watch = await this.db.watch(
        this.battleId,
        () => this.lastSeq,
        (events) => this.#receive(events),
        (e) => {
          this.error = e;
        }
      );
      if (this.#isClosed) watch.stop();
      else this.#watch = watch;
    } catch (e) {
      this.error = e;
      return;
    }
    if (!this.isLogComplete) void this.#readOlder();
    else this.logCompleted();
    await this.afterOpen();
  }

  async #readOlder(): Promise<void> {
    let older: BattleEvent[] | null;
    try {
      older = await this.db.readOlder(this.battleId, this.#before, () => this.#isClosed);
    } catch (e) {
      this.error = e;
      return;
    }
    if (!older || this.#isClosed) return;
    this.events = [...older, ...this.events];
    this.#before = 0;
    this.isLogComplete = true;
    this.logCompleted();
  }

  close(): void {
    this.#isClosed = true;
    this.#watch?.stop();
    this.#watch = null;
  }

  /** Takes events in sequence; ones already shown (delivered twice) are skipped. */
  #receive(events: readonly BattleEvent[]): void {
    const added: BattleEvent[] = [];
    let next = this.lastSeq + 1;
    for (const e of events) {
      if (e.seq < next) continue;
      if (e.seq > next) break; // a gap: the watch delivers it in order later
      added.push(e);
      next++;
    }
    if (added.length === 0) return;
    this.events = [...this.events, ...added];
    if (this.received(added)) return;
    let state = this.state;
    for (const e of added) state = this.#written.applied(state, e);
    this.state = state;
  }

  /** Saves one action once the one before is saved (`key`: see SaveGuard.run). */
  protected save(
    key: string | null,
    write: () => Promise<BattleEvent | null>
  ): Promise<BattleEvent | null> {
    return this.#saving.run(key, async () => {
      this.error = null;
      try {
        const event = await write();
        if (event) this.#receive([event]);
        return event;
      } catch (e) {
        this.error = e;
        return null;
      }
    });
  }

  /**
   * One user action: `make` turns the state on screen into an event draft (createAction, addShip,
   * a rule system's procedure…). If another tab wrote first, nothing is saved and `error` says so.
   */
  act(make: (state: BattleState) => EventDraft): Promise<BattleEvent | null> {
    return this.save(null, async () => {
      const [db, { appendEvent }] = await Promise.all([this.db.connect(), dbCore()]);
      return appendEvent(db, this.battleId, make(this.state), {
        expectedLastSeq: this.lastSeq,
        display: this.displayAfter(),
        live: this.liveStamp()
      });
    });
  }

  /**
   * The battle list's summary after an event on the state on screen (undo, redo and `act` append
   * only when nothing was written since, so that state is the one written on).
   */
  protected displayAfter(): (event: BattleEvent) => BattleDisplay | null {
    const known = this.state;
    return (event) => this.#displayOf(this.#written.after(known, event));
  }

  #displayOf(next: BattleState): BattleDisplay | null {
    const status = this.#statusOf(next, this.db.now());
    return status && displayOf(status);
  }

  #statusOf(state: BattleState, now: number): TurnStatus | null {
    const { battle, system } = this;
    if (!battle || !system) return null;
    return this.#status.of(system, state, {
      options: battle.options,
      variant: battle.variant,
      now
    });
  }

  /** The turn model on the state on screen at `now` (null until the battle is open). */
  statusAt(now: number): TurnStatus | null {
    return this.#statusOf(this.state, now);
  }

  /**
   * The clock reading to draw the state on screen at: the one its status was worked out at when
   * this screen wrote it (so the status is not worked out again, issue 39), else the time now.
   */
  get statusNow(): number {
    return this.#status.nowOf(this.state) ?? this.db.now();
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
      newId: () => this.db.newId(),
      ...this.liveContext()
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
    raw: I,
    options: {
      /** See appendBuilt: refuse, instead of rebuilding, when the log moved on since the screen. */
      onlyOnKnownState?: boolean;
      /** Live table: private writes the screen made ready (sealed orders), made with the move. */
      secretWrites?: readonly SecretWrite[];
    } = {}
  ): Promise<Result<BattleEvent>> {
    const refused = this.refusalOfMoves();
    if (refused) {
      this.refusal = refused;
      return err(refused);
    }
    // Parsed with the move's schema, never trusted (issue 31): a malformed input writes nothing.
    // The schemas' kit (zod) is loaded by the first tap if the page has not warmed it (issue 40),
    // before the check: nothing is awaited between the check and the save's queue.
    let kit = loadedInputKit();
    try {
      kit ??= await loadInputKit();
    } catch (e) {
      return err((this.refusal = errorMessage(e, NOT_SAVED)));
    }
    const parsed = parseInput(move, raw, kit);
    if (!parsed.ok) return err((this.refusal = parsed.error));
    const input = parsed.value;
    const ctx = this.moveContext<O>();
    // On one device a move with private writes is refused (no private document to keep them in).
    const secrets = secretWriter(this.secretSink(), options.secretWrites);
    const checkedOn = this.state;
    const check = secrets.check(move.run(checkedOn, input, ctx));
    if (!check.ok) {
      this.refusal = check.error;
      return check;
    }
    const checked = { state: checkedOn, draft: check.value };
    return this.#saving.run(actionKey(move.id, input), () =>
      this.#save(move, input, ctx, secrets, checked, options.onlyOnKnownState === true)
    );
  }

  /** The act of `perform`, on the state written when its turn to be saved comes. */
  async #save<I, O>(
    move: Move<I, O>,
    input: I,
    ctx: MoveContext<O>,
    secrets: ReturnType<typeof secretWriter>,
    /** The draft the check built, and the state it was built on. */
    checked: { state: BattleState; draft: EventDraft },
    onlyOnKnownState: boolean
  ): Promise<Result<BattleEvent>> {
    this.error = null;
    this.refusal = null;
    try {
      const [db, { appendBuilt }] = await Promise.all([this.db.connect(), dbCore()]);
      const live = this.liveStamp();
      const r = await appendBuilt(
        db,
        this.battleId,
        { state: this.state, lastSeq: this.lastSeq },
        // The input goes on the event, so a move merged from another device can be checked again.
        // On the very state the check ran on (nothing written since) the check's draft is the one
        // (a move is a function of the state, its input and the context): the move runs once per
        // tap (issue 39). A live battle builds it again: its private documents may have changed.
        (state) =>
          state === checked.state && !live
            ? withInput(ok(checked.draft), input)
            : secrets.check(
                withInput(move.run(state, input, { ...ctx, now: this.db.now() }), input)
              ),
        (next, event, base) => this.#displayOf(this.#written.keep(base, event, next)),
        onlyOnKnownState,
        live
      );
      if (!r.ok) {
        this.refusal = r.error;
        return r;
      }
      this.#receive([r.value]);
      // The private writes once the public event is in (a crash between the two loses the secret,
      // never leaks it: the seat seals again).
      await secrets.commit(r.value.id);
      this.lastPerformed = { moveId: move.id, event: r.value };
      return ok(r.value);
    } catch (e) {
      // Shown once, where the move was made (its panel shows the refusal): also setting `error`,
      // which the page shows at its top, said it twice (issue 41).
      this.refusal = errorMessage(e, NOT_SAVED);
      return err(this.refusal);
    }
  }

  /** Undo also takes the last result off the panel: what it showed is no longer in effect. */
  undo(): Promise<BattleEvent | null> {
    return this.#undoOrRedo('undo');
  }

  redo(): Promise<BattleEvent | null> {
    return this.#undoOrRedo('redo');
  }

  #undoOrRedo(kind: 'undo' | 'redo'): Promise<BattleEvent | null> {
    this.lastPerformed = null;
    return this.save(kind, async () => {
      const [db, core] = await Promise.all([this.db.connect(), dbCore()]);
      const write = kind === 'undo' ? core.undoLast : core.redoLast;
      return write(db, this.battleId, {
        expectedLastSeq: this.lastSeq,
        display: this.displayAfter(),
        live: this.liveStamp(),
        // The whole log's history (undo waits for the whole log): the write reads no log again.
        ...(this.isLogComplete ? { known: this.history } : {})
      });
    });
  }

  // The live table's hooks (battle.svelte.ts); on one device each does nothing.

  /** The setting read with the battle in one read (the live table's link), or none. */
  protected settingKey(): string | null {
    return null;
  }

  /** Before the battle's first frame is shown, with the setting read and the events opened. */
  protected async beforeFirstFrame(
    _system: RuleSystem,
    _setting: Json | undefined,
    _events: readonly BattleEvent[]
  ): Promise<void> {}

  /** Once the whole log is here (at the open, or once its older events were read). */
  protected logCompleted(): void {}

  /** Once the battle is open and its log watched. */
  protected async afterOpen(): Promise<void> {}

  /** New events are in `events`: true when the hook folded the state itself. */
  protected received(_added: readonly BattleEvent[]): boolean {
    return false;
  }

  /** What the log panel shows: the log in seq order, nothing late or flagged. */
  protected logView(): LogView {
    return { events: this.events, late: NO_IDS, flags: NO_FLAGS };
  }

  /** Whether this device may undo (redo) now: the last action in effect (undone) on the log. */
  protected canTake(kind: 'undo' | 'redo'): boolean {
    return (kind === 'undo' ? this.history.done : this.history.undone).length > 0;
  }

  /** Why no move may be made from this device, or null. */
  protected refusalOfMoves(): string | null {
    return null;
  }

  /** What moves add to their context (the live table: isLive and the private documents). */
  protected liveContext(): Pick<MoveContext, 'isLive' | 'secrets'> {
    return {};
  }

  /** Where a move's private writes go; none on one device. */
  protected secretSink(): SecretSink | null {
    return null;
  }

  /** The clock stamps and merged fold of a write, or none. */
  protected liveStamp(): LiveStamp | undefined {
    return undefined;
  }
}
