// Weighing anchor's odds and its preview (C.4.6.7, C.7.5), apart from the other checks' odds
// (odds-tasks.ts) and previews (previews.ts), which re-export them: the crew phase's moves
// (moves-orders.ts) need only these, and importing odds.ts would put the whole odds engine (the
// gunnery, the crew tasks, the collisions) on a deep link's first screen in Phases 1 and 2 (issue 40).
import type { MovePreview } from '../../battle/move';
import { Dist } from '../../engine/dist';
import { guarded } from '../../engine/inputs';
import { ok } from '../../engine/result';
import { men } from './input-limits';
import { shipSheet } from './moves-common';
import type { PvOptions } from './options';

const D12 = Dist.die(12);

/** "d12 − crew on the anchor = turns to raise it" (at least 1): the turns it takes. */
export const weighAnchorOdds = guarded(
  (crew: number) => men('The crew raising the anchor', crew),
  (crew: number): Dist<number> => D12.map((f) => Math.max(1, f - crew))
);

/** The turns weighing anchor takes, and the ship's own d12, low good. */
export const weighAnchorPreview: MovePreview<{ shipId: string }, Dist<number>, PvOptions> = {
  odds: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    return s.ok ? weighAnchorOdds(s.value.assignments.anchor) : s;
  },
  dice: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    const name = s.value.name;
    const label = `${name}, weigh anchor`;
    return ok([{ count: 1, sides: 12, label, group: name, ship: shipId, isHighGood: false }]);
  }
};
