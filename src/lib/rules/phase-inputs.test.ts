import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 40: a deep link into a phase loads that phase's moves, and zod (9 KB gzip) came with them
// through their input schemas. The moves state their inputs as functions of the input kit
// (MoveSpec.input), which the session loads with the referee's first touch; the sheets' schemas
// are sheet-schema.ts's, loaded where a sheet enters the log. So neither zod, the input kit nor a
// sheet schema is a static import of these modules.
const PHASE_MODULES = [
  ...[
    'moves-orders',
    'moves-sealed',
    'moves-initiative',
    'moves-movement',
    'moves-gunnery',
    'moves-tasks',
    'moves-boarding'
  ].map((m) => `privateers/${m}`),
  ...['moves-movement', 'moves-gunnery', 'moves-boarding', 'moves-island', 'moves-upgrade'].map(
    (m) => `wooden-warships/${m}`
  ),
  ...[
    'moves-wind',
    'moves-movement',
    'moves-engagement',
    'moves-boarding',
    'moves-raid',
    // The fleet list reads the hands on the live table (ship-card.ts).
    'cards-hands'
  ].map((m) => `master-and-commander/${m}`),
  // The M&C movement and engagement panels' drafts.
  '../components/systems/master-and-commander/mc-ui',
  // The sheets as the fold, the panels and the views read them: types only.
  'privateers/sheet',
  'wooden-warships/sheet',
  'master-and-commander/sheet'
];

/** The source of a module of `lib/rules` (or a path from there; a component by its file name). */
const sourceOf = (name: string) =>
  readFileSync(
    new URL(`./${name}${name.endsWith('.svelte') ? '' : '.ts'}`, import.meta.url),
    'utf8'
  );

describe('the modules a phase’s screen loads', () => {
  it.each(PHASE_MODULES)('%s imports neither zod, the input kit nor a sheet schema', (name) => {
    expect(sourceOf(name)).not.toMatch(
      /^import (?!type\b)[^;]*from '(zod(\/mini)?|[./]*engine\/input-kit|\.\/sheet-schema)';/m
    );
  });
});

// Issue 40: a calculators page built zod's schemas as it hydrated (its first calculator's battle
// is set up by the set-up move and edited by the sheet edit, both checked with zod), the longest
// part of its longest task. What they need loads while the page is idle (calculator-setup.ts), so
// the modules of the page's first render import neither it nor zod.
const CALCULATOR_MODULES = [
  'privateers/calculator-battle',
  'wooden-warships/calculator-battle',
  'master-and-commander/calculator-battle',
  // The M&C page's first calculator, in its HTML: the others load apart, once it is up.
  '../components/systems/master-and-commander/McFirstPlayerCalculator.svelte',
  '../battle/scratch'
];

describe('the modules a calculators page’s first render loads', () => {
  it.each(CALCULATOR_MODULES)('%s imports no zod, set-up move, sheet edit or schema', (name) => {
    expect(sourceOf(name)).not.toMatch(
      /^\s*import (?!type\b)[^;]*from '(zod(\/mini)?|[./$a-z-]*(engine\/input-kit|\/sheet-schema|\/moves-setup|\/moves-cards|\/ship-moves))';/m
    );
  });
});
