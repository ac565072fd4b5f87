import { draftOf, rollRecord, withPreview, type MovePreview } from '../../battle/move';
import type { InputKitModule } from '../../engine/move';
import { rolledBy, shipDice } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { Dist } from '../../engine/dist';
import { ONE, sub, type Rational } from '../../engine/rational';
import { err, ok } from '../../engine/result';
import * as common from './moves-common';
import { maneuverLabel, pointLabel, sailLabel } from './moves-orders';
import { collisionOdds, tackOdds } from './odds-tasks';
import type { PvOptions } from './options';
// The sheet's heading and the battle's wind are parsed; a referee's heading is checked finite first.
import { closeHauledHeadingOf, normDegOf } from './compass';
import { applyCollision, resolveCollision } from './resolve-collision';
import { gunnerMoveNote } from './ship-losses';
import { initiativeMod } from './morale-reads';
import {
  applyDropAnchor,
  applyTack,
  canDropAnchor,
  closeHauledHeading,
  DROP_ANCHOR_MAX_MOVE,
  resolveDrift,
  resolveTack,
  type TackOutcome
} from './resolve-movement';
import type { Sheet } from './sheet';
import { CREW_REQUIREMENTS } from './tables';
import { TASK_CHECKS } from './tables-play';
import { collisionPreview } from './previews';
import {
  boatsPreview,
  driftPreview,
  DROP_ANCHOR_REFUSAL,
  dropAnchorPreview,
  inches,
  moveShipPreview,
  planMove,
  turnBetween,
  type Side
} from './movement-preview';

// Privateers Phase 4 movement (SPEC C.4.6) and collisions (C.4.11): the plan of each ship's move
// from its orders, heading and the wind; the move itself, drift, the tacking roll, dropping anchor,
// boats and collisions. One move per ship per turn (the rest refuse with the rule's reason). The
// plan of the move and what the moves answer before they are made are in movement-preview.ts.

export {
  planMove,
  turnBetween,
  type BoatsOutlook,
  type MoveKind,
  type MoveOutlook,
  type MovePlan,
  type Side
} from './movement-preview';

export interface MoveShipInput {
  shipId: string;
  /** The referee's heading after a Starboard / Larboard turn (ignored when the rule fixes it). */
  headingAfter: number;
}

/** Records this ship's move; `headingAfter` is the referee's for a Starboard/Larboard card
 *  (Straight keeps the heading; a turn is at most 45° to the card's side). */
const moveShipMove = common.pvMove<MoveShipInput>({
  id: 'pv.move',
  input: ({ z, idInput, numberInput }) =>
    z.strictObject({ shipId: idInput, headingAfter: numberInput(-100_000, 100_000) }),
  phase: 'movementFiring',
  what: 'Movement',
  category: 'movement',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const plan = planMove(state, s.value, options);
    if (!plan.ok) return plan;
    const p = plan.value;
    const from = s.value.headingDeg;
    let heading = p.headingAfter ?? from;
    if (p.headingAfter === null && p.turnSide) {
      if (!Number.isFinite(input.headingAfter)) return err('The heading is a number of degrees.');
      heading = normDegOf(Math.round(input.headingAfter * 10) / 10);
      const t = turnBetween(from, heading);
      const signed = p.turnSide === 'starboard' ? t : -t;
      if (signed < 0 || signed > 45)
        return err(
          `A ${p.turnSide} turn is "up to, but not exceeding 45 degrees" to ${p.turnSide}.`
        );
    }
    const marked = common.markMoved(state, shipId, s.value.name);
    if (!marked.ok) return marked;
    let next: Sheet = { ...s.value, headingDeg: heading };
    if (p.kind === 'heaveTo') next = { ...next, heaveTo: { sailBefore: s.value.sail } };
    if (p.kind === 'heaveToRestart') next = { ...next, heaveTo: null };
    if (p.kind === 'tackFirstLeg') next = { ...next, tack: 'headToWind' };
    const legs = p.legs.map(inches).join(' + ');
    const turned = heading === from ? '' : `, heading ${from}° → ${heading}°`;
    const what =
      p.kind === 'heaveTo'
        ? ', hove to'
        : p.kind === 'tackFirstLeg'
          ? ', head to wind (tacking)'
          : p.kind === 'tackForeAndAft'
            ? ', tacked'
            : '';
    return draftOf(state, {
      kind: 'pv.move',
      summary:
        `${s.value.name} moves ${inches(p.total)} (${pointLabel(p.pos)}, ${sailLabel(s.value.sail)}, ` +
        `${maneuverLabel(s.value.maneuver)}: ${legs})${turned}${what}`,
      next: common.withSheets(marked.value, { [shipId]: next }),
      meaning: { actor: shipId }
    });
  }
});

