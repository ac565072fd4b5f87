import * as z from 'zod/mini';
import type { SystemSchemas } from '../../engine/system';
import { COMPASS, SHIP_COLOURS, type ShipColour } from './tables';
import { CARD_EFFECTS, SIDES, type CardEffect, type Sheet } from './sheet';

// Master and Commander ship log's and system-global state's zod/mini strict schemas (SPEC A.2),
// apart from their types (sheet.ts): they are loaded where a log enters the battle (the sheet
// moves, the set-up moves, an import, a merge), never to read one (issue 40: a deep-linked battle
// loads no zod).

export const compassSchema = z.enum(COMPASS);
export const colourSchema = z.enum(SHIP_COLOURS.map((c) => c.id) as [ShipColour, ...ShipColour[]]);
export const windFaceSchema = z.enum(['N', 'E', 'S', 'W', 'STORM', 'STEADY']);

const count = z.int().check(z.gte(0));
const prizeDisksSchema = z.int().check(z.gte(0), z.lte(2));

/**
 * One ship's log (SPEC A.2 McShip). Who commands the ship is the battle's `player` field; a boarding
 * capture changes it (SPEC A.4.11 step 4), and `homeport` follows the captor's Homeport.
 */
export const sheetSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  className: z.string().check(z.maxLength(80)),
  colour: colourSchema,
  /** Beginner: "One of each color ship has a different color band around the base" */
  isBanded: z.boolean(),
  /** "Two magnets are placed on the bottom of each ship to begin the game." */
  prizeDisks: prizeDisksSchema,
  /** Set on the third hit: "Three hits and you're sunk!" (SPEC A.4.7) */
  isSunk: z.boolean(),
  /** Bow direction; [USER DATA] at set-up (errata 7). */
  heading: compassSchema,
  /** The commanding player's Homeport, where repairs cost one card per disk (SPEC A.3.4). */
  homeport: z.nullable(compassSchema),
  /** Where the ship lies, for repairs (A.4.9) and the Mist (A.4.14); the referee confirms the map. */
  location: z.enum(['sea', 'homeport', 'anchor', 'mist']),
  /** [APP] Movement this turn (SPEC A.4.4): allowance null until set at the start of the turn. */
  movement: z.strictObject({
    allowance: z.nullable(count),
    spent: count,
    /** Consecutive 90° turns just made (errata 4). */
    turnsInRow: z.int().check(z.gte(0), z.lte(2))
  }),
  /** Prize Disks repaired this turn, for `repairLimitPerTurn` (SPEC A.4.9 step 4). */
  repairsThisTurn: count,
  /** Advanced Mist (SPEC A.4.14): 'entered' on the turn it sails in, 'lostTurn' on its owner's next
   *  turn ("must lose one turn before exiting"), then 'mustExit'. null when not in a Mist. */
  mist: z.nullable(
    z.strictObject({
      enteredOnTurn: z.int().check(z.gte(1)),
      phase: z.enum(['entered', 'lostTurn', 'mustExit'])
    })
  ),
  /** Advanced raids: "A repelled invader cannot return until it has engaged an opposing ship or
   *  another enemy Homeport." (SPEC A.4.12 step 5, errata 5) */
  repelledFromHomeport: z.nullable(compassSchema),
  /** Id of the player this ship was taken from by boarding, for the log (SPEC A.4.11). */
  capturedFrom: z.nullable(z.string().check(z.maxLength(80))),
  notes: z.string().check(z.maxLength(2000))
});

export const mcCardSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  text: z.string().check(z.maxLength(1000)),
  /** "Some cards do not have an immediate impact and should be kept until they apply." */
  keepUntilApplies: z.boolean(),
  /** Absent on cards entered before effects existed: manual. */
  effect: z.optional(z.enum(CARD_EFFECTS.map((e) => e.id) as [CardEffect, ...CardEffect[]]))
});

/** The Master and Commander card deck (SPEC A.2 McGlobal.mcDeck, McPlayer.heldMcCards). */
export const cardsStateSchema = z.strictObject({
  /** 'physical': the real deck is drawn and the app counts; 'entered': users typed the texts. */
  mode: z.enum(['physical', 'entered']),
  library: z.array(mcCardSchema),
  /** Ids face down, top first; "Once used, place the card at the bottom of the pile." */
  drawPile: z.array(z.string()),
  held: z.array(z.strictObject({ playerId: z.string(), cardId: z.string() })),
  drawCount: count
});

export const playerSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(80)),
  name: z.string().check(z.maxLength(80)),
  /** "Turn passes to the left": seats numbered clockwise from 0. */
  seat: count,
  colour: colourSchema,
  /** "the Homeport nearest you"; Beginner ships may start at an anchor instead (null). */
  homeport: z.nullable(compassSchema),
  isEliminated: z.boolean()
});

