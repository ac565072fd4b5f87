// Measures what a phone downloads: the gzip size of the JS and CSS the start page
// loads, of the whole service-worker precache, and of a deep-linked battle page's JS. Run after
// `npm run build`. `npm run size -- --modules` also lists, for the battle page and each system,
// every chunk with the source modules in it (their share of its gzip size, from the sizes the
// build recorded: scripts/module-sizes.ts), to find what the first screen of a battle does not need.
// `npm run size -- --check` (part of `npm test`) also fails when a figure is over its budget in
// scripts/size-budget.json: the deep links grew by 1-2 KB in one session unnoticed (issue 40).
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUILD = new URL('../build/', import.meta.url).pathname;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = async (file) => gzipSync(await readFile(join(BUILD, file)), { level: 9 }).length;

// The start page preloads every module its first render needs (kit writes them as modulepreload).
const html = await readFile(join(BUILD, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/href="(?:\.)?\/(_app\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

// Which client chunk holds each source module, from the sizes the build recorded
// (scripts/module-sizes.ts): chunks are grouped by what loads together (scripts/chunk-groups.ts), so
// a module's chunk need not be named after it.
const allModuleSizes = JSON.parse(
  await readFile(new URL('../.svelte-kit/module-sizes.json', import.meta.url), 'utf8').catch(
    () => '{}'
  )
);
/** The chunk files holding a module whose path matches `pattern`. */
const chunksWith = (pattern) =>
  Object.entries(allModuleSizes)
    .filter(([, modules]) => Object.keys(modules).some((m) => pattern.test(m)))
    .map(([file]) => file);

// Add what the layout loads right after start without a navigation: the service-worker registration
// (workbox-window, a dynamic import of the layout's PWA state).
const files = new Set(preloaded);
for (const f of chunksWith(/node_modules\/workbox-window\//)) files.add(f);

let js = 0;
let css = 0;
let hinted = 0;
for (const f of files) {
  if (f.endsWith('.css')) css += await gz(f);
  else js += await gz(f);
  // V8's compile hint (scripts/compile-hints.ts) belongs on every module the first render runs.
  if (
    preloaded.includes(f) &&
    (await readFile(join(BUILD, f), 'utf8')).startsWith('//# allFunctionsCalledOnLoad')
  )
    hinted++;
}

// The precache: every URL in the generated service worker's manifest.
const sw = await readFile(join(BUILD, 'sw.js'), 'utf8');
const urls = new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]));
let precache = 0;
for (const u of urls) {
  const path = u === '/' ? 'index.html' : u.replace(/^\//, '');
  for (const candidate of [path, `${path}.html`]) {
    if ((await stat(join(BUILD, candidate)).catch(() => null))?.isFile()) {
      precache += await gz(candidate);
      break;
    }
  }
}

// The battle page of a deep link (issue 18: a regression must show): what a fresh /battles/<id>
// loads before it draws (kit's entry and app, the root layout, the battle layout and page, and every
// module they import statically), then the system in play (its engine and battle panel, loaded on
// demand) for each system. From the build's .vite manifest.
const CLIENT = new URL('../.svelte-kit/output/client/', import.meta.url).pathname;
const manifest = JSON.parse(await readFile(join(CLIENT, '.vite/manifest.json'), 'utf8'));
const app = await readFile(
  new URL('../.svelte-kit/generated/client-optimized/app.js', import.meta.url),
  'utf8'
);
const route = app.match(/"\/battles\/\[id\]": \[(\d+),\[(\d+)\]\]/);
const nodeKey = (n) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`;
/** The manifest's key of a chunk file. */
const keyOf = (file) => Object.keys(manifest).find((k) => manifest[k].file === file);
const entryKey = Object.keys(manifest).find((k) => k.endsWith('kit/src/runtime/client/entry.js'));
const closure = (keys) => {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
};
const gzOf = async (keys) => {
  let n = 0;
  for (const k of keys)
    n += gzipSync(await readFile(join(CLIENT, manifest[k].file)), { level: 9 }).length;
  return n;
};
// --modules: each chunk of `keys` by gzip size, with its largest modules (a module's share of the
// chunk's gzip size is its share of the chunk's minified bytes, an estimate).
const moduleSizes = process.argv.includes('--modules')
  ? JSON.parse(
      await readFile(new URL('../.svelte-kit/module-sizes.json', import.meta.url), 'utf8').catch(
        () => '{}'
      )
    )
  : null;
const listModules = async (title, keys) => {
  const rows = [];
  for (const k of keys) {
    const file = manifest[k].file;
    const size = gzipSync(await readFile(join(CLIENT, file)), { level: 9 }).length;
    const modules = Object.entries(moduleSizes[file] ?? {}).sort((a, b) => b[1] - a[1]);
    rows.push({ k, size, modules, raw: modules.reduce((n, [, b]) => n + b, 0) });
  }
  const lines = [`${title}, by chunk (gzip) and module:`];
  for (const { k, size, modules, raw } of rows.sort((a, b) => b.size - a.size)) {
    lines.push(`  ${kb(size).padStart(8)}  ${k}`);
    for (const [m, b] of modules.slice(0, 12))
      lines.push(`  ${kb((size * b) / raw).padStart(18)}  ${m}`);
    if (modules.length > 12) lines.push(`  ${''.padStart(18)}  (${modules.length - 12} more)`);
  }
  return lines;
};
const moduleLines = [];

// Issue 40: a battle's first screen reads no zod (the quick open checks records by hand, move inputs
// load with the first tap). Says whether zod is in these chunks and which of our modules import it.
const zodOn = async (keys) => {
  const modules = keys.flatMap((k) => Object.keys(allModuleSizes[manifest[k].file] ?? {}));
  if (!modules.some((m) => m.includes('node_modules/zod/'))) return 'no';
  const importers = [];
  for (const m of modules.filter((m) => m.startsWith('src/'))) {
    const src = await readFile(new URL(`../${m}`, import.meta.url), 'utf8').catch(() => '');
    if (/^import (?!type)[^;]*from 'zod/m.test(src)) importers.push(m.replace('src/lib/', ''));
  }
  return `yes, imported by ${importers.join(', ') || 'no module of ours (a dependency)'}`;
};

const battleLines = [];
/** The figures the budget holds, in bytes of gzip: deep links before the step's panels, and each
 *  system's calculators page. */
const budgeted = { deepLink: {}, calculators: {} };
if (route && entryKey) {
  const base = closure([
    entryKey,
    '.svelte-kit/generated/client-optimized/app.js',
    nodeKey(0),
    // The root error page: kit loads it with the layout on every start.
    nodeKey(1),
    nodeKey(route[2]),
    nodeKey(route[1])
  ]);
  const baseGz = await gzOf(base);
  if (moduleSizes) moduleLines.push(...(await listModules('battle page before the system', base)));
  const totals = [];
  battleLines.push(`battle page JS  ${kb(baseGz)} gzip (${base.size} files, before the system)`);
  for (const id of ['privateers', 'wooden-warships', 'master-and-commander']) {
    // The system's engine and battle panel: the chunks of its rules' index and its BattlePanel.
    const parts = [
      ...chunksWith(new RegExp(`^src/lib/rules/${id}/index\\.ts$`)),
      ...chunksWith(new RegExp(`^src/lib/components/systems/${id}/BattlePanel\\.svelte$`))
    ].map(keyOf);
    const extra = [...closure(parts)].filter((k) => !base.has(k));
    const extraGz = await gzOf(extra);
    if (moduleSizes) moduleLines.push(...(await listModules(`+ ${id}`, extra)));
    battleLines.push(
      `  + ${id.padEnd(21)} ${kb(extraGz)} gzip (engine and battle panel, ${extra.length} files)`
    );
    budgeted.deepLink[id] = baseGz + extraGz;
    totals.push(
      `deep-link battle JS: ${((baseGz + extraGz) / 1024).toFixed(1)} KB gz (${id}; before the step's own panels, which the browser bench counts)`
    );
    totals.push(`  zod on it: ${await zodOn([...base, ...extra])}`);
  }
  battleLines.push(...totals);
} else battleLines.push('battle page JS  unavailable (no /battles/[id] route in the build)');

