// What the rolled Privateers moves answer before their roll (issue 31 item 2, `move.preview`): the
// exact odds the panel shows and the dice pad it asks for, with whose dice they are and which way is
// good for them, as the move's meaning then records them. The panels call no odds function of their
// own; the moves' files wrap their moves with these (cannon fire's is in fire-plan.ts).
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import type { Dist } from '../../engine/dist';
import { ONE, sub, type Rational } from '../../engine/rational';
import { err, ok, type Result, type ValueOf } from '../../engine/result';
import { shipSheet } from './moves-common';
import { collisionOdds, grappleOdds, moraleOdds, reloadChances, reloadOdds } from './odds-tasks';
import type { PvOptions } from './options';
import { collisionDice } from './resolve-collision';
import { moraleInputOf } from './resolve-morale';
import { reloadMod } from './morale-reads';
import { reloadGunsOf, type ReloadGun } from './resolve-tasks';
import { reloadBatteries, type Sheet } from './sheet';

const sheets = (state: BattleState, a: string, b: string): Result<{ a: Sheet; b: Sheet }> => {
  const x = shipSheet(state, a);
  if (!x.ok) return x;
  const y = shipSheet(state, b);
  return y.ok ? ok({ a: x.value, b: y.value }) : y;
};

// ---- Collisions (C.4.11) ---------------------------------------------------------------------

export interface CollisionAim {
  rammerId: string;
  rammedId: string;
}

/** "Ramming boat throws a 6 sided dice for hull damage, and also throws a 12 sided dice for
 *  entanglement … Rammed boat throws a dice per ramming ship's speed": the entanglement and each
 *  ship's damage, from the rammer's sail. */
export const collisionPreview: MovePreview<
  CollisionAim,
  ValueOf<ReturnType<typeof collisionOdds>>,
  PvOptions
> = {
  odds: (state, aim, options) => {
    const s = shipSheet(state, aim.rammerId);
    return s.ok ? collisionOdds(s.value.sail, options) : s;
  },
  // Each ship's d6s damage itself by default, so high is bad for its roller; under C.5 #30
  // reading (b) they damage the other ship. The d12 entangles on 8+, counted as rolled.
  dice: (state, aim, options) => {
    const s = sheets(state, aim.rammerId, aim.rammedId);
    if (!s.ok) return s;
    const { a, b } = s.value;
    const isHighGood = options.collisionDamageReading === 'rollerInflictsOnOther';
    const ramming = { group: `Ramming: ${a.name}`, ship: aim.rammerId };
    return ok([
      { count: 1, sides: 6, label: `${a.name}, hull damage`, ...ramming, isHighGood },
      { count: 1, sides: 12, label: `${a.name}, entanglement`, ...ramming, isHighGood: true },
      {
        count: collisionDice(a.sail),
        sides: 6,
        label: `${b.name}, hull damage`,
        group: `Rammed: ${b.name}`,
        ship: aim.rammedId,
        isHighGood
      }
    ]);
  }
};

// ---- Grappling (C.4.14) ----------------------------------------------------------------------

export interface GrappleAim {
  shipId: string;
  otherId: string;
}

export interface GrappleOutlook {
  /** Grapplers and cutters assigned in Phase 2. */
  throwers: number;
  cutters: number;
  /** Grapples that hold, and grapples cut (8+ on a d12 each). */
  hold: Dist<number>;
  cut: Dist<number>;
}

