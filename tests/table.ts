import { expect, test, type Locator, type Page } from '@playwright/test';

// What a referee does at the table, shared by the browser tests: type the faces rolled into a dice
// pad, set a stepper, move the turn on, find a ship on the roster.

/** The one-time "Ready to work offline" notice can cover the undo bar: tap OK whenever it shows. */
export function dismissOfflineNotice(): void {
  test.beforeEach(async ({ page }) => {
    await page.addLocatorHandler(page.getByText('Ready to work offline.'), async () => {
      // It may also go away by itself while the handler runs.
      await page
        .getByRole('button', { name: 'OK' })
        .click({ timeout: 3000 })
        .catch(() => undefined);
    });
  });
}

/** Taps the faces on a dice pad's keypad, one die after another (dice up to d12). */
export async function tapFaces(pad: Locator, faces: readonly number[]): Promise<void> {
  for (const f of faces) {
    await pad
      .getByRole('group', { name: /^Face of Die/ })
      .getByRole('button', { name: String(f), exact: true })
      .click();
  }
}

/** Taps the faces, then "Use …" to record them. */
export async function enterFaces(pad: Locator, faces: readonly number[]): Promise<void> {
  await tapFaces(pad, faces);
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}`, exact: true }).click();
}

export async function setStepper(scope: Locator, label: string, value: number): Promise<void> {
  const input = scope.getByRole('spinbutton', { name: label, exact: true });
  await input.fill(String(value));
  await input.press('Tab');
  await expect(input).toHaveValue(String(value));
}

/**
 * "Next …" on the turn counter (going on when it asks about work left in the step), then waits for
 * the phase or turn named.
 */
export async function nextPhase(page: Page, to: RegExp): Promise<void> {
  const turn = page.getByRole('region', { name: 'Turn' });
  await turn.getByRole('button', { name: /^Next/ }).click();
  const anyway = turn.getByRole('button', { name: /^Next .* anyway$/ });
  if (await anyway.isVisible()) await anyway.click();
  await expect(page.getByRole('region', { name: 'Turn' })).toContainText(to);
}

export function rosterShip(page: Page, name: string): Locator {
  return page.getByRole('link', { name: new RegExp(name) });
}

/**
 * One status badge of a ship in the fleet list ("on fire", "struck"), matched whole: the row also
 * holds a "To do: Move, Cannon fire" chip, whose text contains "on fire" as a substring.
 */
export function statusBadge(page: Page, ship: string, word: string): Locator {
  return rosterShip(page, ship).locator('.chip:not(.chip-due)', {
    hasText: new RegExp(`^${word}$`)
  });
}

/**
 * Types one group's faces as a string ("3 10 12") in its quick entry ("Faces for Surprise"), the way
 * a referee reads the dice off the table for that side; the pad fills that group's dice only.
 */
export async function typeGroupFaces(
  pad: Locator,
  group: string,
  faces: readonly number[]
): Promise<void> {
  const section = pad.getByRole('region', { name: `Dice: ${group}`, exact: true });
  await section.getByText(/^Type (or count )?the faces$/).click();
  await section.getByLabel(`Faces for ${group}`).fill(faces.join(' '));
  await section.getByRole('button', { name: 'Enter', exact: true }).click();
}
