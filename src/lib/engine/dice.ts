/**
 * One interface for dice the app rolls, dice scripted in tests and dice typed in at the table
 * (DESIGN invariant 2: "A roll is data. The same resolver serves dice the app rolls and dice the
 * players roll and type in"; SPEC 0.2: engine functions accept pre-rolled values).
 */
import { err, ok, type Result } from './result';

export type DiceSource = 'app' | 'entered' | 'scripted';

export interface DieFace {
  sides: number;
  face: number;
  /** e.g. "hit roll gun 3", "half die". */
  label?: string;
  /**
   * Who rolled this die, when a record mixes app-rolled and typed-in dice (`joinRolls`); absent, the
   * record's `source` applies. Per die, not per action (the log says which dice were typed in).
   */
  source?: DiceSource;
}

export interface DiceRoll {
  source: DiceSource;
  dice: DieFace[];
}

export interface Roller {
  readonly source: DiceSource;
  /** One die. The entered roller throws `DiceInputError` on a bad or missing face; use `tryRollDice`. */
  roll(sides: number, label?: string): DieFace;
}

/** Largest die the app handles (the dice-expression calculator allows up to d1000). */
export const MAX_SIDES = 1000;

/** A typed-in face was out of range or missing. Caught by `tryRollDice`, which returns a Result. */
export class DiceInputError extends Error {
  override readonly name = 'DiceInputError';
}

function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1 || sides > MAX_SIDES) {
    throw new RangeError(`die sides must be an integer 1..${MAX_SIDES}, got ${sides}`);
  }
}

function face(sides: number, value: number, label: string | undefined): DieFace {
  return label === undefined ? { sides, face: value } : { sides, face: value, label };
}

/**
 * Fair dice from a 32-bit random source (pass `(a) => crypto.getRandomValues(a)`). Rejection
 * sampling: a value at or above floor(2^32 / sides) · sides is discarded and a new one drawn, so
 * every face has exactly the same chance (no modulo bias).
 */
export function appRoller(getRandomValues: (a: Uint32Array<ArrayBuffer>) => Uint32Array): Roller {
  // Values are drawn 64 at a time: one getRandomValues call costs about as much as 64 rolls.
  const buf = new Uint32Array(64);
  let next = buf.length;
  const draw = (): number => {
    if (next === buf.length) {
      getRandomValues(buf);
      next = 0;
    }
    return buf[next++];
  };
  return {
    source: 'app',
    roll(sides, label) {
      checkSides(sides);
      const limit = Math.floor(2 ** 32 / sides) * sides;
      for (;;) {
        const u = draw();
        if (u < limit) return face(sides, (u % sides) + 1, label);
      }
    }
  };
}

/** Rigged dice for tests: returns the faces in order; throws when the script runs out or a face is bad. */
export function scriptedRoller(faces: readonly number[]): Roller {
  let i = 0;
  return {
    source: 'scripted',
    roll(sides, label) {
      checkSides(sides);
      if (i >= faces.length) throw new Error(`scripted roller: script exhausted after ${i} dice`);
      const f = faces[i++];
      if (!Number.isInteger(f) || f < 1 || f > sides) {
        throw new Error(`scripted roller: face ${f} is not on a d${sides}`);
      }
      return face(sides, f, label);
    }
  };
}

/**
 * Dice the players rolled and typed in, consumed in order. A face outside 1..sides, a non-integer
 * or a missing face throws `DiceInputError`; `tryRollDice` turns that into a Result error with a
 * message for the user, so a typo never crashes the resolver.
 */
export function enteredRoller(faces: readonly number[]): Roller {
  let i = 0;
  return {
    source: 'entered',
    roll(sides, label) {
      checkSides(sides);
      const what = label ? ` (${label})` : '';
      if (i >= faces.length) {
        throw new DiceInputError(`Die ${i + 1}${what} is missing: ${faces.length} entered.`);
      }
      const f = faces[i];
      if (!Number.isInteger(f) || f < 1 || f > sides) {
        throw new DiceInputError(
          `Die ${i + 1}${what}: ${f} is not a face of a d${sides} (1–${sides}).`
        );
      }
      i++;
      return face(sides, f, label);
    }
  };
}

/** `count` dice of `sides` sides. */
export function rollDice(roller: Roller, count: number, sides: number, label?: string): DieFace[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`dice count must be >= 0, got ${count}`);
  const out: DieFace[] = [];
  for (let i = 0; i < count; i++) out.push(roller.roll(sides, label));
  return out;
}

/** Like `rollDice`, but a bad typed-in face comes back as a Result error instead of a throw. */
export function tryRollDice(
  roller: Roller,
  count: number,
  sides: number,
  label?: string
): Result<DieFace[]> {
  return tryDice(() => rollDice(roller, count, sides, label));
}

/** Runs `f` (which rolls with an entered roller) and turns a `DiceInputError` into a Result error. */
export function tryDice<T>(f: () => T): Result<T> {
  try {
    return ok(f());
  } catch (e) {
    if (e instanceof DiceInputError) return err(e.message);
    throw e;
  }
}
