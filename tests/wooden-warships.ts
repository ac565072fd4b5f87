import { expect, type Locator, type Page } from '@playwright/test';
import { enterFaces, unfold } from './table';

// A Wooden Warships battle at the table, shared by the browser tests: move the turn on to a step,
// load the guns, fire a broadside with the d100s and damage dice typed in.

/** Types the faces of d100s one by one, then commits them. */
export async function typeD100s(pad: Locator, faces: readonly number[]): Promise<void> {
  for (const f of faces) {
    await pad.getByLabel(/^Face of Die/).fill(String(f));
    await pad.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}` }).click();
}

/** Next phase / Next turn (going on when asked about work left) until `stepName` in `turn`. */
export async function wwNextUntil(page: Page, stepName: string, turn: number): Promise<void> {
  const counter = page.getByRole('region', { name: 'Turn' });
  for (let i = 0; i < 12; i++) {
    const text = (await counter.locator('.turn-text').textContent()) ?? '';
    if (text.includes(`Turn ${turn}`) && text.includes(stepName)) break;
    await counter.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
    const anyway = counter.getByRole('button', { name: /^Next .* anyway$/ });
    await expect(async () => {
      if (await anyway.isVisible()) await anyway.click();
      await expect(counter.locator('.turn-text')).not.toHaveText(text, { timeout: 500 });
    }).toPass();
  }
  await expect(counter.locator('.turn-text')).toContainText(`Turn ${turn}`);
  await expect(page.getByTestId('ww-battle-panel').getByRole('heading', { level: 2 })).toHaveText(
    stepName
  );
}

/** Step 5 of turn 1: a ship's batteries loaded, each with the shot named. */
export async function wwLoad(page: Page, ship: string, loads: Record<string, string>) {
  const reload = page.getByTestId('ww-reload');
  await reload
    .getByRole('group', { name: ship, exact: true })
    .getByText('Choose the shot per battery')
    .click();
  for (const [zone, shot] of Object.entries(loads)) {
    await reload.getByLabel(`${ship}: ${zone}`).selectOption({ label: shot });
  }
  await reload.getByRole('button', { name: `Load ${ship}` }).click();
}

/** A full broadside at the target's crew, the hit d100s and then the damage dice typed in. */
export async function wwFireAtCrew(
  page: Page,
  firer: string,
  target: string,
  hits: readonly number[],
  damage: readonly number[]
): Promise<void> {
  const fire = page.getByTestId('ww-fire');
  await fire.getByLabel('Firing ship').selectOption({ label: firer });
  await fire.getByLabel(/^Target(?! area)/).selectOption({ label: target });
  await unfold(fire.getByTestId('ww-fire-settings'));
  await fire.getByLabel('Target area').selectOption('crew');
  await typeD100s(fire.getByTestId('dice-pad'), hits);
  await enterFaces(fire.getByTestId('dice-pad'), damage);
}
