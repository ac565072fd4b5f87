import type { BattleEvent, Json } from '$lib/engine/events';
import type { MoveContext } from '$lib/battle/move';
import { withMoves } from '$lib/rules/with-moves';
import type { RuleSystem, RuleSystemWithMoves } from '$lib/engine/system';
import type { MergeFlag } from '$lib/live/merge-api';
import type { Db, LiveStamp } from '$lib/db/core';
import { loadMergeLayer, mergeLayerIfLoaded, type MergeLayer } from './merge-layer';
import { liveKey } from './live-key';
import type { LiveConfig } from './live-config';
import type { LiveLink } from './live.svelte';
import { undoSecretWrites, type SecretSink } from './secret-writes';
import { dbCore } from './session-db';
import { DeviceSession, type LogView } from './device-session.svelte';
export type { LogLine } from './log-line';

// Replaced whole ($state.raw), never mutated.
const NO_FLAGS: ReadonlyMap<string, MergeFlag> = new Map();
const NO_IDS: ReadonlySet<string> = new Set();

/**
 * The battle the screens open: one battle on one device (DeviceSession) with the live table (issue
 * 19) composed on top. Once the battle is shared, or its log holds another device's clocked
 * events, the state is the merged log's merge-safe fold, undo follows the table's rights, writes
 * are clock-stamped and synced to the hub, and moves read and write the seats' private documents.
 * A battle never shared loads none of the merge layer (issue 18) and works as DeviceSession alone.
 */
export class BattleSession extends DeviceSession {
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

  /**
   * Live table undo rights: a player undoes their own device's last action still in effect, the
   * referee anyone's (merge-undo.ts undoableBy); a spectator nothing. Null when not live.
   */
  readonly #liveUndoable = $derived(this.#liveTarget('undo'));
  readonly #liveRedoable = $derived(this.#liveTarget('redo'));

  /** The link settings read with the battle (null until the open, or when not shared). */
  #config: LiveConfig | null = null;
  #checkedSystem: RuleSystemWithMoves | null = null;

  constructor(
    /** An open connection, or how to open one (the page: after the quick read showed the battle). */
    db: Db | (() => Promise<Db>),
    battleId: string,
    /** The table display (issue 37) only reads: it follows the local database (or the hub, with a
     *  display link only, as a spectator) and opens no private document. */
    private readonly view: 'battle' | 'display' = 'battle'
  ) {
    super(db, battleId);
  }

  /**
   * Shares this battle live (the referee's "Share live", or a phone that joined): keeps the link
   * settings on this device and connects to the hub.
   */
  async goLive(config: LiveConfig): Promise<void> {
    const [db, { setSetting }] = await Promise.all([this.db.connect(), dbCore()]);
    await setSetting(db, liveKey(this.battleId), config);
    if (this.live) {
      this.live.stop();
      this.live = null;
    }
    await this.#startLive(config);
  }

  override close(): void {
    super.close();
    this.live?.stop();
    this.live = null;
  }

  override undo(): Promise<BattleEvent | null> {
    return this.#isLiveMerged ? this.#liveUndo('undo') : super.undo();
  }

  override redo(): Promise<BattleEvent | null> {
    return this.#isLiveMerged ? this.#liveUndo('redo') : super.redo();
  }

  // The hooks of DeviceSession.

  protected override settingKey(): string {
    return liveKey(this.battleId);
  }

  protected override async beforeFirstFrame(
    system: RuleSystem,
    setting: Json | undefined,
    events: readonly BattleEvent[]
  ): Promise<void> {
    if (setting !== undefined) {
      const { parseLiveConfig } = await import('./live-config');
      this.#config = parseLiveConfig(setting);
    }
    // A battle that was live folds in merged order from its first frame.
    if (this.#config || events.some((e) => e.clock !== undefined)) await this.#loadMerge(system);
  }

  protected override logCompleted(): void {
    if (this.events.some((e) => e.clock !== undefined)) this.#refold();
  }

  protected override async afterOpen(): Promise<void> {
    const live = this.#config;
    const isLinked = this.view === 'battle' || live?.role === 'spectator';
    if (live && this.battle && isLinked) await this.#startLive(live);
  }

  protected override received(added: readonly BattleEvent[]): boolean {
    // This device's new events (and another tab's) go to the other devices.
    this.live?.sync(added);
    if (this.merged.length === 0 && !added.some((e) => e.clock !== undefined)) return false;
    this.#refold();
    return true;
  }

  protected override logView(): LogView {
    if (this.merged.length === 0) return super.logView();
    return { events: this.merged, late: this.lateIds, flags: this.mergeFlags };
  }

  protected override canTake(kind: 'undo' | 'redo'): boolean {
    if (!this.#isLiveMerged) return super.canTake(kind);
    return (kind === 'undo' ? this.#liveUndoable : this.#liveRedoable) !== null;
  }

  protected override refusalOfMoves(): string | null {
    return this.live?.isReadOnly ? SPECTATOR_REFUSAL : null;
  }

  protected override liveContext(): Pick<MoveContext, 'isLive' | 'secrets'> {
    // Shared live: moves keep hidden information out of the public log (merge helper, #19).
    return this.live ? { isLive: true, secrets: this.live.secrets } : {};
  }

  protected override secretSink(): SecretSink | null {
    return this.live;
  }

  /** The clock stamps and merged fold of a live battle's writes (undefined when not live). */
  protected override liveStamp(): LiveStamp | undefined {
    const live = this.live;
    // The link starts only once the merge layer and the moves are loaded (#startLive).
    const merge = mergeLayerIfLoaded();
    if (!live || !merge) return undefined;
    return {
      clock: () => live.nextClock(),
      fold: (events) => this.#foldMerged(merge, merge.mergeOrder(events)).state
    };
  }

  // The live table.

  async #startLive(config: LiveConfig): Promise<void> {
    try {
      const [{ startLiveLink }, db] = await Promise.all([
        import('./live.svelte'),
        this.db.connect(),
        this.#loadMerge(this.system)
      ]);
      if (this.isClosed) return;
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
      if (this.isClosed) this.live.stop();
      else if (this.live.seatDocs.seats.length > 0) {
        // Merged moves that read private documents are checked again with what this device
        // opens, once the documents are here and after they change (one refold per burst).
        let isQueued = false;
        const recheck = () => {
          if (isQueued) return;
          isQueued = true;
          setTimeout(() => {
            isQueued = false;
            if (!this.isClosed && this.merged.length > 0) this.#refold();
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
    const who = { deviceId: this.db.deviceId, isReferee: live.role === 'referee' };
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
          if (!this.isClosed) this.#refold();
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
      if (e.seq > minAfter && e.deviceId !== this.db.deviceId) late.add(e.id);
      minAfter = Math.min(minAfter, e.seq);
    }
    this.lateIds = late;
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
    return this.save(`live ${kind}`, async () => {
      const [db, { appendEvent }] = await Promise.all([this.db.connect(), dbCore()]);
      const e = await appendEvent(db, this.battleId, draft, {
        expectedLastSeq,
        display: this.displayAfter(),
        live: this.liveStamp()
      });
      if (e && live && writes.length > 0) await live.writeSecrets(writes);
      return e;
    });
  }
}

const SPECTATOR_REFUSAL =
  'This device watches the battle: the referee and the players make the moves.';
