import { expect, test } from '@playwright/test';
import { startPreview } from './preview-server';
import { TOP_LEVEL_ROUTES } from './routes';

test('after one visit every top-level route opens offline, with the server stopped', async ({
  browser
}) => {
  const server = await startPreview();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Battles' })).toBeVisible();
    // Wait until the service worker has precached the build and controls this page.
    // Wait until the service worker has installed (precached the build) and is active; in prompt
    // mode it does not claim an open page, so a reload brings the page under its control.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    await server.stop();
    await context.setOffline(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Battles' })).toBeVisible();
    for (const route of TOP_LEVEL_ROUTES) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    }
    // A deep link that was never prerendered falls back to the app shell.
    await page.goto('/battles/does-not-exist-yet');
    await expect(page.locator('main')).toBeVisible();
  } finally {
    await context.close();
    await server.stop().catch(() => undefined);
  }
});
