import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * No module imports itself back through others (issue 35: four cycles had crept in, two of them
 * made by splits to meet the 600-line cap, and nothing caught a new one). Only imports that run
 * count: `import type` and `export type` are erased. The four cycles the issue found are untangled;
 * none is allowed back.
 */

const SRC = join(process.cwd(), 'src');
const LIB = join(SRC, 'lib');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) && !/\.(test|bench)\.ts$/.test(name) ? [path] : [];
  });
}

const RUNTIME_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('$lib/')) base = join(LIB, spec.slice(5));
  else if (spec === '$lib') base = LIB;
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.svelte`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(LIB)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(RUNTIME_IMPORT)) {
      // `import { type A, type B } from` imports nothing at run time.
      if (/\{\s*(type\s+\w+\s*,?\s*)+\}\s*from/.test(m[0])) continue;
      const to = resolveImport(file, m[1]);
      if (to && to !== file) targets.push(to);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** Strongly connected components of more than one module (Tarjan). */
function cycles(edges: Map<string, string[]>): string[] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1)
        out.push(
          scc
            .map((f) => relative(LIB, f))
            .sort()
            .join(' ↔ ')
        );
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out.sort();
}

describe('the import graph', () => {
  it('has no cycle (each is listed as its modules, sorted, joined by ↔)', () => {
    expect(cycles(graph())).toEqual([]);
  });

  it('finds a cycle of two modules (the check can fail)', () => {
    const a = join(LIB, 'engine/a.ts');
    const b = join(LIB, 'engine/b.ts');
    const c = join(LIB, 'engine/c.ts');
    const edges = new Map([
      [a, [b]],
      [b, [a, c]],
      [c, []]
    ]);
    expect(cycles(edges)).toEqual(['engine/a.ts ↔ engine/b.ts']);
  });

  it('follows a relative and a $lib import to the same module', () => {
    const fold = join(LIB, 'battle/fold.ts');
    const events = join(LIB, 'engine/events.ts');
    expect(resolveImport(fold, '../engine/events')).toBe(events);
    expect(resolveImport(fold, '$lib/engine/events')).toBe(events);
    expect(graph().get(fold)?.length ?? 0).toBeGreaterThan(0);
  });
});
