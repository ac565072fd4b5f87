import * as z from 'zod/mini';
import type { NewSheet, SystemSchemas } from '../../engine/system';
import {
  COMPASS,
  COMPONENTS,
  GAME_SETUP,
  HOURGLASS_SECONDS,
  OPPOSITE,
  SHIP_COLOURS,
  type AdvancedModule,
  type Compass,
  type GameVariant,
  type ShipColour
} from './tables';

// Master and Commander ship log and system-global state (SPEC A.2), as zod/mini strict schemas.

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
export type Sheet = z.infer<typeof sheetSchema>;

export function defaultSheet(
  init: NewSheet & {
    colour?: ShipColour;
    heading?: Compass;
    homeport?: Compass | null;
    /** Beginner: "place your ship at the Homeport nearest you or on one of the anchor symbols" */
    location?: Sheet['location'];
  }
): Sheet {
  return {
    name: init.name,
    className: init.className ?? '',
    colour: init.colour ?? 'black',
    isBanded: false,
    prizeDisks: COMPONENTS.disksPerShip,
    isSunk: false,
    heading: init.heading ?? 'N',
    homeport: init.homeport ?? null,
    location: init.location ?? (init.homeport ? 'homeport' : 'sea'),
    movement: { allowance: null, spent: 0, turnsInRow: 0 },
    repairsThisTurn: 0,
    mist: null,
    repelledFromHomeport: null,
    capturedFrom: null,
    notes: ''
  };
}

/**
 * A Master and Commander card (SPEC A.6): "The texts and effects of the 52 Master and Commander cards"
 * are not in the rules, so they are [USER DATA]: the users type them in, or play the physical deck
 * and let the app count the draws.
 */
/**
 * What a user-entered card does when it is used (SPEC A.6: "an optional structured effect (gain/lose a
 * disk, gain/lose a Repair Card, skip an attack, extra move, etc.) or 'manual'"). The card's text is
 * the user's; the effect is the part the app applies to the drawing ship or its captain's Homeport.
 */
export const CARD_EFFECTS = [
  { id: 'manual', label: 'Manual: the table follows the text' },
  { id: 'gainDisk', label: 'The ship regains a Prize Disk' },
  { id: 'loseDisk', label: 'The ship loses a Prize Disk (a hit)' },
  { id: 'gainRepairCard', label: 'One Repair Card more at the Homeport' },
  { id: 'loseRepairCard', label: 'One Repair Card less at the Homeport' },
  { id: 'loseAttack', label: 'The ship loses this attack' }
] as const;
export type CardEffect = (typeof CARD_EFFECTS)[number]['id'];

export const mcCardSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  text: z.string().check(z.maxLength(1000)),
  /** "Some cards do not have an immediate impact and should be kept until they apply." */
  keepUntilApplies: z.boolean(),
  /** Absent on cards entered before effects existed: manual. */
  effect: z.optional(z.enum(CARD_EFFECTS.map((e) => e.id) as [CardEffect, ...CardEffect[]]))
});
export type McCard = z.infer<typeof mcCardSchema>;

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
export type CardsState = z.infer<typeof cardsStateSchema>;

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
export type McPlayer = z.infer<typeof playerSchema>;

const homeportSchema = z.strictObject({
  ownerId: z.nullable(z.string()),
  /** The owner's Repair Card pile, "placed next to their Homeport" (stored once, SPEC A.2). */
  repairCards: count
});

export const windSchema = z.union([
  z.strictObject({ from: compassSchema }),
  z.strictObject({ storm: z.literal(true) })
]);
export type WindState = z.infer<typeof windSchema>;

export const modulesSchema = z.strictObject({
  cards: z.boolean(),
  boarding: z.boolean(),
  raids: z.boolean(),
  ramming: z.boolean(),
  mist: z.boolean()
});
export type Modules = z.infer<typeof modulesSchema>;

/** The side of a ship that fires: "A ship can fire from both sides" (`attacksPerShip='onePerSidePerTurn'`). */
export const SIDES = ['port', 'starboard'] as const;
export type Side = (typeof SIDES)[number];

/** What an engagement was aimed at: a ship (its id) or a Homeport (raids). */
export const engagedSchema = z.strictObject({
  shipId: z.string(),
  /** A ship id, or `homeport:N` for a raid on that Homeport. */
  target: z.string(),
  kind: z.enum(['attack', 'boarding', 'raid']),
  side: z.nullable(z.enum(SIDES))
});
export type Engaged = z.infer<typeof engagedSchema>;

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
export type TurnActs = z.infer<typeof turnActsSchema>;

export const EMPTY_TURN_ACTS: TurnActs = {
  moved: [],
  engaged: [],
  cardsDrawn: 0,
  endedBy: null,
  ram: null,
  reply: null
};

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
export type SystemState = z.infer<typeof systemStateSchema>;

