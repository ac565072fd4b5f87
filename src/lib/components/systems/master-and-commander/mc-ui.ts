// Helpers shared by the Master and Commander panels, calculators and sheet editor (no Svelte).
import * as z from 'zod/mini';
import type { DiceRoll } from '$lib/rules/core/dice';
import type { Result } from '$lib/rules/core/result';
import { DICE_BY_PRIZE_DISKS, type PrizeDisks } from '$lib/rules/master-and-commander/tables';
import {
  cardsStateSchema,
  compassSchema,
  windFaceSchema,
  windSchema,
  type CardsState
} from '$lib/rules/master-and-commander/sheet';

/** "2 disks (3 dice)", "sunk". */
export function strengthLabel(disks: number, isBeginner = false): string {
  if (disks < 0) return 'sunk';
  const dice = isBeginner ? 1 : DICE_BY_PRIZE_DISKS[disks as PrizeDisks];
  return `${disks} disk${disks === 1 ? '' : 's'} (${dice} ${dice === 1 ? 'die' : 'dice'})`;
}

/** The faces of a roll, split into the first `n` dice and the rest (attacker, defender). */
export function splitFaces(roll: DiceRoll, n: number): [number[], number[]] {
  const faces = roll.dice.map((d) => d.face);
  return [faces.slice(0, n), faces.slice(n)];
}

/**
 * What every panel does with a procedure's answer: refused, `show` gets the reason and nothing else
 * happens; accepted, the shown message clears and `accept` takes the value (records it, or keeps it
 * on screen). A commit `accept` starts is not awaited here: the log shows it when it lands.
 */
export function settle<T>(
  r: Result<T>,
  show: (message: string) => void,
  accept: (value: T) => unknown
): void {
  if (!r.ok) {
    show(r.error);
    return;
  }
  show('');
  void accept(r.value);
}

/** A roll re-labelled as the dice the procedure used, for the RollCard. */
export function facesText(faces: readonly number[]): string {
  return faces.join(', ');
}

/**
 * "When the sand has run through, the next player to move rolls the Wind Die" (SPEC A.4.3): a
 * vibration and three short beeps on `audio`, which must have been made on a tap (browsers let a
 * page play sound only after one); without it, the vibration alone.
 */
export function sandRunOutAlarm(audio: AudioContext | null): void {
  if (typeof navigator !== 'undefined' && 'vibrate' in navigator)
    navigator.vibrate([300, 150, 300]);
  if (audio === null) return;
  const t0 = audio.currentTime;
  for (let i = 0; i < 3; i++) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.25, t0 + i * 0.4);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + i * 0.4 + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + i * 0.4);
    osc.stop(t0 + i * 0.4 + 0.3);
  }
}

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

export const HEADING_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' } as const;
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
