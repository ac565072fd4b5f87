// The Wind Die, the storm roll and the hourglass (SPEC A.4.3) as moves.
import { draftOf, labelDice, refuse, rollRecord, withPreview, type Move } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { windOdds } from './odds';
import type { McOptions } from './options';
import { turnHourglass } from './hourglass';
import { applyStormRoll, applyWind, resolveWind, windFaceFromPip } from './resolve-wind';
import { captainDice, mcMove, playerName, toJson, withMcSystem } from './view';
import { oddsJson } from './odds-json';
import { stormPreview, stormRollRefusal, windPreview, windRollRefusal } from './wind-preview';
import { windFaceText } from './turn-reads';
export { windFaceText } from './turn-reads';

/**
 * Whose the Wind Die is in the luck audit: nobody's. "The next player to move rolls the Wind Die"
 * (SPEC A.4.3 step 5), but its faces (N, S, E, W, Storm, Steady on pips 1–6) rank nothing and help
 * no captain more than another, so crediting it to the roller would colour that captain's luck
 * with noise; it is the sea's own roll, a side of its own ("high" is only the pip order).
 */
export const WIND_SIDE = 'Wind';

export interface WindInput {
  /** One d6 rolled in place of the Wind Die (pips 1–6 map to its faces), or the face typed in. */
  roll: DiceRoll;
}

/**
 * A roll of the Wind Die (SPEC A.4.3): allowed when it is due — before the first turn, and when "the
 * hourglass is emptied" before the next player's turn — and refused while sand remains (a mis-roll
 * is put right with undo). A set wind turns the hourglass over at `ctx.now`.
 */
const windBase: Move<WindInput, McOptions> = mcMove({
  id: 'mc.wind',
  category: 'wind',
  input: ({ z, diceInput }) => z.strictObject({ roll: diceInput }),
  run: (view, state, input, ctx) => {
    const sys = view.system;
    const refusal = windRollRefusal(sys, ctx.now);
    if (refusal !== null) return refuse(refusal);
    const pip = input.roll.dice[0]?.face ?? 0;
    if (input.roll.dice.length !== 1) return refuse('The Wind Die is one die.');
    const face = windFaceFromPip(pip);
    if (!face.ok) return face;
    const outcome = resolveWind(sys.wind, face.value, ctx.options);
    const active = playerName(sys, sys.activePlayerId ?? '');
    const faceText = windFaceText(face.value);
    return draftOf(state, {
      kind: 'mc.wind',
      summary: `${active} rolls the Wind Die: ${faceText}. ${outcome.text}${outcome.kind === 'set' ? ' The hourglass is turned over.' : ''}`,
      next: withMcSystem(state, applyWind(sys, outcome, ctx.now)),
      roll: rollRecord({
        procedure: 'mc.wind',
        inputs: toJson({ wind: sys.wind }),
        dice: labelDice(input.roll, [`Wind Die ${faceText}`]),
        odds: oddsJson(windOdds(sys.wind, ctx.options)),
        outcome: toJson(outcome)
      }),
      meaning: {
        actor: null,
        target: null,
        dice: [{ ship: null, side: WIND_SIDE, count: 1, isHighGood: true }]
      }
    });
  }
});

/** A roll of the Wind Die, with the wind it may bring, the sand and its due-ness (`windMove.preview`). */
export const windMove = withPreview(windBase, windPreview);

export interface StormInput {
  /** "one roll for the player's whole fleet" (SPEC A.4.3 step 6). */
  roll: DiceRoll;
}

const stormBase: Move<StormInput, McOptions> = mcMove({
  id: 'mc.storm',
  category: 'wind',
  input: ({ z, diceInput }) => z.strictObject({ roll: diceInput }),
  run: (view, state, input) => {
    const sys = view.system;
    if (sys.stormRoll !== null) return refuse(stormRollRefusal(sys) ?? '');
    if (input.roll.dice.length !== 1)
      return refuse('The storm roll is one die: "one roll for the player\'s whole fleet".');
    const face = input.roll.dice[0]?.face ?? 0;
    const r = applyStormRoll(sys, face);
    if (!r.ok) return r;
    const active = playerName(sys, sys.activePlayerId ?? '');
    return draftOf(state, {
      kind: 'mc.storm',
      summary: `Storm: ${active}'s ships may each move up to ${face} squares this turn`,
      next: withMcSystem(state, r.value),
      roll: rollRecord({
        procedure: 'mc.storm',
        inputs: toJson({ playerId: sys.activePlayerId }),
        dice: labelDice(input.roll, ['storm movement']),
        outcome: face
      }),
      // The active captain rolls for the whole fleet (SPEC A.4.3 step 6), no one ship: the die is
      // the captain's, and a high roll is more squares for every ship.
      meaning: {
        actor: null,
        target: null,
        dice: [captainDice(sys, sys.activePlayerId, 1)]
      }
    });
  }
});

/** The storm's movement roll, with its odds and die before the roll (`stormMove.preview`). */
export const stormMove = withPreview(stormBase, stormPreview);

/** The glass turned over by hand (a glass knocked over, a pause agreed at the table). */
export const hourglassMove: Move<Record<string, never>, McOptions> = mcMove({
  id: 'mc.hourglass',
  category: 'wind',
  input: (kit) => kit.noInput,
  run: (view, state, _input, ctx) => {
    if (view.system.variant === 'beginner') return refuse('The Beginner game has no hourglass.');
    return draftOf(state, {
      kind: 'mc.hourglass',
      summary: 'The hourglass is turned over',
      next: withMcSystem(state, {
        ...view.system,
        hourglass: turnHourglass(view.system.hourglass, ctx.now)
      }),
      meaning: { actor: null, target: null, dice: [] }
    });
  }
});
