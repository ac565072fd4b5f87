// Measures (does not assert) what a phone downloads: the gzip size of the JS and CSS the start page
// loads, and of the whole service-worker precache. Run after `npm run build`.
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { dirname, join, normalize } from 'node:path';

const BUILD = new URL('../build/', import.meta.url).pathname;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = async (file) => gzipSync(await readFile(join(BUILD, file)), { level: 9 }).length;

// The start page preloads every module its first render needs (kit writes them as modulepreload).
const html = await readFile(join(BUILD, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/href="(?:\.)?\/(_app\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

// Add what the layout loads right after start without a navigation: the service-worker registration
// (workbox-window) is a dynamic import of the layout node.
const files = new Set(preloaded);
const layout = preloaded.find((f) => f.includes('/nodes/0.'));
if (layout) {
  const src = await readFile(join(BUILD, layout), 'utf8');
  for (const m of src.matchAll(/import\(["'](\.\.?\/[^"']+\.js)["']\)/g)) {
    files.add(normalize(join(dirname(layout), m[1])));
  }
}

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

const jsCount = [...files].filter((f) => f.endsWith('.js')).length;
console.log(`start page JS   ${kb(js)} gzip (${jsCount} files)`);
console.log(`start page CSS  ${kb(css)} gzip`);
const preloadedJs = preloaded.filter((f) => f.endsWith('.js')).length;
console.log(`compile hints   ${hinted} of ${preloadedJs} preloaded start-page modules`);
console.log(`precache        ${kb(precache)} gzip (${urls.size} entries)`);
