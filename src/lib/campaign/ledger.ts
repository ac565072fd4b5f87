import { history } from '../battle/actions';
import type { CampaignEvent } from './events';
import { applyCampaignEvent } from './fold';
import { captainsInOrder, INITIAL_CAMPAIGN, type CampaignState, type Captain } from './state';

/**
 * The captains' ledger and standings (issue 36 step 5), read from the campaign's state and log:
 * what each captain started with, took in prizes and sales, spent on ships, repairs and re-ratings,
 * and holds; the ships taken and lost. Every sum is the moves' own: the purse always equals the
 * start plus prizes and sales less spending (ledger.test checks the moves keep it so).
 */

export interface LedgerRow {
  captain: Captain;
  start: number;
  prizes: number;
  sales: number;
  spent: number;
  purse: number;
  shipsTaken: number;
  shipsLost: number;
  /** Ships under the captain's command now (afloat, not sold). */
  shipsAfloat: number;
}

/** What a captain started with: kept since the ledger; for older captains, what the sums imply. */
function startOf(c: Captain): number {
  return c.startingPurse ?? c.purse - c.prizes - (c.sales ?? 0) + c.spent;
}

export function ledgerOf(state: CampaignState): LedgerRow[] {
  return captainsInOrder(state).map((c) => ({
    captain: c,
    start: startOf(c),
    prizes: c.prizes,
    sales: c.sales ?? 0,
    spent: c.spent,
    purse: c.purse,
    shipsTaken: c.shipsTaken,
    shipsLost: c.shipsLost,
    shipsAfloat: Object.values(state.ships).filter(
      (s) => s.captainId === c.id && s.status === 'active'
    ).length
  }));
}

/**
 * The standings: ships taken less ships lost first (a campaign of prizes), then prize money, then
 * the purse; a captain with the same figures shares the place.
 */
export function standingsOf(state: CampaignState): (LedgerRow & { place: number })[] {
  const key = (r: LedgerRow) => [r.shipsTaken - r.shipsLost, r.prizes, r.purse];
  const rows = [...ledgerOf(state)].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return a.captain.order - b.captain.order;
  });
  let place = 0;
  return rows.map((r, i) => {
    const prev = rows[i - 1];
    if (!prev || key(prev).some((v, j) => v !== key(r)[j])) place = i + 1;
    return { ...r, place };
  });
}

export interface PurseEntry {
  seq: number;
  summary: string;
  captainId: string;
  /** The change to the purse this entry made (negative: paid out). */
  change: number;
  /** The purse after it. */
  purse: number;
  /** Undone since (struck through). */
  isVoided: boolean;
}

/** Every entry of the log that moved a purse, oldest first: the ledger's lines. */
export function purseEntries(events: readonly CampaignEvent[]): PurseEntry[] {
  const { voided } = history(events);
  const out: PurseEntry[] = [];
  let state = INITIAL_CAMPAIGN;
  for (const e of events) {
    const next = applyCampaignEvent(state, e);
    for (const c of Object.values(next.captains)) {
      const was = state.captains[c.id]?.purse ?? c.purse;
      if (c.purse === was) continue;
      out.push({
        seq: e.seq,
        summary: e.summary,
        captainId: c.id,
        change: c.purse - was,
        purse: c.purse,
        isVoided: voided.has(e.id)
      });
    }
    state = next;
  }
  return out;
}

/** Every entry of the log that changed one roster ship, oldest first: her history. */
export function shipEntries(
  events: readonly CampaignEvent[],
  shipId: string
): { seq: number; summary: string; isVoided: boolean }[] {
  const { voided } = history(events);
  const out: { seq: number; summary: string; isVoided: boolean }[] = [];
  let state = INITIAL_CAMPAIGN;
  for (const e of events) {
    const next = applyCampaignEvent(state, e);
    if (next.ships[shipId] !== state.ships[shipId]) {
      out.push({ seq: e.seq, summary: e.summary, isVoided: voided.has(e.id) });
    }
    state = next;
  }
  return out;
}
