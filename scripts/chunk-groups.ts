import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Manifest, Plugin } from 'vite';

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
 * that was not before. Entries that imply each other count as one. Then a small group joins a
 * larger one loaded wherever it is when its bytes loaded for nothing elsewhere weigh less than the
 * files saved (foldSmallGroups).
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
  loadsOnlyWith: readonly (readonly [RegExp, RegExp])[] = [],
  small?: SmallGroups
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
  /** Each group's entry classes, by its name. */
  const keptOf = new Map<string, string[]>();
  for (const id of ids) {
    const classes = [...new Set([...reach.get(id)!].map((e) => classOf.get(e)!))];
    if (classes.length === 0) continue;
    const kept = classes.filter((c) => !classes.some((o) => o !== c && implied.get(c)!.has(o)));
    // What only the roots reach (the root layout, SvelteKit's router and its route dictionary, whose
    // `import()`s are every page) stays apart from what pages import from the root (Svelte's
    // runtime, shared components): SvelteKit lists a prerendered page's preloads and stylesheets
    // by walking its chunk's imports, the `import()`s of each too, marking each chunk seen; a
    // page importing the route dictionary's chunk reached its own imports through that first,
    // as another page's, and its head lost their preloads and their components' CSS.
    const rootOnly = [...reach.get(id)!].every((e) => roots.has(e));
    const key = kept.sort().join('\n') + (rootOnly && roots.size > 0 ? '\n(root only)' : '');
    groups.set(id, key);
    if (!rootOnly) keptOf.set(key, kept);
  }
  if (small) {
    const classes = [...new Set(classOf.values())];
    // Where a group is loaded: the entry classes whose loading loads one of its own.
    const loadedWith = (kept: string[]) =>
      new Set(classes.filter((c) => kept.some((k) => implied.get(c)!.has(k))));
    const entrySet = new Set(entries);
    foldSmallGroups(
      groups,
      keptOf,
      loadedWith,
      (id) => entrySet.has(id),
      (id) => info.get(id)?.importedIds ?? [],
      small
    );
  }
  return groups;
}

/**
 * Which groups may join another (issue 40): a file costs its own gzip header, dictionary warm-up and
 * import and export lists; a deep-linked Privateers battle loaded 60 files, half of them under 1 KB,
 * 111.7 KB gzipped one by one against 98.3 KB together. `sizeOf`: a module's code length
 * (characters, before minifying); a group of fewer than `below` characters may join another if its
 * size times the entries that would then load it for nothing is at most `perFile` times the entries
 * that load it now (each saving a file).
 */
export type SmallGroups = { sizeOf: (id: string) => number; below: number; perFile: number };

/**
 * Moves each small group into the group loaded in the fewest places among those loaded wherever it
 * is (and whose places hold what it imports): the host's modules are then loaded nowhere new, and
 * the small group's only where its host is and it was not, weighed by SmallGroups. Not moved: groups
 * holding an entry (a page, an `import()`'s target: their chunks are what SvelteKit and the
 * manifest name) or a stylesheet (a host's CSS is linked wherever it loads), and the route
 * dictionary's own group (see loadTogetherGroups). A host moved in turn takes it along while the
 * weighing allows.
 */
function foldSmallGroups(
  groups: Map<string, string>,
  keptOf: ReadonlyMap<string, string[]>,
  loadedWith: (kept: string[]) => Set<string>,
  isEntry: (id: string) => boolean,
  importsOf: (id: string) => readonly string[],
  { sizeOf, below, perFile }: SmallGroups
): void {
  const members = new Map<string, string[]>();
  for (const [id, key] of groups) {
    if (!members.has(key)) members.set(key, []);
    members.get(key)!.push(id);
  }
  const where = new Map([...keptOf].map(([key, kept]) => [key, loadedWith(kept)]));
  const size = (key: string) => members.get(key)!.reduce((n, id) => n + sizeOf(id), 0);
  const movable = (key: string) =>
    where.has(key) &&
    size(key) < below &&
    !members.get(key)!.some((id) => isEntry(id) || /\.css$|[?&]type=style/.test(id));
  const covers = (wide: Set<string>, narrow: Set<string>) =>
    wide.size >= narrow.size && [...narrow].every((c) => wide.has(c));
  /** Whether `key` may join `host`: see the comment of each test. */
  const fits = (key: string, host: string) => {
    const mine = where.get(key)!;
    const theirs = where.get(host)!;
    // Loaded wherever it is.
    if (host === key || !covers(theirs, mine)) return false;
    // What it imports comes with it: each of those groups is loaded wherever the host is.
    for (const id of members.get(key)!)
      for (const m of importsOf(id)) {
        const g = groups.get(m);
        if (
          g !== undefined &&
          g !== key &&
          g !== host &&
          !(where.has(g) && covers(where.get(g)!, theirs))
        )
          return false;
      }
    // Loaded for nothing where the host is and it was not, against a file fewer where it was.
    return size(key) * (theirs.size - mine.size) <= perFile * mine.size;
  };
  const hostOf = new Map<string, string>();
  for (const key of [...where.keys()].sort()) {
    if (!movable(key)) continue;
    const mine = where.get(key)!;
    let host: string | null = null;
    for (const [other, theirs] of where) {
      // Two groups loaded in the same places: only the one named first hosts the other.
      if (theirs.size === mine.size && other > key && movable(other)) continue;
      if (!fits(key, other)) continue;
      const best = host === null ? null : where.get(host)!;
      if (
        best === null ||
        theirs.size < best.size ||
        (theirs.size === best.size && size(other) > size(host!))
      )
        host = other;
    }
    if (host !== null) hostOf.set(key, host);
  }
  const finalHost = new Map<string, string>();
  for (const key of hostOf.keys()) {
    let to = hostOf.get(key)!;
    while (hostOf.has(to) && fits(key, hostOf.get(to)!)) to = hostOf.get(to)!;
    finalHost.set(key, to);
  }
  for (const [id, key] of groups) groups.set(id, finalHost.get(key) ?? key);
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
    },
    writeBundle(options, bundle) {
      if (this.environment?.name !== 'client' || !options.dir) return;
      const file = join(options.dir, '.vite', 'manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === 'chunk' ? [{ fileName: c.fileName, moduleIds: c.moduleIds }] : []
      );
      const root = this.environment.config.root;
      const fixed = keyDynamicEntries(
        manifest,
        chunks,
        (id) => this.getModuleInfo(id),
        (id) => relative(root, id).split('\\').join('/')
      );
      writeFileSync(file, JSON.stringify(fixed, null, 2));
    }
  };
}

