import { expect, test } from '@playwright/test';

// Issue 40: Settings, the ship library, the new-battle form and the calculators are prerendered
// with their content, so a phone paints the page's heading and text from the HTML before any
// JavaScript runs (they were empty shells: Lighthouse's largest paint waited 2.4–3.0 s for the
// script). Then the page hydrates and does what it always did, with the engine loaded on use.

const PAGES = [
  { path: '/settings', heading: 'Settings', text: 'Backup and sharing' },
  { path: '/library', heading: 'Ship library', text: 'New template' },
  { path: '/battles/new', heading: 'New battle', text: 'Master and Commander' },
  { path: '/calculators', heading: 'Calculators', text: 'Rule-system calculators' }
];

for (const { path, heading, text } of PAGES) {
  test(`${path} comes with its heading and text in the HTML`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>\\s*${heading}\\s*</h1>`));
    expect(html).toContain(text);
    // Nothing said of this device before the page has read it.
    expect(html).not.toContain('cannot keep the screen awake');
    expect(html).not.toContain('does not report storage use');
    expect(html).not.toContain('No backup has been exported');
    // Its controls are inert until the page has come alive: a tap on the prerendered form would
    // otherwise submit it natively and reload the page, losing what was typed.
    expect(html).toMatch(/<(form|section|div)[^>]*\sinert[\s>=]/);
  });
}

test('the ship library makes a template, loading the system’s engine only then', async ({
  page
}) => {
  await page.goto('/library');
  await expect(page.getByText('The library is empty.')).toBeVisible();
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'New template' }) });
  await form.getByLabel('Rule system').selectOption({ label: 'Wooden Warships' });
  await form.getByLabel('Ship name').fill('Sophie');
  await form.getByRole('button', { name: 'Create template' }).click();
  await page.waitForURL(/\/library\/[^/]+$/);
  await page.goto('/library');
  await expect(page.getByRole('region', { name: 'Wooden Warships' })).toContainText('Sophie');
});

test('Settings says what this device has once it has read it', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByTestId('last-backup')).toContainText('No backup has been exported');
  await expect(page.getByText('Reading this device')).toHaveCount(0);
  await expect(page.getByText('Checking what this browser can do')).toHaveCount(0);
});

test('Settings on a phone reads this device without moving what it has drawn', async ({
  browser
}) => {
  // A phone (412 px, 4x slower CPU): the Storage card grew as it read the device and pushed the
  // backup card down, and the Screen card's checkbox was taller than its placeholder (Lighthouse
  // layout shift 0.084, its largest paint the storage text read at 1.2 s; issue 40).
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/settings');
  await expect(page.getByTestId('storage-usage')).toBeVisible();
  await expect(page.getByText('Checking what this browser can do')).toHaveCount(0);
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, v) => sum + v, 0)).toBeLessThan(0.01);
  await context.close();
});

test('a new battle of each system is created from the form, its engine loaded on Create', async ({
  page
}) => {
  for (const [system, variant] of [
    ['Privateers', null],
    ['Wooden Warships', null],
    ['Master and Commander', 'Advanced']
  ] as const) {
    await page.goto('/battles/new');
    await page.getByRole('radio', { name: new RegExp(`^${system}\\b`) }).check();
    if (variant) await page.getByRole('radio', { name: new RegExp(`^${variant}\\b`) }).check();
    await page.getByLabel('Name', { exact: true }).fill(`Readings ${system}`);
    await page.getByRole('button', { name: 'Create battle' }).click();
    await page.waitForURL((u) => /^\/battles\/(?!new$)[^/]+$/.test(u.pathname));
    await expect(page.getByRole('heading', { level: 1, name: `Readings ${system}` })).toBeVisible();
  }
});
