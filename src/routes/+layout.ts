// A single-page app: every page renders in the browser (IndexedDB, wake lock, service worker), and the
// static pages are prerendered as shells so each opens offline from the precache.
export const ssr = false;
export const prerender = true;
export const trailingSlash = 'never';
