// The state layer opens the app's own database: give it a fake IndexedDB first.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { library, saveTemplate } from './library.svelte';

describe('the ship library through the state layer', () => {
  it('a battle ship saved as a template is in the library with its side, player and sheet', async () => {
    const saved = await saveTemplate({
      systemId: 'privateers',
      name: 'Surprise',
      side: 'GB',
      player: 'Jack',
      sheet: { hull: 12 }
    });
    expect(saved?.battleId).toBeNull();
    await library.load();
    expect(library.ships.map((s) => [s.name, s.side, s.player, s.sheet])).toEqual([
      ['Surprise', 'GB', 'Jack', { hull: 12 }]
    ]);
  });
});
