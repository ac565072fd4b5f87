import { asJson, draftOf, rollRecord, withPreview } from '../../battle/move';
import type { InputKitModule } from '../../engine/move';
import { rolledBy, shipDice } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err } from '../../engine/result';
import * as common from './moves-common';
import { boardingRoundOdds } from './odds-boarding';
import { grappleOdds } from './odds-tasks';
import {
  applyBoardingLosses,
  boardingDice,
  boardingOfficerRolls,
  resolveBoardingRound,
  type BoardingParty,
  type BoardingRoundOutcome,
  type SideLosses
} from './resolve-boarding';
import { applyGrapples, applyMarksmen, resolveGrapple, resolveMarksmen } from './resolve-tasks';
import type { SystemState } from './sheet';
import { OFFICER_LABELS, type OfficerRole } from './tables';
import { grapplePreview } from './previews';
import { boardingBlocked, boardingFaces, boardingPreview, partyProblem } from './boarding-preview';
import {
  describeMarksmen,
  marksmenFiring,
  marksmenNeeds,
  marksmenPreview,
  marksmenShots,
  marksmenVolleyOdds
} from './marksmen-preview';
import { MAX_MEN } from './input-limits';
import { OFFICER_ROLES } from './tables';

// Privateers marksmen (C.4.12), grappling (C.4.14) and boarding rounds (C.4.15); the capture of a
// boarded ship that strikes (C.4.17 step 4) is Phase 6's (moves-tasks.ts). Each is one move: state +
// input + the pad's dice.

export { boardingOfficerRolls };

// ---- Marksmen (C.4.12) -----------------------------------------------------------------------

export interface MarksmenInput {
  firerId: string;
  targetId: string;
  range: number;
  /** The hit d12s (one per marksman), then the damage d6s (one per hit), then the officer d6s. */
  rolls: readonly DiceRoll[];
}

const marksmenMove = common.pvMove<MarksmenInput>({
  id: 'pv.marksmen',
  input: ({ z, idInput, diceInput, numberInput }) =>
    z.strictObject({
      firerId: idInput,
      targetId: idInput,
      range: numberInput(0, 100_000),
      rolls: z.array(diceInput)
    }),
  phase: 'movementFiring',
  what: 'Marksmen',
  category: 'marksmen',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const f = marksmenFiring(state, input);
    if (!f.ok) return f;
    const { firer, target, kinds } = f.value;
    const [hitFaces, damageFaces, officerFaces] = [0, 1, 2].map((i) =>
      common.facesOf(input.rolls[i])
    );
    if (hitFaces.length !== kinds.length) return err(`One d12 per marksman: ${kinds.length} dice.`);
    const need = marksmenNeeds(kinds, hitFaces, damageFaces);
    if (damageFaces.length !== need.damage) return err(`${need.damage} damage d6 needed.`);
    if (officerFaces.length !== need.officer) return err(`${need.officer} Officer Hits d6 needed.`);
    const shots = marksmenShots(kinds, hitFaces, damageFaces, officerFaces);
    const r = resolveMarksmen(shots, input.range);
    if (!r.ok) return r;
    const summary = `${firer.name}'s marksmen fire at ${target.name}: ${describeMarksmen(r.value)}`;
    const odds = marksmenVolleyOdds(kinds);
    return draftOf(state, {
      kind: 'pv.marksmen',
      summary,
      next: common.markDone(
        common.withSheets(state, { [input.targetId]: applyMarksmen(target, r.value, options) }),
        input.firerId,
        'marksmen'
      ),
      // All the marksmen's dice: a hit is a d12 at or under the marksman's number (C.4.13), then
      // the damage d6s (a 6 hits an officer) and the officer d6s.
      meaning: {
        actor: input.firerId,
        target: input.targetId,
        dice: [
          rolledBy(input.firerId, input.rolls[0], false),
          rolledBy(input.firerId, input.rolls[1]),
          rolledBy(input.firerId, input.rolls[2])
        ]
      },
      roll: rollRecord({
        procedure: 'pv.marksmen',
        inputs: {
          shipId: input.firerId,
          targetId: input.targetId,
          range: input.range,
          turn: state.turn
        },
        dice: common.joinAll(input.rolls),
        odds: {
          crew: odds.crew.entries().map((e) => ({ value: e.value, p: common.frac(e.p) })),
          anyOfficer: common.frac(odds.anyOfficer)
        },
        outcome: { summary, crewHits: r.value.crewHits }
      })
    });
  }
});

