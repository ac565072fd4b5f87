// The "Other checks" calculator through the moves (issue 31): each d12 check is asked on the
// calculator's battle (calculator-battle.ts) with the ship's log set as the form says (her ratings,
// the crew on the task, the fire's attempt, her sail), its odds and dice are the move's own
// `preview`, and a roll is played by the move in its phase, nothing written: what it did is the
// move's log line. A second roll that depends on the first (the tack's mast d12, the marksmen's
// damage and Officer Hits d6s, an initiative tie) is the preview's too, asked with the faces so far.
import type { DiceNeed } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import type { Dist } from '../../engine/dist';
import type { BattleState } from '../../engine/events';
import { mul, ONE, sub, type Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import {
  playInPhase,
  withSheets,
  type CalculatorBattle,
  type SheetChange
} from './calculator-battle';
import { facesOf, type PvMove } from './moves-common';
import { grapple, marksmen } from './moves-boarding';
import { rollInitiative } from './moves-initiative';
import { collision, tackRoll } from './moves-movement';
import { weighAnchor } from './moves-crew';
import { damageControl, fightFire, juryRig } from './moves-tasks';
import type { PvOptions } from './options';
import type { Sheet } from './sheet';
import type { SailLevel } from './tables';

export type CheckProc =
  | 'tack'
  | 'weighAnchor'
  | 'fire'
  | 'damageControl'
  | 'juryRig'
  | 'grapple'
  | 'marksman'
  | 'collision'
  | 'initiative';

/** The form's figures (each check reads the ones it asks for). */
export interface CheckQuestion {
  /** Initiative modifier (Master + crew), of the ship and of ship B. */
  mod: number;
  modB: number;
  /** Crew on the task (anchor, fire, damage control, jury rig, grapples). */
  crew: number;
  attempt: 1 | 2 | 3;
  isMarine: boolean;
  /** The rammer's sail. */
  sail: SailLevel;
}

export interface CheckOdds {
  headline?: { label: string; p: Rational };
  outcomes?: { label: string; p: Rational }[];
  dist?: Dist<number>;
  unit?: string;
}

/** One check asked on the calculator's battle. */
export interface CheckAsked {
  odds: Result<CheckOdds>;
  /** The dice still to roll after these rolls (none: the move is played). */
  dice(rolls: readonly DiceRoll[]): Result<DiceNeed[]>;
  /** The move played with these rolls: its log line. */
  play(rolls: readonly DiceRoll[]): Result<string>;
}

/** Hands enough for every task the form offers (its steppers stop at 40). */
const HANDS = 40;
/** Marksmen "may only fire within short range" (0–12″). */
const MARKSMEN_RANGE = 6;

/** A Master and crew whose ratings add up to the initiative modifier asked (C.3.1: 0–2 each). */
const rated =
  (mod: number, name: string): SheetChange =>
  (s) => {
    const master = Math.min(2, Math.max(0, mod));
    return {
      ...s,
      name,
      crew: { initial: HANDS, current: HANDS },
      crewRating: Math.min(2, Math.max(0, mod - master)) as Sheet['crewRating'],
      officers: { ...s.officers, master: { rating: master as Sheet['crewRating'], present: true } }
    };
  };

/** The move's log line for this input, played on the scratch battle in its phase. */
function played<I>(
  move: PvMove<I>,
  state: BattleState,
  input: I,
  options: PvOptions
): Result<string> {
  const r = playInPhase(move, state, input, options);
  return r.ok ? ok(r.value.draft.summary) : r;
}

/** One pad: the preview's dice first, none once rolled. */
const onePad =
  (dice: () => Result<DiceNeed[]>) =>
  (rolls: readonly DiceRoll[]): Result<DiceNeed[]> =>
    rolls.length === 0 ? dice() : ok([]);

const first = (rolls: readonly DiceRoll[]): DiceRoll => rolls[0] ?? { source: 'entered', dice: [] };

/** The check asked: the calculator's ship (and the other) set up as the form says. */
export function askCheck(
  battle: CalculatorBattle,
  proc: CheckProc,
  q: CheckQuestion,
  options: PvOptions
): Result<CheckAsked> {
  const { ours, theirs } = battle;
  const setUp = (ourLog: SheetChange, theirLog?: SheetChange): Result<BattleState> =>
    withSheets(battle.state, { [ours]: ourLog, ...(theirLog ? { [theirs]: theirLog } : {}) });
  const crewed = (s: Sheet, name = 'The ship'): Sheet => ({
    ...s,
    name,
    crew: { initial: HANDS, current: HANDS }
  });
  switch (proc) {
    case 'tack': {
      const st = setUp((s) => ({ ...rated(q.mod, 'The ship')(s), tack: 'headToWind' }));
      if (!st.ok) return st;
      const state = st.value;
      const aim = { shipId: ours };
      const o = tackRoll.preview.odds(state, aim, options);
      const success = o.ok ? o.value.outcomes.find((x) => x.id === 'success') : undefined;
      return ok({
        odds: o.ok
          ? ok({
              outcomes: o.value.outcomes.map(({ label, p }) => ({ label, p })),
              ...(success ? { headline: { label: 'the tack succeeds', p: success.p } } : {})
            })
          : o,
        dice: (rolls) =>
          rolls.length === 0
            ? tackRoll.preview.dice(state, aim, options)
            : rolls.length === 1
              ? tackRoll.preview.dice(state, { ...aim, face: facesOf(rolls[0])[0] }, options)
              : ok([]),
        play: (rolls) =>
          played(tackRoll, state, { shipId: ours, rolls, side: 'starboard' }, options)
      });
    }
    case 'weighAnchor': {
      const st = setUp((s) => ({
        ...crewed(s),
        anchored: true,
        sail: 0,
        prevSail: 0,
        assignments: { ...s.assignments, anchor: q.crew }
      }));
      if (!st.ok) return st;
      const state = st.value;
      const aim = { shipId: ours };
      const o = weighAnchor.preview.odds(state, aim, options);
      return ok({
        odds: o.ok
          ? ok({
              dist: o.value,
              unit: 'turns',
              headline: { label: 'one turn', p: o.value.prob(1) }
            })
          : o,
        dice: onePad(() => weighAnchor.preview.dice(state, aim, options)),
        play: (rolls) => played(weighAnchor, state, { shipId: ours, dice: first(rolls) }, options)
      });
    }
    case 'fire': {
      // The fire has burned through the attempts before this one (none on the ignition turn).
      const onFire = (attempt: 1 | 2 | 3) =>
        setUp((s) => ({
          ...crewed(s),
          onFire: { burning: true, attempt: (attempt - 1) as 0 | 1 | 2, ignitedOnTurn: null },
          assignments: { ...s.assignments, fireFighters: q.crew }
        }));
      const st = onFire(q.attempt);
      if (!st.ok) return st;
      const state = st.value;
      const aim = { shipId: ours };
      const o = fightFire.preview.odds(state, aim, options);
      // The same crew on each of the three attempts: the fire burns on through all three.
      let burns: Result<Rational> = ok(ONE);
      for (const k of [1, 2, 3] as const) {
        const at = onFire(k);
        const out = at.ok ? fightFire.preview.odds(at.value, aim, options) : at;
        if (!burns.ok) break;
        burns = !out.ok
          ? out
          : out.value.out === null
            ? err('The fire has no attempt to put it out.')
            : ok(mul(burns.value, sub(ONE, out.value.out)));
      }
      const odds: Result<CheckOdds> =
        !o.ok || !burns.ok
          ? err(!o.ok ? o.error : burns.ok ? '' : burns.error)
          : o.value.out === null || o.value.target === null
            ? err('The fire has no attempt to put it out.')
            : ok({
                headline: { label: `out on attempt ${q.attempt}`, p: o.value.out },
                outcomes: [
                  { label: `Put out (needs ${o.value.target})`, p: o.value.out },
                  {
                    label: `Burns up over three attempts with ${q.crew} crew each`,
                    p: burns.value
                  }
                ]
              });
      return ok({
        odds,
        dice: onePad(() => fightFire.preview.dice(state, aim, options)),
        play: (rolls) => played(fightFire, state, { shipId: ours, dice: first(rolls) }, options)
      });
    }
    case 'damageControl':
    case 'juryRig': {
      const isWreckage = proc === 'damageControl';
      const move = isWreckage ? damageControl : juryRig;
      const st = setUp((s) => ({
        ...crewed(s),
        ...(isWreckage ? { wreckage: 1 } : { mastsLost: 1, mastsJuryRigged: 0 }),
        assignments: { ...s.assignments, [proc]: q.crew }
      }));
      if (!st.ok) return st;
      const state = st.value;
      const aim = { shipId: ours };
      const o = move.preview.odds(state, aim, options);
      const label = isWreckage ? 'wreckage cleared' : 'mast jury-rigged this turn';
      return ok({
        odds: o.ok ? ok({ headline: { label, p: o.value.success } }) : o,
        dice: onePad(() => move.preview.dice(state, aim, options)),
        play: (rolls) => played(move, state, { shipId: ours, dice: first(rolls) }, options)
      });
    }
    case 'grapple': {
      const st = setUp((s) => ({
        ...crewed(s),
        entangledWith: [theirs],
        assignments: { ...s.assignments, grapplers: q.crew }
      }));
      if (!st.ok) return st;
      const state = st.value;
      const aim = { shipId: ours, otherId: theirs };
      const o = grapple.preview.odds(state, aim, options);
      return ok({
        odds: o.ok
          ? ok({
              dist: o.value.hold,
              unit: 'grapples',
              headline: { label: 'at least one', p: o.value.hold.probWhere((k) => k > 0) }
            })
          : o,
        dice: onePad(() => grapple.preview.dice(state, aim, options)),
        play: (rolls) =>
          played(grapple, state, { ...aim, isHullToHull: true, dice: first(rolls) }, options)
      });
    }
    case 'marksman': {
      const st = setUp(
        (s) => ({
          ...crewed(s),
          marines: { initial: 1, current: 1 },
          assignments: {
            ...s.assignments,
            marksmen: q.isMarine ? { crew: 0, marines: 1 } : { crew: 1, marines: 0 }
          }
        }),
        (s) => crewed(s, 'The target')
      );
      if (!st.ok) return st;
      const state = st.value;
      const aim = { firerId: ours, targetId: theirs, range: MARKSMEN_RANGE };
      const o = marksmen.preview.odds(state, aim, options);
      return ok({
        odds: o.ok
          ? ok({
              outcomes: [
                { label: 'Crew casualty', p: o.value.crew.prob(1) },
                { label: 'Officer hit', p: o.value.anyOfficer },
                { label: 'Miss', p: sub(sub(ONE, o.value.crew.prob(1)), o.value.anyOfficer) }
              ]
            })
          : o,
        dice: (rolls) => {
          const [hits, damage] = rolls.map(facesOf);
          if (rolls.length > 2) return ok([]);
          const at = rolls.length === 0 ? aim : { ...aim, hits, ...(damage ? { damage } : {}) };
          return marksmen.preview.dice(state, at, options);
        },
        play: (rolls) => played(marksmen, state, { ...aim, rolls }, options)
      });
    }
    case 'collision': {
      const st = setUp(
        (s) => ({ ...crewed(s, 'The rammer'), sail: q.sail, prevSail: q.sail }),
        (s) => crewed(s, 'The rammed ship')
      );
      if (!st.ok) return st;
      const state = st.value;
      const aim = { rammerId: ours, rammedId: theirs };
      const o = collision.preview.odds(state, aim, options);
      return ok({
        odds: o.ok
          ? ok({
              headline: { label: 'entangled', p: o.value.entangle },
              dist: o.value.rammed,
              unit: 'hull points to the rammed ship'
            })
          : o,
        dice: onePad(() => collision.preview.dice(state, aim, options)),
        play: (rolls) =>
          played(
            collision,
            state,
            { ...aim, rammerFacing: 'starboard', rammedFacing: 'larboard', dice: first(rolls) },
            options
          )
      });
    }
    case 'initiative': {
      const st = setUp(rated(q.mod, 'Ship A'), rated(q.modB, 'Ship B'));
      if (!st.ok) return st;
      const state = st.value;
      const shipIds = [ours, theirs];
      const o = rollInitiative.preview.odds(state, { shipIds }, options);
      const a = o.ok ? o.value.places?.find((p) => p.id === ours) : undefined;
      return ok({
        odds: !o.ok
          ? o
          : a
            ? ok({ headline: { label: 'ship A moves first', p: a.first } })
            : err('No odds for these ships.'),
        dice: (rolls) =>
          rollInitiative.preview.dice(state, { shipIds, rounds: rolls.map(facesOf) }, options),
        play: (rolls) => played(rollInitiative, state, { shipIds, rolls }, options)
      });
    }
  }
}
