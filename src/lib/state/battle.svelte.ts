import type { BattleEvent, BattleState, EventDraft } from '$lib/engine/events';
import { withInput, type Move, type MoveContext } from '$lib/battle/move';
import { parseInput } from '$lib/battle/move-input';
import { err, ok, type Result } from '$lib/engine/result';
import { loadSystem } from '$lib/rules/engines';
import { withMoves } from '$lib/rules/with-moves';
import type { BattleOptions, RuleSystem, RuleSystemWithMoves } from '$lib/engine/system';
import type { TurnStatus } from '$lib/engine/turn-status';
import { INITIAL_STATE } from '$lib/engine/events';
import { WrittenState } from './written-state';
import { displayOf, turnStatusOf, type BattleDisplay } from '$lib/battle/display';
import type { MergeFlag } from '$lib/live/merge-api';
import { loadMergeLayer, mergeLayerIfLoaded, type MergeLayer } from './merge-layer';
import { LogLines } from './log-line';
import { LogHistory } from './log-history';
import { liveKey } from './live-key';
export type { LogLine } from './log-line';
import type { LiveConfig } from './live-config';
import type { LiveLink } from './live.svelte';
import type { SecretWrite } from '$lib/engine/secrets';
import { secretWriter, undoSecretWrites } from './secret-writes';
import { actionKey, SaveGuard } from './save-guard.svelte';
import { errorMessage, NOT_SAVED } from './errors';
import type { BattleRecord, Db, LiveStamp, LogWatch } from '$lib/db/core';
import { dbCore, SessionDb } from './session-db';