// Each system's calculators page (issue 40; issue 31 moves its odds onto the moves, which must not
// make it heavier): the route's JS and the system's calculators with everything they import.
const calcRoute = app.match(/"\/calculators\/\[system\]": \[(\d+)/);
if (route && entryKey && calcRoute) {
  const shell = [
    entryKey,
    '.svelte-kit/generated/client-optimized/app.js',
    nodeKey(0),
    nodeKey(1),
    nodeKey(calcRoute[1])
  ];
  for (const id of ['privateers', 'wooden-warships', 'master-and-commander']) {
    const keys = closure([
      ...shell,
      ...chunksWith(new RegExp(`^src/lib/components/systems/${id}/Calculators\\.svelte$`)).map(
        keyOf
      )
    ]);
    budgeted.calculators[id] = await gzOf(keys);
    battleLines.push(
      `calculators JS: ${(budgeted.calculators[id] / 1024).toFixed(1)} KB gz (${id}, ${keys.size} files)`
    );
  }
}

// The other prerendered pages (issue 40, Lighthouse on each): the JS each preloads before it can
// answer a tap, and whether its heading is in the HTML (a page prerendered as an empty shell paints
// its largest text only after the script has run).
const pageLines = [];
for (const [route, file] of [
  ['/settings', 'settings.html'],
  ['/library', 'library.html'],
  ['/battles/new', 'battles/new.html'],
  ['/calculators', 'calculators.html'],
  ['/calculators/privateers', 'calculators/privateers.html']
]) {
  const page = await readFile(join(BUILD, file), 'utf8').catch(() => null);
  if (page === null) {
    pageLines.push(`page ${route.padEnd(24)} unavailable (no ${file})`);
    continue;
  }
  const js = [...page.matchAll(/href="\/(_app\/[^"]+\.js)"/g)].map((m) => m[1]);
  let bytes = 0;
  for (const f of js) bytes += await gz(f);
  const hasContent = /<h1[\s>]/.test(page);
  pageLines.push(
    `page ${route.padEnd(24)} ${kb(bytes)} gzip JS preloaded (${js.length} files), ${hasContent ? 'content' : 'an empty shell'} in the HTML`
  );
}

const jsCount = [...files].filter((f) => f.endsWith('.js')).length;
console.log(`start page JS   ${kb(js)} gzip (${jsCount} files)`);
console.log(`start page CSS  ${kb(css)} gzip`);
const preloadedJs = preloaded.filter((f) => f.endsWith('.js')).length;
console.log(`compile hints   ${hinted} of ${preloadedJs} preloaded start-page modules`);
console.log(`precache        ${kb(precache)} gzip (${urls.size} entries)`);
for (const line of pageLines) console.log(line);
for (const line of battleLines) console.log(line);
for (const line of moduleLines) console.log(line);

if (process.argv.includes('--check')) {
  const budget = JSON.parse(await readFile(new URL('./size-budget.json', import.meta.url), 'utf8'));
  const over = [];
  const check = (name, bytes, limitKb) => {
    if (bytes === undefined) over.push(`${name}: not measured (the build has no such page)`);
    else if (bytes / 1024 > limitKb) over.push(`${name}: ${kb(bytes)} > budget ${limitKb} KB`);
  };
  check('start page JS', js, budget.startPageJsKb);
  for (const [id, limit] of Object.entries(budget.deepLinkKb))
    check(`deep-link battle JS (${id})`, budgeted.deepLink[id], limit);
  for (const [id, limit] of Object.entries(budget.calculatorsKb))
    check(`calculators JS (${id})`, budgeted.calculators[id], limit);
  if (over.length) {
    console.error(`size budget (scripts/size-budget.json) exceeded:\n  ${over.join('\n  ')}`);
    console.error(
      'Find what grew with `npm run size -- --modules`; raise a budget only with a reason.'
    );
    process.exit(1);
  }
  console.log('size budget: every figure within scripts/size-budget.json');
}
