/**
 * Why the live table's hub dropped this device (issue 34), from the websocket's close code and
 * reason: the hub (scripts/hub-limits.mjs DROP_CODES) closes a socket that sends more than one device
 * may with one of these codes and `<limit>:<cooldown s>`. The words are for the referee and the
 * player holding the phone: what happened, that the others play on, and how to rejoin.
 */

export const HUB_DROP_CODES = {
  tooLarge: 4413,
  tooFast: 4429,
  malformed: 4400
} as const;

export type HubDropKind = keyof typeof HUB_DROP_CODES;

export interface HubDrop {
  kind: HubDropKind;
  /** What happened and how to rejoin, in the referee's words. */
  text: string;
}

const KIND_OF = new Map<number, HubDropKind>(
  Object.entries(HUB_DROP_CODES).map(([kind, code]) => [code, kind as HubDropKind])
);

/** The drop a close event says, or null for any other close (a lost Wi-Fi, a hub restarting). */
export function hubDropOf(code: number | undefined, reason: string | undefined): HubDrop | null {
  const kind = code === undefined ? undefined : KIND_OF.get(code);
  if (!kind) return null;
  const [limitText, cooldownText] = (reason ?? '').split(':');
  const limit = Number(limitText);
  const cooldown = Number(cooldownText);
  const what = {
    tooLarge: `it sent one change larger than the hub takes${Number.isFinite(limit) && limit > 0 ? ` (${sizeOf(limit)})` : ''}`,
    tooFast: `it sent changes far faster than anyone taps${Number.isFinite(limit) && limit > 0 ? ` (over ${limit} a second)` : ''}`,
    malformed: 'it sent something that is not a change of this battle'
  }[kind];
  const wait =
    Number.isFinite(cooldown) && cooldown > 0
      ? ` The hub lets it back in after ${cooldown} s.`
      : '';
  return {
    kind,
    text:
      `The hub dropped this device: ${what}. The other devices play on. ` +
      `Nothing kept on this device is lost: tap Rejoin to connect again.${wait} ` +
      'If it happens again, reload the page, and tell the referee.'
  };
}

function sizeOf(kib: number): string {
  return kib >= 1024 ? `over ${Math.round(kib / 1024)} MB` : `over ${kib} KB`;
}
