import { expect, test } from '@playwright/test';

// A calculators page is in its HTML (issue 18 goal 4): the heading, the introduction and the first
// calculator paint before any JavaScript has run. They used to wait for the app's scripts and the
// calculators' chunks (Lighthouse: largest paint at 2.7–3.2 s on a phone); each other calculator
// is a card with its heading until it comes near the screen (calculators-near-screen.spec.ts). Until the scripts run, its controls are
// disabled.

test.use({ javaScriptEnabled: false });

for (const [path, name, first] of [
  ['/calculators/privateers', 'Privateers', 'Cannon fire'],
  ['/calculators/wooden-warships', 'Wooden Warships', 'Attack: gunnery'],
  ['/calculators/master-and-commander', 'Master and Commander', 'First player']
] as const) {
  test(`${name}: the calculators page paints its first calculator from the HTML`, async ({
    page
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/without a battle/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: first, exact: true })).toBeVisible();
    // Drawn but not live yet: a tap here would be lost, so its controls wait for the scripts (a
    // dice face tapped before the page was live did nothing, and the roll never came).
    const buttons = page.getByRole('main').getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
  });
}
