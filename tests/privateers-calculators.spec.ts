import { expect, test, type Page } from '@playwright/test';
import { showEveryCalculator } from './calculators';
import { enterFaces, setStepper, tapFaces } from './table';

// Privateers standalone calculators with dice typed in at the table: the exact odds shown (SPEC
// C.7 and Appendix C-1) and the outcome of the typed roll.

async function open(page: Page): Promise<void> {
  await page.goto('/calculators/privateers');
  await expect(page.getByRole('heading', { level: 1, name: 'Privateers' })).toBeVisible();
  await showEveryCalculator(page);
}

/** Taps the faces on the keypad of a dice pad (dice up to d12). */

test('cannon fire: Appendix C-1 hit vector, then the hull example "1 2 & 3 … 6 points"', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('pv-gunnery');
  // Default: one medium gun at 18″ (medium range), fire low, Fighting Sail: hit on 1–6.
  await expect(calc.getByTestId('pv-gunnery-needed')).toContainText('Medium range, fire low');
  await expect(calc.getByTestId('odds-headline').first()).toHaveAttribute('data-fraction', '1/2');
  // The Gunner sights it: 6 + 2 = 8, so 8/12 (C.7.1).
  await calc.getByLabel('Gunner sights').selectOption({ index: 1 });
  await expect(calc.getByTestId('pv-gunnery-needed')).toContainText('hit on d12 ≤ 8');
  await expect(calc.getByTestId('odds-headline').first()).toHaveAttribute('data-fraction', '2/3');
  await expect(calc.getByTestId('odds-headline').first()).toHaveText('66.7%');
  // Natural 8 hits: 2 damage dice on the Ball Low column.
  const pads = calc.getByTestId('dice-pad');
  await tapFaces(pads.first(), [8]);
  await pads.first().getByRole('button', { name: 'Use 8' }).click();
  await expect(calc.getByTestId('roll-card').first()).toContainText('1 of 1 hit: 2 Ball Low.');
  await expect(calc.getByTestId('roll-card').first()).toHaveAttribute('data-source', 'entered');
  // Two Ball Low dice: P(critical) = 1/36 (C.7.3).
  await expect(calc.getByTestId('odds-headline').nth(2)).toHaveAttribute('data-fraction', '1/36');
  await tapFaces(pads.nth(1), [2, 3]);
  await pads.nth(1).getByRole('button', { name: 'Use 2, 3' }).click();
  await expect(calc.getByTestId('pv-gunnery-outcome')).toContainText('5 hull points.');
});

test('cannon fire: double ones are a critical rolled on the d12 table', async ({ page }) => {
  await open(page);
  const calc = page.getByTestId('pv-gunnery');
  const pads = calc.getByTestId('dice-pad');
  await tapFaces(pads.first(), [1]);
  await pads.first().getByRole('button', { name: 'Use 1' }).click();
  await tapFaces(pads.nth(1), [1, 1]);
  await pads.nth(1).getByRole('button', { name: 'Use 1, 1' }).click();
  await expect(calc.getByTestId('pv-gunnery-extra')).toContainText(
    'Critical Hits table (Firing Low)'
  );
  await tapFaces(pads.nth(2), [9]);
  await pads.nth(2).getByRole('button', { name: 'Use 9' }).click();
  await expect(calc.getByTestId('pv-gunnery-outcome')).toContainText(
    'critical (low, 9): Water Line.'
  );
});

test('morale: Sea Dog captain and Seaman crew, natural 9 → 7, Disordered (Appendix C-1)', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('pv-morale');
  // C.7.4: commander + crew 2 → pass 8/12, disordered 1/12, strike 3/12.
  await expect(calc.getByTestId('odds-headline')).toHaveAttribute('data-fraction', '2/3');
  await expect(calc.locator('li.outcome[data-label="Disordered"]')).toHaveAttribute(
    'data-fraction',
    '1/12'
  );
  await expect(calc.locator('li.outcome[data-label="Strike"]')).toHaveAttribute(
    'data-fraction',
    '1/4'
  );
  const pad = calc.getByTestId('dice-pad');
  await tapFaces(pad, [9]);
  await pad.getByRole('button', { name: 'Use 9' }).click();
  await expect(calc.getByTestId('pv-morale-outcome')).toContainText('Fail by One [Disordered]');
  await expect(calc.getByTestId('roll-card')).toContainText('9 − 2 = 7, Fail by One [Disordered]');
});

