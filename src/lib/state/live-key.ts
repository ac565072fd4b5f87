/**
 * Where a battle's live link settings are kept on this device (the settings table), apart from the
 * settings' schema (live-config.ts): every battle's open looks the key up, and only a live battle
 * loads the rest (issue 18).
 */
export const liveKey = (battleId: string): string => `live:${battleId}`;
