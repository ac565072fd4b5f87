/**
 * Dice expressions for the free dice calculator: `3d6`, `d8+2`, `2d6+1d4-1`, `4d6kh3` (keep the
 * highest 3), `4d6kl1` (keep the lowest), `hd6` (Wooden Warships half die: a d6 read as ceil(face/2),
 * SPEC B.3.6). Case and spaces do not matter.
 *
 * Grammar:  expr := ['+'|'-'] term (('+'|'-') term)*
 *           term := [count] ('d' | 'hd') sides [('kh' | 'kl' | 'k') keep]  |  integer
 *
 * Limits keep the exact odds fast enough for a phone (a user cannot hang the page): at most 100 dice
 * in all, 2..1000 sides, constants up to 100,000, 20 terms, 200 characters, at most 10,000 possible
 * totals and a work budget checked before computing (`DICE_EXPRESSION_LIMITS`).
 */
import { Dist } from './dist';
import { err, ok, type Result } from './result';

export const DICE_EXPRESSION_LIMITS = {
  maxLength: 200,
  maxTerms: 20,
  maxDice: 100,
  minSides: 2,
  maxSides: 1000,
  maxConstant: 100_000,
  /**
   * Work allowed to build the exact distribution, in bigint operations weighted by 64-bit words
   * (`diceExpressionWork`). At the limit (e.g. 100d100, 2d1000kh1, 10d100kh5) a laptop core needs
   * about 0.1 s; checked before computing, so nothing big starts.
   */
  maxWork: 10_000_000,
  /** Most distinct totals an expression may have (100d100 has 9,901). */
  maxValues: 10_001
} as const;

export type DiceTerm =
  | {
      kind: 'dice';
      sign: 1 | -1;
      count: number;
      sides: number;
      /** Half die: each die counts ceil(face / 2). */
      isHalf: boolean;
      keep?: { which: 'highest' | 'lowest'; n: number };
      /** Index of the term's first character in the source. */
      at: number;
    }
  | { kind: 'constant'; value: number; at: number };

export interface DiceExpression {
  source: string;
  terms: DiceTerm[];
}

export interface DiceExpressionError {
  /** 0-based index of the offending character in the input. */
  index: number;
  reason: string;
  /** "At character 3: …", for display. */
  message: string;
}

/** One die the user (or the app) must roll for the expression, in order. */
export interface DieToRoll {
  sides: number;
  label: string;
}

function fail(index: number, reason: string): Result<never, DiceExpressionError> {
  return err({ index, reason, message: `At character ${index + 1}: ${reason}` });
}

/** Parses a dice expression; errors say where and why. */
export function parseDiceExpression(text: string): Result<DiceExpression, DiceExpressionError> {
  const L = DICE_EXPRESSION_LIMITS;
  if (text.length > L.maxLength) {
    return fail(L.maxLength, `the expression is longer than ${L.maxLength} characters`);
  }
  const src = text.toLowerCase();
  let i = 0;
  const skip = (): void => {
    while (i < src.length && /\s/.test(src[i])) i++;
  };
  const digits = (): { value: number; start: number } | undefined => {
    const start = i;
    while (i < src.length && src[i] >= '0' && src[i] <= '9') i++;
    if (i === start) return undefined;
    // More than 7 digits is over every limit anyway; avoid huge numbers.
    const s = src.slice(start, i);
    return { value: s.length > 7 ? Infinity : Number(s), start };
  };
  const describe = (at: number): string => (at >= src.length ? 'the end' : `'${text[at]}'`);

  skip();
  if (i === src.length) return fail(0, 'enter a dice expression such as 3d6+2');
  const terms: DiceTerm[] = [];
  let totalDice = 0;
  let sign: 1 | -1 = 1;
  if (src[i] === '+' || src[i] === '-') {
    sign = src[i] === '-' ? -1 : 1;
    i++;
    skip();
  }
  for (;;) {
    const at = i;
    const count = digits();
    skip();
    let dieKind: 'd' | 'hd' | undefined;
    if (src.startsWith('hd', i)) dieKind = 'hd';
    else if (src[i] === 'd') dieKind = 'd';
    if (dieKind === undefined) {
      if (!count) return fail(i, `expected a number or dice (like 2d6) but found ${describe(i)}`);
      if (count.value > L.maxConstant) {
        return fail(at, `a constant can be at most ${L.maxConstant}`);
      }
      terms.push({ kind: 'constant', value: sign * count.value, at });
    } else {
      i += dieKind.length;
      skip();
      const n = count ? count.value : 1;
      if (n < 1) return fail(at, 'roll at least 1 die');
      const sidesAt = i;
      const sides = digits();
      if (!sides) return fail(i, `expected the number of sides after '${dieKind}'`);
      if (sides.value < L.minSides || sides.value > L.maxSides) {
        return fail(sidesAt, `a die has ${L.minSides} to ${L.maxSides} sides`);
      }
      totalDice += n;
      if (totalDice > L.maxDice) return fail(at, `at most ${L.maxDice} dice in all`);
      const term: DiceTerm = {
        kind: 'dice',
        sign,
        count: n,
        sides: sides.value,
        isHalf: dieKind === 'hd',
        at
      };
      skip();
      if (src[i] === 'k') {
        const keepAt = i;
        const which = src[i + 1] === 'l' ? 'lowest' : 'highest';
        i += src[i + 1] === 'l' || src[i + 1] === 'h' ? 2 : 1;
        skip();
        const k = digits();
        if (!k) return fail(i, 'expected how many dice to keep, as in 4d6kh3');
        if (k.value < 1 || k.value > n) {
          return fail(keepAt, `keep between 1 and ${n} of the ${n} dice rolled`);
        }
        term.keep = { which, n: k.value };
      }
      terms.push(term);
    }
    if (terms.length > L.maxTerms) return fail(at, `at most ${L.maxTerms} terms`);
    skip();
    if (i === src.length) break;
    if (src[i] !== '+' && src[i] !== '-') {
      return fail(i, `expected '+', '-' or the end but found ${describe(i)}`);
    }
    sign = src[i] === '-' ? -1 : 1;
    i++;
    skip();
    if (i === src.length)
      return fail(i, `expected a number or dice after '${sign < 0 ? '-' : '+'}'`);
  }
  return ok({ source: text, terms });
}

