import { expect, test } from '@playwright/test';
import { newBattle } from './screen';
import { dismissOfflineNotice } from './table';

// A battle's own links (Battle, Report, Print logs, Table display) on a 360 px phone: on one line,
// each a 44 px target. They wrapped to two lines (88 px tall), "Table display" alone on the second,
// pushing the turn's card down by a row on the screen a referee looks at most.

dismissOfflineNotice();
test.use({ viewport: { width: 360, height: 740 } });

test('a battle’s links fit one line at 360 px, each a 44 px target, none off the screen', async ({
  page
}) => {
  await newBattle(page, 'Links on a phone', 'Wooden Warships');
  const boxes = await page
    .getByRole('navigation', { name: 'This battle' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => {
        const b = a.getBoundingClientRect();
        return {
          name: a.textContent?.trim(),
          top: b.top,
          right: b.right,
          width: b.width,
          height: b.height
        };
      })
    );
  expect(boxes.map((b) => b.name)).toEqual(['Battle', 'Report', 'Print logs', 'Table display']);
  for (const b of boxes) {
    expect(b.top, `${b.name} on the first line`).toBeCloseTo(boxes[0].top, 0);
    expect(b.height, `${b.name} 44 px tall`).toBeGreaterThanOrEqual(44);
    expect(b.width, `${b.name} 44 px wide`).toBeGreaterThanOrEqual(44);
    expect(b.right, `${b.name} on the screen`).toBeLessThanOrEqual(360);
  }
});
