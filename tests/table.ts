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
 * Appends an entry to a battle's log with the raw IndexedDB API, the way a damaged import or
 * another device's late entry reaches the store (the app's live query does not see it: open the
 * page again). `ops` change the folded state like any entry's.
 */
export async function appendRawEntry(
  page: Page,
  battleId: string,
  entry: { kind: string; summary: string; ops: unknown[] }
): Promise<void> {
  await page.evaluate(
    async ({ battleId, entry }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error ?? new Error('request failed'));
        });
      const db = await request(indexedDB.open('quarterdeck'));
      const tx = db.transaction(['events', 'battles'], 'readwrite');
      const battle = (await request(tx.objectStore('battles').get(battleId))) as {
        lastSeq: number;
      };
      const events = (await request(tx.objectStore('events').getAll())) as { deviceId: string }[];
      const seq = battle.lastSeq + 1;
      tx.objectStore('events').add({
        id: `raw-${battleId}-${seq}`,
        battleId,
        seq,
        deviceId: events[0]?.deviceId ?? 'other-device',
        at: 1,
        ...entry
      });
      tx.objectStore('battles').put({ ...battle, lastSeq: seq });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      });
      db.close();
    },
    { battleId, entry }
  );
}

/** The id of a ship of the battle, from her link in the fleet list. */
export async function shipIdOf(page: Page, name: string): Promise<string> {
  const href = (await rosterShip(page, name).first().getAttribute('href')) ?? '';
  const id = href.split('/').at(-1);
  if (!id) throw new Error(`no ship link for ${name}`);
  return id;
}

/** The step the status bar names ("Movement", "2/4 Movement"). */
export function statusStep(page: Page): Locator {
  return page.getByTestId('status-bar').locator('.step');
}

/** Whose turn the status bar names. */
export function statusActive(page: Page): Locator {
  return page.getByTestId('status-bar').locator('.active');
}

/**
 * Master and Commander set-up: the players' names (and optional colours) in seat order, then "Set up
 * the fleets"; the ships come from it (no generic "Add a ship" form in these battles).
 */
export async function mcPlayers(
  page: Page,
  players: readonly { name: string; colour?: string }[]
): Promise<void> {
  const setup = page.getByTestId('mc-players');
  for (let i = 2; i < players.length; i++)
    await setup.getByRole('button', { name: 'Add a player' }).click();
  for (const [i, p] of players.entries()) {
    await setup.getByLabel(`Name of player ${i + 1}`, { exact: true }).fill(p.name);
    if (p.colour)
      await setup.getByLabel(`Colour of player ${i + 1}`).selectOption({ label: p.colour });
  }
  await setup.getByRole('button', { name: 'Set up the fleets' }).click();
  await expect(setup).toBeHidden();
}

/**
 * Types one group's faces into a dice pad's quick entry ("Faces for Defender: Anna 1"), so groups
 * can be entered in the order the table calls them; "Use …" still commits the roll.
 */
export async function typeGroupFaces(
  pad: Locator,
  group: string,
  faces: readonly number[]
): Promise<void> {
  const region = pad.getByRole('region', { name: `Dice: ${group}`, exact: true });
  const details = region.locator('details.quick');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await region.getByText(/^Type (or count )?the faces$/).click();
  await region.getByLabel(`Faces for ${group}`, { exact: true }).fill(faces.join(' '));
  await region.getByRole('button', { name: 'Enter', exact: true }).click();
}

/** Opens a folded disclosure (a `<details>`: the guns and aim of a fire) if it is not open yet. */
export async function unfold(details: Locator): Promise<void> {
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.locator('summary').first().click();
  await expect(details).toHaveAttribute('open', '');
}
