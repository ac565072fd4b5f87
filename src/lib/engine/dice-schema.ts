import * as z from 'zod/mini';
import { MAX_SIDES } from './dice';

// The zod schema of a roll's dice (issue 40): apart from dice.ts, which the first screen of a battle
// reads, so that screen carries no zod; what reads dice from outside (an event, a move's input)
// parses them with this.

const dieFaceSchema = z
  .strictObject({
    sides: z.int().check(z.gte(1), z.lte(MAX_SIDES)),
    face: z.int().check(z.gte(1)),
    label: z.optional(z.string().check(z.maxLength(200))),
    source: z.optional(z.enum(['app', 'entered', 'scripted']))
  })
  .check(
    z.refine((d) => d.face <= d.sides, {
      message: 'face must be between 1 and sides',
      path: ['face']
    })
  );

/** Strict schema of a stored roll (the battle log keeps every die face, DESIGN lib/battle). */
export const diceRollSchema = z.strictObject({
  source: z.enum(['app', 'entered', 'scripted']),
  dice: z.array(dieFaceSchema)
});
