import { expect, test, type Locator, type Page } from '@playwright/test';
import { newBattle } from './screen';
import { enterFaces, nextPhase, rosterShip, setStepper, tapFaces, unfold } from './table';

/**
 * The table display (issue 37) in a second window of the referee's own device (a laptop's HDMI out
 * to a TV): opened from the battle's "Table display" link, it follows each action made in the
 * battle's window through the local database, with no hub, within a second. Readable from 3 m: the
 * status at least 28 px and every other text at least 20 px at 1920 x 1080 and 1280 x 800, every
 * ship on screen without scrolling. UPDATE_DOCS=1 writes docs/display-<system>-<width>.png.
 * Class values and ship charts are EXAMPLE user data.
 */

const UPDATE_DOCS = process.env.UPDATE_DOCS === '1';
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 }
] as const;

// A laptop beside the table: the battle's window and the display's share one browser profile.
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1
});

test.beforeEach(({ context }) => {
  context.on('page', (p) => {
    void p.addLocatorHandler(p.getByText('Ready to work offline.'), async () => {
      await p
        .getByRole('button', { name: 'OK' })
        .click({ timeout: 3000 })
        .catch(() => undefined);
    });
  });
});

/** The battle's "Table display" link opens the display in a window of its own. */
async function openDisplay(page: Page): Promise<Page> {
  const [display] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .getByRole('navigation', { name: 'This battle' })
      .getByRole('link', { name: 'Table display' })
      .click()
  ]);
  await expect(display.getByTestId('table-display')).toBeVisible({ timeout: 20_000 });
  return display;
}

/**
 * An action in the battle's window, then what the display must show: the time from the action
 * being shown in the battle's window to the display showing it, in ms (at most a second).
 */
async function follows(
  shown: Locator,
  expected: string | RegExp,
  act: () => Promise<void>
): Promise<number> {
  await act();
  const start = Date.now();
  await expect(shown).toContainText(expected, { timeout: 1000 });
  return Date.now() - start;
}

/** The smallest font size (px) of any visible text inside `scope`. */
function smallestText(scope: Locator): Promise<number> {
  return scope.evaluate((root) => {
    let min = Infinity;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !(n.textContent ?? '').trim()) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
    }
    return min;
  });
}

/** At each size: the status at least 28 px, all else at least 20 px, every ship on screen. */
async function expectReadable(display: Page, slug: string): Promise<void> {
  for (const size of SIZES) {
    await display.setViewportSize(size);
    await display.waitForTimeout(200);
    const root = display.getByTestId('table-display');
    expect(
      await smallestText(root.locator('header').first()),
      `status at ${size.width}`
    ).toBeGreaterThanOrEqual(28);
    expect(await smallestText(root), `any text at ${size.width}`).toBeGreaterThanOrEqual(20);
    for (const ship of await root.getByTestId('display-ship').all()) {
      const box = await ship.boundingBox();
      expect(
        box && box.y + box.height,
        `${await ship.getAttribute('aria-label')} on screen`
      ).toBeLessThanOrEqual(size.height);
    }
    const scrolls = await display.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight
    );
    expect(scrolls, `no scrolling at ${size.width}`).toBe(false);
    if (UPDATE_DOCS) await display.screenshot({ path: `docs/display-${slug}-${size.width}.png` });
  }
}