// ---------------------------------------------------------------------------------------------
// Canonical text, dice to roll and evaluation

/** "4d6kh3", "hd6", "-2d8", "+3": one term as text (sign included after the first term). */
function termText(t: DiceTerm): string {
  if (t.kind === 'constant') return String(Math.abs(t.value));
  const keep = t.keep ? `k${t.keep.which === 'highest' ? 'h' : 'l'}${t.keep.n}` : '';
  return `${t.count}${t.isHalf ? 'hd' : 'd'}${t.sides}${keep}`;
}

const termSign = (t: DiceTerm): 1 | -1 => (t.kind === 'constant' ? (t.value < 0 ? -1 : 1) : t.sign);

/** Canonical form, e.g. "2d6 + 1d4 - 1". */
export function formatDiceExpression(e: DiceExpression): string {
  return e.terms
    .map((t, i) => {
      const s = termSign(t);
      if (i === 0) return `${s < 0 ? '-' : ''}${termText(t)}`;
      return `${s < 0 ? '-' : '+'} ${termText(t)}`;
    })
    .join(' ');
}

/** Every die to roll, term by term, in the order `evaluate` expects their faces. */
export function diceToRoll(e: DiceExpression): DieToRoll[] {
  const out: DieToRoll[] = [];
  for (const t of e.terms) {
    if (t.kind !== 'dice') continue;
    const name = termText(t) + (t.isHalf ? ' (half die)' : '');
    for (let k = 1; k <= t.count; k++) {
      out.push({ sides: t.sides, label: t.count > 1 ? `${name}, die ${k} of ${t.count}` : name });
    }
  }
  return out;
}

export interface EvaluatedTerm {
  text: string;
  /** Faces rolled for this term (empty for a constant). */
  faces: number[];
  /** The values that count: half-die values, and only the kept dice. */
  kept: number[];
  /** Signed contribution to the total. */
  value: number;
}

export interface EvaluatedRoll {
  total: number;
  terms: EvaluatedTerm[];
}

const halfValue = (face: number): number => Math.ceil(face / 2);

/** Total of the expression for the faces rolled (in `diceToRoll` order). */
export function evaluate(e: DiceExpression, faces: readonly number[]): Result<EvaluatedRoll> {
  const dice = diceToRoll(e);
  if (faces.length !== dice.length) {
    return err(
      `${dice.length} ${dice.length === 1 ? 'die' : 'dice'} expected, ${faces.length} given.`
    );
  }
  for (let i = 0; i < dice.length; i++) {
    const f = faces[i];
    if (!Number.isInteger(f) || f < 1 || f > dice[i].sides) {
      return err(`Die ${i + 1} (${dice[i].label}): ${f} is not a face of a d${dice[i].sides}.`);
    }
  }
  let next = 0;
  let total = 0;
  const terms: EvaluatedTerm[] = e.terms.map((t) => {
    if (t.kind === 'constant') {
      total += t.value;
      return { text: termText(t), faces: [], kept: [], value: t.value };
    }
    const fs = faces.slice(next, next + t.count);
    next += t.count;
    let values = fs.map((f) => (t.isHalf ? halfValue(f) : f));
    if (t.keep) {
      values = [...values].sort((a, b) => (t.keep?.which === 'lowest' ? a - b : b - a));
      values = values.slice(0, t.keep.n);
    }
    const value = t.sign * values.reduce((a, b) => a + b, 0);
    total += value;
    return { text: termText(t), faces: fs, kept: values, value };
  });
  return ok({ total, terms });
}

