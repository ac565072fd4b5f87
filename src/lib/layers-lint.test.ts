import { describe, expect, it } from 'vitest';
import {
  importErrors,
  lintErrors,
  probeFor,
  svelteCode,
  svelteProbe,
  tsProbe
} from './lint-probe.test-helpers';

// Issue 35: the layer rules are only as good as the lint that holds them. The first version banned
// `$lib/db` but the layers import each other by relative path, so `../../db/core` passed unnoticed.
// Each probe below is a file a careless change could write; the real eslint.config.js must refuse it,
// by `$lib` path and by relative path alike.

const FORBIDDEN: { layer: string; file: string; specifier: string }[] = [
  // The pure layers: no storage, no UI, no Svelte, no SvelteKit runtime.
  { layer: 'rules', file: 'src/lib/rules/privateers/probe.ts', specifier: '../../db/core' },
  { layer: 'rules', file: 'src/lib/rules/privateers/probe.ts', specifier: '$lib/db/core' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: '../state/storage.svelte' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: 'svelte' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: '../db/core' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: 'dexie' },
  { layer: 'battle', file: 'src/lib/battle/probe.ts', specifier: '../db/core' },
  { layer: 'battle', file: 'src/lib/battle/probe.ts', specifier: '../state/battle.svelte' },
  { layer: 'battle', file: 'src/lib/battle/probe.ts', specifier: '$app/state' },
  {
    layer: 'battle',
    file: 'src/lib/battle/probe.ts',
    specifier: '../components/battle/status'
  },
  // The engine and the battle log sit below the systems: no system, no registry, no live table.
  { layer: 'battle', file: 'src/lib/battle/probe.ts', specifier: '../rules/privateers' },
  { layer: 'battle', file: 'src/lib/battle/probe.ts', specifier: '../rules/registry' },
  {
    layer: 'battle',
    file: 'src/lib/battle/probe.ts',
    specifier: '$lib/rules/wooden-warships/moves'
  },
  { layer: 'battle', file: 'src/lib/battle/probe.ts', specifier: '../live/replica' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: '../rules/master-and-commander' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: '$lib/rules/registry' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: '../battle/fold' },
  { layer: 'engine', file: 'src/lib/engine/probe.ts', specifier: '$lib/battle/actions' },
  { layer: 'report', file: 'src/lib/report/probe.ts', specifier: '../db/core' },
  { layer: 'report', file: 'src/lib/report/probe.ts', specifier: '$lib/state/storage.svelte' },
  // Components and routes reach storage only through src/lib/state.
  {
    layer: 'components',
    file: 'src/lib/components/battle/Probe.svelte',
    specifier: '../../db/core'
  },
  {
    layer: 'components',
    file: 'src/lib/components/battle/Probe.svelte',
    specifier: '$lib/db/core'
  },
  {
    layer: 'components',
    file: 'src/lib/components/battle/probe.ts',
    specifier: '../../db/core'
  },
  { layer: 'routes', file: 'src/routes/battles/[id]/Probe.svelte', specifier: '$lib/db' },
  { layer: 'routes', file: 'src/routes/settings/Probe.svelte', specifier: '../../lib/db/core' },
  // Only the db layer imports Dexie.
  { layer: 'state', file: 'src/lib/state/probe.ts', specifier: 'dexie' }
];

/** The storage bans' messages for a file (components hold no storage, issue 35). */
function storageErrors(filePath: string, code: string): Promise<string[]> {
  return lintErrors(filePath, code, /^no-restricted-(globals|properties)$/);
}

const STORAGE_TOUCH: { file: string; code: string }[] = [
  {
    file: 'src/lib/components/report/Probe.svelte',
    code: svelteCode(`const size = localStorage.getItem('k');`)
  },
  {
    file: 'src/lib/components/dice/probe.ts',
    code: `export const keep = (v: string) => sessionStorage.setItem('k', v);\n`
  },
  {
    file: 'src/lib/components/systems/master-and-commander/Probe.svelte',
    code: svelteCode(`window.localStorage.setItem('k', 'v');`)
  },
  {
    file: 'src/routes/settings/Probe.svelte',
    code: svelteCode(`const s = globalThis.sessionStorage;`)
  }
];

describe('the layer lint (issue 35)', () => {
  for (const { file, code } of STORAGE_TOUCH) {
    it(`refuses a component or page touching the storage itself (${file})`, async () => {
      expect((await storageErrors(file, code)).join('\n')).toContain('Components hold no storage');
    });
  }

  it('lets lib/state keep drafts and settings', async () => {
    const code = `export const keep = (v: string) => localStorage.setItem('k', v);\n`;
    expect(await storageErrors('src/lib/state/probe.ts', code)).toEqual([]);
  });

  for (const { layer, file, specifier } of FORBIDDEN) {
    it(`refuses ${layer} importing '${specifier}' (${file})`, async () => {
      const code = probeFor(file, specifier);
      expect(await importErrors(file, code)).not.toEqual([]);
    });
  }

  it('lets each layer import what it may (the probes fail for the import, not the file)', async () => {
    expect(
      await importErrors('src/lib/rules/privateers/probe.ts', tsProbe('../../engine/dice'))
    ).toEqual([]);
    expect(await importErrors('src/lib/battle/probe.ts', tsProbe('./fold'))).toEqual([]);
    expect(await importErrors('src/lib/battle/probe.ts', tsProbe('../engine/dice'))).toEqual([]);
    expect(await importErrors('src/lib/engine/probe.ts', tsProbe('./events'))).toEqual([]);
    // Not even a type: the event schema and the move contract are the engine's own.
    expect(
      await importErrors(
        'src/lib/engine/probe.ts',
        "import type { History } from '../battle/actions';\nexport type H = History;\n"
      )
    ).not.toEqual([]);
    expect(await importErrors('src/lib/rules/probe.ts', tsProbe('./privateers'))).toEqual([]);
    expect(
      await importErrors('src/lib/components/battle/Probe.svelte', svelteProbe('$lib/state/errors'))
    ).toEqual([]);
    expect(await importErrors('src/lib/state/probe.ts', tsProbe('$lib/db/core'))).toEqual([]);
    expect(await importErrors('src/lib/db/probe.ts', tsProbe('dexie'))).toEqual([]);
  });
});
