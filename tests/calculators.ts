import { expect, type Page } from '@playwright/test';

// A calculators page loads each calculator past the first as it comes near the screen (issue 40):
// a test of a later calculator scrolls the page through first, as a referee does.

/** Scrolls each calculator not loaded yet into view until every one is on the page. */
export async function showEveryCalculator(page: Page): Promise<void> {
  const slots = page.getByTestId('calculator-slot');
  for (let left = await slots.count(); left > 0; left = await slots.count()) {
    await slots.first().scrollIntoViewIfNeeded();
    await expect.poll(() => slots.count()).toBeLessThan(left);
  }
}

/** Scrolls the calculator headed `title` into view (loading it, if it was not yet). */
export async function showCalculator(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: title, exact: true }).scrollIntoViewIfNeeded();
}