// ---------------------------------------------------------------------------------------------
// Exact distribution

/** Dense distribution: weights[i] is the weight of the value lo + i. */
interface Dense {
  lo: number;
  weights: bigint[];
}

/** Adds one die with values lo..lo+span−1, equally likely: a running window, O(length + span). */
function addUniform(x: Dense, lo: number, span: number): Dense {
  const c = x.weights;
  const next = new Array<bigint>(c.length + span - 1);
  let window = 0n;
  for (let v = 0; v < next.length; v++) {
    if (v < c.length) window += c[v];
    if (v - span >= 0) window -= c[v - span];
    next[v] = window;
  }
  return { lo: x.lo + lo, weights: next };
}

function convolveDense(a: Dense, b: Dense): Dense {
  const out = new Array<bigint>(a.weights.length + b.weights.length - 1).fill(0n);
  a.weights.forEach((wa, i) => {
    if (wa === 0n) return;
    b.weights.forEach((wb, j) => {
      if (wb !== 0n) out[i + j] += wa * wb;
    });
  });
  return { lo: a.lo + b.lo, weights: out };
}

function negate(x: Dense): Dense {
  return { lo: -(x.lo + x.weights.length - 1), weights: [...x.weights].reverse() };
}

function binomialRow(n: number): bigint[] {
  const row = [1n];
  for (let k = 1; k <= n; k++) row.push((row[k - 1] * BigInt(n - k + 1)) / BigInt(k));
  return row;
}

/**
 * Sum of the k highest (or lowest) of n dS, each die worth value(face) (face, or ceil(face/2) for
 * half dice). Faces are assigned from the best down: state = (dice placed so far j < k, kept sum),
 * weighted by C(n − j, c) for c dice on the current face; once k dice are placed, the other dice
 * only need faces further down the order, counted in closed form.
 */
function keepDense(n: number, sides: number, k: number, isLowest: boolean, isHalf: boolean): Dense {
  const order = Array.from({ length: sides }, (_, i) => (isLowest ? i + 1 : sides - i));
  const value = (f: number): number => (isHalf ? halfValue(f) : f);
  const maxSum = k * value(sides);
  const rows = Array.from({ length: n + 1 }, (_, m) => binomialRow(m));
  const result = new Array<bigint>(maxSum + 1).fill(0n);
  // states[j][sum]
  let states: bigint[][] = Array.from({ length: k }, () => new Array<bigint>(maxSum + 1).fill(0n));
  states[0][0] = 1n;
  order.forEach((f, idx) => {
    const facesAfter = BigInt(sides - 1 - idx);
    const v = value(f);
    const next = Array.from({ length: k }, () => new Array<bigint>(maxSum + 1).fill(0n));
    for (let j = 0; j < k; j++) {
      const row = states[j];
      const choose = rows[n - j];
      for (let s = 0; s <= maxSum; s++) {
        const w = row[s];
        if (w === 0n) continue;
        for (let c = 0; c <= n - j; c++) {
          const ways = w * choose[c];
          if (j + c >= k) {
            const rest = n - j - c;
            result[s + v * (k - j)] += ways * facesAfter ** BigInt(rest);
          } else {
            next[j + c][s + v * c] += ways;
          }
        }
      }
    }
    states = next;
  });
  return { lo: 0, weights: result };
}

/**
 * Whether the exact distribution is cheap enough to build (`DICE_EXPRESSION_LIMITS`); the error
 * names the term that tips it over.
 */
export function checkDiceExpressionCost(e: DiceExpression): Result<true, DiceExpressionError> {
  for (const { t, work, length } of runningCost(e)) {
    if (length > DICE_EXPRESSION_LIMITS.maxValues) {
      return fail(
        t.at,
        `${termText(t)} gives more than ${DICE_EXPRESSION_LIMITS.maxValues - 1} possible totals, too many for exact odds`
      );
    }
    if (work > DICE_EXPRESSION_LIMITS.maxWork) {
      return fail(t.at, `${termText(t)} is too large to compute exact odds for on this device`);
    }
  }
  return ok(true);
}

/**
 * The exact distribution of the expression's total. Fails (with the term's position) when the
 * exact computation would be too slow for the page.
 */
