import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissOfflineNotice, rosterShip, setStepper } from './table';

// Privateers Phases 1–4 on the battle page as a referee plays them (SPEC C.4.2–C.4.6): a battle
// with two ships from a class, headings and orders (a refused order shows why), crew assignments
// (the check complains about too few sailing crew), initiative with typed dice and a re-rolled
// tie, movement with a tack; next turn the tacking roll is taken aback and loses a mast, undo
// reverts it, and a second roll completes the tack. Class values are EXAMPLE user data.

dismissOfflineNotice();

async function tapFaces(pad: Locator, faces: number[]): Promise<void> {
  for (const f of faces) {
    await tap(
      pad
        .getByRole('group', { name: /^Face of Die/ })
        .getByRole('button', { name: String(f), exact: true })
    );
  }
  await tap(pad.getByRole('button', { name: `Use ${faces.join(', ')}` }));
}

/** Presses a button from the keyboard: on the long Phase 4 page a pointer click keeps landing on
 *  the sticky undo bar or a neighbour while the page scrolls (the broadside test does the same). */
async function tap(target: Locator): Promise<void> {
  await expect(target).toBeEnabled();
  await target.focus();
  await target.press('Enter');
}

/** Clicks Next phase / Next turn until the counter shows `step` in turn `turn`. */
async function nextUntil(page: Page, step: string, turn: number): Promise<void> {
  const counter = page.getByRole('region', { name: 'Turn' });
  for (let i = 0; i < 12; i++) {
    const text = (await counter.textContent()) ?? '';
    if (text.includes(`Turn ${turn}`) && text.includes(step)) break;
    await counter.getByRole('button', { name: /^Next/ }).click();
    await expect(counter).not.toHaveText(text);
  }
  await expect(counter).toContainText(step);
}

/** The log line of this kind with this text (the log lists the newest first). */
const logLine = (page: Page, kind: string, text: string) =>
  page.getByTestId('battle-log').locator(`li[data-kind="${kind}"]`, { hasText: text });

/** A new Privateers battle with an EXAMPLE class (3 masts and a bowsprit, 20 crew, Beating 6″ and
 *  Running 7″ at Fighting Sail) and two ships of it, Surprise and Hermione. */
async function newBattle(page: Page, name: string, hiddenOrders = false): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  if (hiddenOrders) {
    await page.getByText('Rule readings and modules').click();
    await page
      .getByLabel(/^Orders kept secret in the app/)
      .selectOption({ label: 'Hidden until revealed' });
  }
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Masts', 3);
  await editor.getByLabel('Bowsprit').check();
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 20);
  await setStepper(editor, 'Beating Fighting Sail', 6);
  await setStepper(editor, 'Running Fighting Sail', 7);

  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [shipName, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(shipName);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, shipName)).toBeVisible();
  }
}

