import { expect, test } from '@playwright/test';
import { addShip, newBattle, next, type SystemName } from './screen';
import { dismissOfflineNotice } from './table';

// Opening a battle (a deep link, a reload) draws it in place: nothing on the screen moves once
// drawn. The step's panel used to arrive after the rest of the page and push the fleet and the log
// down (Lighthouse layout shift 0.21, issue 18 goal 4), where a tap aimed at a ship landed on the
// panel instead.

dismissOfflineNotice();

const CASES: { system: SystemName; step: 'set-up' | 'in play' }[] = [
  { system: 'Privateers', step: 'in play' },
  { system: 'Wooden Warships', step: 'in play' },
  // Set-up shows the referee's ship classes, read from the device when the page opens.
  { system: 'Privateers', step: 'set-up' }
];

for (const { system, step } of CASES) {
  test(`a ${system} battle ${step} opens without moving what it has drawn`, async ({
    page,
    context
  }) => {
    test.setTimeout(90_000);
    await newBattle(page, `Steady ${system}`, system);
    await addShip(page, 'Surprise', 'British');
    await addShip(page, 'Acheron', 'French');
    // Past the set-up step, as a battle in play is (and the 1,000-event battle Lighthouse opens).
    if (step === 'in play') await next(page);
    const url = page.url();

    // A phone's CPU (4× slower), so the page's parts arrive one task apart as they do there.
    const phone = await context.newPage();
    const cdp = await context.newCDPSession(phone);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await phone.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null }[];
        })[]) {
          if (e.hadRecentInput) continue;
          shifts.push({
            value: e.value,
            moved: e.sources.map((s) =>
              s.node instanceof Element
                ? `${s.node.tagName} ${s.node.className}`
                : (s.node?.nodeName ?? 'none')
            )
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await phone.goto(url);
    await expect(phone.getByRole('heading', { name: 'Ships', exact: true })).toBeVisible({
      timeout: 30_000
    });
    await expect(phone.getByText(/^Set-up:/).first()).toBeVisible();
    await expect(phone.getByRole('heading', { name: /^Log/ })).toBeVisible();
    // Whatever was still to come has come.
    await phone.waitForTimeout(1500);
    const shifts = await phone.evaluate(
      () => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, `moved: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
    await phone.close();
  });
}