/** One d12 per grappler (8+ holds) and per cutter (8+ cuts one "at the same chance"), the ship's. */
export const grapplePreview: MovePreview<GrappleAim, GrappleOutlook, PvOptions> = {
  odds: (state, aim) => {
    const s = shipSheet(state, aim.shipId);
    if (!s.ok) return s;
    const { grapplers: throwers, grappleCutters: cutters } = s.value.assignments;
    const hold = grappleOdds(throwers);
    if (!hold.ok) return hold;
    const cut = grappleOdds(cutters);
    return cut.ok ? ok({ throwers, cutters, hold: hold.value, cut: cut.value }) : cut;
  },
  dice: (state, aim) => {
    const s = sheets(state, aim.shipId, aim.otherId);
    if (!s.ok) return s;
    const { a, b } = s.value;
    const mine = { sides: 12, group: a.name, ship: aim.shipId, isHighGood: true };
    const needs: DiceNeed[] = [
      { count: a.assignments.grapplers, label: `${a.name}, grapple on ${b.name}`, ...mine },
      { count: a.assignments.grappleCutters, label: `${a.name}, cut a grapple`, ...mine }
    ];
    return ok(needs.filter((n) => n.count > 0));
  }
};

// ---- Morale (C.4.17) -------------------------------------------------------------------------

/** A morale check: d12 + modifiers, the higher the steadier the crew; the ship's own die. */
export const moralePreview: MovePreview<
  { shipId: string },
  ValueOf<ReturnType<typeof moraleOdds>>,
  PvOptions
> = {
  odds: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    return s.ok ? moraleOdds(moraleInputOf(s.value)) : s;
  },
  dice: (state, { shipId }) => {
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    const name = s.value.name;
    return ok([
      { count: 1, sides: 12, label: `${name}, morale`, group: name, ship: shipId, isHighGood: true }
    ]);
  }
};

// ---- Reload (C.4.5) --------------------------------------------------------------------------

export interface ReloadAim {
  shipId: string;
  /** For a fortification: the independent battery rolling (C.4.5 step 1). */
  battery?: number;
}

export interface ReloadOutlook {
  /** Gunner + Crew, added to the d12. */
  mod: number;
  /** The unloaded, undestroyed guns this roll loads (the battery's, for a battery). */
  guns: ReloadGun[];
  /** A plain gun loads (7+), and does not. */
  loads: Rational;
  misses: Rational;
  /** What the reload card shows (#14 item 10): every gun, the Gunner's gun (6+) when he sights
   *  one, double shot (10+) when one is designated. */
  chances: { label: string; p: Rational }[];
}

const batteryOf = (s: Sheet, battery: number | undefined): Result<string | null> => {
  if (battery === undefined) return ok(null);
  const b = reloadBatteries(s)[battery];
  return b ? ok(b.name) : err('No such battery.');
};

/** "A modified dice roll of 7 or more on a 12 sided die is needed to be loaded": the vessel's (or
 *  the battery's) own d12 + (Gunner + Crew), high good. */
export const reloadPreview: MovePreview<ReloadAim, ReloadOutlook, PvOptions> = {
  odds: (state, aim, options) => {
    const s = shipSheet(state, aim.shipId);
    if (!s.ok) return s;
    const b = aim.battery === undefined ? null : reloadBatteries(s.value)[aim.battery];
    if (b === undefined) return err('No such battery.');
    const mod = reloadMod(s.value);
    const plain = reloadOdds(mod, { gunnerSighted: false, doubleShotOrdered: false }, options);
    if (!plain.ok) return plain;
    const all = reloadGunsOf(s.value);
    const guns = b ? all.filter((g) => b.gunIds.includes(g.id)) : all;
    const loads = plain.value.probWhere((x) => x !== 'notLoaded');
    return ok({
      mod,
      guns,
      loads,
      misses: sub(ONE, loads),
      chances: reloadChances(guns, mod, options)
    });
  },
  dice: (state, aim) => {
    const s = shipSheet(state, aim.shipId);
    if (!s.ok) return s;
    const battery = batteryOf(s.value, aim.battery);
    if (!battery.ok) return battery;
    const name = s.value.name;
    const label = battery.value ? `${name}, ${battery.value}, reload` : `${name}, reload`;
    return ok([{ count: 1, sides: 12, label, group: name, ship: aim.shipId, isHighGood: true }]);
  }
};

// Weighing anchor (C.4.6.7) is anchor-preview.ts, apart so the crew phase's moves load no odds engine.
export { weighAnchorPreview } from './anchor-preview';
