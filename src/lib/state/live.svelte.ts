import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { BattleEvent } from '$lib/engine/events';
import { getSetting, setSetting, type Db } from '$lib/db';
import { Replica } from '$lib/live/replica';
import { docNameOf } from '$lib/live/wire';
import { hubDropOf, type HubDrop } from '$lib/live/hub-drop';
import { SeatDocs, liveSecretsKey, seatDocName, seatsOpenedBy } from '$lib/live/seat-docs';
import type { SecretWrite, SecretsView } from '$lib/engine/secrets';
import { verifyReveal } from '$lib/battle/secret';
import type { Clock } from '$lib/live/merge-api';
import { hubKeyFor, type Grant, type LiveConfig, type Role } from './live-config';

/**
 * The live table's connection for one open battle (issue 19): the replica's document synced through
 * the hub with Hocuspocus. Loaded only on live battles (a dynamic import from the session), so the
 * ~35 KB of Yjs and the provider never weigh on a battle that is not shared.
 */

/** 'dropped': the hub closed this device's socket for sending more than one device may (issue 34). */
export type LinkStatus =
  'connecting' | 'connected' | 'reconnecting' | 'offline' | 'refused' | 'dropped';

export interface Peer {
  clientId: number;
  name: string;
  role: Role;
  seat?: string;
  isMe: boolean;
}

/**
 * Timeouts tuned so a silent Wi-Fi drop is noticed within 10 s (the defaults took 30–38 s): the
 * device asks the hub for a sync every 3 s, and a socket that heard nothing for 7 s is closed and
 * retried; retries start after 0.5 s and are at most 3 s apart.
 */
export const LINK_TIMING = {
  forceSyncMs: 3_000,
  messageReconnectTimeoutMs: 7_000,
  retryMs: 500,
  maxRetryMs: 3_000,
  refusedRetryMs: 3_000
} as const;