test('orders, crew check, initiative with a tie, a tack taken aback, undo, and the tack made', async ({
  page
}) => {
  // A long walk through two turns on a shared, busy machine.
  test.setTimeout(180_000);
  await newBattle(page, 'Beating up the Channel');

  // Phase 1: headings against the wind from the north, then orders.
  const orders = page.getByTestId('pv-orders');
  const surpriseOrders = orders.getByRole('article', { name: 'Orders: Surprise' });
  const hermioneOrders = orders.getByRole('article', { name: 'Orders: Hermione' });
  await setStepper(surpriseOrders, 'Heading of Surprise (degrees)', 45);
  await surpriseOrders.getByRole('button', { name: 'Set heading' }).click();
  await expect(logLine(page, 'pv.heading', 'Surprise heading 0° → 45°')).toHaveCount(1);
  await expect(surpriseOrders).toContainText('45° off the wind, Beating');
  await setStepper(hermioneOrders, 'Heading of Hermione (degrees)', 180);
  await hermioneOrders.getByRole('button', { name: 'Set heading' }).click();
  await expect(hermioneOrders).toContainText('Running');

  // From No Sail, Full Sail is two levels: refused, with the rule quoted.
  await surpriseOrders.getByLabel('Sail setting').selectOption({ label: 'Full Sail' });
  await expect(surpriseOrders.getByTestId('pv-orders-problems')).toContainText(
    'only one level each turn'
  );
  await expect(surpriseOrders.getByRole('button', { name: 'Give orders' })).toBeDisabled();
  await surpriseOrders.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
  await surpriseOrders.getByLabel('Maneuver').selectOption({ label: 'Tacking' });
  await surpriseOrders.getByRole('button', { name: 'Give orders' }).click();
  await expect(logLine(page, 'pv.orders', 'Surprise orders: Fighting Sail, Tacking')).toHaveCount(
    1
  );
  await hermioneOrders.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
  await hermioneOrders.getByRole('button', { name: 'Give orders' }).click();
  await expect(hermioneOrders.getByTestId('pv-orders-given')).toContainText(
    'Orders: Fighting Sail, Straight'
  );
  await expect(logLine(page, 'pv.orders', 'Hermione orders: Fighting Sail, Straight')).toHaveCount(
    1
  );
  await expect(rosterShip(page, 'Surprise')).toContainText('Fighting Sail');

  // Phase 2: 3 masts + bowsprit at Fighting Sail need 4 sailing crew; 2 cannot do it.
  await nextUntil(page, '2/6', 1);
  const crew = page.getByTestId('pv-crew');
  await crew
    .getByRole('combobox', { name: 'Ship', exact: true })
    .selectOption({ label: 'Surprise' });
  await setStepper(crew, 'Sailing crew', 2);
  await expect(crew.getByTestId('pv-crew-check')).toContainText(
    'Cannot be done: Fighting Sail needs 4 crew'
  );
  await setStepper(crew, 'Sailing crew', 4);
  await expect(crew.getByTestId('pv-crew-check')).toContainText(
    'Every task has the crew it needs.'
  );
  await expect(crew.getByTestId('pv-crew-check')).toContainText('16 free for boarding');
  await crew.getByRole('button', { name: 'Save crew assignments' }).click();
  await expect(
    logLine(page, 'pv.crew', 'Surprise crew: 4 sailing, 0 guns; 16 free for boarding')
  ).toHaveCount(1);

  // Phase 3: equal modifiers, 1/2 each to move first; typed 7 and 7 tie, the re-roll decides.
  await nextUntil(page, '3/6', 1);
  const init = page.getByTestId('pv-initiative');
  await expect(init.locator('li[data-label="Surprise first"]')).toHaveAttribute(
    'data-fraction',
    '1/2'
  );
  await tapFaces(init.getByTestId('dice-pad'), [7, 7]);
  await expect(init.getByTestId('pv-initiative-tie')).toContainText(
    'Tie: Surprise and Hermione re-roll'
  );
  await tapFaces(init.getByTestId('dice-pad'), [9, 3]);
  await expect(init.getByTestId('pv-initiative-order')).toContainText('Surprise, Hermione');
  await expect(
    logLine(
      page,
      'pv.initiative',
      'Initiative: Surprise 7 + 0 = 7, Hermione 7 + 0 = 7; ties re-rolled: Surprise 9 + 0 = 9, Hermione 3 + 0 = 3 → Surprise, Hermione'
    )
  ).toHaveCount(1);

  // Phase 4: Surprise tacks — 3″ Beating, then head to wind; Hermione runs 7″.
  await nextUntil(page, '4/6', 1);
  const surprise = page.getByRole('article', { name: 'Movement: Surprise' });
  const hermione = page.getByRole('article', { name: 'Movement: Hermione' });
  await expect(surprise.getByRole('heading')).toContainText('1. Surprise');
  await expect(surprise.getByTestId('pv-move-plan')).toContainText('Allotment 3″');
  await tap(surprise.getByRole('button', { name: 'Move 3″' }));
  await expect(
    logLine(
      page,
      'pv.move',
      'Surprise moves 3″ (Beating, Fighting Sail, Tacking: 3″), heading 45° → 0°, head to wind (tacking)'
    )
  ).toHaveCount(1);
  await expect(surprise.getByTestId('pv-moved')).toBeVisible();
  await tap(hermione.getByRole('button', { name: 'Move 7″' }));
  await expect(logLine(page, 'pv.move', 'Hermione moves 7″ (Running')).toHaveCount(1);

  // Turn 2, Phase 4: the tacking roll. d12 2 + 0 < 4: taken aback; mast d12 1 loses a mast.
  await nextUntil(page, '4/6', 2);
  const tack = surprise.getByTestId('pv-tack');
  await expect(surprise).toContainText('In Irons');
  await expect(tack.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '3/4');
  await tapFaces(tack.getByTestId('dice-pad'), [2]);
  await expect(tack.getByTestId('pv-tack-aback')).toContainText('Taken aback');
  await tapFaces(tack.getByTestId('dice-pad'), [1]);
  const aback = logLine(
    page,
    'pv.tack',
    'Surprise is taken aback: d12 2 + 0 = 2 < 4; mast d12 1: a mast is lost; stays head to wind and rolls again next turn'
  );
  await expect(aback).toHaveCount(1);
  await expect(rosterShip(page, 'Surprise')).toContainText('Fighting Sail (max Medium Sail)');

  // Undo the tacking roll: the mast is back, the ship is head to wind with the roll to make.
  await tap(
    page.getByRole('toolbar', { name: 'Undo and redo' }).getByRole('button', { name: 'Undo' })
  );
  await expect(aback).toContainText('(undone)');
  await expect(rosterShip(page, 'Surprise')).not.toContainText('max Medium Sail');
  await expect(surprise.getByTestId('pv-moved')).toHaveCount(0);
  await expect(surprise.getByTestId('pv-tack').getByTestId('dice-pad')).toBeVisible();

  // Roll again: 8 succeeds onto the starboard tack, heading 315°, half the Beating rate.
  await tapFaces(surprise.getByTestId('pv-tack').getByTestId('dice-pad'), [8]);
  await expect(
    logLine(
      page,
      'pv.tack',
      'Surprise tacks: d12 8 + 0 = 8 ≥ 4, onto the starboard tack (heading 315°), moves 3″'
    )
  ).toHaveCount(1);
  await expect(surprise.getByTestId('pv-move-sail')).toContainText('heading 315°');
  await expect(surprise.getByTestId('pv-move-sail')).toContainText('Beating');
});

