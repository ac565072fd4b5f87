import { describe, expect, it } from 'vitest';
import { hintedChunks } from './compile-hints';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({
  fileName,
  moduleIds: moduleIds.map((m) => `/work/app/${m}`),
  imports
});

describe('hintedChunks', () => {
  const chunks = [
    chunk('start.js', ['src/routes/+page.svelte'], ['shared.js']),
    chunk('shared.js', ['src/lib/engine/dist.ts']),
    chunk('broadside.js', [
      'src/lib/components/systems/privateers/PvBroadside.svelte',
      'src/lib/components/systems/privateers/PvFireUnderWay.svelte'
    ]),
    chunk('pad.js', [
      'src/lib/state/own-source.svelte.ts',
      'src/lib/components/dice/DicePad.svelte'
    ]),
    chunk('calculators.js', [
      'src/lib/rules/privateers/calculator-battle.ts',
      'src/lib/components/systems/privateers/PvGunneryCalculator.svelte',
      'src/lib/components/systems/privateers/PvDamageDice.svelte'
    ]),
    chunk('odds.js', ['src/lib/rules/privateers/odds.ts']),
    chunk('ww.js', ['src/lib/components/systems/wooden-warships/WwFire.svelte'])
  ];

  it("marks the start page's graph and Privateers' step panels with their dice pads", () => {
    expect([...hintedChunks(chunks)].sort()).toEqual([
      'broadside.js',
      'pad.js',
      'shared.js',
      'start.js'
    ]);
  });

  it("leaves the calculators, the rules engine and other systems' panels to lazy compilation", () => {
    const hinted = hintedChunks(chunks);
    for (const name of ['calculators.js', 'odds.js', 'ww.js']) expect(hinted.has(name)).toBe(false);
  });
});
