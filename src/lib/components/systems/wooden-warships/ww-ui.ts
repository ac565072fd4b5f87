import type { DiceRoll } from '$lib/rules/core/dice';
import type { DiceSpec } from '$lib/components/dice/dice-pad';
import { boardingDiceCountsOf } from '$lib/rules/wooden-warships/tables';
import { damageDiceList, type DamagePiece } from '$lib/rules/wooden-warships/resolve-gunnery';
import type { ReloadScope } from '$lib/rules/wooden-warships/options';
import { canLoad } from '$lib/rules/wooden-warships/resolve-turn';
import type { Sheet } from '$lib/rules/wooden-warships/sheet';
import {
  BATTERIES,
  BATTERY_NAMES,
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

/** The percentile dice of an attack, one group per battery: "Pickle, Zone 1: to hit". */
export function hitDiceSpecs(
  batteries: readonly { battery: Battery; rolls: number }[],
  firerName: string,
  group?: string
): DiceSpec[] {
  return batteries
    .filter((b) => b.rolls > 0)
    .map((b) => ({
      count: b.rolls,
      sides: 100,
      label: `${firerName ? `${firerName}, ` : ''}${BATTERY_NAMES[b.battery]}: to hit`,
      ...(group ? { group } : {})
    }));
}

/** The dice pad groups for damage, in the order the resolver reads them (full dice, then half). */
export function damageDiceSpecs(
  pieces: readonly DamagePiece[],
  firerName = '',
  group?: string
): DiceSpec[] {
  const specs: DiceSpec[] = [];
  const who = firerName ? `${firerName}, ` : '';
  for (const d of damageDiceList(pieces)) {
    const label = `${who}${d.isHalf ? 'half die' : 'damage'}`;
    const last = specs[specs.length - 1];
    if (last && last.sides === d.sides && last.label === label) last.count++;
    else specs.push({ count: 1, sides: d.sides, label, ...(group ? { group } : {}) });
  }
  return specs;
}

/** The dice pad groups for one boarding round: the boarders' dice, then the defenders'. */
export function boardingDiceSpecs(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number,
  names: { attacker: string; defender: string } = { attacker: '', defender: '' }
): DiceSpec[] {
  const { na, nd } = boardingDiceCountsOf(attackers, defenders);
  const a = names.attacker ? `${names.attacker}'s boarders` : 'boarders';
  const d = names.defender ? `${names.defender}'s defenders` : 'defenders';
  return [
    {
      count: na,
      sides: BOARDING_DIE[attackerSkill].sides,
      label: a,
      ...(names.attacker ? { group: `Attacker: ${names.attacker}` } : {})
    },
    {
      count: nd,
      sides: BOARDING_DIE[defenderSkill].sides,
      label: d,
      ...(names.defender ? { group: `Defender: ${names.defender}` } : {})
    }
  ];
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
 * option reloadScope), leaving out those that already hold it. Empty when there is nothing to do.
 */
export function loadAllWith(
  sheet: Sheet,
  ammo: Ammo,
  scope: ReloadScope
): Partial<Record<Battery, Ammo>> {
  const loads: Partial<Record<Battery, Ammo>> = {};
  for (const b of BATTERIES) {
    if (sheet.loaded[b] !== ammo && canLoad(sheet, b, scope)) loads[b] = ammo;
  }
  return loads;
}
