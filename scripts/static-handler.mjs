// The static build's request handler, shared by serve.mjs (a static host) and host.mjs (the live
// table's hub): files as they are, `/x` → `x.html`, every other page path → 200.html (the SPA
// fallback the service worker also precaches), text gzipped the way every static host does.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

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

async function isFile(path) {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/** `(req, res) => Promise<void>` serving the build in `root` (a folder path ending in '/'). */
export function staticHandler(root) {
  const ROOT = join(root, '/');
  const gzipCache = new Map();
  function gzipOf(key, raw) {
    const hit = gzipCache.get(key);
    if (hit && hit.raw.equals(raw)) return hit.gz;
    const gz = gzipSync(raw, { level: 9 });
    gzipCache.set(key, { raw, gz });
    return gz;
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
  return async (req, res) => {
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
  };
}
