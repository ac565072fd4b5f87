// Serves the static build (build/) the way a static host does: files as they are, `/x` → `x.html`,
// and every other path → 200.html (the SPA fallback the service worker also precaches).
// Usage: node scripts/serve.mjs [--port 4173]; SERVE_DIR=/path/to/copy/ serves another copy of a build
// (lets several checkouts or people run browser tests side by side without rebuilding under each other).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;
const gzipCache = new Map();
function gzipOf(key, raw) {
  const hit = gzipCache.get(key);
  if (hit && hit.raw.equals(raw)) return hit.gz;
  const gz = gzipSync(raw, { level: 9 });
  gzipCache.set(key, { raw, gz });
  return gz;
}

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
    const raw = status === 404 ? Buffer.from('Not found') : await readFile(file);
    const type =
      status === 404 ? 'text/plain' : (TYPES[extname(file)] ?? 'application/octet-stream');
    // Compress text the way every static host does, so measurements see real transfer sizes.
    const gzip =
      COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipOf(file, raw) : raw;
    const immutable = url.pathname.startsWith('/_app/immutable/');
    res.writeHead(status, {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {})
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
