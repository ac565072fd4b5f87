import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  preprocess: vitePreprocess(),
  // Runes mode for every component of ours, also those without a rune (the theme and wake-lock
  // buttons): one legacy-mode component on a page pulls Svelte's legacy runtime into the shared
  // chunk every page loads (issue 18, the start page's budget). Packages keep their own mode.
  compilerOptions: {
    runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true)
  },
  kit: {
    // A single-page app: static pages are prerendered, every other URL falls back to 200.html.
    adapter: adapter({ fallback: '200.html', strict: true }),
    csp: {
      mode: 'hash',
      directives: {
        'default-src': ['self'],
        // The one inline script of app.html applies the remembered theme before the first paint;
        // its hash must change with it (see src/lib/state/theme.svelte.ts).
        'script-src': ['self', 'sha256-HVNJctIJnfajUlgJRDY2R1g9YyuofGa8RZq2Kq80LpI='],
        'style-src': ['self', 'unsafe-inline'],
        'img-src': ['self', 'data:', 'blob:'],
        'font-src': ['self'],
        'connect-src': ['self'],
        'worker-src': ['self'],
        'manifest-src': ['self'],
        'object-src': ['none'],
        'base-uri': ['none'],
        'form-action': ['self'],
        'frame-ancestors': ['none']
      }
    },
    // Absolute asset URLs, so the 200.html fallback and deep links load the same files.
    paths: { relative: false },
    // The CSS goes inline into each page: with stylesheet links, Lighthouse's headless Chromium held
    // the first paint ~2 s past load (observed FCP 2.25 s → 0.2–0.35 s once inlined).
    inlineStyleThreshold: 50_000,
    version: { pollInterval: 0 }
  }
};

export default config;