/** A ship's move, with its plan before it is made (`moveShip.preview`). */
export const moveShip = withPreview(moveShipMove, moveShipPreview);

/** "the ship will drift in inches per a six sided dice roll down wind" (C.4.6.1 step 3). */
const driftMove = common.pvMove<{ shipId: string; dice: DiceRoll }>({
  id: 'pv.drift',
  input: ({ z, idInput, diceInput }) => z.strictObject({ shipId: idInput, dice: diceInput }),
  phase: 'movementFiring',
  what: 'Drift',
  category: 'movement',
  run: (state, input) => {
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const face = common.facesOf(input.dice)[0] ?? 0;
    const r = resolveDrift(s.value, face);
    if (!r.ok) return r;
    const marked = common.markMoved(state, shipId, s.value.name);
    if (!marked.ok) return marked;
    const windFromDeg = common.systemOf(state).windFromDeg;
    const toward = normDegOf(windFromDeg + 180);
    const summary = `${s.value.name} drifts ${inches(r.value)} down wind (toward ${toward}°)`;
    return draftOf(state, {
      kind: 'pv.drift',
      summary,
      next: marked.value,
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      roll: rollRecord({
        procedure: 'pv.drift',
        inputs: { shipId, turn: state.turn, windFromDeg },
        dice: input.dice,
        odds: Dist.die(6)
          .entries()
          .map((e) => ({ inches: e.value, p: common.frac(e.p) })),
        outcome: { inches: r.value, summary }
      })
    });
  }
});

/** Drift, with its inches' odds and die before the roll (`drift.preview`). */
export const drift = withPreview(driftMove, driftPreview);

/** Whether the tacking roll failed, so the mast d12 is needed too (C.4.6.5). */
export function tackNeedsMastRoll(s: Sheet, face: number): boolean {
  return face + initiativeMod(s) < TASK_CHECKS.tack;
}

/** The three outcomes of a tacking roll with their exact odds (C.7.5). */
export function tackOutcomes(mod: number): { id: string; label: string; p: Rational }[] {
  const checked = tackOdds(mod);
  if (!checked.ok) return [];
  const odds = checked.value;
  return [
    { id: 'success', label: 'Tack succeeds', p: odds.success },
    { id: 'aback', label: 'Taken aback, mast kept', p: sub(sub(ONE, odds.success), odds.mastLost) },
    { id: 'mastLost', label: 'Taken aback, mast lost', p: odds.mastLost }
  ];
}

const sideInput = ({ z }: InputKitModule) => z.enum(['starboard', 'larboard']);

export interface TackInput {
  shipId: string;
  /** The tack d12, then (only when it fails) the mast d12. */
  rolls: readonly DiceRoll[];
  side: Side;
}

/**
 * C.4.6.5 turn T+1: d12 + initiative modifier ≥ 4 swings the stern "another 45 degrees" onto the
 * `side` tack and the ship "moves half its allowable distance"; otherwise it is taken aback and
 * the mast d12 (1–3) may cost a mast; under `tackFailure='fallBackToOldTack'` it falls back onto
 * `side`, else it stays head to wind to roll again next turn.
 */
