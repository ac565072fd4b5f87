import { draftOf, rollRecord, withPreview } from '../../battle/move';
import { rolledBy } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err } from '../../engine/result';
import * as common from './moves-common';
import { fireAttemptOdds, moraleOdds } from './odds-tasks';
import { applyMorale, moraleInputOf, resolveMorale } from './resolve-morale';
import {
  applyDamageControl,
  applyFire,
  applyFireIgnitionDamage,
  applyJuryRig,
  applyPumping,
  pumpingDamage,
  resolveDamageControl,
  resolveFire,
  resolveJuryRig
} from './resolve-tasks';
import { gunName } from './sheet';
import { hasReloaded, moraleDue, moraleReasons } from './turn-reads';
import { MORALE_RESULTS } from './tables-play';
import { TASK_CHECKS } from './tables-play';
import { moralePreview } from './previews';
import {
  fireDue,
  firePreview,
  pumpsDue,
  pumpsPreview,
  repairCrewProblem,
  repairDue,
  repairOdds,
  repairPreview
} from './tasks-preview';

// Privateers Phase 6 (SPEC C.4.16 [DEFAULT placement] – C.4.18): fire, pumping, damage control and
// jury rigging by the crews assigned to them in Phase 2 (C.4.3: "Each turn, a captain must determine
// which tasks the crew will perform"), each once per ship a turn; then the morale checks due and
// the sinkings.

/** Step 1: the fire's step this turn — the ignition turn's 5 points (Errata 3, no dice) or an
 *  attempt with d12 + the crew assigned to fight it in Phase 2. */
const fightFireMove = common.pvMove<{ shipId: string; dice: DiceRoll | null }>({
  id: 'pv.fire',
  input: ({ z, idInput, diceInput }) =>
    z.strictObject({ shipId: idInput, dice: z.nullable(diceInput) }),
  phase: 'moraleSinkings',
  what: 'Fire fighting',
  category: 'fire-aboard',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const due = fireDue(state, shipId, options);
    if (!due.ok) return due;
    const { sheet: sh, attempt, crew } = due.value;
    if (attempt === null) {
      const summary = `${sh.name} burns: ${TASK_CHECKS.fireDamage} hull points on the turn the fire started (first attempt next turn)`;
      return draftOf(state, {
        kind: 'pv.fire',
        meaning: { actor: shipId },
        summary,
        next: common.markDone(
          common.withSheets(state, { [shipId]: applyFireIgnitionDamage(sh, options) }),
          shipId,
          'fire'
        ),
        roll: rollRecord({
          procedure: 'pv.fire',
          inputs: { shipId, turn: state.turn, crew: 0 },
          dice: common.NO_DICE,
          outcome: { kind: 'ignitionDamage', summary }
        })
      });
    }
    const face = common.facesOf(input.dice)[0] ?? 0;
    const r = resolveFire(attempt, crew, face, options);
    if (!r.ok) return r;
    const o = r.value;
    const target = TASK_CHECKS.fire[o.attempt - 1];
    const how = `${o.roll} + ${crew} crew = ${o.modified}, needs ${target}`;
    const result = o.extinguished
      ? `fire out${o.damage ? `, ${o.damage} hull` : ''}`
      : o.burnedUp
        ? `not out, ${o.damage} hull; the ship is engulfed and burns up`
        : `not out, ${o.damage} hull`;
    const summary = `${sh.name} fights the fire (attempt ${o.attempt}): ${how}; ${result}`;
    const chance = fireAttemptOdds(attempt, crew);
    if (!chance.ok) return chance;
    const p = chance.value;
    return draftOf(state, {
      kind: 'pv.fire',
      // d12 + crew against the fire's number (C.4.16): high is good for the ship.
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyFire(sh, o, options) }),
        shipId,
        'fire'
      ),
      roll: rollRecord({
        procedure: 'pv.fire',
        inputs: { shipId, turn: state.turn, crew, attempt },
        dice: input.dice ?? common.NO_DICE,
        odds: { out: common.frac(p) },
        outcome: { kind: 'attempt', extinguished: o.extinguished, summary }
      })
    });
  }
});

