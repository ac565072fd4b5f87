import * as move from '../../battle/move';
import { withSheets } from '../../battle/sheets';
import type { DiceRoll } from '../../engine/dice';
import { ok } from '../../engine/result';
import { atLeast, mean, type Dist } from '../../engine/dist';
import { formatFraction, type Rational } from '../../engine/rational';
import { ramDamageDist } from './odds-gunnery';
import type { WwOptions } from './options';
import { ownTurn } from './players';
import { applyIslandCollision, resolveIslandCollision } from './resolve-island';
import { activeShip, draftWithVictor, BATTLE_DECIDED, shipAndSheet, shipDiceRuns } from './ships';
import type { RamDice, Sheet } from './sheet';

// Step 1, running onto an island (SPEC B.4.3 step 5): one event, the roll, the damage and a
// sinking. Its own module, apart from the sail and the move (moves-movement.ts), so the Movement
// step's first screen loads neither the ram damage's exact odds nor the damage (issue 40): the
// island part is folded until tapped.

/** "2d6+1". */
export function ramLabel(ram: RamDice): string {
  const plus = ram.plus ? `${ram.plus > 0 ? '+' : ''}${ram.plus}` : '';
  return `${ram.count}d${ram.sides}${plus}`;
}

/** Odds before the ram damage roll: its exact distribution, the mean and the chance she sinks. */
export function islandCollisionOdds(sheet: Sheet): {
  dist: Dist<number>;
  mean: Rational;
  sinks: Rational;
} {
  const dist = ramDamageDist(sheet.chart.ramDamage);
  return { dist, mean: mean(dist), sinks: atLeast(dist, sheet.hull.current) };
}

export interface IslandInput {
  shipId: string;
  /** The ram damage dice (none when the chart's ram damage is a plain number). */
  roll: DiceRoll;
}

/**
 * Step 1, island collision (B.4.3 step 5, B.5 #19): "For island damage, roll the ram damage on your
 * ship damage chart and apply it to your own ship." [DEFAULT] to the hull (`islandDamageArea`); the
 * ship stops at the point of contact. One event: the roll, the damage and a sinking.
 */
const islandMove = move.defineMove<IslandInput, WwOptions>({
  id: 'ww.island',
  category: 'collision',
  input: ({ z, idInput, diceInput }) => z.strictObject({ shipId: idInput, roll: diceInput }),
  guards: [BATTLE_DECIDED, ownTurn((i) => i.shipId)],
  run: (state, { shipId, roll }) => {
    const s = activeShip(state, shipId);
    if (!s.ok) return move.refuse('Only a ship afloat can run aground.');
    const sheet = s.value.sheet;
    const ram = sheet.chart.ramDamage;
    if (ram.count === 0 && ram.plus === 0) {
      return move.refuse(
        `The ${sheet.chart.name} chart has no ram damage yet: enter it in the chart editor.`
      );
    }
    const faces = roll.dice.map((d) => d.face);
    const r = resolveIslandCollision(ram, faces);
    if (!r.ok) return r;
    const next = applyIslandCollision(sheet, r.value);
    const odds = islandCollisionOdds(sheet);
    let summary = `${sheet.name} runs onto an island: ram damage ${ramLabel(ram)} = ${r.value} to her own hull (${next.hull.current} left); she stops at the point of contact`;
    if (next.status === 'sunk') summary += `; ${sheet.name} sinks`;
    const dice = move.labelDice(
      move.joinRolls([roll]),
      roll.dice.map((_, i) => `${sheet.name}, ram damage ${i + 1}`)
    );
    return draftWithVictor(state, {
      kind: 'ww.island',
      summary,
      next: withSheets(state, { [shipId]: next }),
      // "roll the ram damage … and apply it to your own ship" (B.4.3 step 5): the ship rolls her
      // own damage, so a high face is bad for her. The island is no ship: no target.
      meaning: { actor: shipId, dice: shipDiceRuns(shipId, roll.dice, false) },
      roll: move.rollRecord({
        procedure: 'ww.island',
        inputs: move.asJson({
          shipId,
          ramDamage: ram,
          hullBefore: sheet.hull.current,
          area: 'hull'
        }),
        dice,
        odds: move.asJson({
          meanDamage: formatFraction(odds.mean),
          sinks: formatFraction(odds.sinks)
        }),
        outcome: move.asJson({ damage: r.value, hullAfter: next.hull.current, status: next.status })
      })
    });
  }
});

type IslandOdds = ReturnType<typeof islandCollisionOdds>;

/** Running aground before the roll: the ram damage's exact odds and the ship's own ram dice
 *  ("roll the ram damage on your ship damage chart and apply it to your own ship", B.4.3 step 5). */
const islandPreview: move.MovePreview<{ shipId: string }, IslandOdds, WwOptions> = {
  odds: (state, { shipId }) => {
    const s = shipAndSheet(state, shipId);
    return s.ok ? ok(islandCollisionOdds(s.value.sheet)) : s;
  },
  dice: (state, { shipId }) => {
    const s = shipAndSheet(state, shipId);
    if (!s.ok) return s;
    const { name, chart } = s.value.sheet;
    const ram = chart.ramDamage;
    return ok(
      ram.count > 0
        ? [
            {
              count: ram.count,
              sides: ram.sides,
              label: `${name}, ram damage to her own hull`,
              ship: shipId,
              isHighGood: false,
              group: name
            }
          ]
        : []
    );
  }
};

/** Running aground, with its odds and dice before the roll (`islandCollision.preview`). */
export const islandCollision = move.withPreview(islandMove, islandPreview);