test('Privateers: a second window follows five actions within a second each; readable from 3 m', async ({
  page
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Action off Cabo Blanco');
  await page.getByRole('radio', { name: /^Privateers/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Action off Cabo Blanco' })
  ).toBeVisible();
  const editor = page.getByTestId('pv-class-editor');
  await editor.getByRole('button', { name: 'Add class' }).click();
  await editor.getByLabel('Class name').fill('Example frigate');
  await setStepper(editor, 'Hull points', 40);
  await setStepper(editor, 'Rigging points', 30);
  await setStepper(editor, 'Crew', 60);
  await editor.getByRole('button', { name: 'Add guns' }).click();
  await setStepper(editor, 'Number', 3);
  const setup = page.locator('form', {
    has: page.getByRole('heading', { name: 'Add a ship from a class' })
  });
  for (const [name, side] of [
    ['Surprise', 'British'],
    ['Hermione', 'Spanish']
  ]) {
    await setup.locator('select').selectOption({ label: 'Example frigate' });
    await setup.getByLabel('Name of the ship').fill(name);
    await setup.getByLabel('Side of the ship').fill(side);
    await setup.getByRole('button', { name: 'Add ship from class' }).click();
    await expect(rosterShip(page, name)).toBeVisible();
  }

  const display = await openDisplay(page);
  const shown = display.getByTestId('table-display');
  await expect(shown.getByTestId('display-ship')).toHaveCount(2);
  await expect(
    shown.getByRole('article', { name: 'Hermione' }).locator('[data-track="hull"]')
  ).toHaveAttribute('aria-label', 'Hull 40 of 40');
  await expect(shown.getByTestId('display-roll')).toContainText('No dice rolled yet.');

  const log = page.getByTestId('battle-log');
  const times: number[] = [];
  // 1. The wind.
  times.push(
    await follows(shown.getByTestId('display-wind'), 'Wind from 45°', async () => {
      const wind = page.getByTestId('pv-wind');
      await wind.getByRole('button', { name: 'Increase Wind from (degrees)' }).click();
      await wind.getByRole('button', { name: 'Set wind' }).click();
      await expect(log.locator('li[data-kind="pv.wind"]')).toContainText('Wind from 45°');
    })
  );
  // 2–4. Three phases on, to Movement & Firing.
  for (const step of ['2/6', '3/6', '4/6']) {
    times.push(
      await follows(shown.getByTestId('display-step'), step, () =>
        nextPhase(page, new RegExp(step))
      )
    );
  }
  // 5. A broadside: its dice, typed in, on the display with its result and the chance of a hit.
  const fire = page.getByTestId('pv-broadside');
  await fire.getByLabel('Firing ship').selectOption({ label: 'Surprise' });
  await fire
    .getByRole('combobox', { name: 'Target', exact: true })
    .selectOption({ label: 'Hermione' });
  await setStepper(fire, 'Range (inches)', 10);
  const roll = shown.getByTestId('display-roll');
  times.push(
    await follows(roll, 'Surprise fires 3 guns at Hermione: 3 hits', async () => {
      const pad = fire.getByTestId('dice-pad').first();
      await tapFaces(pad, [1, 5, 10]);
      await pad.getByRole('button', { name: 'Use 1, 5, 10' }).click();
      await expect(log.locator('li[data-kind="pv.cannon-fire"]')).toBeVisible();
    })
  );
  console.log(`table display followed in ${times.join(', ')} ms`);
  expect(times).toHaveLength(5);
  await expect(roll.getByTestId('display-die')).toHaveCount(3);
  expect(
    await roll
      .getByTestId('display-die')
      .evaluateAll((dice) =>
        dice.map((d) => [d.getAttribute('data-face'), d.getAttribute('data-side')])
      )
  ).toEqual([
    ['1', 'British'],
    ['5', 'British'],
    ['10', 'British']
  ]);
  await expect(roll.getByTestId('display-odds')).toContainText(/any hit \d+(\.\d)?%/);

  // The damage: Hermione's hull bar goes down, her fire is marked; then the display is read.
  const pad = fire.getByTestId('dice-pad').first();
  await enterFaces(pad, [1, 1, 3, 4, 5, 6]);
  await enterFaces(pad, [6]);
  await expect(fire.getByTestId('pv-fire-outcome')).toContainText('critical: Fire');
  const hermione = shown.getByRole('article', { name: 'Hermione' });
  await expect(hermione.locator('[data-track="hull"]')).toHaveAttribute(
    'aria-label',
    'Hull 33 of 40',
    { timeout: 1000 }
  );
  const onFire = hermione.getByTestId('display-status').filter({ hasText: /^on fire$/ });
  await expect(onFire).toHaveCount(1);
  await expect(shown.getByTestId('display-log').locator('li').first()).toContainText(
    'critical: Fire'
  );
  await expectReadable(display, 'privateers');

  // Undone in the battle's window, the critical leaves the display too.
  await page
    .getByRole('toolbar', { name: 'Undo and redo' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(onFire).toHaveCount(0, { timeout: 1000 });
  // Nothing to touch but the one way out (the app's header is hidden), reachable from the keyboard.
  await expect(
    display.locator('a:visible, button:visible, input:visible, select:visible')
  ).toHaveCount(1);
  await display.keyboard.press('Tab');
  await expect(display.getByRole('link', { name: 'Leave the display' })).toBeFocused();
});

test('Master and Commander: the wind, the hourglass running, an engagement’s dice by captain', async ({
  page
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Far Side of the World');
  await page.getByRole('radio', { name: /^Master and Commander/ }).check();
  await expect(page.getByRole('radio', { name: /^Basic/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create battle' }).click();
  const setup = page.getByTestId('mc-players');
  await setup.getByLabel('Name of player 1').fill('Anna');
  await setup.getByLabel('Name of player 2').fill('Ben');
  await setup.getByRole('button', { name: 'Set up the fleets' }).click();
  await expect(page.getByRole('link', { name: /Ben 2/ })).toBeVisible();
  const display = await openDisplay(page);
  const shown = display.getByTestId('table-display');
  await expect(shown.getByTestId('display-ship')).toHaveCount(4);

  await enterFaces(page.getByTestId('mc-first-player').getByTestId('dice-pad'), [5, 2]);
  await expect(page.getByTestId('mc-active-player')).toContainText("Anna's turn");
  await expect(shown.getByTestId('display-status-bar')).toContainText('Anna', { timeout: 1000 });
  // The Wind Die is due first: the display says who must roll it.
  await expect(shown.getByTestId('display-act')).toContainText('Anna rolls the Wind Die');
  await page
    .getByTestId('mc-wind')
    .getByRole('group', { name: /tap the face rolled/ })
    .getByRole('button', { name: 'W', exact: true })
    .click();
  await expect(shown.getByTestId('display-wind')).not.toBeEmpty({ timeout: 1000 });
  // The hourglass runs on the display too, second by second.
  const clock = shown.getByTestId('display-clock');
  await expect(clock).toContainText(/left$/, { timeout: 1000 });
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? '', { timeout: 3000 });

  await page.getByRole('button', { name: 'Next phase' }).click();
  await expect(shown.getByTestId('display-step')).toContainText('Movement', { timeout: 1000 });
  await page.getByRole('button', { name: 'Anna 1 stays put' }).click();
  await page.getByRole('button', { name: 'Anna 2 stays put' }).click();
  await page.getByRole('button', { name: 'Next phase' }).click();
  await expect(shown.getByTestId('display-step')).toContainText('Engagements', { timeout: 1000 });

  const fight = page.getByTestId('mc-engagement-battle');
  await fight
    .getByRole('combobox', { name: 'Attacker' })
    .selectOption({ label: 'Anna 1 · 2 disks (3 dice)' });
  await fight
    .getByRole('combobox', { name: 'Target' })
    .selectOption({ label: 'Ben 1 (Ben) · 2 disks (3 dice)' });
  await enterFaces(fight.getByTestId('dice-pad').first(), [6, 5, 2, 6, 4, 1]);
  await expect(fight.getByTestId('mc-engagement-result')).toContainText(
    'Ben 1 gives up a Prize Disk'
  );
  const roll = shown.getByTestId('display-roll');
  await expect(roll.getByTestId('display-die')).toHaveCount(6, { timeout: 1000 });
  expect(
    await roll
      .getByTestId('display-die')
      .evaluateAll((dice) => dice.map((d) => d.getAttribute('data-side')))
  ).toEqual(['Anna', 'Anna', 'Anna', 'Ben', 'Ben', 'Ben']);
  await expect(roll.getByTestId('display-odds')).toContainText('%');
  await expect(
    shown.getByRole('article', { name: 'Ben 1' }).locator('[data-track="prize-disks"]')
  ).toHaveAttribute('aria-label', 'Prize disks 1 of 2');
  await expectReadable(display, 'master-and-commander');
});

test('Wooden Warships: a broadside’s percentile and damage dice, the crew bar down', async ({
  page
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'New battle' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Cape Ortegal');
  await page.getByRole('radio', { name: /^Wooden Warships/ }).check();
  await page.getByRole('button', { name: 'Create battle' }).click();
  const setup = page.getByTestId('ww-setup');
  for (const p of ['Nelson', 'Villeneuve']) {
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
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  };
  await buy('Nelson', 'Battle Schooner (EXAMPLE) — £600', 'Pickle');
  await buy('Nelson', "Man O' War (EXAMPLE) — £3,000", 'Victory');
  await buy('Villeneuve', 'Battle Schooner (EXAMPLE) — £600', 'Fleche');
  const display = await openDisplay(page);
  const shown = display.getByTestId('table-display');
  await expect(shown.getByTestId('display-ship')).toHaveCount(3);

  // Turn 1 runs the maintenance steps only: Pickle loads in Step 5.
  await nextUntil(page, 'Step 5: Maintenance Part 2', 1);
  await expect(shown.getByTestId('display-step')).toContainText('Maintenance Part 2', {
    timeout: 1000
  });
  const reload = page.getByTestId('ww-reload');
  await reload
    .getByRole('group', { name: 'Pickle', exact: true })
    .getByText('Choose the shot per battery')
    .click();
  await reload.getByLabel('Pickle: Zone 1').selectOption({ label: 'Round shot' });
  await reload.getByLabel('Pickle: Zone 2').selectOption({ label: 'Grape shot' });
  await reload.getByRole('button', { name: 'Load Pickle' }).click();
  await nextUntil(page, 'Step 3: Attack!!!', 2);
  await expect(shown.getByTestId('display-turn')).toHaveText('Turn 2', { timeout: 1000 });
  const fire = page.getByTestId('ww-fire');
  await fire.getByLabel('Firing ship').selectOption({ label: 'Pickle (Nelson)' });
  await fire.getByLabel(/^Target(?! area)/).selectOption({ label: 'Fleche (Villeneuve)' });
  await unfold(fire.getByTestId('ww-fire-settings'));
  await fire.getByLabel('Target area').selectOption('crew');
  // The percentile dice are typed (a d100 has no keypad), then the damage dice tapped.
  const pad = fire.getByTestId('dice-pad');
  for (const f of [10, 20]) {
    await pad.getByLabel(/^Face of Die/).fill(String(f));
    await pad.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await pad.getByRole('button', { name: 'Use 10, 20' }).click();
  await enterFaces(fire.getByTestId('dice-pad'), [4, 6, 3, 5]);
  const roll = shown.getByTestId('display-roll');
  await expect(roll).toContainText('Pickle fires a full broadside', { timeout: 1000 });
  await expect(roll.getByTestId('display-odds')).toContainText('any hit');
  await expect(
    shown.getByRole('article', { name: 'Fleche' }).locator('[data-track="crew"]')
  ).toHaveAttribute('aria-label', /^Crew 10 of /);
  await expectReadable(display, 'wooden-warships');
});

test('the screen is kept awake, and the lock taken again when the page shows after the browser dropped it', async ({
  page
}) => {
  // The browser's Wake Lock, recorded: each request, and a sentinel the test can release as the
  // browser does when a page is hidden.
  await page.addInitScript(() => {
    const w = window as unknown as { locks: { released: boolean; drop: () => void }[] };
    w.locks = [];
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: () => {
          const sentinel = Object.assign(new EventTarget(), {
            released: false,
            type: 'screen',
            release: () => {
              sentinel.released = true;
              sentinel.dispatchEvent(new Event('release'));
              return Promise.resolve();
            },
            drop: () => void sentinel.release()
          });
          w.locks.push(sentinel);
          return Promise.resolve(sentinel);
        }
      }
    });
  });
  const id = await newBattle(page, 'Kept awake', 'Wooden Warships');
  await page.goto(`/battles/${id}/display`);
  const shown = page.getByTestId('table-display');
  await expect(shown).toHaveAttribute('data-awake', 'held');
  const held = () =>
    page.evaluate(() =>
      (window as unknown as { locks: { released: boolean }[] }).locks.map((l) => !l.released)
    );
  expect(await held()).toEqual([true]);
  // Hidden, the browser releases the lock; shown again, the display asks for a new one.
  await page.evaluate(() =>
    (window as unknown as { locks: { drop: () => void }[] }).locks[0].drop()
  );
  await expect(shown).toHaveAttribute('data-awake', 'not-held');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(shown).toHaveAttribute('data-awake', 'held');
  expect(await held()).toEqual([false, true]);
  // Leaving the display lets the screen sleep again.
  await page.getByRole('link', { name: 'Leave the display' }).click();
  await expect(page.getByTestId('status-bar')).toBeVisible();
  expect(await held()).toEqual([false, false]);
});

/** Next until the turn and step named (going on past the "still to do" question). */
async function nextUntil(page: Page, stepName: string, turn: number): Promise<void> {
  const counter = page.getByRole('region', { name: 'Turn' });
  for (let i = 0; i < 12; i++) {
    const text = (await counter.locator('.turn-text').textContent()) ?? '';
    if (text.includes(`Turn ${turn}`) && text.includes(stepName)) return;
    await counter.getByRole('button', { name: /^Next (phase|turn)$/ }).click();
    const anyway = counter.getByRole('button', { name: /^Next .* anyway$/ });
    await expect(async () => {
      if (await anyway.isVisible()) await anyway.click();
      await expect(counter.locator('.turn-text')).not.toHaveText(text, { timeout: 500 });
    }).toPass();
  }
  throw new Error(`never reached turn ${turn}, ${stepName}`);
}