/** Step 2: fewer than 2 crew on the pumps (as assigned in Phase 2) when they are needed → 5 hull
 *  ([DEFAULT] from the turn after the need arose). No dice. A sinking ship is past pumping. */
const pumpingMove = common.pvMove<{ shipId: string }>({
  id: 'pv.pumping',
  input: ({ z, idInput }) => z.strictObject({ shipId: idInput }),
  phase: 'moraleSinkings',
  what: 'Pumping',
  category: 'repair',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const due = pumpsDue(state, shipId);
    if (!due.ok) return due;
    const { sheet: sh, crew } = due.value;
    const damage = pumpingDamage(sh, crew);
    const why = sh.waterline ? 'water line damage' : 'hull 3/4 damaged';
    const summary =
      damage > 0
        ? `${sh.name} un-pumped (${common.plural(crew, 'crew')} on the pumps, ${why}): ${damage} hull`
        : sh.pumpsNeededSince === null
          ? `${sh.name} pumps (${why}): no damage on the turn the need arose`
          : `${sh.name} pumps with ${common.plural(crew, 'crew')}: no damage`;
    return draftOf(state, {
      kind: 'pv.pumping',
      meaning: { actor: shipId },
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyPumping(sh, crew, options) }),
        shipId,
        'pumping'
      ),
      roll: rollRecord({
        procedure: 'pv.pumping',
        inputs: { shipId, turn: state.turn, crew },
        dice: common.NO_DICE,
        outcome: { damage, summary }
      })
    });
  }
});

/** Step 3: d12 (+ crew [DEFAULT]) ≥ 10 clears one wreckage item. */
const damageControlMove = common.pvMove<{ shipId: string; dice: DiceRoll }>({
  id: 'pv.damage-control',
  input: ({ z, idInput, diceInput }) => z.strictObject({ shipId: idInput, dice: diceInput }),
  phase: 'moraleSinkings',
  what: 'Damage control',
  category: 'repair',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const due = repairDue(state, shipId, 'damageControl');
    if (!due.ok) return due;
    const { sheet: sh, crew } = due.value;
    const noCrew = repairCrewProblem('damageControl', crew);
    if (noCrew !== null) return err(noCrew);
    const r = resolveDamageControl(crew, common.facesOf(input.dice)[0] ?? 0, options);
    if (!r.ok) return r;
    const o = r.value;
    const next = applyDamageControl(sh, o);
    const summary = `${sh.name} damage control (${common.plural(crew, 'crew')}): ${o.roll} → ${o.modified}, needs ${o.target}; ${o.success ? `wreckage cleared, ${next.wreckage} left` : 'not cleared'}`;
    const odds = repairOdds(crew, TASK_CHECKS.damageControl, options);
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'pv.damage-control',
      // A d12 + crew check: high is good for the ship (C.4.16).
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      summary,
      next: common.markDone(common.withSheets(state, { [shipId]: next }), shipId, 'damageControl'),
      roll: rollRecord({
        procedure: 'pv.damage-control',
        inputs: { shipId, turn: state.turn, crew },
        dice: input.dice,
        odds: { success: common.frac(odds.value) },
        outcome: { success: o.success, summary }
      })
    });
  }
});

