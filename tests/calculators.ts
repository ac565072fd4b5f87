import { expect, type Page } from '@playwright/test';

// A calculators page loads each calculator past the first as it comes near the screen (issue 40):
// a test of a later calculator scrolls the page through first, as a referee does.
//
// Every step is one look at the page (page.evaluate), never a locator action on a card: a card
// is replaced as its calculator arrives, and a locator action waits for its element. A card that
// arrived on its own between a count and the action left `slots.first().evaluate(…)` waiting for
// a card that was gone, until the test's timeout (main's CI, df6b0c4: the page idle, 2 frames in
// 58 s). A card can also be pushed off the screen after the scroll (the page above it grew before
// it loaded): each look scrolls to what is still missing again.

const SLOT = '[data-testid="calculator-slot"]';

/** Scrolls each calculator not loaded yet into view until every one is on the page. */
export async function showEveryCalculator(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((slot) => {
          document.querySelector(slot)?.scrollIntoView();
          return document.querySelectorAll(slot).length;
        }, SLOT),
      { intervals: [100, 250, 500], timeout: 30_000 }
    )
    .toBe(0);
}

/** Scrolls the calculator headed `title` into view until it is loaded (not its card). */
export async function showCalculator(page: Page, title: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ slot, title }) => {
            const heading = [...document.querySelectorAll('main h2')].find(
              (h) => h.textContent?.trim() === title
            );
            heading?.scrollIntoView();
            return heading !== undefined && heading.closest(`${slot}, [aria-busy="true"]`) === null;
          },
          { slot: SLOT, title }
        ),
      { intervals: [100, 250, 500], timeout: 30_000 }
    )
    .toBe(true);
}
