import type * as z from 'zod/mini';
import type { NewSheet } from '../../engine/system';
import type * as schema from './sheet-schema';
import {
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

// Master and Commander ship log and system-global state (SPEC A.2). The types are the zod/mini
// strict schemas' (sheet-schema.ts), imported as types only: the fold, the panels and the views
// read a log without a parse and load no zod (issue 40).

export type Sheet = z.infer<typeof schema.sheetSchema>;
export type McCard = z.infer<typeof schema.mcCardSchema>;
export type CardsState = z.infer<typeof schema.cardsStateSchema>;
export type McPlayer = z.infer<typeof schema.playerSchema>;
export type WindState = z.infer<typeof schema.windSchema>;
export type Modules = z.infer<typeof schema.modulesSchema>;
export type Engaged = z.infer<typeof schema.engagedSchema>;
export type TurnActs = z.infer<typeof schema.turnActsSchema>;
export type SystemState = z.infer<typeof schema.systemStateSchema>;

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

/** The side of a ship that fires: "A ship can fire from both sides" (`attacksPerShip='onePerSidePerTurn'`). */
export const SIDES = ['port', 'starboard'] as const;
export type Side = (typeof SIDES)[number];

export const EMPTY_TURN_ACTS: TurnActs = {
  moved: [],
  engaged: [],
  cardsDrawn: 0,
  endedBy: null,
  ram: null,
  reply: null
};

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
