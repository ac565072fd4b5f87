// What a repair answers before it is made (issue 31 item 2, `repairMove.preview`): whether the
// ship may repair now and what it costs (SPEC A.3.4, A.4.9): "one Repair Card for one Prize Disk"
// at its own Homeport, two at an anchor icon, the cards from the pile at its Homeport and the disk
// from those set aside. No dice: a repair is an exchange.
import type { MovePreview } from '../../battle/move';
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import { resolveRepair, type RepairOutcome } from './resolve-fleet';
import type { Compass } from './tables';
import { activeShip, turnActsOf, turnOverText, viewOf, type McShip, type McView } from './view';

/** Why this ship may not repair now, or what its repair costs, from which pile. */
export function repairCheck(
  view: McView,
  shipId: string,
  opts: Pick<McOptions, 'repairLimitPerTurn'>
): Result<{ outcome: RepairOutcome; pileAt: Compass; ship: McShip }> {
  const s = activeShip(view, shipId);
  if (!s.ok) return s;
  const endedBy = turnActsOf(view.system).endedBy;
  if (endedBy !== null) return err(turnOverText(endedBy));
  const sheet = s.value.sheet;
  if (sheet.isSunk) return err(`${sheet.name} is sunk.`);
  const pileAt = sheet.homeport;
  if (pileAt === null) return err('The ship has no Homeport, so no Repair Cards.');
  const place = sheet.location === 'anchor' ? 'anchor' : 'homeport';
  const r = resolveRepair(
    {
      variant: view.system.variant,
      sheet,
      place,
      repairCards: view.system.homeports[pileAt].repairCards,
      discardedPrizeDisks: view.system.discardedPrizeDisks
    },
    opts
  );
  return r.ok ? ok({ outcome: r.value, pileAt, ship: s.value }) : r;
}
/** A repair allowed now: its cost, and the pile and the disks set aside it draws on. */
export interface RepairOutlook extends RepairOutcome {
  /** The Homeport whose pile pays (the ship's own, at an anchor too). */
  pileAt: Compass;
  /** Repair Cards in that pile before the repair. */
  cardsInPile: number;
  /** Discarded Prize Disks set aside before the repair ("reclaimed" from them). */
  disksSetAside: number;
}

export const repairPreview: MovePreview<{ shipId: string }, RepairOutlook, McOptions> = {
  odds: (state, { shipId }, opts) => {
    const v = viewOf(state);
    if (!v.ok) return v;
    const c = repairCheck(v.value, shipId, opts);
    if (!c.ok) return c;
    const sys = v.value.system;
    return ok({
      ...c.value.outcome,
      pileAt: c.value.pileAt,
      cardsInPile: sys.homeports[c.value.pileAt].repairCards,
      disksSetAside: sys.discardedPrizeDisks
    });
  },
  dice: (state, { shipId }, opts) => {
    const v = viewOf(state);
    if (!v.ok) return v;
    const c = repairCheck(v.value, shipId, opts);
    return c.ok ? ok([]) : c;
  }
};
