// What the Master and Commander panels, calculators and sheet editor share that is not a rule: the
// sand-run-out alarm and the panels' drafts. Running a move from a panel is phase-panel.ts, the
// deck on this device cards-on-device.ts, the calculators' stored wind and deck mc-standalone.ts
// (issue 40: a deep link into the repairs loads neither these shapes nor the live deck, and a
// battle's panels load no zod).
import type { McView } from '$lib/rules/master-and-commander/view';
import type { Sheet } from '$lib/rules/master-and-commander/sheet';
import { COMPASS, type Compass } from '$lib/rules/master-and-commander/tables';
import { hasOnlyKeys, isRecord } from '$lib/engine/events';

export { strengthLabel, HEADING_NAMES } from '$lib/rules/master-and-commander/view';
export { sandRunOutAlarm } from './sand-alarm';

/**
 * Inputs typed on a phase panel but not yet recorded (a move's squares and heading, the ships of an
 * engagement) are kept as drafts (state/drafts.ts), keyed by battle, turn, player and phase, so a reload keeps
 * them; they are not rule state, so they stay out of the log. Anything unreadable starts afresh.
 */
export function draftKey(battleId: string, view: McView, phase: number, what: string): string {
  const sys = view.system;
  return `quarterdeck:mc:draft:${battleId}:${sys.turn}:${sys.activePlayerId ?? ''}:${phase}:${what}`;
}

/** One ship's move as typed so far (McMovement). */
export interface MoveDraft {
  forward: number;
  turns: number;
  heading: Compass | null;
  location: Sheet['location'] | null;
  isObstructed: boolean;
}

/** The engagement as chosen so far (kind, ships, positions; McEngagement). */
export interface EngagementDraft {
  mode: 'fire' | 'board' | 'raid';
  attacker: string;
  target: string;
  isMutualBroadside: boolean;
  isBoardingPosition: boolean;
  side: 'port' | 'starboard';
}

// The drafts are read back by hand, not with zod (issue 40: these panels are a deep link's first
// screen). Anything else, an unknown key included, starts afresh.
const MOVE_KEYS = new Set(['forward', 'turns', 'heading', 'location', 'isObstructed']);
const HEADINGS: ReadonlySet<unknown> = new Set([null, ...COMPASS]);
const LOCATIONS: ReadonlySet<unknown> = new Set([null, 'sea', 'homeport', 'anchor', 'mist']);
const isSmall = (v: unknown): boolean =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 6;

function isMoveDraft(v: unknown): v is MoveDraft {
  return (
    isRecord(v) &&
    hasOnlyKeys(v, MOVE_KEYS.size, MOVE_KEYS) &&
    isSmall(v.forward) &&
    isSmall(v.turns) &&
    HEADINGS.has(v.heading) &&
    LOCATIONS.has(v.location) &&
    typeof v.isObstructed === 'boolean'
  );
}

/** Each ship's move as typed so far, by ship id. */
export const isMoveDrafts = (v: unknown): v is Record<string, MoveDraft> =>
  isRecord(v) && Object.values(v).every(isMoveDraft);

const ENGAGEMENT_KEYS = new Set([
  'mode',
  'attacker',
  'target',
  'isMutualBroadside',
  'isBoardingPosition',
  'side'
]);
const isName = (v: unknown): boolean => typeof v === 'string' && v.length <= 200;

export function isEngagementDraft(v: unknown): v is EngagementDraft {
  return (
    isRecord(v) &&
    hasOnlyKeys(v, ENGAGEMENT_KEYS.size, ENGAGEMENT_KEYS) &&
    (v.mode === 'fire' || v.mode === 'board' || v.mode === 'raid') &&
    isName(v.attacker) &&
    isName(v.target) &&
    typeof v.isMutualBroadside === 'boolean' &&
    typeof v.isBoardingPosition === 'boolean' &&
    (v.side === 'port' || v.side === 'starboard')
  );
}
