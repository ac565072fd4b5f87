import { describe, expect, it } from 'vitest';
import { importErrors, probeFor, tsProbe } from './lint-probe.test-helpers';

// Issue 40: a system's moves barrel (rules/<system>/moves.ts) imports every move of the system, and
// a panel that imported it put them all on the battle's first screen (the Privateers deep link
// carried its 38 KB of moves). The app (components, routes, state) imports each move from its own
// module or loads the list through withMoves; the real eslint.config.js must refuse the barrel, by
// `$lib` path and by relative path alike, as layers-lint.test.ts holds the layers.

const BARRELS: { file: string; specifier: string }[] = [
  {
    file: 'src/lib/components/systems/privateers/Probe.svelte',
    specifier: '$lib/rules/privateers/moves'
  },
  {
    file: 'src/lib/components/systems/wooden-warships/probe.ts',
    specifier: '../../../rules/wooden-warships/moves'
  },
  {
    file: 'src/routes/battles/[id]/Probe.svelte',
    specifier: '$lib/rules/master-and-commander/moves'
  },
  { file: 'src/routes/calculators/[system]/probe.ts', specifier: '$lib/rules/privateers/moves.ts' },
  { file: 'src/lib/state/probe.ts', specifier: '../rules/master-and-commander/moves' },
  { file: 'src/lib/state/probe.svelte.ts', specifier: '$lib/rules/wooden-warships/moves' }
];

describe('the moves barrel lint (issue 40)', () => {
  for (const { file, specifier } of BARRELS) {
    it(`refuses '${specifier}' in ${file}`, async () => {
      expect((await importErrors(file, probeFor(file, specifier))).join('\n')).toContain(
        "imports no system's moves barrel"
      );
    });
  }

  it('lets the app import a move from its own module, and the rules and tests use the barrel', async () => {
    for (const [file, specifier] of [
      ['src/lib/components/systems/privateers/Probe.svelte', '$lib/rules/privateers/moves-gunnery'],
      ['src/routes/battles/[id]/probe.ts', '$lib/rules/master-and-commander/moves-wind'],
      ['src/lib/state/probe.ts', '../rules/with-moves'],
      ['src/lib/rules/privateers/probe.ts', './moves'],
      ['src/lib/components/systems/privateers/probe.test.ts', '$lib/rules/privateers/moves']
    ])
      expect(
        await importErrors(file, probeFor(file, specifier)),
        `${specifier} in ${file}`
      ).toEqual([]);
  });

  it('keeps the Dexie ban on lib/state beside it', async () => {
    expect(await importErrors('src/lib/state/probe.ts', tsProbe('dexie'))).not.toEqual([]);
  });
});