/** The marksmen, with their odds and dice before the roll (`marksmen.preview`). */
export const marksmen = withPreview(marksmenMove, marksmenPreview);

// ---- Grappling (C.4.14) ----------------------------------------------------------------------

export interface GrappleInput {
  shipId: string;
  otherId: string;
  isHullToHull: boolean;
  /** One d12 per grappler, then one per cutter, as assigned in Phase 2. */
  dice: DiceRoll;
}

/** "allowed any time an enemy ship is hull to hull or has collided": one d12 per grappler assigned
 *  in Phase 2 (8+ holds a grapple) and per cutter (8+ cuts one, "at the same chance"). The grapples
 *  join the two ships, so both logs carry the count. */
const grappleMove = common.pvMove<GrappleInput>({
  id: 'pv.grappling',
  input: ({ z, idInput, diceInput }) =>
    z.strictObject({
      shipId: idInput,
      otherId: idInput,
      isHullToHull: z.boolean(),
      dice: diceInput
    }),
  phase: 'grapplingBoarding',
  what: 'Grappling',
  category: 'grapple',
  run: (state, input) => {
    const s = common.fightingSheet(state, input.shipId);
    if (!s.ok) return s;
    const o = common.shipSheet(state, input.otherId);
    if (!o.ok) return o;
    if (o.value.sunk || o.value.burnedUp) return err(`${o.value.name} is no longer afloat.`);
    if (input.shipId === input.otherId) return err('Grapple another ship.');
    if (common.timesDone(state, input.shipId, 'grappling') > 0)
      return err(`${s.value.name}'s grapplers have thrown this turn.`);
    const entangled =
      s.value.entangledWith.includes(input.otherId) || o.value.entangledWith.includes(input.shipId);
    if (!input.isHullToHull && !entangled && s.value.grapples === 0)
      return err('Grappling needs the ships hull to hull or collided.');
    const nThrow = s.value.assignments.grapplers;
    const nCut = s.value.assignments.grappleCutters;
    if (nThrow + nCut === 0)
      return err('Nobody grapples or cuts: assign grapplers or cutters in Phase 2 (Crew).');
    const faces = common.facesOf(input.dice);
    if (faces.length !== nThrow + nCut)
      return err(`One d12 per grappler and cutter assigned: ${nThrow + nCut} dice.`);
    const throwFaces = faces.slice(0, nThrow);
    const cutFaces = faces.slice(nThrow);
    const t = resolveGrapple(throwFaces);
    if (!t.ok) return t;
    const c = resolveGrapple(cutFaces);
    if (!c.ok) return c;
    const thrown = t.value.successes;
    const cut = Math.min(c.value.successes, s.value.grapples + thrown);
    const ns = applyGrapples(s.value, thrown, cut);
    const no = applyGrapples(o.value, thrown, cut);
    const parts: string[] = [];
    if (throwFaces.length) parts.push(`${thrown} of ${throwFaces.length} grapples hold (8+)`);
    if (cutFaces.length) parts.push(`${cut} of ${cutFaces.length} cut free (8+)`);
    const summary = `${s.value.name} grapples ${o.value.name}: ${parts.join(', ')}; ${common.plural(ns.grapples, 'grapple')} now`;
    const hold = grappleOdds(nThrow);
    if (!hold.ok) return hold;
    const cutOdds = grappleOdds(nCut);
    if (!cutOdds.ok) return cutOdds;
    return draftOf(state, {
      kind: 'pv.grappling',
      summary,
      next: common.markDone(
        common.withSheets(state, { [input.shipId]: ns, [input.otherId]: no }),
        input.shipId,
        'grappling'
      ),
      // The grapplers' and the cutters' d12s are both this ship's; 8+ succeeds (C.4.14).
      meaning: {
        actor: input.shipId,
        target: input.otherId,
        dice: [rolledBy(input.shipId, input.dice)]
      },
      roll: rollRecord({
        procedure: 'pv.grappling',
        inputs: {
          shipId: input.shipId,
          otherId: input.otherId,
          grapplers: nThrow,
          cutters: nCut,
          turn: state.turn
        },
        dice: input.dice,
        odds: {
          hold: hold.value.entries().map((e) => ({ value: e.value, p: common.frac(e.p) })),
          cut: cutOdds.value.entries().map((e) => ({ value: e.value, p: common.frac(e.p) }))
        },
        outcome: { thrown, cut, summary }
      })
    });
  }
});

