import { history } from '../battle/actions';
import type { BattleEvent } from '../engine/events';
import type { BattleOptions, RuleSystemWithMoves } from '../engine/system';
import type { DamageChart } from '../report/chart';
import { buildReport, type Report } from '../report/model';
import type { CampaignEvent } from './events';
import { applyCampaignEvent } from './fold';
import type { ShipDecision } from './moves-after';
import { battlesInOrder, INITIAL_CAMPAIGN, type CampaignState } from './state';

/**
 * The campaign report across battles (issue 36 step 5): each battle's own after-action report
 * (report/model.ts, every figure read from the moves' meaning and the fold), added up per roster
 * ship and per captain. A ship's figures in a battle go to the captain she sailed under in it (her
 * captain when the battle was made: a prize counts for her captor only from the next battle on).
 * Captures and prize money are the post-battle step's as the referee applied it; for a battle not
 * applied yet, the captures the battle's log shows and no money.
 */

export interface CampaignReportBattleInput {
  id: string;
  events: readonly BattleEvent[];
  title: string;
  options?: BattleOptions;
  variant?: string;
}

export interface CampaignReportInput {
  /** The campaign's whole log. */
  events: readonly CampaignEvent[];
  /** Each battle of the campaign with its whole log (a battle missing here is left out). */
  battles: readonly CampaignReportBattleInput[];
  system: RuleSystemWithMoves;
}

/** A ship's or a captain's figures, in one battle or all together. */
export interface Figures {
  battles: number;
  hitsScored: number;
  damageDealt: number;
  damageTaken: number;
  /** Ships taken: by this ship (her captor's credit) or by this captain's ships. */
  captures: number;
  /** Prize money received for those ships (a captain's; a ship's is her captures' money). */
  prizes: number;
}

export interface CaptureLine {
  /** The battle ship taken and the one that took her (null: the referee's call, no ship). */
  shipId: string;
  captorShipId: string | null;
  /** The captain who received her (applied battles only). */
  captainId: string | null;
  prizeMoney: number;
}

export interface CampaignReportBattle {
  id: string;
  name: string;
  order: number;
  isApplied: boolean;
  report: Report;
  /** Battle ship id → roster ship id, and → the captain she sailed under. */
  rosterOf: Record<string, string>;
  captainOf: Record<string, string>;
  captures: CaptureLine[];
}

export interface CampaignReportRow extends Figures {
  id: string;
  name: string;
  /** Each battle's figures, in the campaign's order (battles she or he did not fight left out). */
  byBattle: ({ battleId: string } & Figures)[];
}

export interface CampaignReport {
  battles: CampaignReportBattle[];
  ships: CampaignReportRow[];
  captains: CampaignReportRow[];
  /** Damage dealt per captain, battle by battle: the battle report's chart, a bar per battle. */
  damage: DamageChart;
  state: CampaignState;
}

const ZERO: Figures = Object.freeze({
  battles: 0,
  hitsScored: 0,
  damageDealt: 0,
  damageTaken: 0,
  captures: 0,
  prizes: 0
});

/**
 * Ships taken in a battle as its report reads the moves: an act that moved a ship to another side
 * or marked her captured, by another ship (after-battle.ts reads the captor the same way).
 */
export function capturesInReport(report: Report): { shipId: string; captorShipId: string }[] {
  const out = new Map<string, string>();
  for (const turn of report.turns) {
    for (const entry of turn.entries) {
      for (const c of entry.changes) {
        const taken = c.newSide !== null || c.gained.includes('captured');
        if (taken && entry.actorId !== null && entry.actorId !== c.shipId) {
          out.set(c.shipId, entry.actorId);
        }
      }
    }
  }
  return [...out].map(([shipId, captorShipId]) => ({ shipId, captorShipId }));
}

/**
 * Who commanded each roster ship when each battle was made: the campaign folded to the event that
 * put the battle in (the last such event, should it have been undone and redone).
 */
