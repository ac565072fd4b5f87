import { expect, test, type Page } from '@playwright/test';
import {
  closeTable,
  openTable,
  shareAndJoin,
  storedText,
  type Device,
  type Table
} from './live-hub';
import { enterFaces, statusStep } from './table';

/**
 * The Master and Commander deck on the live table (#19 item 5), with the real hub and three browser
 * profiles: the referee's tablet types a deck in after sharing the battle and draws a card kept
 * until it applies into Anna's hand. Anna's phone shows the card's text; Ben's phone shows only
 * "Anna holds 1 card", and neither Ben's IndexedDB (every store) nor the websocket frames Ben's phone
 * received hold the card's text, the text of the card still in the pile or the pile itself. Anna plays
 * the card from her phone: its reveal is checked on every device and all of them converge; the
 * referee undoes the play and the card is back in her hand, on her phone only.
 * The card texts are EXAMPLE user data (the rules do not print them, SPEC A.6).
 */

const HUB_PORT = Number(process.env.LIVE_HIDDEN_CARDS_HUB_PORT ?? 4404);

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const KEPT = 'Example: a favourable slant of wind, keep until it applies';
const IN_PILE = 'Example: powder runs short in the second broadside';

let table: Table | undefined;
let referee: Device;
let anna: Device;
let ben: Device;

test.beforeAll(async ({ browser }) => {
  table = await openTable(browser, HUB_PORT, 'qd-hub-cards-');
  [referee, anna, ben] = table.devices;
});

test.afterAll(() => closeTable(table));

/** An Advanced game with the cards module, Anna first, at her Engagements step. */
async function newCardsBattle(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Cards, live');
  await page.getByRole('radio', { name: /^Master and Commander/ }).check();
  await page.getByRole('radio', { name: /^Advanced/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(page).toHaveURL(/\/battles\/(?!new$)[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const setup = page.getByTestId('mc-players');
  await setup.getByLabel('Name of player 1').fill('Anna');
  await setup.getByLabel('Name of player 2').fill('Ben');
  await setup.getByRole('checkbox', { name: /^Master and Commander cards/ }).check();
  await setup.getByRole('button', { name: 'Set up the fleets' }).click();
  await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [6, 1]);
  await expect(page.getByTestId('mc-active-player')).toContainText("Anna's turn");
  await page
    .getByTestId('mc-wind')
    .getByRole('group', { name: /tap the face rolled/ })
    .getByRole('button', { name: 'N', exact: true })
    .click();
  await page.getByRole('button', { name: 'Next phase' }).click();
  await expect(statusStep(page)).toContainText('Movement');
  await page.getByRole('button', { name: 'Anna 1 stays put' }).click();
  await page.getByRole('button', { name: 'Anna 2 stays put' }).click();
  await page.getByRole('button', { name: 'Next phase' }).click();
  await expect(statusStep(page)).toContainText('Engagements');
  return id;
}

/** The card panel of the engagement step, opened. */
async function cardsPanel(page: Page) {
  const fight = page.getByTestId('mc-engagement-battle');
  const details = fight.locator('details.cards');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.locator('summary').click();
  return fight.getByTestId('mc-cards');
}

test('a card drawn into Anna’s hand shows on her phone only; she plays it, all converge; the referee undoes it', async () => {
  const page = referee.page;
  const battleId = await newCardsBattle(page);
  await shareAndJoin(page, table!.hub, battleId, { Anna: anna, Ben: ben });

  // The referee types the deck in (now the battle is live: the texts go to its private document).
  const cards = await cardsPanel(page);
  await cards.getByRole('button', { name: 'Cards typed in' }).click();
  await expect(cards.getByRole('button', { name: 'Cards typed in' })).toHaveAttribute(
    'aria-pressed',
    'true'
  );
  for (const [text, isKept] of [
    [KEPT, true],
    [IN_PILE, false]
  ] as const) {
    await cards.getByLabel('Card text (as printed on your card)').fill(text);
    if (isKept) await cards.getByRole('checkbox', { name: 'Keep until it applies' }).check();
    await cards.getByRole('button', { name: 'Add card' }).click();
  }
  await expect(cards).toContainText('2 cards; 2 in the pile, 0 held.');
  await cards.getByRole('button', { name: 'Draw a card' }).click();
  await expect(cards).toContainText('1 in the pile, 1 held.');
  const drawn = 'Anna draws a Master and Commander card (draw 1) and keeps it until it applies';
  for (const d of [referee, anna, ben])
    await expect(d.page.getByTestId('battle-log')).toContainText(drawn, { timeout: 20_000 });

  // Anna's phone reads the card from her seat's document; Ben's sees a count.
  const annaHeld = (await cardsPanel(anna.page)).getByTestId('mc-held');
  await expect(annaHeld).toContainText(`Anna: ${KEPT}`, { timeout: 20_000 });
  const benHeld = (await cardsPanel(ben.page)).getByTestId('mc-held');
  await expect(benHeld).toHaveText('Anna holds 1 card', { timeout: 20_000 });

  // Nothing of the deck on Ben's phone: not in IndexedDB, not in what its websocket received.
  const annaText = await storedText(anna.page);
  expect(annaText).toContain(KEPT); // her own hand (so this reading would find it)
  expect(annaText).not.toContain(IN_PILE);
  // The pile's order is the typed-in cards' ids (c1-0, c2-0) in the referee's document.
  const cardIds = /(?<![0-9a-f-])c[12]-0(?![0-9a-f])/;
  expect(await storedText(page)).toMatch(cardIds); // the referee's own copy of its document
  const benText = await storedText(ben.page);
  const benHeard = ben.received.join('\n');
  for (const seen of [benText, benHeard]) {
    expect(seen).not.toContain(KEPT);
    expect(seen).not.toContain(IN_PILE);
    expect(seen).not.toMatch(cardIds);
    expect(seen).not.toContain('mc.deck');
    expect(seen).not.toContain('Example:');
  }
  expect(referee.received.join('\n')).toContain('Example:'); // the referee's own document, from the hub

  // Anna plays it from her phone; every device checks the reveal and shows it.
  await annaHeld.getByRole('button', { name: `Used: ${KEPT}` }).click();
  const played = `Anna plays a held Master and Commander card: "${KEPT}"`;
  for (const d of [referee, anna, ben]) {
    const log = d.page.getByTestId('battle-log');
    await expect(log).toContainText(played, { timeout: 20_000 });
    await expect(log).not.toContainText('not applied');
    await expect((await cardsPanel(d.page)).getByTestId('mc-held')).toHaveCount(0);
  }
  // The played card goes to the bottom of the pile ("2 in the pile"), on the referee's device too.
  await expect(await cardsPanel(page)).toContainText('2 cards; 2 in the pile, 0 held.');

  // The referee undoes the play: the card goes back into Anna's hand, from the old value kept in
  // her seat's document (the public undo event carries none of it).
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  for (const d of [referee, anna, ben])
    await expect(d.page.getByTestId('battle-log')).toContainText(`Undid: ${played}`, {
      timeout: 20_000
    });
  await expect((await cardsPanel(anna.page)).getByTestId('mc-held')).toContainText(
    `Anna: ${KEPT}`,
    { timeout: 20_000 }
  );
  await expect((await cardsPanel(ben.page)).getByTestId('mc-held')).toHaveText('Anna holds 1 card');
  await expect(await cardsPanel(page)).toContainText('1 in the pile, 1 held.');
});