/** Grappling, with its odds and dice before the roll (`grapple.preview`). */
export const grapple = withPreview(grappleMove, grapplePreview);

// ---- Boarding (C.4.15) -----------------------------------------------------------------------

function lossLine(l: SideLosses): string {
  const parts: string[] = [];
  if (l.crew) parts.push(`${l.crew} crew`);
  if (l.marines) parts.push(`${l.marines} marines`);
  for (const o of l.officersLost) parts.push(OFFICER_LABELS[o]);
  return parts.length ? parts.join(', ') : 'no losses';
}

// The party's limits are the boarding odds' own (input-limits.ts: a side of up to 1,000 men).
const partyInput = ({ z, intInput }: InputKitModule) =>
  z.strictObject({
    crew: intInput(0, MAX_MEN),
    officers: z.array(z.enum(OFFICER_ROLES as [OfficerRole, ...OfficerRole[]])),
    marines: intInput(0, MAX_MEN)
  });

export interface BoardingInput {
  attackerId: string;
  defenderId: string;
  attacker: BoardingParty;
  defender: BoardingParty;
  /** under `boardingPrerequisite='hullToHull'` the referee confirms it */
  isHullToHull: boolean;
  /** Both sides' d6s (the boarders' first), then the officers' d6s when any is needed. */
  rolls: readonly DiceRoll[];
  /** The chance of taking the ship shown before the roll (solved in a worker), for the record. */
  captureOdds?: string | null;
}

/** The boarding actions under way, with this one's round counted (or ended on a retreat). */
function nextBoardings(
  sys: SystemState,
  input: BoardingInput,
  turn: number,
  o: BoardingRoundOutcome,
  isCaptured: boolean
): SystemState['boardings'] {
  const same = (b: SystemState['boardings'][number]) =>
    b.attackerId === input.attackerId && b.defenderId === input.defenderId;
  const others = sys.boardings.filter((b) => !same(b));
  // "the boarders must retreat the next turn" — the action ends; a capture ends it too.
  if (o.winner === 'defender' || isCaptured) return others;
  const cur = sys.boardings.find(same);
  return [
    ...others,
    cur
      ? { ...cur, rounds: cur.rounds + 1 }
      : {
          attackerId: input.attackerId,
          defenderId: input.defenderId,
          startedTurn: turn,
          rounds: 1
        }
  ];
}

/** One boarding round (C.4.15): both parties' dice, the officer d6s, the losses on both logs, the
 *  defender's trigger #7 when the boarders win, and the round in the system's boarding list. A
 *  defender left with nobody aboard is taken (struck). One round per boarding action a turn. */
