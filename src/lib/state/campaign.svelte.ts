import { canRedo, canUndo, history } from '$lib/battle/actions';
import type { CampaignEvent } from '$lib/campaign/events';
import { reviewBattle, type BattleReview } from '$lib/campaign/after-battle';
import type { CampaignMove } from '$lib/campaign/move';
import { applyBattle, decisionsOf, type ShipDecision } from '$lib/campaign/moves-after';
import { campaignReport, type CampaignReport } from '$lib/campaign/report';
import { INITIAL_CAMPAIGN, type CampaignState } from '$lib/campaign/state';
import { loadSystem } from '$lib/rules/engines';
import { withMoves } from '$lib/rules/with-moves';
import { err, ok, type Result } from '$lib/engine/result';
import type { BattleRecord, CampaignRecord, Db, NewCampaign } from '$lib/db';
import { errorMessage, NOT_SAVED } from './errors';
import { loadDbModule, storage } from './storage.svelte';

/**
 * The campaign screens (issue 36): the list, and one campaign's log with its state. Every action is
 * a campaign move through one check-then-act, as a battle's: checked on the state on screen (a
 * refusal shows at once, nothing written), then built again inside the transaction on the log as
 * stored, and committed or refused.
 */

class CampaignListState {
  campaigns = $state.raw<CampaignRecord[]>([]);
  isLoading = $state(true);
  error = $state.raw<unknown>(null);

  async load(): Promise<void> {
    const db = await storage.open();
    if (!db) {
      this.isLoading = false;
      return;
    }
    try {
      const { listCampaigns } = await loadDbModule();
      this.campaigns = await listCampaigns(db);
      this.error = null;
    } catch (e) {
      this.error = e;
    } finally {
      this.isLoading = false;
    }
  }

  async create(input: NewCampaign): Promise<CampaignRecord | null> {
    const db = await storage.open();
    if (!db) return null;
    try {
      const { createCampaign } = await loadDbModule();
      const created = await createCampaign(db, input);
      this.error = null;
      await this.load();
      return created;
    } catch (e) {
      this.error = e;
      return null;
    }
  }
}

export const campaignList = new CampaignListState();

export class CampaignSession {
  campaign = $state.raw<CampaignRecord | null>(null);
  events = $state.raw<CampaignEvent[]>([]);
  state = $state.raw<CampaignState>(INITIAL_CAMPAIGN);
  isLoading = $state(true);
  /** The page's error (it could not load). */
  error = $state.raw<unknown>(null);
  /** The last refused or failed action, said where it was made. */
  refusal = $state<string | null>(null);

  readonly history = $derived(history(this.events));
  readonly canUndo = $derived(canUndo(this.events));
  readonly canRedo = $derived(canRedo(this.events));

  constructor(readonly campaignId: string) {}

  async #db(): Promise<Db | null> {
    return storage.open();
  }

  async load(): Promise<void> {
    const db = await this.#db();
    if (!db) {
      this.isLoading = false;
      return;
    }
    try {
      const { loadCampaign } = await loadDbModule();
      const loaded = await loadCampaign(db, this.campaignId);
      this.campaign = loaded.campaign;
      this.events = loaded.events;
      this.state = loaded.state;
      this.error = null;
    } catch (e) {
      this.error = e;
    } finally {
      this.isLoading = false;
    }
  }

  /** The one check-then-act for a campaign move. */
  async perform<I>(move: CampaignMove<I>, input: I): Promise<Result<CampaignEvent>> {
    const db = await this.#db();
    if (!db) return err(NOT_SAVED);
    const ctx = () => ({ now: db.now(), newId: () => db.newId() });
    const check = move.run(this.state, input, ctx());
    if (!check.ok) {
      this.refusal = check.error;
      return check;
    }
    try {
      const { appendCampaignBuilt } = await loadDbModule();
      const r = await appendCampaignBuilt(db, this.campaignId, (s) => move.run(s, input, ctx()));
      this.refusal = r.ok ? null : r.error;
      await this.load();
      return r;
    } catch (e) {
      this.refusal = errorMessage(e, NOT_SAVED);
      return err(this.refusal);
    }
  }

  async #logAction(kind: 'undo' | 'redo'): Promise<void> {
    const db = await this.#db();
    if (!db) return;
    try {
      const { undoCampaign, redoCampaign } = await loadDbModule();
      await (kind === 'undo' ? undoCampaign : redoCampaign)(db, this.campaignId);
      this.refusal = null;
    } catch (e) {
      this.refusal = errorMessage(e, NOT_SAVED);
    }
    await this.load();
  }

  undo(): Promise<void> {
    return this.#logAction('undo');
  }

  redo(): Promise<void> {
    return this.#logAction('redo');
  }

  /** A battle from the roster: made, its ships added and the campaign's event, in one. */
  async startBattle(
    name: string,
    rosterShipIds: string[],
    modules?: Record<string, boolean>
  ): Promise<BattleRecord | null> {
    const db = await this.#db();
    const campaign = this.campaign;
    if (!db || !campaign) return null;
    try {
      const system = await loadSystem(campaign.systemId).then((s) => withMoves(s));
      const { startCampaignBattle } = await import('$lib/db/repo-campaign-battles');
      const input = { name, rosterShipIds, ...(modules ? { modules } : {}) };
      const r = await startCampaignBattle(db, this.campaignId, input, system);
      this.refusal = r.ok ? null : r.error;
      await this.load();
      return r.ok ? r.value : null;
    } catch (e) {
      this.refusal = errorMessage(e, NOT_SAVED);
      return null;
    }
  }

  /** The post-battle review of one of the campaign's battles, read from the battle's log. */
  async review(battleId: string): Promise<Result<{ battle: BattleRecord; review: BattleReview }>> {
    const db = await this.#db();
    const campaign = this.campaign;
    if (!db || !campaign) return err('The campaign is not open.');
    try {
      const { loadBattle } = await loadDbModule();
      const { battle, events } = await loadBattle(db, battleId);
      const system = await loadSystem(battle.systemId).then((s) => withMoves(s));
      const review = reviewBattle({
        campaign: this.state,
        battleId,
        events,
        system,
        title: battle.name,
        options: battle.options,
        variant: battle.variant
      });
      return review.ok ? ok({ battle, review: review.value }) : review;
    } catch (e) {
      return err(errorMessage(e));
    }
  }

  /** The campaign report across its battles, each read from the battle's log. */
  async report(): Promise<Result<CampaignReport>> {
    const db = await this.#db();
    const campaign = this.campaign;
    if (!db || !campaign) return err('The campaign is not open.');
    try {
      const { loadBattle } = await loadDbModule();
      const system = await loadSystem(campaign.systemId).then((s) => withMoves(s));
      const battles = [];
      for (const id of Object.keys(this.state.battles)) {
        const { battle, events } = await loadBattle(db, id);
        battles.push({
          id,
          events,
          title: battle.name,
          options: battle.options,
          variant: battle.variant
        });
      }
      return ok(campaignReport({ events: this.events, battles, system }));
    } catch (e) {
      return err(errorMessage(e));
    }
  }

  /** The reviewed battle applied, as the referee confirmed it: one event. */
  apply(battleId: string, ships: ShipDecision[]): Promise<Result<CampaignEvent>> {
    return this.perform(applyBattle, { battleId, ships });
  }
}

export { decisionsOf };
