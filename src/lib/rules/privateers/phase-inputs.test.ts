import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 40: a deep link into a Privateers phase loads that phase's moves, and zod (9 KB gzip) came
// with them through their input schemas. The moves state their inputs as functions of the input
// kit (MoveSpec.input), which the session loads with the referee's first touch.
const PHASE_MOVES = [
  'moves-orders',
  'moves-sealed',
  'moves-initiative',
  'moves-movement',
  'moves-gunnery',
  'moves-tasks',
  'moves-boarding'
];

describe('the phases’ moves', () => {
  it.each(PHASE_MOVES)('%s imports neither zod nor the input kit', (name) => {
    const source = readFileSync(new URL(`./${name}.ts`, import.meta.url), 'utf8');
    expect(source).not.toMatch(
      /^import (?!type\b)[^;]*from '(zod(\/mini)?|[./]*engine\/input-kit)';/m
    );
  });
});
