import { expect, test } from '@playwright/test';
import { dismissOfflineNotice } from './table';

// From tablet width up the main links move into the header beside the brand and the tools (Keep
// awake, the theme): every control must fit the screen there, none cut off at its right edge (the
// theme button was cut to "· Syste" at 820 px).

dismissOfflineNotice();

for (const width of [720, 820, 1024, 1280]) {
  test(`every header control is whole on screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/');
    await expect(page.getByTestId('theme-toggle')).toBeVisible();
    const cut = await page.locator('header.topbar').evaluate((header, viewport) => {
      const controls = [...header.querySelectorAll('a, button')] as HTMLElement[];
      return controls
        .filter((c) => {
          const box = c.getBoundingClientRect();
          return box.right > viewport + 0.5 || c.scrollWidth > c.clientWidth + 1;
        })
        .map((c) => c.getAttribute('aria-label') ?? c.textContent?.trim() ?? c.tagName);
    }, width);
    expect(cut, 'header controls cut off at the right edge').toEqual([]);
  });
}