const boardingRoundMove = common.pvMove<BoardingInput>({
  id: 'pv.boarding',
  input: (kit) => {
    const { z, idInput, diceInput, textInput } = kit;
    return z.strictObject({
      attackerId: idInput,
      defenderId: idInput,
      attacker: partyInput(kit),
      defender: partyInput(kit),
      isHullToHull: z.boolean(),
      rolls: z.array(diceInput),
      captureOdds: z.optional(z.nullable(textInput(200)))
    });
  },
  phase: 'grapplingBoarding',
  what: 'Boarding',
  category: 'boarding',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const a = common.fightingSheet(state, input.attackerId);
    if (!a.ok) return a;
    const d = common.fightingSheet(state, input.defenderId);
    if (!d.ok) return d;
    if (input.attackerId === input.defenderId) return err('A ship cannot board itself.');
    if (common.timesDone(state, input.attackerId, 'boarding') > 0)
      return err(`${a.value.name} has fought its boarding round this turn (one round a turn).`);
    const blocked = boardingBlocked(a.value, input.defenderId, input.isHullToHull, options);
    if (blocked) return err(blocked);
    const pa = partyProblem(a.value, input.attacker);
    if (pa) return err(pa);
    const pd = partyProblem(d.value, input.defender);
    if (pd) return err(pd);
    if (boardingDice({ ...input.attacker, officers: input.attacker.officers.length }) === 0)
      return err('The boarding party is empty.');
    const faces = boardingFaces(input);
    if (!faces.ok) return faces;
    const r = resolveBoardingRound(input.attacker, input.defender, faces.value, options);
    if (!r.ok) return r;
    const o = r.value;
    const na = applyBoardingLosses(a.value, o.attackerLosses, false);
    let nd = applyBoardingLosses(d.value, o.defenderLosses, o.winner === 'boarders');
    const isCaptured = nd.crew.current + nd.marines.current === 0 && o.winner !== 'defender';
    if (isCaptured) nd = { ...nd, struck: true };
    const sys = common.systemOf(state);
    const isUnderWay = sys.boardings.some(
      (b) => b.attackerId === input.attackerId && b.defenderId === input.defenderId
    );
    const result =
      o.winner === 'boarders'
        ? isCaptured
          ? `the boarders win; ${d.value.name} has nobody left: taken`
          : `the boarders win; ${d.value.name} checks morale in Phase 6 (Strike = captured)`
        : o.winner === 'defender'
          ? 'the defenders win; the boarders must retreat the next turn'
          : isCaptured
            ? `a tie; ${d.value.name} has nobody left: taken`
            : 'a tie: another round next turn';
    const summary =
      `${a.value.name} boards ${d.value.name}: ${o.attackerDice} v ${o.defenderDice} dice, ` +
      `${o.attackerHits} v ${o.defenderHits} hits; ${a.value.name} loses ${lossLine(o.attackerLosses)}, ` +
      `${d.value.name} loses ${lossLine(o.defenderLosses)}; ${result}`;
    const next = common.withSheets(state, { [input.attackerId]: na, [input.defenderId]: nd });
    const roundOdds = boardingRoundOdds(o.attackerDice, o.defenderDice);
    if (!roundOdds.ok) return roundOdds;
    const round = roundOdds.value;
    return draftOf(state, {
      kind: 'pv.boarding',
      summary,
      next: common.markDone(
        common.withSystem(next, {
          ...sys,
          boardings: nextBoardings(sys, input, state.turn, o, isCaptured)
        }),
        input.attackerId,
        'boarding'
      ),
      meaning: {
        // A boarding action is counted once: its later rounds are rounds of the same action.
        category: isUnderWay ? 'boarding-round' : 'boarding',
        actor: input.attackerId,
        target: input.defenderId,
        // C.4.15: the boarders' d6s, then the defenders' (each 1 is a hit: low is good for its
        // roller); then each side's officer d6s.
        dice: [
          shipDice(input.attackerId, faces.value.attacker.length, false),
          shipDice(input.defenderId, faces.value.defender.length, false),
          shipDice(input.attackerId, faces.value.attackerOfficers.length),
          shipDice(input.defenderId, faces.value.defenderOfficers.length)
        ]
      },
      roll: rollRecord({
        procedure: 'pv.boarding',
        inputs: {
          shipId: input.attackerId,
          defenderId: input.defenderId,
          attacker: { ...input.attacker, officers: [...input.attacker.officers] },
          defender: { ...input.defender, officers: [...input.defender.officers] },
          turn: state.turn
        },
        dice: common.joinAll(input.rolls),
        odds: {
          boardersWin: common.frac(round.boardersWin),
          tie: common.frac(round.tie),
          defenderWins: common.frac(round.defenderWins),
          capture: input.captureOdds ?? null
        },
        outcome: {
          winner: o.winner,
          attackerHits: o.attackerHits,
          defenderHits: o.defenderHits,
          attackerLosses: asJson(o.attackerLosses),
          defenderLosses: asJson(o.defenderLosses),
          summary
        }
      })
    });
  }
});

/** A boarding round, with its odds and dice before the roll (`boardingRound.preview`). */
export const boardingRound = withPreview(boardingRoundMove, boardingPreview);