function captainsAtStart(events: readonly CampaignEvent[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  let state = INITIAL_CAMPAIGN;
  for (const e of events) {
    const next = applyCampaignEvent(state, e);
    for (const b of Object.values(next.battles)) {
      if (state.battles[b.id]) continue;
      const captains: Record<string, string> = {};
      for (const [battleShip, rosterId] of Object.entries(b.ships)) {
        const captainId = next.ships[rosterId]?.captainId;
        if (captainId) captains[battleShip] = captainId;
      }
      out.set(b.id, captains);
    }
    state = next;
  }
  return out;
}

/** The post-battle step applied to each battle, as it stands (an undone one is not). */
function appliedDecisions(events: readonly CampaignEvent[]): Map<string, ShipDecision[]> {
  const { voided } = history(events);
  const out = new Map<string, ShipDecision[]>();
  for (const e of events) {
    if (e.kind !== 'campaign.after-battle' || voided.has(e.id)) continue;
    const input = e.input as unknown as { battleId: string; ships: ShipDecision[] } | undefined;
    if (input) out.set(input.battleId, input.ships);
  }
  return out;
}

function add(into: Figures, f: Figures): Figures {
  return {
    battles: into.battles + f.battles,
    hitsScored: into.hitsScored + f.hitsScored,
    damageDealt: into.damageDealt + f.damageDealt,
    damageTaken: into.damageTaken + f.damageTaken,
    captures: into.captures + f.captures,
    prizes: into.prizes + f.prizes
  };
}

class Rows {
  readonly rows = new Map<string, CampaignReportRow>();
  constructor(private readonly nameOf: (id: string) => string) {}
  /** Adds a battle's figures to a row; one battle counts once however many ships it sums. */
  add(id: string, battleId: string, f: Figures): void {
    const row = this.rows.get(id) ?? { id, name: this.nameOf(id), ...ZERO, byBattle: [] };
    const inBattle = row.byBattle.find((b) => b.battleId === battleId);
    if (inBattle) Object.assign(inBattle, add(inBattle, { ...f, battles: 0 }));
    else row.byBattle.push({ battleId, ...f, battles: 1 });
    Object.assign(row, add(row, { ...f, battles: inBattle ? 0 : 1 }));
    this.rows.set(id, row);
  }
  inOrder(order: (id: string) => number): CampaignReportRow[] {
    return [...this.rows.values()].sort((a, b) => order(a.id) - order(b.id));
  }
}

export function campaignReport(input: CampaignReportInput): CampaignReport {
  const { system } = input;
  let state = INITIAL_CAMPAIGN;
  for (const e of input.events) state = applyCampaignEvent(state, e);
  const startCaptains = captainsAtStart(input.events);
  const applied = appliedDecisions(input.events);
  const logs = new Map(input.battles.map((b) => [b.id, b]));
  const ships = new Rows((id) => state.ships[id]?.name ?? id);
  const captains = new Rows((id) => state.captains[id]?.name ?? id);
  const battles: CampaignReportBattle[] = [];

  for (const b of battlesInOrder(state)) {
    const log = logs.get(b.id);
    if (!log) continue;
    const report = buildReport({
      events: log.events,
      system,
      title: log.title,
      options: log.options,
      variant: log.variant,
      sceneUntil: b.setupSeq
    });
    const captainOf = startCaptains.get(b.id) ?? {};
    const decisions = applied.get(b.id);
    const captures: CaptureLine[] = decisions
      ? decisions
          .filter((d) => d.fate === 'captured')
          .map((d) => ({
            shipId: d.battleShipId,
            captorShipId: d.captorShipId,
            captainId: d.newOwnerId,
            prizeMoney: d.prizeMoney
          }))
      : capturesInReport(report).map((c) => ({ ...c, captainId: null, prizeMoney: 0 }));
    for (const rs of report.ships) {
      const rosterId = b.ships[rs.id];
      const taken = captures.filter((c) => c.captorShipId === rs.id);
      const f: Figures = {
        battles: 1,
        hitsScored: rs.hitsScored,
        damageDealt: rs.damageDealt,
        damageTaken: rs.damageTaken,
        captures: taken.length,
        prizes: taken.reduce((n, c) => n + c.prizeMoney, 0)
      };
      if (rosterId) ships.add(rosterId, b.id, f);
      const captainId = captainOf[rs.id];
      // A captain's captures and prizes are the ships they received, added below.
      if (captainId) captains.add(captainId, b.id, { ...f, captures: 0, prizes: 0 });
    }
    for (const c of captures) {
      const captainId = c.captainId ?? (c.captorShipId ? captainOf[c.captorShipId] : undefined);
      if (captainId) {
        captains.add(captainId, b.id, { ...ZERO, captures: 1, prizes: c.prizeMoney });
      }
    }
    battles.push({
      id: b.id,
      name: b.name,
      order: b.order,
      isApplied: decisions !== undefined,
      report,
      rosterOf: { ...b.ships },
      captainOf,
      captures
    });
  }

  const captainRows = captains.inOrder((id) => state.captains[id]?.order ?? Infinity);
  return {
    battles,
    ships: ships.inOrder((id) => state.ships[id]?.order ?? Infinity),
    captains: captainRows,
    damage: {
      sides: captainRows.map((r) => r.name),
      turns: battles.map((b, i) => ({
        turn: i + 1,
        bySide: Object.fromEntries(
          captainRows.map((r) => [
            r.name,
            r.byBattle.find((x) => x.battleId === b.id)?.damageDealt ?? 0
          ])
        )
      })),
      maxValue: Math.max(0, ...captainRows.flatMap((r) => r.byBattle.map((x) => x.damageDealt)))
    },
    state
  };
}
