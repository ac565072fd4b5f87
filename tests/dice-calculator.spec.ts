import { expect, test, type Locator, type Page } from '@playwright/test';

/** Exact P(sum of n dN) as reduced fractions, by listing every one of the N^n rolls. */
function enumerateSums(n: number, sides: number): Map<number, string> {
  const counts = new Map<number, number>();
  const walk = (k: number, acc: number): void => {
    if (k === 0) {
      counts.set(acc, (counts.get(acc) ?? 0) + 1);
      return;
    }
    for (let f = 1; f <= sides; f++) walk(k - 1, acc + f);
  };
  walk(n, 0);
  const total = sides ** n;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const out = new Map<number, string>();
  for (const [v, c] of counts) {
    const g = gcd(c, total);
    out.set(v, c === total ? '1' : `${c / g}/${total / g}`);
  }
  return out;
}

interface RollRecord {
  expression: string;
  roll: { source: string; dice: { sides: number; face: number; label?: string }[] };
  total: number;
  outcome: string;
}

async function openCalculator(page: Page, expression: string): Promise<Locator> {
  await page.goto('/calculators');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculators' })).toBeVisible();
  const calc = page.getByTestId('dice-calculator');
  await calc.getByLabel('Dice expression').fill(expression);
  return calc;
}

async function readRecord(calc: Locator): Promise<RollRecord> {
  const text = await calc.getByTestId('roll-record').textContent();
  return JSON.parse(text ?? 'null') as RollRecord;
}

test('the dice calculator gives the exact distribution of 3d6 that enumerating all 216 rolls gives', async ({
  page
}) => {
  const calc = await openCalculator(page, '3d6');
  const rows = calc.getByTestId('odds-table').locator('tbody tr');
  await expect(rows).toHaveCount(16);
  const shown = await rows.evaluateAll((trs) =>
    trs.map(
      (tr) => [Number(tr.getAttribute('data-value')), tr.getAttribute('data-fraction')] as const
    )
  );
  expect(new Map(shown)).toEqual(enumerateSums(3, 6));

  // The fractions are on screen on request, not only in attributes.
  const table = calc.getByRole('table', { name: /chance of each value/ });
  await calc.getByRole('button', { name: 'Show fractions' }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /^10\b/ })).toContainText('1/8');
  await expect(table.getByRole('row', { name: /^3\b/ })).toContainText('1/216');
  await expect(calc.getByRole('img', { name: /3 to 18; most likely 10 and 11/ })).toBeVisible();
});

test('an app roll and the same faces typed in give identical records apart from the source', async ({
  page
}) => {
  const calc = await openCalculator(page, '2d6+d8+1');
  await calc.getByRole('button', { name: 'Roll 2d6 + d8' }).click();
  const app = await readRecord(calc);
  expect(app.roll.source).toBe('app');
  expect(app.roll.dice.map((d) => d.sides)).toEqual([6, 6, 8]);
  const faces = app.roll.dice.map((d) => d.face);
  expect(app.total).toBe(faces.reduce((a, b) => a + b, 1));

  // Type the same faces on the keypad, with a slip corrected on the way.
  const pad = calc.getByTestId('dice-pad');
  const keypad = pad.getByRole('group', { name: /^Face of die/i });
  const wrong = faces[0] === 1 ? 2 : 1;
  await keypad.getByRole('button', { name: String(wrong), exact: true }).click();
  await pad.getByRole('button', { name: /^Die 1 of 3, d6\b.*: \d+\. Tap to clear/ }).click();
  for (const f of faces) await keypad.getByRole('button', { name: String(f), exact: true }).click();
  await pad.getByRole('button', { name: `Use ${faces.join(', ')}` }).click();

  const typed = await readRecord(calc);
  expect(typed.roll.source).toBe('entered');
  expect({ ...typed, roll: { ...typed.roll, source: '' } }).toEqual({
    ...app,
    roll: { ...app.roll, source: '' }
  });
  const card = calc.getByTestId('roll-card').first();
  await expect(card).toHaveAttribute('data-source', 'entered');
  await expect(card).toHaveAttribute('data-faces', faces.join(','));
  await expect(calc.getByTestId('odds-luck')).toContainText(`Rolled ${typed.total}`);
});

test('a bad expression says where it is wrong and keeps the last good odds', async ({ page }) => {
  const calc = await openCalculator(page, '2d6');
  await expect(calc.getByTestId('odds-table').locator('tbody tr')).toHaveCount(11);
  await calc.getByLabel('Dice expression').fill('2d6+');
  await expect(calc.getByRole('alert')).toContainText('character');
  await expect(calc.getByTestId('odds-table').locator('tbody tr')).toHaveCount(11);
});

test('the chance of a target total is exact and follows the stepper and the mode', async ({
  page
}) => {
  const calc = await openCalculator(page, '3d6');
  const headline = calc.getByTestId('odds-headline');
  // Starts at the first total at or above the average (10.5): P(3d6 >= 11) = 108/216.
  await expect(calc.getByRole('spinbutton', { name: 'Target' })).toHaveValue('11');
  await expect(headline).toHaveText('50.0%');
  await expect(headline).toHaveAttribute('data-fraction', '1/2');
  await calc.getByRole('button', { name: 'Increase Target' }).click();
  await expect(headline).toHaveAttribute('data-fraction', '3/8'); // 81/216
  await expect(headline).toHaveText('37.5%');
  await calc.getByLabel('Chance of a total').selectOption('atMost');
  await expect(headline).toHaveAttribute('data-fraction', '20/27'); // 160/216
  await calc.getByRole('spinbutton', { name: 'Target' }).fill('3');
  await calc.getByRole('spinbutton', { name: 'Target' }).blur();
  await expect(headline).toHaveAttribute('data-fraction', '1/216');
  await expect(headline).toHaveText('0.5%');
});

test('a d20 is typed into a number field, and a face it does not have is refused', async ({
  page
}) => {
  const calc = await openCalculator(page, 'd20+2');
  const pad = calc.getByTestId('dice-pad');
  const field = pad.getByLabel(/^Face of Die 1 of 1, d20/);
  await field.fill('21');
  await pad.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(pad).toContainText('21 is not a face of a d20');
  await field.fill('17');
  await pad.getByRole('button', { name: 'Add', exact: true }).click();
  await pad.getByRole('button', { name: 'Use 17' }).click();
  const record = await readRecord(calc);
  expect(record).toMatchObject({ expression: '1d20 + 2', total: 19, roll: { source: 'entered' } });
  expect(record.roll.dice).toEqual([{ sides: 20, face: 17, label: '1d20' }]);
});
