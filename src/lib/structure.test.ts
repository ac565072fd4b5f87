import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SYSTEM_IDS } from '$lib/engine/catalog';

/**
 * The shape of the code (issue 12, DESIGN "Layers"): every rule system's folder has the same eight
 * files, and no module but tests and data tables grows past 600 lines. (Issue 35: the PENDING lists
 * of work in progress are gone with the work; the test that they only shrank could no longer fail.)
 */

const SRC = join(process.cwd(), 'src');

/** The files every `src/lib/rules/<system>/` has (topic files such as moves-gunnery.ts beside them). */
const RULES_FILES = ['index', 'tables', 'sheet', 'options', 'resolve', 'odds', 'moves', 'turn'];

const MAX_LINES = 600;

/** Modules that are data (typed tables transcribed from the rule texts), exempt from the limit. */
const DATA_TABLES: readonly string[] = [];

/** Test support: exempt like the tests themselves. */
const isTestFile = (path: string) =>
  /\.(test|bench|fixture)\.ts$/.test(path) || /test-helpers\.ts$/.test(path);

function missingFiles(): string[] {
  const out: string[] = [];
  for (const id of SYSTEM_IDS) {
    for (const f of RULES_FILES) {
      if (!existsSync(join(SRC, 'lib/rules', id, `${f}.ts`))) out.push(`${id}/${f}.ts`);
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

function longModules(): string[] {
  return sourceFiles(SRC)
    .map((p) => relative(SRC, p))
    .filter((p) => !isTestFile(p) && !DATA_TABLES.includes(p))
    .filter((p) => readFileSync(join(SRC, p), 'utf8').split('\n').length - 1 > MAX_LINES)
    .sort();
}

describe('the shape of the code', () => {
  it(`every rules folder has ${RULES_FILES.join(', ')}`, () => {
    expect(missingFiles()).toEqual([]);
  });

  it(`no module outside tests and data tables is over ${MAX_LINES} lines`, () => {
    expect(longModules()).toEqual([]);
  });
});
