import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 35: the README's map is how the next engineer finds their way; a folder it leaves out is a
// folder nobody looks for. Every folder of src/lib (and every rules folder) is named in the map.

const README = readFileSync('README.md', 'utf8');
const MAP = README.slice(README.indexOf('## Map of the code'), README.indexOf('## Adding a rule'));

const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'fixtures')
    .map((d) => d.name);

describe("the README's map of the code", () => {
  it('names every folder of src/lib', () => {
    const missing = foldersOf('src/lib').filter((f) => !MAP.includes(`${f}/`));
    expect(missing, 'add these folders to "Map of the code" in README.md').toEqual([]);
  });

  it('names every rules folder and every top-level module of src/lib/rules', () => {
    const modules = readdirSync('src/lib/rules').filter(
      (f) => f.endsWith('.ts') && !f.includes('.test')
    );
    const missing = [...foldersOf('src/lib/rules').map((f) => `${f}/`), ...modules].filter(
      (f) => !MAP.includes(f)
    );
    expect(missing).toEqual([]);
  });

  it('points to the design page in the repository', () => {
    expect(README).toContain('docs/DESIGN.md');
    expect(existsSync('docs/DESIGN.md')).toBe(true);
  });
});
