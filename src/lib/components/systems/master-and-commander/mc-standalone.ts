// The calculators page's standalone wind and hourglass, and its card deck: kept in localStorage and
// read back through the system's schemas (sheet-schema.ts). Apart from mc-ui.ts, which a battle's
// panels load (issue 40: a deep-linked battle loads no zod).
import * as z from 'zod/mini';
import type { CardsState } from '$lib/rules/master-and-commander/sheet';
import {
  cardsStateSchema,
  windFaceSchema,
  windSchema
} from '$lib/rules/master-and-commander/sheet-schema';

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
