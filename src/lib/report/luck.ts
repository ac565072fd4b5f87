import type { Json } from '../engine/events';
import type { Category } from '../engine/meaning';
import type { DiceSource } from '../engine/dice';
import type { EntryCategory, Report, ReportEntry } from './model';
import { chiSquareSurvival, sumTails } from './stats';

/**
 * The luck audit. Each side's dice, gathered from the roll records of the log, are summed with
 * every die turned so that a high face is the good one for whoever rolled it; the total is placed in
 * the exact distribution of such a sum ("Britain's gunnery ran in the top 30%": only 30% of battles
 * would give that side dice at least this good). Dice typed in are checked for fairness per die type
 * with a chi-square test on the counts of each face.
 */

export interface AuditDie {
  sides: number;
  face: number;
  source: DiceSource;
  /** The side that rolled it; null when the log does not say. */
  side: string | null;
  group: LuckGroup;
  isHighGood: boolean;
  /** The face that reads as zero (a percentile die's 100 read as 00); absent: the face itself. */
  zeroFace?: number;
  seq: number;
}

export type LuckGroup = 'gunnery' | 'boarding' | 'other';

/** A result in the best (or worst) 5% is "very" lucky, in the best quarter "lucky" (as luckOf). */
export const AUDIT_THRESHOLDS = { very: 0.05, plain: 0.25 } as const;

export interface SideLuck {
  side: string;
  group: LuckGroup;
  dice: number;
  /** P(dice at least this good), P(at least this bad). */
  atLeast: number;
  atMost: number;
  tail: 'top' | 'bottom' | 'middle';
  /** The smaller tail, the figure quoted. */
  p: number;
  word: 'very lucky' | 'lucky' | 'about average' | 'unlucky' | 'very unlucky';
  /** "Britain's gunnery ran in the top 30% — lucky." */
  text: string;
}

export interface FairnessCheck {
  sides: number;
  rolls: number;
  counts: number[];
  /** Rolls needed before the test means anything (5 expected per face). */
  needed: number;
  chiSquare: number | null;
  pValue: number | null;
  verdict: 'too few' | 'nothing unusual' | 'high' | 'low' | 'uneven';
  text: string;
}

export interface LuckAudit {
  sides: SideLuck[];
  fairness: FairnessCheck[];
  /** Dice in the log the audit could not give to a side. */
  unattributed: number;
}

const GROUP_WORDS: Record<LuckGroup, string> = {
  gunnery: 'gunnery',
  boarding: 'boarding',
  other: 'other rolls'
};

/** Gunnery is every die of a shot (its hit and damage dice); boarding, every die of a boarding. */
const GUNNERY: ReadonlySet<Category> = new Set(['gunnery', 'gunnery-damage', 'marksmen']);
const BOARDING: ReadonlySet<Category> = new Set(['grapple', 'boarding', 'boarding-round', 'raid']);

function groupOf(entry: ReportEntry): LuckGroup {
  if (entry.act !== null) {
    return GUNNERY.has(entry.act) ? 'gunnery' : BOARDING.has(entry.act) ? 'boarding' : 'other';
  }
  if (entry.category === 'fire') return 'gunnery';
  if (entry.category === 'boarding') return 'boarding';
  return 'other';
}

/**
 * Whether a high face is good for the roller, for an older event's die (events with a meaning
 * state it per group of dice). Privateers hits on d12 ≤ threshold (SPEC C.4.7 step 8)
 * and Wooden Warships percentiles hit "UNDER" (B.4.5 step 7); their other dice (damage, checks that
 * add ratings), and every Master and Commander die, are better high.
 */
export function isHighGood(systemId: string, category: EntryCategory, sides: number): boolean {
  if (systemId === 'privateers' && category === 'fire' && sides === 12) return false;
  if (systemId === 'wooden-warships' && sides === 10) return false;
  return true;
}

const TARGET_KEYS = ['targetId', 'target', 'defenderId', 'defender', 'against'];

function isObj(v: Json | undefined): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Each die of an entry's roll: the side that rolled it and which way is good for that side. */
interface DieOwner {
  side: string | null;
  isHighGood: boolean;
  zeroFace?: number;
}

/**
 * Whose each die was: as the move states it (its meaning's dice groups, issue 31). An older event
 * says nothing of it: its dice are read by the old guess (legacyDieSides), and counted unowned
 * when the guess has nothing to go on.
 */
function dieOwners(entry: ReportEntry, report: Report): DieOwner[] {
  const roll = entry.roll;
  if (!roll) return [];
  if (entry.dice) {
    const out: DieOwner[] = [];
    for (const g of entry.dice) {
      for (let i = 0; i < g.count; i++) {
        const owner: DieOwner = { side: g.side || null, isHighGood: g.isHighGood };
        if (g.zeroFace !== undefined) owner.zeroFace = g.zeroFace;
        out.push(owner);
      }
    }
    return out;
  }
  const sides = legacyDieSides(entry, report);
  return roll.dice.dice.map((d, i) => ({
    side: sides[i] ?? null,
    isHighGood: isHighGood(report.systemId, entry.category, d.sides)
  }));
}

