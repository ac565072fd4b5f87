import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';

const OUTPUT = '.svelte-kit/output';
const WEB_MANIFEST = 'manifest.webmanifest';

/**
 * The precache lists the files the build really writes: `settings.html`, `battles/new.html`,
 * `index.html`, the SPA fallback `200.html` and the client assets.
 *
 * Why not @vite-pwa/sveltekit's default: it lists prerendered pages as clean URLs (`settings`),
 * which only hosts that map `x` → `x.html` answer. On `python3 -m http.server`, nginx's or S3's
 * defaults those requests are 404, the install fails and the app never works offline. Workbox's
 * precache route still answers a navigation to `/settings` from `settings.html` (its `cleanURLs`)
 * and `/` from `index.html` (its `directoryIndex`), so links and reloads keep their clean URLs.
 */
export function precacheRealFiles(fallback: string): ManifestTransform {
  return async (entries) => {
    const manifest: (ManifestEntry & { size: number })[] = [];
    for (const entry of entries) {
      const url = stripPrefix(entry.url);
      if (url === WEB_MANIFEST) continue; // vite-plugin-pwa adds the web manifest itself
      manifest.push({ ...entry, url });
    }
    // The fallback is written by the adapter after this runs; the build's version stands in for
    // its content (as @vite-pwa/sveltekit does), so each release fetches it afresh.
    const version = await readFile(resolve(OUTPUT, 'client/_app/version.json'));
    manifest.push({
      url: fallback,
      revision: createHash('md5').update(version).digest('hex'),
      size: 0
    });
    return { manifest };
  };
}

function stripPrefix(url: string): string {
  for (const prefix of ['client/', 'prerendered/dependencies/', 'prerendered/pages/']) {
    if (url.startsWith(prefix)) return url.slice(prefix.length);
  }
  return url;
}