test('reload: the typed d12 is the reload move’s, the Gunner’s gun loading on 6', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('pv-reload');
  // Gunner and crew rated 1: 4 + 2 = 6 loads the Gunner's gun only (C.4.5: 7+ all, his 6+).
  await enterFaces(calc.getByTestId('dice-pad'), [4]);
  await expect(calc.getByTestId('roll-card')).toContainText('Modified 6: 1 loaded');
  await expect(calc.getByTestId('pv-reload-outcome')).toContainText('Loaded: gun 1.');
});

test('boarding: the typed round is the boarding move’s, its losses on each side', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('pv-boarding');
  // Two crew board one: a 1 among the boarders' dice is the round (C.4.15).
  await setStepper(calc, 'Boarding crew', 2);
  await setStepper(calc, 'Boarding officers', 0);
  await setStepper(calc, 'Boarding marines', 0);
  await setStepper(calc, 'Defending crew', 1);
  await setStepper(calc, 'Defending officers', 0);
  await expect(calc.getByText('This round (2 v 1 dice)')).toBeVisible();
  await enterFaces(calc.getByTestId('dice-pad'), [1, 3, 4]);
  await expect(calc.getByTestId('pv-boarding-outcome')).toContainText(
    'The boarders win: the defender checks morale. Boarders lose 0 crew, 0 marines; defenders lose 1 crew, 0 marines.'
  );
});

test('boarding: the fight-to-the-end capture chance is worked out off the page, and big fights on request', async ({
  page
}) => {
  await open(page);
  const capture = page.getByTestId('pv-boarding-capture');
  // 10 crew, an officer and 2 marines against 8 and an officer (the calculator's start): too large
  // for exact fractions in UI time, so the worker's bounded figure (C.7.6).
  await expect(capture).toContainText('≈ 69.61%');
  await expect(capture).toContainText('approximate');
  // 60 a side takes seconds: offered as a button, never computed on a stepper tap.
  await page.getByRole('spinbutton', { name: 'Boarding crew' }).fill('60');
  await page.getByRole('spinbutton', { name: 'Defending crew' }).fill('60');
  await page.getByRole('spinbutton', { name: 'Defending crew' }).blur();
  const ask = capture.getByRole('button', { name: /Work out the chance/ });
  await expect(ask).toBeVisible();
  await ask.click();
  await expect(capture).toContainText('between', { timeout: 45_000 });
});

test('boarding: one more boarder updates the defenders’ dice where they stand (issue 40)', async ({
  page
}) => {
  await open(page);
  const calc = page.getByTestId('pv-boarding');
  const defenders = calc.getByTestId('dice-group').nth(1);
  await expect(defenders.getByRole('img').first()).toHaveAttribute(
    'aria-label',
    /^Die 19 of 28, d6/
  );
  // The defenders' section and first slot, marked: a pad that builds them again loses the mark.
  await defenders.evaluate((section) => {
    (section as HTMLElement).dataset.kept = 'yes';
    (section.querySelector('[role="img"]') as HTMLElement).dataset.kept = 'yes';
  });
  await calc.getByRole('button', { name: 'Increase Boarding crew' }).click();
  await expect(defenders.getByRole('img').first()).toHaveAttribute(
    'aria-label',
    /^Die 20 of 29, d6/
  );
  await expect(defenders).toHaveAttribute('data-kept', 'yes');
  await expect(defenders.getByRole('img').first()).toHaveAttribute('data-kept', 'yes');
});
