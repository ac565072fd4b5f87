import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint: a file that starts with this comment has all its functions compiled
 * eagerly, on the background thread that streams the script in, instead of lazily on the main
 * thread the first time each one is called (https://v8.dev/blog/explicit-compile-hints; Chromium
 * 136+, other engines ignore the comment).
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

/** The client modules every first load runs: SvelteKit's two entries, the root layout and the start page. */
const START_ROOTS = [
  /\/@sveltejs\/kit\/src\/runtime\/client\/entry\.js$/,
  /\/generated\/client(-optimized)?\/app\.js$/,
  /\/src\/routes\/\+layout\.svelte$/,
  /\/src\/routes\/\+page\.svelte$/
];

/**
 * Marks the chunks of the start page's static import graph with V8's compile hint.
 *
 * Why: opening the app, most of the main thread's work before it responds is compiling the
 * Svelte runtime, SvelteKit's router and the shell's components one function at a time as
 * hydration first calls them (measured ≈ 40–60 ms of `V8.CompileCode` unthrottled, ×4 on a
 * mid-range phone). Those functions all run on load, so compiling them up front, off the main
 * thread, shortens the hydration task. Chunks only other routes load keep lazy compilation: much
 * of the rules engine never runs in a given battle.
 *
 * Measured (Lighthouse mobile, alternating runs on this 2-core machine): `V8.CompileCode` on the
 * main thread 41–68 ms → 7–15 ms per load; the hydration task 74 → 37 ms unthrottled; mobile
 * performance of 8 runs 84–98 (median 95.5) → 94–98 (median 97). `npm run size` counts the
 * start-page modules that carry the hint.
 */
export function startPageCompileHints(): Plugin {
  return {
    name: 'quarterdeck:start-page-compile-hints',
    apply: 'build',
    generateBundle: {
      // Last: after minification (which strips comments) and after Vite prepends its preload map,
      // so the hint is the file's first line as V8 requires.
      order: 'post',
      handler(_options, bundle) {
        // The server and service-worker builds run no hydration.
        if (this.environment?.name !== 'client') return;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        for (const fileName of [...startGraph(chunks), ...lazyPanels(chunks)]) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.code = HINT + chunk.code;
        }
      }
    }
  };
}

type ChunkInfo = { fileName: string; imports: string[]; moduleIds: string[] };

/**
 * A shared chunk of components (OddsDisplay, DicePad: static on the calculators page, loaded with a
 * step's panel on the battle page), with no library or rules code: drawn, it calls nearly all its
 * functions. Library and rules chunks of a page's static graph keep lazy compilation.
 */
const isComponents = (chunk: ChunkInfo): boolean =>
  chunk.fileName.includes('/chunks/') &&
  chunk.moduleIds.some((id) => /\/src\/lib\/components\/.*\.svelte$/.test(id)) &&
  !chunk.moduleIds.some((id) =>
    /\/node_modules\/|\/src\/lib\/(rules|engine|battle|db|live)\//.test(id)
  );

/**
 * File names of the chunks of components that load apart from any page (`lazy()` panels, a
 * battle step's procedures) and the components they share, outside every page's static graph.
 *
 * Why (issue 39): a step's panel is loaded ahead, in an idle moment, but its functions were still
 * compiled one at a time the first time the step was drawn, inside the referee's tap: the first
 * three Nexts of a Privateers battle spent ≈ 40 ms each in `V8.CompileCode`/`ParseFunction` on
 * the main thread (none on later visits). A component's functions nearly all run when it is
 * drawn, so they are compiled when the chunk loads, in the idle moment that warms it.
 */
function lazyPanels(chunks: ChunkInfo[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pages = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || pages.has(fileName)) return;
    pages.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks) if (/\/(entry|nodes)\//.test(chunk.fileName)) visit(chunk.fileName);
  return new Set(
    chunks
      .filter((chunk) => !pages.has(chunk.fileName) || isComponents(chunk))
      .map((chunk) => chunk.fileName)
  );
}

/** File names of the chunks statically reachable from the start roots. */
function startGraph(chunks: ChunkInfo[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || reached.has(fileName)) return;
    reached.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks) {
    if (chunk.moduleIds.some((id) => START_ROOTS.some((root) => root.test(id))))
      visit(chunk.fileName);
  }
  return reached;
}