/** Registers the battle; the hub's refusal in words when it answers one (a 403, a 429). */
export async function registerWithHub(
  config: LiveConfig,
  battleId: string
): Promise<{ ok: boolean; message?: string }> {
  // Only the device that made the tokens registers them (a second referee device has none).
  if (config.role !== 'referee' || config.grants === undefined) return { ok: true };
  try {
    const r = await fetch(`${config.hub}/live/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        doc: docNameOf(hubKeyFor(config, battleId)),
        referee: config.token,
        grants: (config.grants ?? []).map((g: Grant) => g)
      })
    });
    if (r.ok) return { ok: true };
    const body = (await r.json().catch(() => null)) as { error?: unknown } | null;
    return typeof body?.error === 'string' ? { ok: false, message: body.error } : { ok: false };
  } catch {
    return { ok: false };
  }
}

export function wsUrlOf(hub: string): string {
  return hub.replace(/^http/, 'ws');
}

/**
 * The websocket to the hub with the tuned timings. (minDelay must not exceed delay: the retry
 * library then rejects inside connect() and no socket is ever opened, silently.)
 */
function socketTo(hub: string): HocuspocusProviderWebsocket {
  return new HocuspocusProviderWebsocket({
    url: wsUrlOf(hub),
    messageReconnectTimeout: LINK_TIMING.messageReconnectTimeoutMs,
    delay: LINK_TIMING.retryMs,
    minDelay: LINK_TIMING.retryMs,
    maxDelay: LINK_TIMING.maxRetryMs,
    factor: 1.5,
    jitter: false,
    maxAttempts: 0
  });
}

export class LiveLink {
  status = $state<LinkStatus>('connecting');
  /** Events this device wrote while the hub could not hear it. */
  unsent = $state(0);
  peers = $state.raw<Peer[]>([]);
  /** When the hub was last heard (ms), null before the first message. */
  lastHeard = $state<number | null>(null);
  refusal = $state<string | null>(null);
  readonly replica: Replica;
  /** The private documents this link opens (#19 item 5): its seat's; the referee's every seat's. */
  readonly seatDocs: SeatDocs;
  /** Bumped on every change to a private document, so screens reading `secrets` redraw. */
  secretsVersion = $state(0);
  /** Called after a private document changed (the session checks merged moves again). */
  onSecrets: () => void = () => {};

  #socket: HocuspocusProviderWebsocket | null = null;
  #provider: HocuspocusProvider | null = null;
  #seatProviders: HocuspocusProvider[] = [];
  #saving: Promise<void> = Promise.resolve();
  #isSaveQueued = false;
  #timers: ReturnType<typeof setInterval>[] = [];
  #retry: ReturnType<typeof setTimeout> | null = null;
  #wasConnected = false;
  #isStopped = false;

  constructor(
    private readonly db: Db,
    readonly battleId: string,
    readonly config: LiveConfig,
    onStored: (events: BattleEvent[]) => void,
    onError: (e: unknown) => void,
    /** The battle's seats (its ships' players): a referee's device opens each one's document. */
    knownSeats: readonly string[] = []
  ) {
    this.replica = new Replica(db, battleId);
    this.replica.onStored = onStored;
    this.replica.onError = onError;
    const granted = (config.grants ?? []).flatMap((g) => (g.seat !== undefined ? [g.seat] : []));
    this.seatDocs = new SeatDocs(
      seatsOpenedBy(config.role, config.seat, [...granted, ...knownSeats])
    );
  }

  /**
   * The check of a secret against its commitment, for the screens that show this device's hidden
   * part (a Master and Commander hand): its SHA-256 loads with the live table, not with every
   * battle's first screen (issue 40).
   */
  readonly verifyReveal = verifyReveal;

  /** The private documents as moves read them (MoveContext.secrets). */
  get secrets(): SecretsView {
    void this.secretsVersion; // a dependency of whatever reads the view
    return this.seatDocs.view();
  }

  /** Why a move's private writes cannot be made on this device, or null (before its commit). */
  refusalOf(writes: readonly SecretWrite[]): string | null {
    return this.seatDocs.refusalOf(writes);
  }

  /**
   * A committed move's private writes: into the seat documents (the hub gets them as any Yjs
   * change, at once when connected, on reconnect when not) and this device's local copy.
   */
  async writeSecrets(writes: readonly SecretWrite[]): Promise<void> {
    this.seatDocs.apply(writes);
    await this.#save();
  }

  /**
   * The local copy of the private documents goes to the settings table, one row per battle
   * (`live-secrets:<id>`): a few keys per seat, written with the link settings it belongs to. No new
   * Dexie table (and no schema version) for rows that small; only the seats this link opens are
   * in it, and a backup of this device holds nothing of another seat's either.
   */
  #save(): Promise<void> {
    if (this.seatDocs.seats.length === 0) return Promise.resolve();
    if (this.#isSaveQueued) return this.#saving;
    this.#isSaveQueued = true;
    this.#saving = this.#saving
      .then(async () => {
        this.#isSaveQueued = false;
        await setSetting(this.db, liveSecretsKey(this.battleId), this.seatDocs.saved());
      })
      .catch((e: unknown) => this.replica.onError(e));
    return this.#saving;
  }

  get role(): Role {
    return this.config.role;
  }

  get isReadOnly(): boolean {
    return this.config.role === 'spectator';
  }

  nextClock(): Clock {
    return this.replica.nextClock(this.db.now());
  }

  /** This device's events (new ones, or all of them): the document gets the ones it lacks. */
  sync(events: readonly BattleEvent[]): void {
    const n = this.replica.push(events);
    if (n > 0 && this.status !== 'connected') this.unsent += n;
  }

  async start(): Promise<void> {
    if (this.seatDocs.seats.length > 0) {
      this.seatDocs.load(await getSetting(this.db, liveSecretsKey(this.battleId)));
    }
    this.seatDocs.onUpdate = () => {
      this.secretsVersion++;
      void this.#save();
      this.onSecrets();
    };
    this.#timers.push(
      setInterval(() => {
        const heard = this.#socket?.lastMessageReceived ?? 0;
        if (heard > 0) this.lastHeard = heard;
      }, 1000)
    );
    await this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#isStopped) return;
    const registered = await registerWithHub(this.config, this.battleId);
    if (this.#isStopped) return;
    const socket = socketTo(this.config.hub);
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: docNameOf(hubKeyFor(this.config, this.battleId)),
      document: this.replica.doc,
      token: this.config.token,
      forceSyncInterval: LINK_TIMING.forceSyncMs
    });
    this.#socket = socket;
    this.#provider = provider;
    // The private documents over the same socket, each authenticated on its own by the hub.
    this.#seatProviders = [...this.seatDocs.docs].map(
      ([seat, document]) =>
        new HocuspocusProvider({
          websocketProvider: socket,
          name: seatDocName(hubKeyFor(this.config, this.battleId), seat),
          document,
          token: this.config.token,
          forceSyncInterval: LINK_TIMING.forceSyncMs
        })
    );
    socket.on('status', ({ status }: { status: string }) => {
      // 'connected' once synced (below); a dropped device stays dropped until Rejoin.
      if (status === 'connected' || this.status === 'dropped') return;
      this.status =
        status === 'connecting' ? (this.#wasConnected ? 'reconnecting' : 'connecting') : 'offline';
    });
    provider.on('synced', ({ state }: { state: boolean }) => {
      // A sync already under way when the hub dropped this device does not undo the drop.
      if (!state || this.status === 'dropped') return;
      this.#wasConnected = true;
      this.status = 'connected';
      this.refusal = null;
      // Everything this device holds that the document lacks: offline writes, or the whole log
      // when the hub came back empty.
      void this.replica.pushMissing().then(() => (this.unsent = 0), this.replica.onError);
    });
    socket.on('close', ({ event }: { event?: { code?: number; reason?: string } }) => {
      const drop = hubDropOf(event?.code, event?.reason);
      if (drop && socket === this.#socket) this.#dropped(drop);
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      if (this.status === 'dropped') return;
      this.status = 'refused';
      // The hub's own words ("permission-denied" is Hocuspocus's when it gave none), or why it
      // would not register the battle.
      this.refusal =
        registered.message ??
        (reason && reason !== 'permission-denied' ? reason : 'The hub refused this link.');
      // The hub may have restarted empty: the referee registers again, a player waits for that.
      this.#scheduleRetry();
    });
    provider.on('awarenessChange', ({ states }: { states: { clientId: number }[] }) => {
      const me = provider.awareness?.clientID;
      this.peers = states.flatMap((s) => {
        const user = (s as { user?: { name?: unknown; role?: unknown; seat?: unknown } }).user;
        if (!user || typeof user.name !== 'string' || typeof user.role !== 'string') return [];
        return [
          {
            clientId: s.clientId,
            name: user.name,
            role: user.role as Role,
            ...(typeof user.seat === 'string' ? { seat: user.seat } : {}),
            isMe: s.clientId === me
          }
        ];
      });
    });
    provider.setAwarenessField('user', {
      name:
        this.config.role === 'referee'
          ? 'Referee'
          : this.config.role === 'spectator'
            ? 'Spectator'
            : (this.config.seat ?? 'Player'),
      role: this.config.role,
      ...(this.config.seat !== undefined ? { seat: this.config.seat } : {})
    });
    provider.attach();
    for (const p of this.#seatProviders) p.attach();
  }

  /**
   * The hub closed this device's socket for sending more than one device may (issue 34): no
   * reconnecting by itself (a runaway client would be dropped again and again); the screen says
   * why and offers Rejoin. What this device holds stays and goes to the hub on rejoining.
   */
  #dropped(drop: HubDrop): void {
    this.status = 'dropped';
    this.refusal = drop.text;
    this.#socket?.disconnect();
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    // Not inside the socket's own close event.
    setTimeout(() => {
      if (this.status === 'dropped') this.#teardown();
    }, 0);
  }

  /** After a drop, connects again (the hub refuses the link until its cooldown has passed). */
  rejoin(): void {
    if (this.status !== 'dropped' || this.#isStopped) return;
    this.#teardown();
    this.status = 'connecting';
    this.refusal = null;
    void this.#connect();
  }

  #scheduleRetry(): void {
    if (this.#retry || this.#isStopped) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#teardown();
      void this.#connect();
    }, LINK_TIMING.refusedRetryMs);
  }

  #teardown(): void {
    for (const p of this.#seatProviders) p.destroy();
    this.#seatProviders = [];
    this.#provider?.destroy();
    this.#socket?.destroy();
    this.#provider = null;
    this.#socket = null;
  }

  stop(): void {
    this.#isStopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    for (const t of this.#timers) clearInterval(t);
    this.#teardown();
    this.replica.doc.destroy();
    this.seatDocs.onUpdate = () => {};
    void this.#saving.then(() => this.seatDocs.destroy());
  }
}

export async function startLiveLink(
  db: Db,
  battleId: string,
  config: LiveConfig,
  onStored: (events: BattleEvent[]) => void,
  onError: (e: unknown) => void,
  knownSeats: readonly string[] = []
): Promise<LiveLink> {
  const link = new LiveLink(db, battleId, config, onStored, onError, knownSeats);
  await link.start();
  return link;
}

/**
 * A phone joining (issue 19): the battle's document fetched from the hub once, stored in Dexie (the
 * battle record and every event, one transaction), and the link settings kept, so the battle page
 * opens it like any other battle and connects again.
 */
export async function joinFromHub(
  db: Db,
  battleId: string,
  config: LiveConfig,
  timeoutMs = 20_000
): Promise<{ ok: true } | { ok: false; message: string }> {
  const { storeReplica } = await import('$lib/db/repo-live');
  const { setSetting } = await import('$lib/db/core');
  const { liveKey } = await import('./live-config');
  const replica = new Replica(db, battleId);
  const socket = socketTo(config.hub);
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: docNameOf(hubKeyFor(config, battleId)),
    document: replica.doc,
    token: config.token
  });
  try {
    const outcome = await new Promise<'synced' | 'refused' | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      provider.on('synced', ({ state }: { state: boolean }) => {
        if (!state) return;
        clearTimeout(timer);
        resolve('synced');
      });
      provider.on('authenticationFailed', () => {
        clearTimeout(timer);
        resolve('refused');
      });
      provider.attach();
    });
    if (outcome === 'refused') {
      return {
        ok: false,
        message: 'The hub refused this link: ask the referee to show the QR code again.'
      };
    }
    if (outcome === 'timeout') {
      return {
        ok: false,
        message:
          'The live table’s hub did not answer. Check that this phone is on the table’s Wi-Fi and that the referee’s hub is running.'
      };
    }
    const shared = replica.sharedBattle();
    if (!shared) {
      return { ok: false, message: 'The referee’s device has not shared this battle yet.' };
    }
    const events = replica.allEvents();
    await storeReplica(db, shared as Parameters<typeof storeReplica>[1], events);
    await setSetting(db, liveKey(battleId), config);
    return { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  } finally {
    provider.destroy();
    socket.destroy();
    replica.doc.destroy();
  }
}
