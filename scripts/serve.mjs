// Serves the static build (build/) the way a static host does: files as they are, `/x` → `x.html`,
// and every other path → 200.html (the SPA fallback the service worker also precaches).
// Usage: node scripts/serve.mjs [--port 4173]; SERVE_DIR=/path/to/copy/ serves another copy of a build
// (lets several checkouts or people run browser tests side by side without rebuilding under each other).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const ROOT = process.env.SERVE_DIR
  ? join(process.env.SERVE_DIR, '/')
  : new URL('../build/', import.meta.url).pathname;
const portFlag = process.argv.indexOf('--port');
const PORT = Number(portFlag > -1 ? process.argv[portFlag + 1] : process.env.PORT || 4173);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
};

async function isFile(path) {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

async function resolveFile(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const base = join(ROOT, clean);
  if (!base.startsWith(ROOT)) return null;
  for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = await resolveFile(url.pathname);
    let status = 200;
    if (!file) {
      // Unknown paths: static assets are a real 404, pages get the app shell.
      if (url.pathname.startsWith('/_app/') || extname(url.pathname)) status = 404;
      file = join(ROOT, '200.html');
    }
    const body = status === 404 ? 'Not found' : await readFile(file);
    const immutable = url.pathname.startsWith('/_app/immutable/');
    res.writeHead(status, {
      'content-type':
        status === 404 ? 'text/plain' : (TYPES[extname(file)] ?? 'application/octet-stream'),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff'
    });
    res.end(body);
  } catch (e) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(e));
  }
});

server.listen(PORT, 'localhost', () => {
  console.log(`Quarterdeck is served on http://localhost:${PORT}`);
});