test('hidden orders: entered privately, shown only as given, revealed all at once, undone', async ({
  page
}) => {
  test.setTimeout(180_000);
  await newBattle(page, 'Night action', true);
  const orders = page.getByTestId('pv-orders');
  const surprise = orders.getByRole('article', { name: 'Orders: Surprise' });
  const hermione = orders.getByRole('article', { name: 'Orders: Hermione' });

  // Surprise's captain enters his orders; once given, the card and the log hide them.
  await surprise.getByRole('button', { name: 'Enter orders for Surprise' }).click();
  await surprise.getByLabel('Sail setting').selectOption({ label: 'Fighting Sail' });
  await surprise.getByLabel('Maneuver').selectOption({ label: 'Larboard/Port' });
  await surprise.getByRole('button', { name: 'Give orders (hidden)' }).click();
  await expect(surprise.getByTestId('pv-orders-given')).toHaveText('Orders given (hidden)');
  await expect(surprise.getByLabel('Sail setting')).toHaveCount(0);
  const given = logLine(page, 'pv.orders', 'Surprise: orders given (hidden until revealed)');
  await expect(given).toHaveCount(1);
  await expect(given).not.toContainText('Fighting');
  await expect(rosterShip(page, 'Surprise')).toContainText('No Sail');

  // Changing them opens a fresh form, not the orders entered before.
  await surprise.getByRole('button', { name: 'Change orders' }).click();
  await expect(surprise.getByLabel('Maneuver')).toHaveValue('straight');
  await surprise.getByRole('button', { name: 'Cancel' }).click();

  await hermione.getByRole('button', { name: 'Enter orders for Hermione' }).click();
  await hermione.getByRole('button', { name: 'Give orders (hidden)' }).click();
  await expect(orders.getByTestId('pv-orders-count')).toHaveText('2 of 2 ships have orders');

  // The referee reveals every ship's orders at once.
  await orders.getByRole('button', { name: 'Reveal orders' }).click();
  const revealed = logLine(
    page,
    'pv.reveal-orders',
    'Orders revealed: Surprise Fighting Sail, Larboard/Port; Hermione No Sail, Straight'
  );
  await expect(revealed).toHaveCount(1);
  await expect(surprise.getByTestId('pv-orders-given')).toHaveText(
    'Orders: Fighting Sail, Larboard/Port'
  );
  await expect(rosterShip(page, 'Surprise')).toContainText('Fighting Sail');

  // Undo the reveal: hidden again, the log keeps the undone line.
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(revealed).toContainText('(undone)');
  await expect(surprise.getByTestId('pv-orders-given')).toHaveText('Orders given (hidden)');
  await expect(rosterShip(page, 'Surprise')).toContainText('No Sail');
});
