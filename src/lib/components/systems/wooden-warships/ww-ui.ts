import type { DiceRoll } from '$lib/engine/dice';
import { padOf, type DiceSpec } from '$lib/components/dice/dice-pad';
import { fireDamageDice } from '$lib/rules/wooden-warships/moves-gunnery';
import type { DamagePiece } from '$lib/rules/wooden-warships/resolve-gunnery';
import type { BatteryLoad } from '$lib/rules/wooden-warships/orders-preview';
import {
  BOARDING_DIE,
  type Ammo,
  type Battery,
  type CrewSkill,
  type FireMode
} from '$lib/rules/wooden-warships/tables';

// What the Wooden Warships panels show and ask for (tested in ww-ui.test.ts): the dice pad groups
// with their labels and whose dice they are, and the guns a fire mode uses. No rule decisions.

/** Splits a roll's faces into consecutive groups of the given sizes. */
export function splitFaces(roll: DiceRoll, sizes: readonly number[]): number[][] {
  const faces = roll.dice.map((d) => d.face);
  const out: number[][] = [];
  let i = 0;
  for (const n of sizes) {
    out.push(faces.slice(i, i + n));
    i += n;
  }
  return out;
}

/** The damage dice, full dice then the half die (the fire move's: `fireDamageDice`). */
export function damageDiceSpecs(pieces: readonly DamagePiece[], firerName = ''): DiceSpec[] {
  return padOf(fireDamageDice(pieces, null, firerName));
}

/** "d6", "d6+1", "d8+2". */
export function skillDieLabel(skill: CrewSkill): string {
  const d = BOARDING_DIE[skill];
  return d.plus ? `d${d.sides}+${d.plus}` : `d${d.sides}`;
}

/** The batteries a fire mode uses (SPEC B.3.8): zones 1 & 2 or 3 & 4, one zone, or a chase battery. */
export function batteriesFor(
  mode: FireMode,
  side: '12' | '34',
  halfZone: Battery,
  chase: Battery
): Battery[] {
  if (mode === 'chase') return [chase];
  if (mode === 'halfBroadside') return [halfZone];
  return side === '12' ? ['zone1', 'zone2'] : ['zone3', 'zone4'];
}

/**
 * "Load the Prime!" in one tap: the same shot in every battery the ship may load now (B.4.9,
 * option reloadScope: the reload move's preview says which), leaving out those that already hold
 * it. Empty when there is nothing to do.
 */
export function loadAllWith(
  batteries: readonly BatteryLoad[],
  ammo: Ammo
): Partial<Record<Battery, Ammo>> {
  const loads: Partial<Record<Battery, Ammo>> = {};
  for (const b of batteries) {
    if (b.loaded !== ammo && b.mayLoad) loads[b.battery] = ammo;
  }
  return loads;
}