// Replaced whole ($state.raw), never mutated.
const NO_FLAGS: ReadonlyMap<string, MergeFlag> = new Map();
const NO_IDS: ReadonlySet<string> = new Set();

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

  /** The live table's link when this battle is shared (issue 19), else null. */
  live = $state.raw<LiveLink | null>(null);
  /**
   * A live battle's log in merged order (mergeOrder): what the state is folded from. Empty while
   * the battle has no clocked event (then `events` in seq order is the order, as before live).
   */
  merged = $state.raw<BattleEvent[]>([]);
  mergeFlags = $state.raw<ReadonlyMap<string, MergeFlag>>(NO_FLAGS);
  /** Ids of events that arrived late (sorted before events this device already had). */
  lateIds = $state.raw<ReadonlySet<string>>(NO_IDS);

  readonly #lines = new LogLines();
  readonly #history = new LogHistory();
  readonly history = $derived(this.#history.of(this.events));
  /**
   * Live table undo rights: a player undoes their own device's last action still in effect, the
   * referee anyone's (merge-undo.ts undoableBy); a spectator nothing. Null when not live.
   */
  readonly #liveUndoable = $derived(this.#liveTarget('undo'));
  readonly #liveRedoable = $derived(this.#liveTarget('redo'));
  readonly canUndo = $derived(
    this.isLogComplete &&
      (this.#isLiveMerged ? this.#liveUndoable !== null : this.history.done.length > 0)
  );
  readonly canRedo = $derived(
    this.isLogComplete &&
      (this.#isLiveMerged ? this.#liveRedoable !== null : this.history.undone.length > 0)
  );
  /**
   * Newest first, as the log panel shows it. A line is made once per event and again only when its
   * marks change (undone, late, flagged), so an action costs one new line and the panel redraws
   * nothing else.
   */
  readonly lines = $derived(
    this.#lines.of(
      this.merged.length > 0 ? this.merged : this.events,
      this.history.voided,
      this.lateIds,
      this.mergeFlags
    )
  );

  readonly #saving = new SaveGuard();
  readonly #written = new WrittenState();

  #watch: LogWatch | null = null;
  /** Events 1…#before are not in `events` yet (see isLogComplete). */
  #before = 0;
  #isClosed = false;

  readonly #db: SessionDb;

  constructor(
    /** An open connection, or how to open one (the page: after the quick read showed the battle). */
    db: Db | (() => Promise<Db>),
    readonly battleId: string,
    /** The table display (issue 37) only reads: it follows the local database (or the hub, with a
     *  display link only, as a spectator) and opens no private document. */
    private readonly view: 'battle' | 'display' = 'battle'
  ) {
    this.#db = new SessionDb(db);
  }

  get lastSeq(): number {
    return this.#before + this.events.length;
  }

  /**
   * Shows the battle from its newest events and a checkpoint of the state (the open does not read
   * the whole log: issue 18), then reads the older events in chunks, one task each, and puts them
   * in front of the log. Without an open connection the battle is read with plain IndexedDB
   * (quick-open.ts, quick-watch.ts) and Dexie is loaded with the first write (session-db.ts).
   */
  async open(): Promise<void> {
    let live: LiveConfig | null = null;
    try {
      const read = await this.#db.read(this.battleId, liveKey(this.battleId));
      const loaded = read.opened;
      if (read.setting !== undefined) {
        const { parseLiveConfig } = await import('./live-config');
        live = parseLiveConfig(read.setting);
      }
      const isClocked = loaded.events.some((e) => e.clock !== undefined);
      const system = await loadSystem(loaded.battle.systemId);
      // A battle that was live folds in merged order from its first frame.
      if (live || isClocked) await this.#loadMerge(system);
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
      const watch = await this.#db.watch(
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
    else if (this.events.some((e) => e.clock !== undefined)) this.#refold();
    const isLinked = this.view === 'battle' || live?.role === 'spectator';
    if (live && this.battle && isLinked) await this.#startLive(live);
  }

  /**
   * Shares this battle live (the referee's "Share live", or a phone that joined): keeps the link
   * settings on this device and connects to the hub.
   */
  async goLive(config: LiveConfig): Promise<void> {
    const [db, { setSetting }] = await Promise.all([this.#db.connect(), dbCore()]);
    await setSetting(db, liveKey(this.battleId), config);
    if (this.live) {
      this.live.stop();
      this.live = null;
    }
    await this.#startLive(config);
  }

  async #startLive(config: LiveConfig): Promise<void> {
    try {
      const [{ startLiveLink }, db] = await Promise.all([
        import('./live.svelte'),
        this.#db.connect(),
        this.#loadMerge(this.system)
      ]);
      if (this.#isClosed) return;
      this.live = await startLiveLink(
        db,
        this.battleId,
        config,
        // Other devices' events reach the screen through the log watch, like another tab's.
        () => {},
        (e) => {
          this.error = e;
        },
        // A referee's device opens every seat's private document (#19 item 5).
        Object.values(this.state.ships).map((s) => s.player.trim())
      );
      if (this.#isClosed) this.live.stop();
      else if (this.live.seatDocs.seats.length > 0) {
        // Merged moves that read private documents are checked again with what this device
        // opens, once the documents are here and after they change (one refold per burst).
        let isQueued = false;
        const recheck = () => {
          if (isQueued) return;
          isQueued = true;
          setTimeout(() => {
            isQueued = false;
            if (!this.#isClosed && this.merged.length > 0) this.#refold();
          }, 50);
        };
        this.live.onSecrets = recheck;
        recheck();
      }
    } catch (e) {
      this.error = e;
    }
  }

  get #isLiveMerged(): boolean {
    return this.live !== null && this.merged.length > 0;
  }

  #liveTarget(kind: 'undo' | 'redo'): BattleEvent | null {
    const live = this.live;
    const merge = mergeLayerIfLoaded();
    if (!live || !merge || this.merged.length === 0 || live.isReadOnly) return null;
    const who = { deviceId: this.#db.deviceId, isReferee: live.role === 'referee' };
    return kind === 'undo'
      ? merge.undoableBy(this.merged, who, this.mergeFlags)
      : merge.redoableBy(this.merged, who, this.mergeFlags);
  }

  /** The merge layer and the system's moves for its re-check (issue 40: only when it merges). */
  async #loadMerge(system: RuleSystem | null): Promise<MergeLayer> {
    const [merge, checked] = await Promise.all([loadMergeLayer(), system && withMoves(system)]);
    this.#checkedSystem ??= checked;
    return merge;
  }
  #checkedSystem: RuleSystemWithMoves | null = null;

  /** The clock stamps and merged fold of a live battle's writes (null when not live). */
  #liveStamp(): LiveStamp | undefined {
    const live = this.live;
    // The link starts only once the merge layer and the moves are loaded (#startLive).
    const merge = mergeLayerIfLoaded();
    if (!live || !merge) return undefined;
    return {
      clock: () => live.nextClock(),
      fold: (events) => this.#foldMerged(merge, merge.mergeOrder(events)).state
    };
  }

  /** The merge-safe fold, checking merged moves again with the battle's own rules. */
  #foldMerged(merge: MergeLayer, merged: BattleEvent[]): ReturnType<MergeLayer['foldMerged']> {
    const battle = this.battle;
    const system = this.#checkedSystem;
    // The merge layer came without the moves (loaded elsewhere): fold again once they are here.
    if (!system && this.system) void this.#loadMerge(this.system).then(() => this.#refold());
    const check =
      system && battle
        ? merge.recheckFor(system, battle.options, battle.variant, this.live?.secrets)
        : undefined;
    return merge.foldMerged(merged, check);
  }

  /**
   * The state of a live battle: the merged log folded by the merge-safe fold (never throws on an
   * event from another device). Waits for the whole log (the open reads only its tail).
   */
  #refold(): void {
    if (!this.isLogComplete) return;
    const merge = mergeLayerIfLoaded();
    if (!merge) {
      // The first clocked event this page sees: fold again once the merge layer is here.
      this.#loadMerge(this.system).then(
        () => {
          if (!this.#isClosed) this.#refold();
        },
        (e: unknown) => {
          this.error = e;
        }
      );
      return;
    }
    const merged = merge.mergeOrder(this.events);
    const folded = this.#foldMerged(merge, merged);
    this.merged = merged;
    this.state = folded.state;
    this.mergeFlags = folded.flags;
    // Late: sorts before an event this device stored earlier (a smaller local seq).
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- built here, then replaced whole
    const late = new Set<string>();
    let minAfter = Infinity;
    for (let i = merged.length - 1; i >= 0; i--) {
      const e = merged[i];
      if (e.seq > minAfter && e.deviceId !== this.#db.deviceId) late.add(e.id);
      minAfter = Math.min(minAfter, e.seq);
    }
    this.lateIds = late;
  }

  async #readOlder(): Promise<void> {
    let older: BattleEvent[] | null;
    try {
      older = await this.#db.readOlder(this.battleId, this.#before, () => this.#isClosed);
    } catch (e) {
      this.error = e;
      return;
    }
    if (!older || this.#isClosed) return;
    this.events = [...older, ...this.events];
    this.#before = 0;
    this.isLogComplete = true;
    if (this.events.some((e) => e.clock !== undefined)) this.#refold();
  }

  close(): void {
    this.#isClosed = true;
    this.live?.stop();
    this.live = null;
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
    // This device's new events (and another tab's) go to the other devices.
    this.live?.sync(added);
    if (this.merged.length > 0 || added.some((e) => e.clock !== undefined)) {
      this.#refold();
      return;
    }
    let state = this.state;
    for (const e of added) state = this.#written.applied(state, e);
    this.state = state;
  }

  /** Saves one action once the one before is saved (`key`: see SaveGuard.run). */
  #run(key: string | null, write: () => Promise<BattleEvent | null>): Promise<BattleEvent | null> {
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
    return this.#run(null, async () => {
      const [db, { appendEvent }] = await Promise.all([this.#db.connect(), dbCore()]);
      return appendEvent(db, this.battleId, make(this.state), {
        expectedLastSeq: this.lastSeq,
        display: this.#displayAfter(),
        live: this.#liveStamp()
      });
    });
  }

  /**
   * The battle list's summary after an event on the state on screen (undo, redo and `act` append
   * only when nothing was written since, so that state is the one written on).
   */
  #displayAfter(): (event: BattleEvent) => BattleDisplay | null {
    const known = this.state;
    return (event) => this.#displayOf(this.#written.after(known, event));
  }

  #displayOf(next: BattleState): BattleDisplay | null {
    const battle = this.battle;
    const system = this.system;
    if (!battle || !system) return null;
    return displayOf(
      turnStatusOf(system, next, {
        options: battle.options,
        variant: battle.variant,
        now: this.#db.now()
      })
    );
  }

  /** The turn model on the state on screen at `now` (null until the battle is open). */
  statusAt(now: number): TurnStatus | null {
    const { battle, system } = this;
    if (!battle || !system) return null;
    return turnStatusOf(system, this.state, {
      options: battle.options,
      variant: battle.variant,
      now
    });
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
      now: this.#db.now(),
      newId: () => this.#db.newId(),
      // Shared live: moves keep hidden information out of the public log (merge helper, #19).
      ...(this.live ? { isLive: true, secrets: this.live.secrets } : {})
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
    if (this.live?.isReadOnly) {
      this.refusal = SPECTATOR_REFUSAL;
      return err(SPECTATOR_REFUSAL);
    }
    // Parsed with the move's schema, never trusted (issue 31): a malformed input writes nothing.
    const parsed = parseInput(move, raw);
    if (!parsed.ok) return err((this.refusal = parsed.error));
    const input = parsed.value;
    const ctx = this.moveContext<O>();
    const secrets = secretWriter(this.live, options.secretWrites);
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
      const [db, { appendBuilt }] = await Promise.all([this.#db.connect(), dbCore()]);
      const live = this.#liveStamp();
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
                withInput(move.run(state, input, { ...ctx, now: this.#db.now() }), input)
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

  /** A live battle's undo or redo: of the action this device may undo (#liveTarget). */
  #liveUndo(kind: 'undo' | 'redo'): Promise<BattleEvent | null> {
    const target = kind === 'undo' ? this.#liveUndoable : this.#liveRedoable;
    const merge = mergeLayerIfLoaded();
    if (!target || !merge) return Promise.resolve(null);
    const expectedLastSeq = this.lastSeq;
    this.lastPerformed = null;
    const draft = kind === 'undo' ? merge.undoDraftOf(target) : merge.redoDraftOf(target);
    // A move with private writes (a card drawn into a hand) is undone there too: the old values
    // were kept beside them in the seats' documents (secret-writes.ts), so none is in the event.
    const live = this.live;
    const found = undoSecretWrites(live?.secrets, target.id, kind);
    const writes = found.ok ? found.value : [];
    const refusal = !found.ok
      ? found.error
      : live && writes.length > 0
        ? live.refusalOf(writes)
        : null;
    if (refusal) {
      this.refusal = refusal;
      return Promise.resolve(null);
    }
    return this.#run(`live ${kind}`, async () => {
      const [db, { appendEvent }] = await Promise.all([this.#db.connect(), dbCore()]);
      const e = await appendEvent(db, this.battleId, draft, {
        expectedLastSeq,
        display: this.#displayAfter(),
        live: this.#liveStamp()
      });
      if (e && live && writes.length > 0) await live.writeSecrets(writes);
      return e;
    });
  }

  /** Undo also takes the last result off the panel: what it showed is no longer in effect. */
  undo(): Promise<BattleEvent | null> {
    return this.#undoOrRedo('undo');
  }

  redo(): Promise<BattleEvent | null> {
    return this.#undoOrRedo('redo');
  }

  #undoOrRedo(kind: 'undo' | 'redo'): Promise<BattleEvent | null> {
    if (this.#isLiveMerged) return this.#liveUndo(kind);
    this.lastPerformed = null;
    return this.#run(kind, async () => {
      const [db, core] = await Promise.all([this.#db.connect(), dbCore()]);
      const write = kind === 'undo' ? core.undoLast : core.redoLast;
      return write(db, this.battleId, {
        expectedLastSeq: this.lastSeq,
        display: this.#displayAfter(),
        live: this.#liveStamp(),
        // The whole log's history (undo waits for the whole log): the write reads no log again.
        ...(this.isLogComplete ? { known: this.history } : {})
      });
    });
  }
}

const SPECTATOR_REFUSAL =
  'This device watches the battle: the referee and the players make the moves.';
