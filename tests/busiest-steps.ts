import { expect, type Locator, type Page } from '@playwright/test';
import { newBattle, next } from './screen';
import { enterFaces, mcPlayers, rosterShip, setStepper, tapFaces } from './table';

// The three systems' busiest steps, reached through the screens as a referee does: Privateers
// Phase 4 (four frigates given orders, crews and initiative), Wooden Warships' Step 3 (Attack!!!)
// and a Master and Commander engagement.

/** Name, side and heading (wind from 0°: both broad reaching) of the Privateers ships. */
const SHIPS = [
  ['Surprise', 'British', 110],
  ['Hermione', 'Spanish', 250],
  ['Indefatigable', 'British', 110],
  ['Acheron', 'Spanish', 250]
] as const;

/** The Privateers ships, in initiative order. */
export const privateersShips = SHIPS.map(([name]) => name);

/** A Privateers battle of four EXAMPLE frigates (3 medium guns a side), in Phase 4. */
export async function privateersPhase4(page: Page): Promise<void> {
  await newBattle(page, 'Off Finisterre', 'Privateers');
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Masts', 3);
  await editor.getByLabel('Bowsprit').check();
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 20);
  await setStepper(editor, 'Broad reaching Fighting Sail', 8);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  await setStepper(editor, 'Number', 3);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  const rows = editor.locator('.row', { has: page.getByRole('spinbutton', { name: 'Number' }) });
  await rows.nth(1).getByLabel('Side').selectOption('larboard');
  await setStepper(rows.nth(1), 'Number', 3);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of SHIPS) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(name);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  }
  // Phase 1: broad reaching at Fighting Sail, 8″.
  for (const [name, , heading] of SHIPS) {
    const orders = page.getByRole('article', { name: `Orders: ${name}` });
    await setStepper(orders, `Heading of ${name} (degrees)`, heading);
    await orders.getByRole('button', { name: 'Set heading' }).click();
    await expect(orders).toContainText('Broad Reaching');
    await orders.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
    await orders.getByRole('button', { name: 'Give orders' }).click();
    await expect(orders.getByTestId('pv-orders-given')).toContainText('Fighting Sail, Straight');
  }
  // Phase 2: Fighting Sail needs 1 crew a mast, bowsprit included: 4; every gun manned.
  await next(page);
  const crew = page.getByTestId('pv-crew');
  for (const [name] of SHIPS) {
    await crew.getByRole('combobox', { name: 'Ship', exact: true }).selectOption({ label: name });
    await setStepper(crew, 'Sailing crew', 4);
    await crew.getByRole('button', { name: 'Man every gun' }).click();
    await crew.getByRole('button', { name: 'Save crew assignments' }).click();
    await expect(
      page.getByTestId('battle-log').locator('li[data-kind="pv.crew"]', { hasText: name })
    ).toHaveCount(1);
  }
  // Phase 3: initiative in the order the ships were added.
  await next(page);
  const init = page.getByTestId('pv-initiative');
  await tapFaces(init.getByTestId('dice-pad'), [9, 7, 5, 3]);
  await init.getByRole('button', { name: 'Use 9, 7, 5, 3', exact: true }).click();
  await expect(init.getByTestId('pv-initiative-order')).toContainText('Surprise');
  await next(page);
  await expect(page.getByTestId('status-bar')).toContainText('Movement & Firing');
}

/** A Wooden Warships battle at Ben's Step 3 (Attack!!!) of turn 2, Fleche loaded. */
export async function woodenWarshipsAttack(page: Page): Promise<void> {
  await newBattle(page, 'Off Ushant', 'Wooden Warships');
  const setup = page.getByTestId('ww-setup');
  for (const p of ['Ben', 'Anna']) {
    await setup.getByLabel('New player').fill(p);
    await setup.getByRole('button', { name: 'Add player' }).click();
    await expect(setup.getByTestId(`ww-funds-${p}`)).toHaveText('£7,000');
  }
  const buy = async (player: string, chart: string, name: string) => {
    const form = setup.getByTestId('ww-purchase');
    await form.getByLabel('Buyer').selectOption(player);
    await form.getByLabel('Ship chart').selectOption({ label: chart });
    await form.getByLabel("Ship's name").fill(name);
    await form.getByRole('button', { name: /^Buy for / }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  };
  await buy('Ben', 'Battle Schooner (EXAMPLE) — £600', 'Fleche');
  await buy('Anna', "Man O' War (EXAMPLE) — £3,000", 'Victory');
  await buy('Anna', 'Brig (EXAMPLE) — £1,400', 'Swift');
  // Turn 1: Ben's and Anna's maintenance steps; Ben loads.
  await next(page);
  await page
    .getByTestId('ww-reload')
    .getByRole('button', { name: 'All round shot for Fleche' })
    .click();
  await next(page);
  await next(page);
  await next(page);
  // Turn 2: Ben's movement and maintenance, then his attack.
  await next(page);
  await next(page);
  await expect(page.getByTestId('status-bar')).toContainText('Attack!!!');
}

/** A Master and Commander Basic battle at Anna's engagements: the wind rolled, her fleet stayed put. */
export async function masterAndCommanderEngagement(page: Page): Promise<void> {
  await newBattle(page, 'Far Side of the World', 'Master and Commander');
  await mcPlayers(page, [{ name: 'Anna' }, { name: 'Ben' }]);
  await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
  await page
    .getByTestId('mc-wind')
    .getByRole('group', { name: /tap the face rolled/ })
    .getByRole('button', { name: 'W', exact: true })
    .click();
  await expect(page.getByTestId('status-bar')).toContainText('Wind W');
  await next(page);
  // "Attacks come after all movement": Anna's fleet stays put.
  await page.getByRole('button', { name: "Anna's fleet stays put" }).click();
  await expect(page.getByTestId('battle-log')).toContainText("Anna's fleet stays put");
  await next(page);
  await expect(page.getByTestId('status-bar')).toContainText('Engagements');
}

/** The page's height and where things sit on it (px from the page top). */
export async function pageFigures(
  page: Page,
  marks: Record<string, Locator>
): Promise<Record<string, number>> {
  const out: Record<string, number> = {
    height: await page.evaluate(() => document.documentElement.scrollHeight)
  };
  const scrollY = await page.evaluate(() => window.scrollY);
  for (const [name, loc] of Object.entries(marks)) {
    const box = (await loc.count()) > 0 ? await loc.first().boundingBox() : null;
    out[name] = box ? Math.round(box.y + scrollY) : -1;
  }
  return out;
}