/**
 * Vite's manifest as SvelteKit reads it for a prerendered page's head: each `import()` made an entry
 * of its own, named by the module imported, listing the CSS of all it loads and nothing to walk.
 *
 * Why: SvelteKit links in a page's head the CSS of its chunks and of what they import() that its
 * server render drew too (a system's calculators), matching the client's and the server's manifests
 * by the imported module's name; it walks the chunks depth first, each once, the `import()`s of a
 * chunk right after its imports. Since the grouping a dynamically imported module shares its chunk
 * (named by its file, `_Qg63kanS.js`, so no calculator's CSS was linked), and a page's own imports
 * were often reached first through some `import()` (the registry's battle panels import the battle
 * page's chunk), so walked as that one's: the page lost their preloads and their components' CSS,
 * which came with the scripts after the first paint and moved the page. Route nodes stay as they
 * are (SvelteKit reads each one's imports); only the route dictionary import()s them, and no page
 * imports its chunk (see loadTogetherGroups' root-only group).
 */
export function keyDynamicEntries(
  manifest: Manifest,
  chunks: readonly { fileName: string; moduleIds: readonly string[] }[],
  getModuleInfo: (id: string) => { dynamicallyImportedIds: readonly string[] } | null,
  keyOf: (id: string) => string
): Manifest {
  const isNode = (key: string) => /generated\/client(-optimized)?\/nodes\/\d+\.js$/.test(key);
  // A dynamically imported module's key may be its chunk's own (a chunk it is the facade of): that
  // chunk is renamed as Vite names any other, for the static imports of it.
  const renamed = new Map<string, string>();
  const dynamicKeys = new Set(
    chunks.flatMap((c) =>
      c.moduleIds.flatMap((id) => getModuleInfo(id)?.dynamicallyImportedIds.map(keyOf) ?? [])
    )
  );
  for (const key of dynamicKeys)
    if (manifest[key] && !isNode(key)) renamed.set(key, `_${manifest[key].file.split('/').pop()}`);
  const out: Manifest = {};
  const rename = (k: string) => renamed.get(k) ?? k;
  for (const [key, entry] of Object.entries(manifest))
    out[rename(key)] = {
      ...entry,
      imports: entry.imports?.map(rename),
      dynamicImports: entry.dynamicImports?.map(rename)
    };

  const keyByFile = new Map(Object.entries(out).map(([k, c]) => [c.file, k]));
  const chunkOf = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c.fileName])));
  // Not a route node's: a chunk importing a page's is loaded only on that page, which links it.
  const cssOf = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key) || isNode(key)) return [];
    seen.add(key);
    const entry = out[key];
    return [...(entry?.css ?? []), ...(entry?.imports ?? []).flatMap((k) => cssOf(k, seen))];
  };
  const dynamic: Manifest = {};
  for (const chunk of chunks) {
    const entry = out[keyByFile.get(chunk.fileName) ?? ''];
    if (!entry?.dynamicImports) continue;
    const keys = new Set<string>();
    for (const id of chunk.moduleIds)
      for (const target of getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        const key = keyOf(target);
        const fileKey = keyByFile.get(chunkOf.get(target) ?? '');
        if (fileKey === undefined) continue;
        keys.add(key);
        if (isNode(key)) continue;
        dynamic[key] ??= {
          file: out[fileKey].file,
          src: key,
          isDynamicEntry: true,
          css: [...new Set(cssOf(fileKey))]
        };
      }
    entry.dynamicImports = [...keys];
  }
  return { ...out, ...dynamic };
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
 * Small groups, as weighed by foldSmallGroups. Set by measure (npm run size): a bound of 300 to 600
 * characters per entry lowered every page; 1,000 lowered the deep links 1.4 KB more but raised the
 * start page, library and new battle pages by 1.3 to 1.6 KB.
 */
const SMALL_GROUPS = { below: 6000, perFile: 450 };

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
            [...LOADS_ONLY_WITH, ...layoutsOf(id, ctx)],
            { sizeOf: (m) => ctx.getModuleInfo(m)?.code?.length ?? 0, ...SMALL_GROUPS }
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