/** Step 4: d12 (+ crew [DEFAULT]) ≥ 12 jury-rigs one lost mast. */
const juryRigMove = common.pvMove<{ shipId: string; dice: DiceRoll }>({
  id: 'pv.jury-rig',
  input: ({ z, idInput, diceInput }) => z.strictObject({ shipId: idInput, dice: diceInput }),
  phase: 'moraleSinkings',
  what: 'Jury rigging',
  category: 'repair',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const due = repairDue(state, shipId, 'juryRig');
    if (!due.ok) return due;
    const { sheet: sh, crew } = due.value;
    const noCrew = repairCrewProblem('juryRig', crew);
    if (noCrew !== null) return err(noCrew);
    const r = resolveJuryRig(crew, common.facesOf(input.dice)[0] ?? 0, options);
    if (!r.ok) return r;
    const o = r.value;
    const summary = `${sh.name} jury rigging (${common.plural(crew, 'crew')}): ${o.roll} → ${o.modified}, needs ${o.target}; ${o.success ? 'a mast is jury rigged (Fighting Sail at most)' : 'not yet'}`;
    const juryRigOdds = repairOdds(crew, TASK_CHECKS.juryRig, options);
    if (!juryRigOdds.ok) return juryRigOdds;
    return draftOf(state, {
      kind: 'pv.jury-rig',
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyJuryRig(sh, o, options) }),
        shipId,
        'juryRig'
      ),
      roll: rollRecord({
        procedure: 'pv.jury-rig',
        inputs: { shipId, turn: state.turn, crew },
        dice: input.dice,
        odds: { success: common.frac(juryRigOdds.value) },
        outcome: { success: o.success, summary }
      })
    });
  }
});

/** The fire, the pumps, damage control and jury rigging, each with its odds and die before the
 *  roll (`move.preview`, tasks-preview.ts). */
export const fightFire = withPreview(fightFireMove, firePreview);
export const pumping = withPreview(pumpingMove, pumpsPreview);
export const damageControl = withPreview(damageControlMove, repairPreview('damageControl'));
export const juryRig = withPreview(juryRigMove, repairPreview('juryRig'));

// ---- Morale (C.4.17) -------------------------------------------------------------------------

const moraleCheckMove = common.pvMove<{ shipId: string; dice: DiceRoll }>({
  id: 'pv.morale',
  input: ({ z, idInput, diceInput }) => z.strictObject({ shipId: idInput, dice: diceInput }),
  phase: 'moraleSinkings',
  what: 'Morale checks',
  category: 'morale',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (s.value.sinking) return err(`${s.value.name} is sinking: no morale check is taken.`);
    if (moraleDue(state, shipId, s.value, options) === 0)
      return err(`${s.value.name} owes no morale check this turn.`);
    const m = moraleInputOf(s.value);
    const r = resolveMorale(m, common.facesOf(input.dice)[0] ?? 0);
    if (!r.ok) return r;
    const o = r.value;
    const label = MORALE_RESULTS.find((x) => x.result === o.result)?.label ?? o.result;
    const sign = o.modifier >= 0 ? '+' : '−';
    const summary = `${s.value.name} morale check: ${o.roll} ${sign} ${Math.abs(o.modifier)} = ${o.modified}, ${label}`;
    const odds = moraleOdds(m);
    if (!odds.ok) return odds;
    const dist = odds.value;
    return draftOf(state, {
      kind: 'pv.morale',
      // d12 + modifiers: the higher, the steadier the crew (C.4.17).
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyMorale(s.value, o, options) }),
        shipId,
        'morale'
      ),
      roll: rollRecord({
        procedure: 'pv.morale',
        inputs: { shipId, turn: state.turn, triggers: moraleReasons(state, shipId) },
        dice: input.dice,
        odds: MORALE_RESULTS.map((x) => ({ label: x.label, p: common.frac(dist.prob(x.result)) })),
        outcome: { result: o.result, summary }
      })
    });
  }
});

/** A morale check, with its odds and die before the roll (`moraleCheck.preview`). */
export const moraleCheck = withPreview(moraleCheckMove, moralePreview);

// ---- Sinkings (C.4.18) -----------------------------------------------------------------------

/** "Once a ships hull points have been expended, the ship will sink"; a ship that burned up is
 *  removed as well. */