/** An older event's dice: the side named in a die's label, the defender's, or the actor's. */
function legacyDieSides(entry: ReportEntry, report: Report): (string | null)[] {
  const roll = entry.roll;
  if (!roll) return [];
  const inputs = roll.inputs;
  const sideOfShip = (id: string): string | null => {
    const s = report.ships.find((x) => x.id === id);
    if (!s) return null;
    // The side it fought for at the time: a captured ship rolled for its first side before.
    const change = entry.changes.find((c) => c.shipId === id);
    return change?.side ?? (s.startSide || s.side);
  };
  let targetSide: string | null = null;
  if (isObj(inputs)) {
    for (const k of TARGET_KEYS) {
      const v = inputs[k];
      if (typeof v === 'string') {
        targetSide = sideOfShip(v);
        if (targetSide !== null) break;
      }
    }
  }
  const n = roll.dice.dice.length;
  const attackDice = isObj(inputs) ? inputs.attackDice : undefined;
  const defenceDice = isObj(inputs) ? (inputs.defenceDice ?? inputs.defenderDice) : undefined;
  const isSplit =
    typeof attackDice === 'number' &&
    typeof defenceDice === 'number' &&
    attackDice + defenceDice === n &&
    targetSide !== null;
  const names = [...report.ships].sort((a, b) => b.name.length - a.name.length);
  return roll.dice.dice.map((d, i) => {
    const label = d.label ?? '';
    if (label) {
      const named = names.find((s) => label.includes(s.name));
      if (named) return sideOfShip(named.id);
      if (/defen|target|repel/i.test(label) && targetSide !== null) return targetSide;
    }
    if (isSplit && i >= attackDice) return targetSide;
    // An opposed roll whose split the record does not give: either side's, so neither's (the old
    // guess gave every die to the actor, the defender's too).
    if (OPPOSED.has(entry.kind) && !isSplit) return null;
    return entry.actorSide;
  });
}

/**
 * Rolls both sides make in one record (canonical kinds): an older event's dice are only given out
 * where its inputs say how many each side rolled.
 */
const OPPOSED: ReadonlySet<string> = new Set([
  'pv.boarding',
  'ww.boarding-round',
  'ww.boarding-rounds',
  'mc.attack',
  'mc.counter-attack',
  'mc.boarding',
  'mc.raid',
  'mc.homeport-counter'
]);

export function auditDice(report: Report): AuditDie[] {
  const out: AuditDie[] = [];
  for (const turn of report.turns) {
    for (const entry of turn.entries) {
      const roll = entry.roll;
      if (!roll) continue;
      const owners = dieOwners(entry, report);
      roll.dice.dice.forEach((d, i) => {
        const die: AuditDie = {
          sides: d.sides,
          face: d.face,
          source: d.source ?? roll.dice.source,
          side: owners[i]?.side ?? null,
          group: groupOf(entry),
          isHighGood: owners[i]?.isHighGood ?? true,
          seq: entry.seq
        };
        const zeroFace = owners[i]?.zeroFace;
        if (zeroFace !== undefined) die.zeroFace = zeroFace;
        out.push(die);
      });
    }
  }
  return out;
}

export function formatShare(p: number): string {
  if (p <= 0) return '0%';
  const pct = p * 100;
  if (pct >= 1.5) return `${Math.round(pct)}%`;
  if (pct < 0.1) return '<0.1%';
  return `${Math.round(pct * 10) / 10}%`;
}

/**
 * How well a die fell for whoever rolled it, from 1 (worst) to its sides (best): every die is
 * uniform on that scale, so the sum's tails say how lucky a side was. A die read from zero (a
 * percentile die's 100 is 00, the best roll under a number) is ranked by its reading.
 */
export function goodnessOf(d: Pick<AuditDie, 'sides' | 'face' | 'isHighGood' | 'zeroFace'>) {
  if (d.zeroFace === undefined) return d.isHighGood ? d.face : d.sides + 1 - d.face;
  const reading = d.face === d.zeroFace ? 0 : d.face;
  return d.isHighGood ? reading + 1 : d.sides - reading;
}

/** Where `dice` (oriented) fell in the distribution of their sum. */
export function luckOfDice(
  dice: readonly Pick<AuditDie, 'sides' | 'face' | 'isHighGood' | 'zeroFace'>[]
): Pick<SideLuck, 'atLeast' | 'atMost' | 'tail' | 'p' | 'word'> {
  const total = dice.reduce((n, d) => n + goodnessOf(d), 0);
  const { atLeast, atMost } = sumTails(
    dice.map((d) => d.sides),
    total
  );
  const eps = 1e-12;
  if (Math.abs(atLeast - atMost) < eps) {
    return { atLeast, atMost, tail: 'middle', p: atLeast, word: 'about average' };
  }
  const tail = atLeast < atMost ? 'top' : 'bottom';
  const p = Math.min(atLeast, atMost);
  const word =
    p <= AUDIT_THRESHOLDS.very + eps
      ? tail === 'top'
        ? 'very lucky'
        : 'very unlucky'
      : p <= AUDIT_THRESHOLDS.plain + eps
        ? tail === 'top'
          ? 'lucky'
          : 'unlucky'
        : 'about average';
  return { atLeast, atMost, tail, p, word };
}

