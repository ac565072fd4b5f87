import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { loadTogetherChunks } from './scripts/chunk-groups';
import { startPageCompileHints } from './scripts/compile-hints';
import { moduleSizes } from './scripts/module-sizes';
import { precacheRealFiles } from './scripts/precache-files';

const { version: APP_VERSION } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8')
) as { version: string };

const THEME = '#0f1a24';

export default defineConfig({
  // The release written into every backup and the database's meta record (issue 17 #8).
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  // Dexie's ES module build for modern browsers, not the package's default wrapper around its ES5
  // UMD bundle: the same API and version, about 1.5 KB gzip less on every page that stores (issue 18).
  // Every import of 'dexie' resolves here, so there is one Dexie instance.
  resolve: { alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }] },
  // Workers are ES modules (the start page's quick battle list imports the record schemas).
  worker: { format: 'es' },
  plugins: [
    sveltekit(),
    startPageCompileHints(),
    loadTogetherChunks(),
    moduleSizes(),
    SvelteKitPWA({
      // Prompt mode: a new version waits for the referee's "Reload", never mid-battle.
      registerType: 'prompt',
      injectRegister: false,
      // Absolute: the app registers the worker from deep links such as /battles/abc too.
      base: '/',
      scope: '/',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Quarterdeck — naval wargame referee',
        short_name: 'Quarterdeck',
        description:
          'Ship logs, exact odds and every roll kept for age-of-sail naval wargames: Privateers, Wooden Warships, Master and Commander.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME,
        background_color: THEME,
        categories: ['games', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable'
          }
        ],
        shortcuts: [
          {
            name: 'New battle',
            short_name: 'New battle',
            url: '/battles/new',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }]
          },
          {
            name: 'Calculators',
            short_name: 'Calculators',
            url: '/calculators',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }]
          }
        ]
      },
      kit: {
        adapterFallback: '200.html',
        spa: true,
        trailingSlash: 'never'
      },
      workbox: {
        // Precache the whole build so every route opens offline after one visit.
        globPatterns: [
          'client/**/*.{js,css,ico,png,svg,webp,woff2,webmanifest}',
          'prerendered/**/*.{html,json}'
        ],
        navigateFallback: '/200.html',
        // Real file names (`settings.html`), not clean URLs: a static host that maps no clean URLs
        // (python -m http.server, nginx or S3 defaults) answers `settings` with 404 and the worker
        // would never install. Workbox still answers `/settings` from `settings.html` (cleanURLs).
        manifestTransforms: [precacheRealFiles('200.html')],
        cleanupOutdatedCaches: true
      },
      devOptions: { enabled: false }
    })
  ],
  test: {
    // scripts/: the live table hub's limits (hub-limits.test.ts), tested without a server.
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/lib/battle/meaning-strict.test-setup.ts'],
    environment: 'node',
    // Brute-force checks of the odds (four ships' initiative, big pools) take 1–5 s on a busy 2-core
    // machine; the default 5 s turned them into false failures. Budgets live in benchmarks, not here.
    testTimeout: 30_000,
    benchmark: { include: ['src/**/*.bench.ts'] }
  }
});