export function diceExpressionDist(e: DiceExpression): Result<Dist<number>, DiceExpressionError> {
  // Refuse up front rather than freeze the page.
  const cost = checkDiceExpressionCost(e);
  if (!cost.ok) return cost;
  let acc: Dense = { lo: 0, weights: [1n] };
  for (const t of e.terms) {
    acc = t.kind === 'constant' ? { lo: acc.lo + t.value, weights: acc.weights } : addTerm(acc, t);
  }
  const pairs: [number, bigint][] = [];
  acc.weights.forEach((w, i) => {
    if (w !== 0n) pairs.push([acc.lo + i, w]);
  });
  return ok(Dist.of(pairs).reduced());
}

type DiceTermOf = Extract<DiceTerm, { kind: 'dice' }>;

/**
 * Estimated cost of adding a term to a distribution of `length` values whose weights have about
 * `bits` bits: bigint operations, each weighted by its size in 64-bit words. Mirrors `addTerm`.
 */
function termWork(t: DiceTermOf, length: number, bits: number): { work: number; length: number } {
  const dieBits = Math.log2(t.sides);
  const words = (b: number): number => 1 + b / 64;
  const span = t.isHalf ? Math.ceil(t.sides / 2) : t.sides;
  let work = 0;
  if (t.keep) {
    const maxSum = t.keep.n * span;
    // Keep DP: per face, per state (j < k, sum), up to n − j + 1 choices of how many dice.
    let choices = 0;
    for (let j = 0; j < t.keep.n; j++) choices += t.count - j + 1;
    work += t.sides * (maxSum + 1) * choices * 2 * words(t.count * dieBits);
    work += 2 * length * (maxSum + 1) * words(bits + t.count * dieBits);
    return { work, length: length + maxSum };
  }
  const isUniform = !t.isHalf || t.sides % 2 === 0;
  for (let i = 0; i < t.count; i++) {
    const b = words(bits + i * dieBits);
    work += isUniform ? 2 * (length + span) * b : 2 * length * span * b;
    length += span - 1;
  }
  return { work, length };
}

function addTerm(acc: Dense, t: DiceTermOf): Dense {
  const span = t.isHalf ? Math.ceil(t.sides / 2) : t.sides;
  if (t.keep) {
    let d = keepDense(t.count, t.sides, t.keep.n, t.keep.which === 'lowest', t.isHalf);
    if (t.sign < 0) d = negate(d);
    return convolveDense(acc, d);
  }
  if (!t.isHalf || t.sides % 2 === 0) {
    // A dS, or a half die of an even die (values 1..S/2 equally likely): one window per die.
    for (let i = 0; i < t.count; i++) acc = addUniform(acc, t.sign > 0 ? 1 : -span, span);
    return acc;
  }
  // Half die of an odd die: the top value is half as likely (e.g. hd5: 1, 1, 2, 2, 3).
  let one: Dense = {
    lo: 1,
    weights: Array.from({ length: span }, (_, i) => (i === span - 1 ? 1n : 2n))
  };
  if (t.sign < 0) one = negate(one);
  for (let i = 0; i < t.count; i++) acc = convolveDense(acc, one);
  return acc;
}

/**
 * The estimated work and the distribution's length after each dice term, in order: the running
 * total `checkDiceExpressionCost` stops on and `diceExpressionWork` reports.
 */
function* runningCost(
  e: DiceExpression
): Generator<{ t: DiceTermOf; work: number; length: number }> {
  let work = 0;
  let length = 1;
  let bits = 0;
  for (const t of e.terms) {
    if (t.kind === 'constant') continue;
    const w = termWork(t, length, bits);
    work += w.work;
    length = w.length;
    bits += t.count * Math.log2(t.sides);
    yield { t, work, length };
  }
}

/** Estimated work for the whole expression (see `DICE_EXPRESSION_LIMITS.maxWork`). */
export function diceExpressionWork(e: DiceExpression): number {
  let total = 0;
  for (const { work } of runningCost(e)) total = work;
  return total;
}

export interface CompiledDiceExpression {
  expression: DiceExpression;
  /** Canonical text, e.g. "2d6 + 1d4 - 1". */
  text: string;
  dist: Dist<number>;
  dice: DieToRoll[];
}

/** Parse, then build the exact distribution and the list of dice to roll. */
export function compileDiceExpression(
  text: string
): Result<CompiledDiceExpression, DiceExpressionError> {
  const parsed = parseDiceExpression(text);
  if (!parsed.ok) return parsed;
  const dist = diceExpressionDist(parsed.value);
  if (!dist.ok) return dist;
  return ok({
    expression: parsed.value,
    text: formatDiceExpression(parsed.value),
    dist: dist.value,
    dice: diceToRoll(parsed.value)
  });
}
