import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The engine below the plug-ins (issue 35): `rules/` and `battle/` used to import each other, the
 * engine every system uses sitting inside the plug-in folder. Now the systems sit on top: `battle/`
 * imports the engine and itself, never a system (nor the registry that loads them), and the engine
 * imports nothing above it, not even the battle's types. Read from the files themselves (tests too), so a
 * test that needs a real system lives beside the systems, not in battle/.
 */

const LIB = join(process.cwd(), 'src/lib');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports (type or not), dynamic imports. */
const SPECIFIER =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Edge {
  from: string;
  /** The folder of src/lib imported ('engine', 'rules', …), or null for a package. */
  folder: string | null;
  spec: string;
  isTypeOnly: boolean;
}

function edgesOf(folder: string): Edge[] {
  return filesUnder(join(LIB, folder)).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = [
      ...[...text.matchAll(SPECIFIER)].map((m) => ({
        spec: m[3],
        isTypeOnly: !!m[2] || /\{\s*(type\s+\w+\s*,?\s*)+\}\s*from/.test(m[0])
      })),
      ...[...text.matchAll(DYNAMIC)].map((m) => ({ spec: m[1], isTypeOnly: false }))
    ];
    return found.map(({ spec, isTypeOnly }) => {
      const target = spec.startsWith('$lib/')
        ? join(LIB, spec.slice(5))
        : spec.startsWith('.')
          ? resolve(dirname(file), spec)
          : null;
      const path = target && relative(LIB, target);
      return {
        from: relative(LIB, file),
        folder: path && !path.startsWith('..') ? path.split('/')[0] : null,
        spec,
        isTypeOnly
      };
    });
  });
}

const show = (e: Edge) => `${e.from} → ${e.spec}`;

describe('the engine below the plug-ins (issue 35)', () => {
  it('battle/ imports only the engine and itself: no system, no registry, no storage or UI', () => {
    const edges = edgesOf('battle');
    expect(edges.filter((e) => e.folder === 'engine').length).toBeGreaterThan(0);
    expect(
      edges.filter((e) => e.folder !== null && !['battle', 'engine'].includes(e.folder)).map(show)
    ).toEqual([]);
  });

  it('the engine imports nothing of src/lib above it, not even a type of battle/', () => {
    // The event schema and the move contract are the engine's own (engine/events.ts, move.ts).
    const edges = edgesOf('engine');
    expect(edges.filter((e) => e.folder !== null && e.folder !== 'engine').map(show)).toEqual([]);
  });

  it('reads the imports it judges (a system import in battle/ would be seen)', () => {
    // The reader itself must be able to fail: the systems' own folder imports battle/ and the engine.
    const folders = new Set(edgesOf('rules').map((e) => e.folder));
    expect(folders).toContain('battle');
    expect(folders).toContain('engine');
  });
});
