import { firstProblem, intIn, isRecord, oneOf, type Check } from '../../engine/inputs';
import type { PvOptions } from './options';

// The limits the Privateers odds check their arguments against (issue 17 #9), shared by odds.ts and
// odds-tasks.ts. Kept out of the odds modules: these are checks, not odds.

/** Crews, grapples and dice: the sheet allows a party of up to 1,000 (sheet.ts). */
export const MAX_MEN = 1000;
/** Modifiers: ratings 0–2 each, a few ±1s (C.3.18, C.4.5); far beyond any the tables give. */
export const MAX_MODIFIER = 20;
export const modifier = (name: string, v: unknown): Check =>
  intIn(name, v, -MAX_MODIFIER, MAX_MODIFIER);
export const men = (name: string, v: unknown): Check => intIn(name, v, 0, MAX_MEN);
export const opts = (o: PvOptions | undefined): Check =>
  o === undefined ? null : isRecord('The options', o);
export const initiativeOpts = (o: PvOptions | undefined): Check =>
  o === undefined
    ? null
    : (isRecord('The options', o) ??
      firstProblem(
        oneOf('The initiative die', o.initiativeDie, [12, 6]),
        oneOf('Initiative ties', o.initiativeTies, ['reroll', 'higherModifier'])
      ));
