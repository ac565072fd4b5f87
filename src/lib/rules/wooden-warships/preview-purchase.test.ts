import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { exampleChart } from './example-charts';
import { purchase, setCards, type PurchaseInput } from './moves';
import { attempt, emptyBattle, fleetsOf, must, played } from './moves.testkit';
import { DEFAULT_OPTIONS as O } from './options';
import { shipCost } from './resolve-setup';
import type { UpgradeCard } from './sheet';
import { systemOf } from './ships';
import { CREW_SKILLS, MINIATURES_IN_CHEST } from './tables';

// Issue 31 item 2: the fleet purchase (SPEC B.4.1 step 4) answers before the ship is bought what
// the move then does: the price paid is the funds' drop, the funds after are the player's funds
// in the battle once she is bought, the chest's warnings are the fleets' with her, and it refuses
// exactly where the move refuses. Every case is tried both ways on battles made by the real moves.

const funds = (s: BattleState, player: string): number => systemOf(s).players[player].funds;

const buy = (player: string, chart = exampleChart('Frigate')): PurchaseInput => ({
  player,
  name: `${chart.name} for ${player}`,
  chart,
  crewSkill: 'Novice'
});

/** Each player of the battle with the ships listed, bought in that order. */
const twoPlayers = () =>
  fleetsOf([
    { id: 'victory', player: 'Nelson', name: 'Victory', chart: exampleChart('ManOWar') },
    { id: 'fleche', player: 'Villeneuve', name: 'Fleche', chart: exampleChart('Frigate') }
  ]);

describe('purchase.preview: the price, the funds left and the chest before the ship is bought', () => {
  it('the price and the funds after are what the move takes, for every chart and crew skill', () => {
    const s = twoPlayers();
    for (const type of ['ManOWar', 'Frigate', 'Brig', 'Corvette', 'BattleSchooner'] as const) {
      for (const crewSkill of CREW_SKILLS) {
        const input: PurchaseInput = { ...buy('Villeneuve', exampleChart(type)), crewSkill };
        const seen = must(purchase.preview.odds(s, input, O));
        // The figure the screens showed before (the chart's price and the skill's surcharge).
        expect(seen.cost).toBe(shipCost(input.chart, crewSkill));
        expect(seen.fundsNow).toBe(funds(s, 'Villeneuve'));
        const r = attempt(purchase, s, { ...input, id: 'new' });
        expect(seen.refusal).toBe(r.ok ? null : r.error);
        if (!r.ok) continue;
        const after = played(s, purchase, { ...input, id: 'new' });
        expect(funds(s, 'Villeneuve') - funds(after, 'Villeneuve')).toBe(seen.cost);
        expect(funds(after, 'Villeneuve')).toBe(seen.fundsAfter);
      }
    }
  });

  it('a purchase beyond the funds is refused by both, with the same words (never below zero)', () => {
    // Two EXAMPLE Man O' Wars (£3,000 each) leave Nelson £1,000: a Frigate (£2,000) is too dear.
    const s = fleetsOf([
      { id: 'a', player: 'Nelson', name: 'A', chart: exampleChart('ManOWar') },
      { id: 'b', player: 'Nelson', name: 'B', chart: exampleChart('ManOWar') }
    ]);
    const input = buy('Nelson');
    const seen = must(purchase.preview.odds(s, input, O));
    const r = attempt(purchase, s, input);
    expect(r.ok).toBe(false);
    expect(seen.refusal).toBe(r.ok ? null : r.error);
    expect(seen.refusal).toBe('£2,000 is more than the £1,000 left.');
    // The price is still the button's, and the funds after would go below zero.
    expect(seen.cost).toBe(2000);
    expect(seen.fundsNow).toBe(1000);
    expect(seen.fundsAfter).toBe(-1000);
  });

  it('refuses where the move refuses: no such player, no name, a card not in the deck', () => {
    let s = twoPlayers();
    const card: UpgradeCard = {
      id: 'sails',
      name: 'Spare sails',
      cost: 100,
      text: '',
      effect: {
        hull: 0,
        rigging: 5,
        crew: 0,
        speedFull: 0,
        speedBattle: 0,
        speedTrim: 0,
        percent: 0
      }
    };
    s = played(s, setCards, { captainCards: [], lootCards: [], upgradeCards: [card] });
    const held = played(s, purchase, {
      ...buy('Nelson', exampleChart('Brig')),
      upgradeCardIds: ['sails']
    });
    for (const [state, input] of [
      [s, buy('Hood')],
      [s, { ...buy('Nelson'), name: '  ' }],
      [s, { ...buy('Nelson'), upgradeCardIds: ['nothing'] }],
      [s, { ...buy('Nelson'), lootCardId: 'nothing' }],
      [s, { ...buy('Nelson'), id: 'victory' }],
      [held, { ...buy('Villeneuve'), upgradeCardIds: ['sails'] }]
    ] as const) {
      const r = attempt(purchase, state, input);
      expect(r.ok).toBe(false);
      expect(must(purchase.preview.odds(state, input, O)).refusal).toBe(r.ok ? null : r.error);
    }
  });

  it("the chest's warnings count the fleets with her, and are the fleets' once she is bought", () => {
    // The chest holds 2 Man O' Wars (B.1): the third is allowed, and said before she is bought.
    const two = fleetsOf([
      { id: 'a', player: 'Nelson', name: 'A', chart: exampleChart('ManOWar') },
      { id: 'b', player: 'Villeneuve', name: 'B', chart: exampleChart('ManOWar') }
    ]);
    expect(must(purchase.preview.odds(two, buy('Villeneuve'), O)).warnings).toEqual([]);
    const third = buy('Villeneuve', exampleChart('ManOWar'));
    const seen = must(purchase.preview.odds(two, third, O));
    const said = `3 Man O' Wars with this ship; the chest has ${MINIATURES_IN_CHEST.ManOWar} miniatures.`;
    expect(seen.warnings).toEqual([said]);
    // Said, never refused.
    expect(seen.refusal).toBeNull();
    const three = played(two, purchase, { ...third, id: 'c' });
    // Once she is bought, the fleets' own count (any further ship's preview) says the same.
    expect(must(purchase.preview.odds(three, buy('Nelson'), O)).warnings).toEqual([said]);
  });

  it('asks for a player who has joined', () => {
    const r = attempt(purchase, emptyBattle(), buy('Nelson'));
    expect(r.ok).toBe(false);
    expect(must(purchase.preview.odds(emptyBattle(), buy('Nelson'), O)).refusal).toBe(
      r.ok ? null : r.error
    );
  });

  it('rolls nothing', () => {
    expect(must(purchase.preview.dice(twoPlayers(), buy('Nelson'), O))).toEqual([]);
  });
});
