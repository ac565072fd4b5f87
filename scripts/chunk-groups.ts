import type { Plugin } from 'vite';

/**
 * Fewer, larger chunks, each loaded in exactly the pages and moments its modules were (issue 40).
 *
 * Rolldown's automatic chunking puts modules in one chunk when the same entries reach them, an
 * entry being SvelteKit's start, each route node, and every `import()` target (a lazy panel, a
 * system's engine). That is exact for a bundle whose dynamic imports are independent, but ours are
 * not: nothing loads a battle panel without the battle page, nor any page without the root layout.
 * A module reached from the battle page and from a battle panel then sits in its own small chunk
 * beside one reached from the battle page alone, though every page loads both or neither; a deep
 * link to a battle fetched 75 files, and their gzip overhead (each file compressed alone, its
 * imports and exports named) was about 9 KB of its 118.
 *
 * So: for each entry, the entries surely loaded whenever it is (its `implied` set: a dynamic entry
 * runs only after one of its importers did, and each importer only after one of the entries that
 * reach it). For each module, the entries that reach it statically, minus every entry that implies
 * another of them: loading either was loading the other. Modules with the same remaining entries
 * are loaded together on every page and at every moment, and share one chunk; nothing is fetched
 * that was not before. Entries that imply each other count as one.
 */

/** The part of Rolldown's module info the grouping reads. */
export type ModuleGraphInfo = {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
};
export type GetModuleInfo = (id: string) => ModuleGraphInfo | null;
/** Rolldown's chunking context, as far as read here (app.js's code for its route dictionary). */
type ChunkingContext = {
  getModuleInfo(id: string): (ModuleGraphInfo & { code: string | null }) | null;
};

/**
 * The group of every module of the graph `start` belongs to, by id: modules of one group are loaded
 * together. `isRoot`: modules every page loads (SvelteKit's entries, the root layout). Each pair of
 * `loadsOnlyWith` says what the graph cannot: an entry matching the first is loaded only where a
 * module matching the second is.
 */
export function loadTogetherGroups(
  start: string,
  getModuleInfo: GetModuleInfo,
  isRoot: (id: string) => boolean,
  loadsOnlyWith: readonly (readonly [RegExp, RegExp])[] = []
): Map<string, string> {
  const info = new Map<string, ModuleGraphInfo>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (info.has(id)) continue;
    const m = getModuleInfo(id);
    if (!m) continue;
    info.set(id, m);
    queue.push(
      ...m.importedIds,
      ...m.dynamicallyImportedIds,
      ...m.importers,
      ...m.dynamicImporters
    );
  }
  const ids = [...info.keys()].sort();
  const entries = ids.filter((id) => {
    const m = info.get(id)!;
    return m.isEntry || m.dynamicImporters.length > 0 || isRoot(id);
  });
  const roots = new Set(entries.filter(isRoot));

  // reach: module -> the entries whose static import graph holds it.
  const reach = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  for (const entry of entries) {
    const stack = [entry];
    while (stack.length > 0) {
      const id = stack.pop()!;
      const r = reach.get(id);
      if (!r || r.has(entry)) continue;
      r.add(entry);
      stack.push(...info.get(id)!.importedIds);
    }
  }

  // holds: entry -> the other entries in its static import graph, which load with it.
  const holds = new Map<string, string[]>(entries.map((e) => [e, []]));
  for (const e of entries) for (const by of reach.get(e)!) if (by !== e) holds.get(by)!.push(e);

  // loadedBefore: entry -> entries loaded whenever it is, as its dominators: a dynamic entry runs
  // only after one of its importers did, each importer only after one of the entries reaching it.
  // The greatest fixed point (as for dominators): start from all, narrow to what every way of
  // loading it guarantees.
  const loadedBefore = new Map<string, Set<string>>(entries.map((e) => [e, new Set(entries)]));
  for (let changed = true; changed;) {
    changed = false;
    for (const e of entries) {
      const m = info.get(e)!;
      // Every page loads a root, whoever else imports it.
      let sure: Set<string> | null = roots.has(e) ? new Set(roots) : null;
      for (const importer of roots.has(e) ? [] : [...m.importers, ...m.dynamicImporters]) {
        // An importer that is an entry ran: that entry is loaded, however its module was reached.
        const vias = loadedBefore.has(importer) ? [importer] : (reach.get(importer) ?? []);
        for (const via of vias) {
          const loaded = loadedBefore.get(via)!;
          sure = sure === null ? new Set(loaded) : intersect(sure, loaded);
        }
      }
      const next = new Set(sure ?? []);
      next.add(e);
      // A module loaded only with the host module: whatever loading the host guarantees.
      for (const [entry, host] of loadsOnlyWith) {
        if (!entry.test(e)) continue;
        for (const h of ids.filter((id) => host.test(id))) {
          let withHost: Set<string> | null = null;
          for (const via of loadedBefore.has(h) ? [h] : reach.get(h)!) {
            const loaded = loadedBefore.get(via)!;
            withHost = withHost === null ? new Set(loaded) : intersect(withHost, loaded);
          }
          for (const x of withHost ?? []) next.add(x);
        }
      }
      for (const r of roots) next.add(r);
      if (next.size < loadedBefore.get(e)!.size) {
        loadedBefore.set(e, next);
        changed = true;
      }
    }
  }

  // implied: what loads with each entry: what loaded before it, and, from each of those, the
  // entries it imports statically (loaded with it) and what those need. The least fixed point:
  // only what is so.
  const implied = new Map<string, Set<string>>();
  for (const e of entries) {
    const sure = new Set(loadedBefore.get(e)!);
    const queue = [...sure];
    while (queue.length > 0) {
      const x = queue.pop()!;
      for (const held of holds.get(x)!)
        for (const y of loadedBefore.get(held)!)
          if (!sure.has(y)) {
            sure.add(y);
            queue.push(y);
          }
    }
    implied.set(e, sure);
  }

  // Entries that imply each other are one: name each by the first of its class.
  const same = (a: string, b: string) => implied.get(a)!.has(b) && implied.get(b)!.has(a);
  const classOf = new Map<string, string>();
  for (const e of entries)
    classOf.set(
      e,
      entries.find((o) => same(e, o))!
    );

  const groups = new Map<string, string>();
  for (const id of ids) {
    const classes = [...new Set([...reach.get(id)!].map((e) => classOf.get(e)!))];
    if (classes.length === 0) continue;
    const kept = classes.filter((c) => !classes.some((o) => o !== c && implied.get(c)!.has(o)));
    groups.set(id, kept.sort().join('\n'));
  }
  return groups;
}

