import { draftOf, rollRecord, withPreview } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { rolledBy } from '../../engine/meaning';
import { err } from '../../engine/result';
import { weighAnchorOdds, weighAnchorPreview } from './anchor-preview';
import { checkCrewAssignments, type CrewCheck } from './crew-check';
import * as common from './moves-common';
import { sailLabel } from './moves-orders';
import { applyWeighAnchorStart, resolveWeighAnchor } from './resolve-movement';
import { gunName, type Assignments, type Sheet } from './sheet';
import { assignmentsSchema } from './sheet-schema';
import * as z from 'zod/mini';
import { diceInput, idInput } from '../../engine/input-kit';

// Privateers Phase 2 (SPEC C.4.3, C.4.6.7): crew assignments, weighing anchor, and the Gunner's gun
// (any phase once his gun is destroyed). Apart from the orders (moves-orders.ts), so the Phase 1
// screen loads no crew check and no odds engine (issue 40).

/** The crew-assignment check for a draft of the assignments, against the ship's orders. */
export function crewCheckFor(s: Sheet, a: Assignments): CrewCheck {
  return checkCrewAssignments({ ...s, assignments: a }, { sail: s.sail, maneuver: s.maneuver });
}

/** Errors that stop the assignments being recorded. A sailing shortfall does not: "If crew numbers
 *  needed are not available, the maneuver cannot be done", so [DEFAULT C.4.3 step 1] the sail drops
 *  to the highest setting the sailing crew can support. */
export function blockingIssues(check: CrewCheck): string[] {
  return check.issues
    .filter((i) => i.severity === 'error' && i.task !== 'sailing')
    .map((i) => i.message);
}

export const saveCrew = common.pvMove<{ shipId: string; assignments: Assignments }>({
  id: 'pv.crew',
  input: z.strictObject({ shipId: idInput, assignments: assignmentsSchema }),
  phase: 'crew',
  what: 'Crew assignments',
  category: 'orders',
  run: (state, input) => {
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const parsed = assignmentsSchema.safeParse(input.assignments);
    if (!parsed.success) return err('Crew numbers are whole numbers of 0 or more.');
    const a = parsed.data;
    const check = crewCheckFor(s.value, a);
    const blocking = blockingIssues(check);
    if (blocking.length) return err(blocking.join(' '));
    let next: Sheet = { ...s.value, assignments: a };
    const notes: string[] = [];
    if (next.sail > check.maxSailForCrew && !next.anchored) {
      notes.push(
        `too few sailing crew: ${sailLabel(next.sail)} → ${sailLabel(check.maxSailForCrew)}`
      );
      next = { ...next, sail: check.maxSailForCrew };
    }
    const parts = [
      `${a.sailing} sailing`,
      `${a.gunCrews.length} guns`,
      ...(
        [
          ['pumps', a.pumps],
          ['fire', a.fireFighters],
          ['damage control', a.damageControl],
          ['jury rig', a.juryRig],
          ['boats', a.boats],
          ['grapplers', a.grapplers],
          ['cutters', a.grappleCutters],
          ['marksmen', a.marksmen.crew + a.marksmen.marines],
          ['tiller', a.tiller],
          ['anchor', a.anchor]
        ] as const
      )
        .filter(([, n]) => n > 0)
        .map(([label, n]) => `${n} ${label}`)
    ];
    return draftOf(state, {
      kind: 'pv.crew',
      summary:
        `${s.value.name} crew: ${parts.join(', ')}; ${check.unassigned} free for boarding` +
        (notes.length ? ` (${notes.join('; ')})` : ''),
      next: common.markDone(common.withSheets(state, { [shipId]: next }), shipId, 'crew'),
      meaning: { actor: shipId }
    });
  }
});

/** The guns the Gunner may go to: manned and still standing (he sights one gun, C.7.1). */
export function gunsForGunner(s: Sheet): Sheet['guns'] {
  return s.guns.filter((g) => !g.destroyed && s.assignments.gunCrews.includes(g.id));
}

