// What the Master and Commander panels, calculators and sheet editor share that is not a rule: the
// sand-run-out alarm, the standalone panels' stored shapes and the panels' drafts. Running a move
// from a panel is phase-panel.ts, the deck on this device cards-on-device.ts (issue 40: a deep link
// into the repairs loads neither these shapes nor the live deck).
import * as z from 'zod/mini';
import type { McView } from '$lib/rules/master-and-commander/view';
import {
  cardsStateSchema,
  compassSchema,
  windFaceSchema,
  windSchema,
  type CardsState
} from '$lib/rules/master-and-commander/sheet';

export { strengthLabel, HEADING_NAMES } from '$lib/rules/master-and-commander/view';
export { sandRunOutAlarm } from './sand-alarm';

/**
 * The standalone wind and hourglass (calculators page) persist in localStorage, so a reload keeps the
 * wind and the sand's start time (the remaining time is computed from it, never stored).
 */
export const WIND_STORE_KEY = 'quarterdeck:mc:wind-hourglass';

export const windPanelSchema = z.strictObject({
  wind: z.nullable(windSchema),
  lastWindFace: z.nullable(windFaceSchema),
  hourglass: z.strictObject({
    seconds: z.int().check(z.gte(1), z.lte(3600)),
    startedAt: z.nullable(z.number())
  }),
  stormRoll: z.nullable(z.int().check(z.gte(1), z.lte(6))),
  isSoundOn: z.boolean()
});
export type WindPanelState = z.infer<typeof windPanelSchema>;

export const EMPTY_WIND_PANEL: WindPanelState = {
  wind: null,
  lastWindFace: null,
  hourglass: { seconds: 180, startedAt: null },
  stormRoll: null,
  isSoundOn: true
};

/** Parses what localStorage held; anything unreadable starts afresh (nothing else is lost). */
export function parseWindPanel(raw: string | null): WindPanelState {
  if (raw === null) return EMPTY_WIND_PANEL;
  try {
    const r = windPanelSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : EMPTY_WIND_PANEL;
  } catch {
    return EMPTY_WIND_PANEL;
  }
}

export { compassSchema };

/** The standalone card deck (calculators page), kept in localStorage like the wind. */
export const CARDS_STORE_KEY = 'quarterdeck:mc:cards';

export const EMPTY_CARDS: CardsState = {
  mode: 'physical',
  library: [],
  drawPile: [],
  held: [],
  drawCount: 0
};

export function parseCards(raw: string | null): CardsState {
  if (raw === null) return EMPTY_CARDS;
  try {
    const r = cardsStateSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : EMPTY_CARDS;
  } catch {
    return EMPTY_CARDS;
  }
}

/**
 * Inputs typed on a phase panel but not yet recorded (a move's squares and heading, the ships of an
 * engagement) are kept as drafts (state/drafts.ts), keyed by battle, turn, player and phase, so a reload keeps
 * them; they are not rule state, so they stay out of the log. Anything unreadable starts afresh.
 */
export function draftKey(battleId: string, view: McView, phase: number, what: string): string {
  const sys = view.system;
  return `quarterdeck:mc:draft:${battleId}:${sys.turn}:${sys.activePlayerId ?? ''}:${phase}:${what}`;
}

const locationSchema = z.enum(['sea', 'homeport', 'anchor', 'mist']);

/** One ship's move as typed so far, by ship id. */
export const moveDraftsSchema = z.record(
  z.string(),
  z.strictObject({
    forward: z.int().check(z.gte(0), z.lte(6)),
    turns: z.int().check(z.gte(0), z.lte(6)),
    heading: z.nullable(compassSchema),
    location: z.nullable(locationSchema),
    isObstructed: z.boolean()
  })
);

/** The engagement as chosen so far (kind, ships, positions). */
export const engagementDraftSchema = z.strictObject({
  mode: z.enum(['fire', 'board', 'raid']),
  attacker: z.string().check(z.maxLength(200)),
  target: z.string().check(z.maxLength(200)),
  isMutualBroadside: z.boolean(),
  isBoardingPosition: z.boolean(),
  side: z.enum(['port', 'starboard'])
});
export type EngagementDraft = z.infer<typeof engagementDraftSchema>;
