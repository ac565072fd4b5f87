import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the client build's module sizes go (read by `npm run size -- --modules`), outside build/. */
export const MODULE_SIZES = '.svelte-kit/module-sizes.json';

/**
 * Records which source modules each client chunk holds and how many bytes each takes in it after
 * tree-shaking and minification (issue 40: a chunk's gzip size alone does not say what to load
 * later). The file stays out of the build, so nothing is deployed or precached.
 */
export function moduleSizes(): Plugin {
  return {
    name: 'quarterdeck:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk' || !file.startsWith('_app/')) continue;
        const modules: Record<string, number> = {};
        for (const [id, m] of Object.entries(out.modules)) {
          if (m.renderedLength > 0) modules[relative(process.cwd(), id)] = m.renderedLength;
        }
        chunks[file] = modules;
      }
      // The server build has no _app/ chunks: only the client's is written.
      if (Object.keys(chunks).length === 0) return;
      mkdirSync(dirname(MODULE_SIZES), { recursive: true });
      writeFileSync(MODULE_SIZES, JSON.stringify(chunks));
    }
  };
}
