// Types of the benchmarks' battle scripts, for the browser tests that play the same battles.
import type { Locator, Page } from '@playwright/test';

export interface MadeBattle {
  battleId: string;
  url: string;
}
export const NEXT_BUTTON: RegExp;
export function nextButton(page: Page): Locator;
export function makeBattle(
  page: Page,
  system: { id: string; name: string },
  name: string
): Promise<MadeBattle>;
export function makeGunBattle(page: Page, name: string): Promise<MadeBattle>;
export function nextTo(page: Page, step: RegExp): Promise<void>;
export function toPhase4(page: Page): Promise<void>;