export interface SetupPlayer {
  id: string;
  name?: string;
  colour?: ShipColour;
  homeport?: Compass | null;
  /** Beginner: the ship of this colour with "a different color band around the base". */
  isBanded?: boolean;
  /** Beginner: the player's one ship's name (else the player's name). */
  shipName?: string;
}

export interface SetupConfig {
  variant: GameVariant;
  modules?: Partial<Modules>;
  players?: readonly SetupPlayer[];
  unusedHomeportsHaveCards?: boolean;
  hourglassSeconds?: number;
}

const NO_MODULES: Modules = {
  cards: false,
  boarding: false,
  raids: false,
  ramming: false,
  mist: false
};

/**
 * Set-up (SPEC A.4.1): Basic/Advanced players each get four Repair Cards "placed next to their
 * Homeport"; [DEFAULT] unused Homeports get none (`unusedHomeportsHaveCards`). Beginner: no Wind Die,
 * hourglass, Repair Cards or cards. `discardedPrizeDisks = 0`; the four spares are not assigned.
 */
export function defaultSystemState(config: SetupConfig): SystemState {
  const isBeginner = config.variant === 'beginner';
  const players: McPlayer[] = (config.players ?? []).map((p, seat) => ({
    id: p.id,
    name: p.name ?? '',
    seat,
    colour: p.colour ?? SHIP_COLOURS[seat % SHIP_COLOURS.length].id,
    homeport: p.homeport ?? null,
    isEliminated: false
  }));
  const cardsFor = (port: Compass): number => {
    if (isBeginner) return 0;
    const isUsed = players.some((p) => p.homeport === port);
    return isUsed || config.unusedHomeportsHaveCards ? COMPONENTS.repairCardsPerHomeport : 0;
  };
  const port = (id: Compass) => ({
    ownerId: isBeginner ? null : (players.find((p) => p.homeport === id)?.id ?? null),
    repairCards: cardsFor(id)
  });
  const modules: Modules =
    config.variant === 'advanced' ? { ...NO_MODULES, ...config.modules } : { ...NO_MODULES };
  return {
    variant: config.variant,
    modules,
    players,
    homeports: { N: port('N'), E: port('E'), S: port('S'), W: port('W') },
    wind: null,
    lastWindFace: null,
    hourglass: { seconds: config.hourglassSeconds ?? HOURGLASS_SECONDS, startedAt: null },
    windRollPending: !isBeginner,
    stormRoll: null,
    turn: 1,
    activePlayerId: null,
    discardedPrizeDisks: 0,
    spareDisks: COMPONENTS.spareDisks,
    cards: { mode: 'physical', library: [], drawPile: [], held: [], drawCount: 0 },
    turnActs: EMPTY_TURN_ACTS
  };
}

/**
 * [DEFAULT] initial heading (errata 7): pointing out of the Homeport onto the map, i.e. away from its
 * corner's side ("sailing out of the west Homeport" with a south wind is a reach; "out of the north
 * Homeport" with a south wind moves one square, upwind). The users may change it.
 */
export function headingOutOf(homeport: Compass): Compass {
  return OPPOSITE[homeport];
}

/**
 * The fleets at set-up (SPEC A.4.1): Basic/Advanced two ships per player at its Homeport, Beginner one
 * ship at the Homeport or, without one, on an anchor. Names are placeholders the users rename.
 */
export function setupShips(config: SetupConfig): { playerId: string; sheet: Sheet }[] {
  const perPlayer = GAME_SETUP[config.variant].shipsPerPlayer;
  const state = defaultSystemState(config);
  return state.players.flatMap((p, seat) => {
    const given = config.players?.[seat];
    const shipName = perPlayer === 1 ? given?.shipName?.trim() : '';
    return Array.from({ length: perPlayer }, (_, i) => ({
      playerId: p.id,
      sheet: {
        ...defaultSheet({
          name: shipName || `${p.name || p.id} ${perPlayer > 1 ? i + 1 : ''}`.trim(),
          colour: p.colour,
          homeport: p.homeport,
          heading: p.homeport ? headingOutOf(p.homeport) : 'N',
          location: p.homeport ? 'homeport' : 'anchor'
        }),
        isBanded: config.variant === 'beginner' && given?.isBanded === true
      }
    }));
  });
}

/** Checks the player count and ships per player of a set-up (SPEC A.4.1, GAME_SETUP). */
export function setupProblems(variant: GameVariant, playerCount: number): string[] {
  const s = GAME_SETUP[variant];
  const problems: string[] = [];
  if (playerCount < s.minPlayers) problems.push(`At least ${s.minPlayers} players are needed.`);
  if (playerCount > s.maxPlayers)
    problems.push(`The ${variant} game is for at most ${s.maxPlayers} players.`);
  return problems;
}

export type { AdvancedModule };

/** What `loadSchemas` gives: one object, so each sheet move is made once per system. */
export const SCHEMAS: SystemSchemas<Sheet> = { sheet: sheetSchema, systemState: systemStateSchema };