function possessive(side: string): string {
  return side.endsWith('s') ? `${side}'` : `${side}'s`;
}

export function sideLuck(dice: readonly AuditDie[]): SideLuck[] {
  const keys = new Map<string, AuditDie[]>();
  for (const d of dice) {
    if (d.side === null) continue;
    const k = JSON.stringify([d.side, d.group]);
    const list = keys.get(k) ?? [];
    list.push(d);
    keys.set(k, list);
  }
  const out: SideLuck[] = [];
  for (const [k, list] of keys) {
    const [side, group] = JSON.parse(k) as [string, LuckGroup];
    const l = luckOfDice(list);
    const what = `${possessive(side)} ${GROUP_WORDS[group]}`;
    const where =
      l.tail === 'middle' ? 'ran right in the middle' : `ran in the ${l.tail} ${formatShare(l.p)}`;
    out.push({
      side,
      group,
      dice: list.length,
      ...l,
      text: `${what} (${list.length} ${list.length === 1 ? 'die' : 'dice'}) ${where} — ${l.word}.`
    });
  }
  const order: LuckGroup[] = ['gunnery', 'boarding', 'other'];
  return out.sort(
    (a, b) => a.side.localeCompare(b.side) || order.indexOf(a.group) - order.indexOf(b.group)
  );
}

/** The significance below which a die type is called out (1%: one false alarm in a hundred). */
export const FAIRNESS_ALPHA = 0.01;

export function fairnessOf(sides: number, faces: readonly number[]): FairnessCheck {
  const counts = Array.from({ length: sides }, () => 0);
  for (const f of faces) if (f >= 1 && f <= sides) counts[f - 1]++;
  const n = faces.length;
  const needed = 5 * sides;
  const name = `d${sides}`;
  if (n < needed || sides < 2) {
    return {
      sides,
      rolls: n,
      counts,
      needed,
      chiSquare: null,
      pValue: null,
      verdict: 'too few',
      text: `${n} typed-in ${name} ${n === 1 ? 'roll' : 'rolls'}: too few to judge (${needed} needed).`
    };
  }
  const e = n / sides;
  const chiSquare = counts.reduce((s, o) => s + ((o - e) * (o - e)) / e, 0);
  const pValue = chiSquareSurvival(chiSquare, sides - 1);
  const base = { sides, rolls: n, counts, needed, chiSquare, pValue };
  if (pValue >= FAIRNESS_ALPHA) {
    return {
      ...base,
      verdict: 'nothing unusual',
      text: `${n} typed-in ${name} rolls: nothing unusual.`
    };
  }
  const mean = faces.reduce((s, f) => s + f, 0) / n;
  const expected = (sides + 1) / 2;
  const sd = Math.sqrt((sides * sides - 1) / 12 / n);
  const z = (mean - expected) / sd;
  if (z > 2) {
    return {
      ...base,
      verdict: 'high',
      text: `${n} typed-in ${name} rolls: these ${name} rolled high.`
    };
  }
  if (z < -2) {
    return {
      ...base,
      verdict: 'low',
      text: `${n} typed-in ${name} rolls: these ${name} rolled low.`
    };
  }
  let most = 0;
  for (let i = 1; i < sides; i++) if (counts[i] > counts[most]) most = i;
  return {
    ...base,
    verdict: 'uneven',
    text: `${n} typed-in ${name} rolls: these ${name} came up unevenly (too many ${most + 1}s).`
  };
}

/**
 * The counts of each face in words: "1×2, 2×0, … 6×3" for a die of up to 20 faces; a d100's are
 * told in tens ("1–10: 4, 11–20: 6, …"), not as a hundred counts.
 */
export function describeFaces(counts: readonly number[]): string {
  if (counts.length <= 20) return counts.map((c, i) => `${i + 1}×${c}`).join(', ');
  const groups: string[] = [];
  for (let i = 0; i < counts.length; i += 10) {
    const last = Math.min(counts.length, i + 10);
    const n = counts.slice(i, last).reduce((a, b) => a + b, 0);
    groups.push(`${i + 1}–${last}: ${n}`);
  }
  return groups.join(', ');
}

export function luckAudit(report: Report): LuckAudit {
  const dice = auditDice(report);
  const entered = new Map<number, number[]>();
  for (const d of dice) {
    if (d.source !== 'entered') continue;
    const list = entered.get(d.sides) ?? [];
    list.push(d.face);
    entered.set(d.sides, list);
  }
  return {
    sides: sideLuck(dice),
    fairness: [...entered.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, faces]) => fairnessOf(s, faces)),
    unattributed: dice.filter((d) => d.side === null).length
  };
}