function intersect(a: Set<string>, b: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const x of a) if (b.has(x)) out.add(x);
  return out;
}

/**
 * What every page loads: SvelteKit's two entries and the root layout (node 0). The route nodes are
 * entries of the build too, but each page loads only its own.
 */
const ROOTS = [
  /[\\/]@sveltejs[\\/]kit[\\/]src[\\/]runtime[\\/]client[\\/]entry\.js$/,
  /[\\/]generated[\\/]client(-optimized)?[\\/](app|nodes[\\/]0)\.js$/
];

/** The client build's chunks are loadTogetherGroups (the server's are Rolldown's own). */
export function loadTogetherChunks(): Plugin {
  return {
    name: 'quarterdeck:load-together-chunks',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            // A group holds only the modules named for it, not also their imports (which may be
            // loaded in more places); Rolldown requires entries that may export more than they
            // declare for that.
            preserveEntrySignatures: 'allow-extension',
            output: { codeSplitting: loadTogetherSplitting() }
          }
        }
      };
    }
  };
}

/**
 * What the import graph cannot show: a system's battle panel is loaded by the battle page alone
 * (components/systems/battle-panels.ts; registry.ts lists it too, for tests, but no page loads it
 * through that).
 */
const LOADS_ONLY_WITH: [RegExp, RegExp][] = [
  [
    /[\\/]components[\\/]systems[\\/][^\\/]+[\\/]BattlePanel\.svelte$/,
    /[\\/]routes[\\/]battles[\\/]\[id\][\\/]\+page\.svelte$/
  ],
  // A battle's panel draws a battle of its system, whose engine (rules/<system>/index.ts, loaded
  // through rules/engines.ts) folded it first.
  ...['privateers', 'wooden-warships', 'master-and-commander'].map((system): [RegExp, RegExp] => [
    new RegExp(`[\\\\/]components[\\\\/]systems[\\\\/]${system}[\\\\/]BattlePanel\\.svelte$`),
    new RegExp(`[\\\\/]rules[\\\\/]${system}[\\\\/]index\\.ts$`)
  ])
];

/**
 * Each route node is loaded with its layouts' nodes: SvelteKit's generated app.js lists them in its
 * route dictionary (`"/battles/[id]": [5,[2]]`), not as imports. Read from app.js's code, found from
 * any module of the graph.
 */
function layoutsOf(anyId: string, ctx: ChunkingContext): [RegExp, RegExp][] {
  const seen = new Set<string>();
  const queue = [anyId];
  let app: string | null = null;
  while (queue.length > 0 && app === null) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const m = ctx.getModuleInfo(id);
    if (!m) continue;
    if (/[\\/]generated[\\/]client(-optimized)?[\\/]app\.js$/.test(id)) app = m.code;
    queue.push(...m.importers, ...m.dynamicImporters, ...m.importedIds);
  }
  const node = (n: string) =>
    new RegExp(`[\\\\/]generated[\\\\/]client(-optimized)?[\\\\/]nodes[\\\\/]${n}\\.js$`);
  const pairs: [RegExp, RegExp][] = [];
  for (const [, page, layouts] of (app ?? '').matchAll(/:\s*\[~?(\d+),\s*\[([^\]]*)\]/g)) {
    for (const layout of layouts.match(/\d+/g) ?? []) pairs.push([node(page), node(layout)]);
  }
  if (pairs.length === 0) throw new Error('chunk-groups: no route dictionary found in app.js');
  return pairs;
}

/**
 * Rolldown's `output.codeSplitting`: one group per set of modules loaded together. The graph is
 * read once, at the first module Rolldown asks about.
 */
function loadTogetherSplitting() {
  let groups: Map<string, string> | null = null;
  const names = new Map<string, string>();
  return {
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'load-together',
        name(id: string, ctx: ChunkingContext): string | null {
          // getModuleInfo is a method: called detached it has no graph.
          groups ??= loadTogetherGroups(
            id,
            (m) => ctx.getModuleInfo(m),
            (m) => ROOTS.some((r) => r.test(m)),
            [...LOADS_ONLY_WITH, ...layoutsOf(id, ctx)]
          );
          const key = groups.get(id);
          if (key === undefined) return null;
          let name = names.get(key);
          if (name === undefined) {
            name = `g${names.size}`;
            names.set(key, name);
          }
          return name;
        }
      }
    ]
  };
}
