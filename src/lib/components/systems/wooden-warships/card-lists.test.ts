import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import WwCardLists from './WwCardLists.svelte';

// The cards the text names but does not print (SPEC B.6), as the referee entered them: one list per
// kind of card, each row its text and Edit / Remove buttons named after the card.

const LISTS = {
  captainCards: [
    {
      id: 'c1',
      name: 'Jack Aubrey',
      text: 'Lucky',
      modifiers: [{ source: 'Jack Aubrey', value: 5 }]
    }
  ],
  lootCards: [{ id: 'l1', name: 'Spanish silver', amount: 500 }],
  upgradeCards: [
    {
      id: 'u1',
      name: 'Copper bottom',
      cost: 250,
      text: '',
      effect: {
        hull: 0,
        rigging: 0,
        crew: 0,
        speedFull: 1,
        speedBattle: 0,
        speedTrim: 0,
        percent: -5
      }
    }
  ]
};

/** The rendered lists without the renderer's hydration markers and scoped-style classes. */
function listsOf(body: string): string[] {
  const plain = body.replace(/<!--[^>]*-->/g, '').replace(/ ?svelte-[a-z0-9]+/g, '');
  return [...plain.matchAll(/<ul[^>]*>[\s\S]*?<\/ul>/g)].map((m) => m[0]);
}

const list = (rows: string) => `<ul class="">${rows}</ul>`;
const row = (text: string, name: string) =>
  `<li class="card-row"><span>${text}</span> ` +
  `<button type="button" class="btn btn-ghost">Edit ${name}</button> ` +
  `<button type="button" class="btn btn-ghost">Remove ${name}</button></li>`;

describe('Wooden Warships card lists (server render)', () => {
  it('renders one list per kind of card: its text, Edit and Remove named after the card', () => {
    const { body } = render(WwCardLists, { props: { lists: LISTS, onchange: () => {} } });
    expect(listsOf(body)).toEqual([
      list(row('<strong>Jack Aubrey</strong> Lucky (+5 to hit)', 'Jack Aubrey')),
      list(row('Spanish silver: £500', 'Spanish silver')),
      list(row('Copper bottom: £250 — full sail +1, to hit % -5', 'Copper bottom'))
    ]);
    expect(body).toContain('Captain cards (1 of 6)');
    expect(body).toContain('Loot cards (1 of 20)');
    expect(body).toContain('Upgrade cards (1 of 20)');
  });

  it('renders empty lists when no card is entered, cards in the order entered', () => {
    const none = { captainCards: [], lootCards: [], upgradeCards: [] };
    expect(
      listsOf(render(WwCardLists, { props: { lists: none, onchange: () => {} } }).body)
    ).toEqual([list(''), list(''), list('')]);
    const two = {
      ...none,
      lootCards: [
        { id: 'l2', name: 'Gold', amount: 1000 },
        { id: 'l1', name: 'Silver', amount: 50 }
      ]
    };
    const body = render(WwCardLists, { props: { lists: two, onchange: () => {} } }).body;
    expect(listsOf(body)[1]).toBe(list(row('Gold: £1,000', 'Gold') + row('Silver: £50', 'Silver')));
  });
});