const homeportSchema = z.strictObject({
  ownerId: z.nullable(z.string()),
  /** The owner's Repair Card pile, "placed next to their Homeport" (stored once, SPEC A.2). */
  repairCards: count
});

export const windSchema = z.union([
  z.strictObject({ from: compassSchema }),
  z.strictObject({ storm: z.literal(true) })
]);

export const modulesSchema = z.strictObject({
  cards: z.boolean(),
  boarding: z.boolean(),
  raids: z.boolean(),
  ramming: z.boolean(),
  mist: z.boolean()
});

/** What an engagement was aimed at: a ship (its id) or a Homeport (raids). */
export const engagedSchema = z.strictObject({
  shipId: z.string(),
  /** A ship id, or `homeport:N` for a raid on that Homeport. */
  target: z.string(),
  kind: z.enum(['attack', 'boarding', 'raid']),
  side: z.nullable(z.enum(SIDES))
});

/**
 * [APP] The active player's turn so far (SPEC A.2 per-turn bookkeeping, A.4.15): which ships have
 * recorded their move (`attackTiming`), the engagements initiated (`attacksPerShip`), the Master and
 * Commander cards drawn for them (A.4.10), whether a repelled attack ended the turn
 * (`repelledAttackEndsTurn`) and a ram the attacked ship may now try (A.4.13). Reset when the turn
 * passes.
 */
export const turnActsSchema = z.strictObject({
  moved: z.array(z.string()),
  engaged: z.array(engagedSchema),
  cardsDrawn: count,
  /** Why the turn is over early (the log line), or null. */
  endedBy: z.nullable(z.string().check(z.maxLength(300))),
  /**
   * The reply the engagement just fought allows, once: the counter-attack "if both ships in an
   * engagement are broadside to one another" (A.4.8; also after a failed boarding, A.4.11 step 5),
   * or a Homeport's counter-attack right after a raid (A.4.12 step 4, A.5 #18). Absent in older
   * battles.
   */
  reply: z.optional(
    z.nullable(
      z.strictObject({
        kind: z.enum(['counter', 'homeportCounter']),
        /** The counter-attacking ship's id, or `homeport:N`. */
        by: z.string(),
        against: z.string(),
        /** The counter-attacker's dice, fixed when the attack resolved (errata 6). */
        dice: z.int().check(z.gte(1), z.lte(3))
      })
    )
  ),
  /** "After the captain has completed his or her attack, the defending ship's captain will roll". */
  ram: z.nullable(
    z.strictObject({
      attackerId: z.string(),
      rammerId: z.string(),
      stage: z.enum(['attempt', 'damage'])
    })
  )
});

/** System-global state (SPEC A.2 McGlobal, McHomeport, McPlayer). */
export const systemStateSchema = z.strictObject({
  variant: z.enum(['beginner', 'basic', 'advanced']),
  /** Advanced: "Add one or more of the following rules" — chosen per battle. */
  modules: modulesSchema,
  players: z.array(playerSchema),
  homeports: z.strictObject({
    N: homeportSchema,
    E: homeportSchema,
    S: homeportSchema,
    W: homeportSchema
  }),
  /** null before the first roll of the Wind Die. */
  wind: z.nullable(windSchema),
  lastWindFace: z.nullable(windFaceSchema),
  /** [APP] The hourglass: its start time (ms epoch) survives a reload; remaining time is computed. */
  hourglass: z.strictObject({
    seconds: z.int().check(z.gte(1), z.lte(3600)),
    startedAt: z.nullable(z.number())
  }),
  /** Set when a turn begins after the sand has run out (SPEC A.4.3 steps 4–5). */
  windRollPending: z.boolean(),
  /** The active player's storm roll, "one roll for the player's whole fleet" (SPEC A.4.3 step 6). */
  stormRoll: z.nullable(z.int().check(z.gte(1), z.lte(6))),
  turn: z.int().check(z.gte(1)),
  activePlayerId: z.nullable(z.string()),
  /** "Place the discarded Prize Disks to one side; they may be reclaimed through … Repair Cards" */
  discardedPrizeDisks: count,
  /** "There are four extra Prize Disks in your Sea Chest." Not assigned (SPEC A.4.1 step 5). */
  spareDisks: count,
  cards: cardsStateSchema,
  /** Optional so battles saved before it was kept still read; absent means nothing done yet. */
  turnActs: z.optional(turnActsSchema)
});

/** What `loadSchemas` gives: one object, so each sheet move is made once per system. */
export const SCHEMAS: SystemSchemas<Sheet> = { sheet: sheetSchema, systemState: systemStateSchema };