const tackRollMove = common.pvMove<TackInput>({
  id: 'pv.tack',
  input: (kit) => {
    const { z, idInput, diceInput } = kit;
    return z.strictObject({ shipId: idInput, rolls: z.array(diceInput), side: sideInput(kit) });
  },
  phase: 'movementFiring',
  what: 'The tacking roll',
  category: 'movement',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId, side } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (s.value.rig !== 'squareRigged' || s.value.tack === 'none')
      return err('Only a square-rigger head to wind rolls to finish its tack.');
    const mod = initiativeMod(s.value);
    const faces = input.rolls.flatMap(common.facesOf);
    const r = resolveTack(mod, faces[0] ?? 0, faces[1]);
    if (!r.ok) return r;
    const o: TackOutcome = r.value;
    const marked = common.markMoved(state, shipId, s.value.name);
    if (!marked.ok) return marked;
    const wind = common.systemOf(state).windFromDeg;
    let next = applyTack(s.value, o, options);
    const roll = `d12 ${o.roll} + ${mod} = ${o.modified}`;
    let summary: string;
    if (o.success) {
      const heading = closeHauledHeadingOf(wind, side);
      const dist = s.value.sail >= 1 ? s.value.sailingRates.beating[s.value.sail - 1] / 2 : 0;
      next = { ...next, headingDeg: heading };
      summary = `${s.value.name} tacks: ${roll} ≥ ${TASK_CHECKS.tack}, onto the ${side} tack (heading ${heading}°), moves ${inches(dist)}`;
    } else {
      if (options.tackFailure === 'fallBackToOldTack')
        next = { ...next, headingDeg: closeHauledHeadingOf(wind, side) };
      const mast = o.mastLost
        ? next.mastsLost > s.value.mastsLost
          ? 'a mast is lost'
          : 'no mast left to lose'
        : 'no mast lost';
      summary =
        `${s.value.name} is taken aback: ${roll} < ${TASK_CHECKS.tack}; mast d12 ${o.mastRoll}: ${mast}` +
        (options.tackFailure === 'fallBackToOldTack'
          ? `; falls back onto the ${side} tack`
          : '; stays head to wind and rolls again next turn');
    }
    return draftOf(state, {
      kind: 'pv.tack',
      summary,
      next: common.withSheets(marked.value, { [shipId]: next }),
      // The tack d12 (+ initiative, 4+ succeeds) and the mast d12 (1–3 loses a mast): high is good.
      meaning: { actor: shipId, dice: [rolledBy(shipId, common.joinAll(input.rolls))] },
      roll: rollRecord({
        procedure: 'pv.tack',
        inputs: { shipId, turn: state.turn, initiativeMod: mod, side },
        dice: common.joinAll(input.rolls),
        odds: tackOutcomes(mod).map((x) => ({ label: x.label, p: common.frac(x.p) })),
        outcome: { success: o.success, mastLost: o.mastLost, summary }
      })
    });
  }
});

export interface TackOutlook {
  /** Master + crew, added to the tack d12. */
  mod: number;
  outcomes: { id: string; label: string; p: Rational }[];
  /** The close-hauled heading of each tack in this wind; null where the wind is refused. */
  headings: Record<Side, number | null>;
}

/** The tack d12; given its `face`, the dice still to roll: the mast d12 if the tack failed, else
 *  none. The ship's own, high good. */
const tackPreview: MovePreview<{ shipId: string; face?: number }, TackOutlook, PvOptions> = {
  odds: (state, { shipId }) => {
    const s = common.shipSheet(state, shipId);
    if (!s.ok) return s;
    const mod = initiativeMod(s.value);
    const wind = common.systemOf(state).windFromDeg;
    const heading = (side: Side) => {
      const r = closeHauledHeading(wind, side);
      return r.ok ? r.value : null;
    };
    return ok({
      mod,
      outcomes: tackOutcomes(mod),
      headings: { starboard: heading('starboard'), larboard: heading('larboard') }
    });
  },
  dice: (state, { shipId, face }) => {
    const s = common.shipSheet(state, shipId);
    if (!s.ok) return s;
    const name = s.value.name;
    const die = { count: 1, sides: 12, group: name, ship: shipId, isHighGood: true };
    if (face === undefined) return ok([{ ...die, label: `${name}, tack` }]);
    return ok(tackNeedsMastRoll(s.value, face) ? [{ ...die, label: `${name}, mast lost?` }] : []);
  }
};

