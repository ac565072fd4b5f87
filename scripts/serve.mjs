// Serves the static build (build/) the way a static host does: files as they are, `/x` → `x.html`,
// and every other path → 200.html (the SPA fallback the service worker also precaches).
// Usage: node scripts/serve.mjs [--port 4173]; SERVE_DIR=/path/to/copy/ serves another copy of a build
// (lets several checkouts or people run browser tests side by side without rebuilding under each other).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { staticHandler } from './static-handler.mjs';

const ROOT = process.env.SERVE_DIR
  ? join(process.env.SERVE_DIR, '/')
  : new URL('../build/', import.meta.url).pathname;
const portFlag = process.argv.indexOf('--port');
const PORT = Number(portFlag > -1 ? process.argv[portFlag + 1] : process.env.PORT || 4173);

const server = createServer(staticHandler(ROOT));

server.listen(PORT, 'localhost', () => {
  console.log(`Quarterdeck is served on http://localhost:${PORT}`);
});