export const sinking = common.pvMove<{ shipId: string }>({
  id: 'pv.sinking',
  input: ({ z, idInput }) => z.strictObject({ shipId: idInput }),
  phase: 'moraleSinkings',
  what: 'Sinkings',
  category: 'sinking',
  run: (state, input) => {
    const s = common.shipSheet(state, input.shipId);
    if (!s.ok) return s;
    const sh = s.value;
    if (sh.sunk) return err(`${sh.name} has already sunk.`);
    if (!sh.sinking && !sh.burnedUp) return err(`${sh.name} is not sinking.`);
    return draftOf(state, {
      kind: 'pv.sinking',
      meaning: { actor: input.shipId },
      summary: sh.burnedUp
        ? `${sh.name} burns up and is removed`
        : `${sh.name} sinks (hull ${sh.hull.damage}/${sh.hull.points})`,
      next: common.withSheets(state, { [input.shipId]: { ...sh, sunk: true } })
    });
  }
});

// ---- Double shot (C.4.5) ----------------------------------------------------------------------

/** Designates the guns to load with double shot at this turn's reload ("Firing double shorted guns
 *  requires modified reload roll of 10 or more"): unloaded guns still standing, before the roll. */
export const designateDoubleShot = common.pvMove<{ shipId: string; gunIds: string[] }>({
  id: 'pv.double-shot',
  input: ({ z, idInput }) => z.strictObject({ shipId: idInput, gunIds: z.array(idInput) }),
  phase: 'initiativeReload',
  what: 'Double shot',
  category: 'reload',
  run: (state, input) => {
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (hasReloaded(state, shipId))
      return err(
        `${s.value.name} has rolled to reload this turn: designate double shot before it.`
      );
    const wanted = new Set(input.gunIds);
    for (const id of wanted) {
      const g = s.value.guns.find((x) => x.id === id);
      if (!g || g.destroyed || g.loaded)
        return err('Double shot goes only to a gun still standing that is to be reloaded.');
    }
    const guns = s.value.guns.map((g) => ({ ...g, doubleShotOrdered: wanted.has(g.id) }));
    const names = [...wanted].map((id) => gunName(guns, id));
    return draftOf(state, {
      kind: 'pv.double-shot',
      meaning: { actor: shipId },
      summary: names.length
        ? `${s.value.name} loads double shot in ${names.join(', ')} (reload 10+)`
        : `${s.value.name} loads no double shot`,
      next: common.withSheets(state, { [shipId]: { ...s.value, guns } })
    });
  }
});

// ---- Captures (C.4.17 step 4) ----------------------------------------------------------------
// Beside the morale checks of Phase 6, apart from the boarding moves: the captures due load with
// this phase's panel, the boarding rounds' odds do not (issue 40).

/** Records the capture and ends the boarding action. */
export const capture = common.pvMove<{ attackerId: string; defenderId: string }>({
  id: 'pv.capture',
  input: ({ z, idInput }) => z.strictObject({ attackerId: idInput, defenderId: idInput }),
  phase: 'moraleSinkings',
  what: 'Captures',
  category: 'capture',
  run: (state, input) => {
    const { attackerId, defenderId } = input;
    const a = common.fightingSheet(state, attackerId);
    if (!a.ok) return a;
    const d = common.shipSheet(state, defenderId);
    if (!d.ok) return d;
    if (!d.value.struck) return err(`${d.value.name} has not struck.`);
    const sys = common.systemOf(state);
    const boardings = sys.boardings.filter(
      (b) => !(b.attackerId === attackerId && b.defenderId === defenderId)
    );
    if (boardings.length === sys.boardings.length)
      return err(`${a.value.name} is not boarding ${d.value.name}.`);
    // A captured ship changes side: she is the captor's prize, listed with his fleet (#14 item 7).
    const captor = state.ships[attackerId];
    const prize = state.ships[defenderId];
    const taken = { ...prize, side: captor.side, player: captor.player };
    const next = common.withSystem(
      { ...state, ships: { ...state.ships, [defenderId]: taken } },
      {
        ...sys,
        boardings
      }
    );
    const joins = captor.side && captor.side !== prize.side ? `, now of ${captor.side}` : '';
    return draftOf(state, {
      kind: 'pv.capture',
      summary: `${d.value.name} strikes her colours to the boarders: captured by ${a.value.name}${joins}`,
      next,
      meaning: { actor: attackerId, target: defenderId }
    });
  }
});