/** The tacking roll, with its odds and dice before the roll (`tackRoll.preview`). */
export const tackRoll = withPreview(tackRollMove, tackPreview);

/** C.4.6.6: move up to 3″ the way it went last turn (or not at all), drop anchor, bow to the wind. */
const dropAnchorMove = common.pvMove<{ shipId: string; moved: number }>({
  id: 'pv.drop-anchor',
  input: ({ z, idInput, numberInput }) =>
    z.strictObject({ shipId: idInput, moved: numberInput(0, 100_000) }),
  phase: 'movementFiring',
  what: 'Dropping anchor',
  category: 'movement',
  run: (state, input) => {
    const { shipId, moved } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (!canDropAnchor(s.value)) return err(DROP_ANCHOR_REFUSAL);
    if (!(moved >= 0 && moved <= DROP_ANCHOR_MAX_MOVE))
      return err(`It may move up to ${DROP_ANCHOR_MAX_MOVE}″ before dropping anchor.`);
    const r = applyDropAnchor(s.value);
    if (!r.ok) return r;
    const marked = common.markMoved(state, shipId, s.value.name);
    if (!marked.ok) return marked;
    const wind = common.systemOf(state).windFromDeg;
    return draftOf(state, {
      kind: 'pv.drop-anchor',
      summary:
        `${s.value.name} ` +
        (moved > 0 ? `moves ${inches(moved)} and drops anchor` : 'drops anchor') +
        `, bow into the wind (${wind}°)`,
      next: common.withSheets(marked.value, { [shipId]: { ...r.value, headingDeg: wind } }),
      meaning: { actor: shipId }
    });
  }
});

/** Dropping anchor, with how far it may move first (`dropAnchor.preview`). */
export const dropAnchor = withPreview(dropAnchorMove, dropAnchorPreview);

/** C.4.6.8: 2 crew per boat, one full turn, never on a turn the ship moves. */
const boatsMove = common.pvMove<{ shipId: string; kind: 'lower' | 'recover'; count: number }>({
  id: 'pv.boats',
  input: ({ z, idInput, intInput }) =>
    z.strictObject({
      shipId: idInput,
      kind: z.enum(['lower', 'recover']),
      count: intInput(0, 100_000)
    }),
  phase: 'movementFiring',
  what: "Ship's boats",
  category: 'orders',
  run: (state, input) => {
    const { shipId, kind, count } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const sh = s.value;
    if (!Number.isInteger(count) || count < 1) return err('Choose at least one boat.');
    if (sh.assignments.boats < count * CREW_REQUIREMENTS.perBoat)
      return err(
        `"It takes two crew men to lower or recover a ship's boat": assign ${count * CREW_REQUIREMENTS.perBoat}.`
      );
    const isStationary = sh.anchored || sh.heaveTo !== null;
    if (!isStationary || common.movedThisTurn(state).includes(shipId))
      return err('Boats "may never be attempted on any turn the ship is moving".');
    const lowered = kind === 'lower' ? sh.boats.lowered + count : sh.boats.lowered - count;
    if (lowered > sh.boats.total)
      return err(`Only ${sh.boats.total - sh.boats.lowered} boats aboard.`);
    if (lowered < 0) return err(`Only ${sh.boats.lowered} boats are in the water.`);
    return draftOf(state, {
      kind: 'pv.boats',
      summary: `${sh.name} ${kind === 'lower' ? 'lowers' : 'recovers'} ${count} boat${count === 1 ? '' : 's'} (${lowered} of ${sh.boats.total} in the water)`,
      next: common.withSheets(state, { [shipId]: { ...sh, boats: { ...sh.boats, lowered } } }),
      meaning: { actor: shipId }
    });
  }
});

/** The ship's boats, with what the crew on them can do (`boats.preview`). */
export const boats = withPreview(boatsMove, boatsPreview);

// ---- Collisions (C.4.11) -----------------------------------------------------------------------