/**
 * Where the Gunner goes once his gun is destroyed: the rules are silent; the app puts him at the
 * heaviest manned gun left ([APP] `gunnerFallback`) and the referee may choose another manned gun,
 * or none, in any phase of that turn (issue 32 #10). Phase 2 assigns him as before.
 */
export const gunnerTo = common.pvMove<{ shipId: string; gunId: string | null }>({
  id: 'pv.gunner',
  input: z.strictObject({ shipId: idInput, gunId: z.nullable(idInput) }),
  phase: null,
  what: "The Gunner's gun",
  category: 'orders',
  run: (state, { shipId, gunId }) => {
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const sheet = s.value;
    if (common.timesDone(state, shipId, 'gunnerMoved') === 0)
      return err(
        `${sheet.name}'s Gunner sights the gun given him in Phase 2 (Crew assignments); he changes gun between those only when his gun is destroyed.`
      );
    if (!sheet.officers.gunner.present)
      return err(`${sheet.name}'s Gunner is out of action and sights no gun.`);
    if (gunId !== null && !gunsForGunner(sheet).some((g) => g.id === gunId))
      return err(
        `${gunName(sheet.guns, gunId)} is not a manned gun still standing ("Guns that are unmanned cannot be fired").`
      );
    if (sheet.assignments.gunnerSights === gunId)
      return err(
        `${sheet.name}'s Gunner already sights ${gunId ? gunName(sheet.guns, gunId) : 'no gun'}.`
      );
    const next: Sheet = { ...sheet, assignments: { ...sheet.assignments, gunnerSights: gunId } };
    return draftOf(state, {
      kind: 'pv.gunner',
      summary: `${sheet.name}'s Gunner ${gunId ? `now sights ${gunName(sheet.guns, gunId)}` : 'sights no gun'} (the referee's choice)`,
      next: common.withSheets(state, { [shipId]: next }),
      // An order to the ship's Gunner, nothing rolled.
      meaning: { actor: shipId }
    });
  }
});

/** C.4.6.7: d12 − anchor crew = turns to raise the anchor (at least 1). */
const weighAnchorMove = common.pvMove<{ shipId: string; dice: DiceRoll }>({
  id: 'pv.weigh-anchor',
  input: z.strictObject({ shipId: idInput, dice: diceInput }),
  phase: 'crew',
  what: 'Weighing anchor',
  category: 'orders',
  run: (state, input) => {
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (!s.value.anchored) return err('The ship is not at anchor.');
    if (s.value.weighAnchor) return err('The anchor is already being raised.');
    const crew = s.value.assignments.anchor;
    if (crew < 1) return err('Assign crew to raise the anchor first (Crew assignments).');
    const face = common.facesOf(input.dice)[0] ?? 0;
    const r = resolveWeighAnchor(crew, face);
    if (!r.ok) return r;
    const { turns } = r.value;
    const summary = `${s.value.name} weighs anchor: d12 ${face} − ${crew} crew → ${common.plural(turns, 'turn')}`;
    const odds = weighAnchorOdds(crew);
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'pv.weigh-anchor',
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyWeighAnchorStart(s.value, crew, turns) }),
        shipId,
        'weighAnchor'
      ),
      // d12 − anchor crew = turns to raise it (C.4.6.7): a low face is good for the ship.
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice, false)] },
      roll: rollRecord({
        procedure: 'pv.weigh-anchor',
        inputs: { shipId, turn: state.turn, crew },
        dice: input.dice,
        odds: odds.value.entries().map((e) => ({ turns: e.value, p: common.frac(e.p) })),
        outcome: { face, turns, summary }
      })
    });
  }
});

/** Weighing anchor, with its odds and die before the roll (`weighAnchor.preview`). */
export const weighAnchor = withPreview(weighAnchorMove, weighAnchorPreview);
