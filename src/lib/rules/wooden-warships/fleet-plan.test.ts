import { describe, expect, it } from 'vitest';
import { exampleChart } from './example-charts';
import { playPlan, upgradeOn, withoutShip, type PlanStep } from './fleet-plan';
import { upgrade } from './moves';
import { fleetsOf, must, played } from './moves.testkit';
import { DEFAULT_OPTIONS as O } from './options';
import { applyUpgrade, effectiveSpeeds } from './resolve-turn';
import type { UpgradeCard } from './sheet';
import { shipAndSheet, systemOf } from './ships';
import { setCards } from './moves';

// Issue 31: the fleet purchase calculator plans by the moves (rules/wooden-warships/fleet-plan.ts):
// what it shows of a ship bought or upgraded is what the purchase and upgrade moves write on its
// battle, the same as on a battle the testkit builds by the same moves; compared with the figures
// the calculator worked out itself before (purchaseShip, applyUpgrade, effectiveSpeeds).

const card = (id: string, cost: number, speedFull = 0): UpgradeCard => ({
  id,
  name: id,
  cost,
  text: '',
  effect: { hull: 10, rigging: 0, crew: 0, speedFull, speedBattle: 0, speedTrim: 0, percent: 0 }
});
const COPPER = card('copper', 400, 1);
const SAILS = card('sails', 100);

const buy = (id: string, player: string, type: 'ManOWar' | 'Frigate' = 'Frigate'): PlanStep => ({
  kind: 'purchase',
  input: { id, player, name: id, chart: exampleChart(type), crewSkill: 'Novice' }
});
const cards: PlanStep = {
  kind: 'cards',
  input: { captainCards: [], lootCards: [], upgradeCards: [COPPER, SAILS] }
};
const fit = (shipId: string, cardId: string): PlanStep => ({
  kind: 'upgrade',
  input: { shipId, cardId }
});

describe('the fleet plan: every figure is a move’s', () => {
  it('the funds and each price are what the purchase wrote, as on the testkit battle', () => {
    const plan = must(playPlan([buy('a', 'Player 1', 'ManOWar'), buy('b', 'Player 1')]));
    const same = fleetsOf([
      { id: 'a', player: 'Player 1', name: 'a', chart: exampleChart('ManOWar') },
      { id: 'b', player: 'Player 1', name: 'b', chart: exampleChart('Frigate') }
    ]);
    expect(systemOf(plan.state).players['Player 1'].funds).toBe(
      systemOf(same).players['Player 1'].funds
    );
    expect(systemOf(plan.state).players['Player 1'].funds).toBe(7000 - 3000 - 2000);
    expect(plan.costs).toEqual({ a: 3000, b: 2000 });
  });

  it('a purchase beyond the funds is left out, with the move’s refusal', () => {
    const plan = must(
      playPlan([
        buy('a', 'Player 1', 'ManOWar'),
        buy('b', 'Player 1', 'ManOWar'),
        buy('c', 'Player 1', 'ManOWar')
      ])
    );
    expect(plan.steps).toHaveLength(2);
    expect(systemOf(plan.state).players['Player 1'].funds).toBe(1000);
  });

  it("an upgrade's speeds and funds are upgrade.preview's and what the move writes (as before)", () => {
    const plan = must(playPlan([buy('a', 'Player 1'), cards]));
    const on = must(upgradeOn(plan.state, 'a', 'copper', O));
    const seen = must(upgrade.preview.odds(on.state, on.input, O));
    const after = must(playPlan([buy('a', 'Player 1'), cards, fit('a', 'copper')]));
    const her = must(shipAndSheet(after.state, 'a')).sheet;
    expect(effectiveSpeeds(her)).toEqual(seen.speedsAfter);
    expect(systemOf(after.state).players['Player 1'].funds).toBe(seen.fundsAfter);
    expect(seen.fundsAfter).toBe(5000 - 400);
    // The old calculator's figures on the same input (the card added to her hold, applyUpgrade).
    const before = must(shipAndSheet(plan.state, 'a')).sheet;
    const old = must(
      applyUpgrade({
        state: systemOf(plan.state),
        player: 'Player 1',
        sheet: { ...before, upgradeCards: [COPPER] },
        cardId: 'copper',
        isStationary: true
      })
    );
    expect(effectiveSpeeds(old.sheet)).toEqual(seen.speedsAfter);
    expect(old.state.players['Player 1'].funds).toBe(seen.fundsAfter);
    // As the testkit's battle fits it: the card in her hold, the move played.
    let s = fleetsOf([{ id: 'a', player: 'Player 1', name: 'a', chart: exampleChart('Frigate') }]);
    s = played(s, setCards, cards.input as never);
    const kit = must(upgradeOn(s, 'a', 'copper', O));
    expect(must(upgrade.preview.odds(kit.state, kit.input, O)).speedsAfter).toEqual(
      seen.speedsAfter
    );
  });

  it('a second upgrade of the same ship waits for her next turn (an upgrade ends hers)', () => {
    const plan = must(
      playPlan([buy('a', 'Player 1'), cards, fit('a', 'copper'), fit('a', 'sails')])
    );
    expect(plan.steps).toHaveLength(4);
    expect(plan.state.turn).toBe(2);
    expect(must(shipAndSheet(plan.state, 'a')).sheet.appliedUpgrades.map((c) => c.id)).toEqual([
      'copper',
      'sails'
    ]);
    expect(systemOf(plan.state).players['Player 1'].funds).toBe(5000 - 400 - 100);
  });

  it("each card is fitted once: another ship's is refused (before, the calculator fitted it twice)", () => {
    const steps = [buy('a', 'Player 1'), buy('b', 'Player 2'), cards, fit('a', 'copper')];
    const plan = must(playPlan(steps));
    const again = upgradeOn(plan.state, 'b', 'copper', O);
    expect(again.ok).toBe(false);
    expect(must(playPlan([...steps, fit('b', 'copper')])).steps).toHaveLength(4);
  });

  it('removing a ship plays the plan again without her: her price and her card come back', () => {
    const steps = [buy('a', 'Player 1'), buy('b', 'Player 2'), cards, fit('a', 'copper')];
    const plan = must(playPlan(withoutShip(steps, 'a')));
    expect(systemOf(plan.state).players['Player 1'].funds).toBe(7000);
    expect(plan.state.ships['a']).toBeUndefined();
    // Copper is in the deck again: Player 2's ship may fit it.
    const refit = must(playPlan([...withoutShip(steps, 'a'), fit('b', 'copper')]));
    expect(refit.steps).toHaveLength(3);
    expect(systemOf(refit.state).players['Player 2'].funds).toBe(7000 - 2000 - 400);
  });
});
