import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  masterAndCommanderEngagement,
  privateersPhase4,
  privateersShips,
  woodenWarshipsAttack
} from './busiest-steps';
import { turnRegion } from './screen';
import { dismissOfflineNotice } from './table';

// The step first and its action within reach (issue 32 #1, #2): on a 360 × 780 phone, with the
// step's card scrolled to the top (just under the status bar), its main action (the Roll button of
// its dice) and Next are both on screen, neither under the bars at the top or the bottom, so a step
// ends without scrolling back up. Each system's busiest step: Privateers Phase 4's cannon fire,
// Wooden Warships' Attack!!! and a Master and Commander engagement. Phase 4 was ~19 screens long,
// the fire's Roll 4.3 screens below its heading; the M&C Roll 880 px of odds below the card.
// UPDATE_DOCS=1 also refreshes docs/phone-step-privateers.png, -ww.png and -mc.png.

dismissOfflineNotice();

const PHONE = { width: 360, height: 780 };
// One device pixel per CSS pixel: the same layout, and small screenshots for the docs.
test.use({ viewport: PHONE, deviceScaleFactor: 1 });

/** Scrolls the page so the top of `step` sits just under the sticky status bar. */
async function scrollToTop(page: Page, step: Locator): Promise<void> {
  // Twice: the bar sticks (and cards off screen take their real size) once the page has moved.
  for (let i = 0; i < 2; i++) {
    await step.evaluate((el) => {
      const bar = document.querySelector('[data-testid="status-bar"]');
      const below = bar ? bar.getBoundingClientRect().bottom : 0;
      window.scrollBy(0, el.getBoundingClientRect().top - below - 4);
    });
    await page.waitForTimeout(100);
  }
}

/**
 * `target` is wholly on screen and nothing is drawn over it (the status bar, the Undo bar, the
 * tab bar): what lies at its centre and near its corners is the control itself.
 */
async function expectWithinReach(target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  const seen = await target.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const points: [number, number][] = [
      [b.left + b.width / 2, b.top + b.height / 2],
      [b.left + 4, b.top + 4],
      [b.right - 4, b.bottom - 4]
    ];
    const covers = points.flatMap(([x, y]) => {
      const at = document.elementFromPoint(x, y);
      return at && (at === el || el.contains(at))
        ? []
        : [`${at?.tagName ?? 'nothing'}.${at?.className ?? ''}`];
    });
    return {
      top: Math.round(b.top),
      bottom: Math.round(b.bottom),
      isOnScreen: b.top >= 0 && b.bottom <= window.innerHeight,
      covers
    };
  });
  expect(
    seen.isOnScreen && seen.covers.length === 0,
    `${what}: ${seen.top}–${seen.bottom} px on a ${PHONE.height} px screen; drawn over by ${seen.covers.join(', ') || 'nothing'}`
  ).toBe(true);
}

function nextButton(page: Page): Locator {
  return turnRegion(page).getByRole('button', { name: /^Next (phase|turn)$/ });
}

async function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

test("Privateers Phase 4: the cannon fire's Roll and Next are on screen from the top of the fire, and the page is a quarter shorter", async ({
  page
}) => {
  test.setTimeout(240_000);
  await privateersPhase4(page);
  const start = await pageHeight(page);

  // The movement comes first: the first ship's move is within reach from the top of the movement.
  const movement = page.getByTestId('pv-movement');
  await scrollToTop(page, movement);
  await expectWithinReach(
    page
      .getByRole('article', { name: 'Movement: Surprise' })
      .getByRole('button', { name: 'Move 8″' }),
    'Surprise\'s "Move 8″"'
  );
  await expectWithinReach(nextButton(page), 'Next phase');
  const moves = page.locator('[data-part="movement"] > summary');
  for (const [i, name] of privateersShips.entries()) {
    const card = page.getByRole('article', { name: `Movement: ${name}` });
    await card.getByRole('button', { name: 'Move 8″' }).click();
    await expect(moves).toContainText(`${i + 1} of ${privateersShips.length} moved`);
  }

  // Every ship has moved: the cannon fire is the step's business now.
  const moved = await pageHeight(page);
  test.info().annotations.push({
    type: 'Phase 4 height at 360 px',
    description: `at the start ${start} px, every ship moved ${moved} px`
  });
  const fire = page.getByTestId('pv-broadside');
  await expect(fire.getByRole('button', { name: /^Roll \dd12$/ })).toBeVisible();
  await scrollToTop(page, fire);
  await expectWithinReach(fire.getByRole('button', { name: /^Roll \dd12$/ }), 'the fire\'s "Roll"');
  await expectWithinReach(nextButton(page), 'Next phase');
  if (process.env.UPDATE_DOCS) await page.screenshot({ path: 'docs/phone-step-privateers.png' });

  // Four ships' Phase 4, fleet and log were 8,883 px at 360 px as it began (11.4 screens) and
  // 8,087 px once every ship had moved: now at most three quarters of that.
  expect(start).toBeLessThan(0.75 * 8883);
  expect(moved).toBeLessThan(0.75 * 8087);

  // A folded part is built when it first opens (issue 39: it cost every Next and every action of
  // the phase): the collision's dice are not on the page until the part is tapped, and stay once
  // it has been open.
  const collision = page.locator('[data-part="collision"]');
  await expect(collision.getByTestId('pv-collision')).toHaveCount(0);
  await collision.locator('> summary').click();
  await expect(
    collision.getByTestId('pv-collision').getByRole('button', { name: /^Roll / })
  ).toBeVisible();
  await collision.locator('> summary').click();
  await expect(collision.getByTestId('pv-collision')).toHaveCount(1);
});

test("Wooden Warships Attack!!!: the fire's Roll and Next are on screen from the top of the fire", async ({
  page
}) => {
  test.setTimeout(120_000);
  await woodenWarshipsAttack(page);
  const fire = page.getByTestId('ww-fire');
  const roll = fire.getByRole('button', { name: /^Roll / });
  await expect(roll).toBeVisible();
  await scrollToTop(page, fire);
  await expectWithinReach(roll, 'the fire\'s "Roll"');
  await expectWithinReach(nextButton(page), 'Next phase');
  if (process.env.UPDATE_DOCS) await page.screenshot({ path: 'docs/phone-step-ww.png' });
});

test("Master and Commander engagement: the attack's Roll and Next are on screen from the top of the engagement", async ({
  page
}) => {
  test.setTimeout(120_000);
  await masterAndCommanderEngagement(page);
  const fight = page.getByTestId('mc-engagement-battle');
  const roll = fight.getByRole('button', { name: /^Roll 6d6$/ });
  await expect(roll).toBeVisible();
  await scrollToTop(page, fight);
  await expectWithinReach(roll, 'the attack\'s "Roll 6d6"');
  await expectWithinReach(nextButton(page), 'Next phase');
  if (process.env.UPDATE_DOCS) await page.screenshot({ path: 'docs/phone-step-mc.png' });
});
