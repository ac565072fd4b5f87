import { expect, test } from '@playwright/test';

test('a browser that cannot store data gets a clear message, not a silent in-memory fallback', async ({
  page
}) => {
  // What private modes and "block site data" do: IndexedDB is missing or throws.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      configurable: true,
      get() {
        throw new DOMException(
          'The user denied permission to access the database.',
          'SecurityError'
        );
      }
    });
  });
  await page.goto('/');
  await expect(page.getByTestId('storage-banner')).toContainText('cannot store data');
  await expect(page.getByRole('heading', { level: 1, name: 'Battles' })).toBeVisible();
});