function damageText(before: Sheet, after: Sheet): string {
  const parts: string[] = [];
  const hull = after.hull.damage - before.hull.damage;
  const crew = before.crew.current - after.crew.current;
  const guns =
    after.guns.filter((g) => g.destroyed).length - before.guns.filter((g) => g.destroyed).length;
  if (hull) parts.push(`${hull} hull`);
  if (crew) parts.push(`${crew} crew`);
  if (guns) parts.push(`${guns} gun${guns === 1 ? '' : 's'}`);
  return `${after.name} ${parts.length ? parts.join(', ') : 'no damage'}`;
}

export interface CollisionInput {
  rammerId: string;
  rammedId: string;
  rammerFacing: Side;
  rammedFacing: Side;
  /** One pad roll: [rammer d6, rammer d12 (8–12 entangles), ...rammed d6 per the rammer's sail]. */
  dice: DiceRoll;
}

const collisionMove = common.pvMove<CollisionInput>({
  id: 'pv.collision',
  input: (kit) => {
    const { z, idInput, diceInput } = kit;
    return z.strictObject({
      rammerId: idInput,
      rammedId: idInput,
      rammerFacing: sideInput(kit),
      rammedFacing: sideInput(kit),
      dice: diceInput
    });
  },
  phase: 'movementFiring',
  what: 'Collisions',
  category: 'collision',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    if (input.rammerId === input.rammedId) return err('Choose two different ships.');
    const a = common.fightingSheet(state, input.rammerId);
    if (!a.ok) return a;
    const b = common.shipSheet(state, input.rammedId);
    if (!b.ok) return b;
    if (b.value.sunk || b.value.burnedUp) return err(`${b.value.name} is no longer afloat.`);
    const faces = common.facesOf(input.dice);
    const r = resolveCollision(a.value.sail, faces, options);
    if (!r.ok) return r;
    const out = applyCollision(
      a.value,
      b.value,
      r.value,
      {
        rammer: input.rammerId,
        rammed: input.rammedId,
        rammerFacing: input.rammerFacing,
        rammedFacing: input.rammedFacing
      },
      options
    );
    const summary =
      `${a.value.name} rams ${b.value.name} at ${sailLabel(a.value.sail)}: ` +
      `${damageText(a.value, out.rammer)}; ${damageText(b.value, out.rammed)}; ` +
      (r.value.entangled ? `entangled (d12 ${faces[1]})` : `not entangled (d12 ${faces[1]})`) +
      gunnerMoveNote(a.value, out.rammer) +
      gunnerMoveNote(b.value, out.rammed);
    const isRollerHarmingOther = options.collisionDamageReading === 'rollerInflictsOnOther';
    const checked = collisionOdds(a.value.sail, options);
    if (!checked.ok) return checked;
    const odds = checked.value;
    return draftOf(state, {
      kind: 'pv.collision',
      summary,
      next: common.markGunnersMoved(
        state,
        common.withSheets(state, { [input.rammerId]: out.rammer, [input.rammedId]: out.rammed })
      ),
      meaning: {
        actor: input.rammerId,
        target: input.rammedId,
        // Faces [rammer d6, rammer d12, ...rammed d6s] (C.4.11). Each ship's d6s damage itself by
        // default, so high is bad for its roller; under C.5 #30 reading (b) they damage the other.
        // The d12 entangles on 8+ (neither good nor bad for the rammer: counted as rolled).
        dice: [
          shipDice(input.rammerId, 1, isRollerHarmingOther),
          shipDice(input.rammerId, 1),
          shipDice(input.rammedId, faces.length - 2, isRollerHarmingOther)
        ]
      },
      roll: rollRecord({
        procedure: 'pv.collision',
        inputs: {
          rammerId: input.rammerId,
          rammedId: input.rammedId,
          rammerFacing: input.rammerFacing,
          rammedFacing: input.rammedFacing,
          turn: state.turn,
          rammerSail: a.value.sail
        },
        dice: input.dice,
        odds: {
          entangle: common.frac(odds.entangle),
          rammer: odds.rammer.entries().map((e) => [e.value, common.frac(e.p)]),
          rammed: odds.rammed.entries().map((e) => [e.value, common.frac(e.p)])
        },
        outcome: { entangled: r.value.entangled, summary }
      })
    });
  }
});

/** A collision, with its odds and dice before the roll (`collision.preview`). */
export const collision = withPreview(collisionMove, collisionPreview);
