// Library ships live in IndexedDB: served by the app shell fallback, not prerendered.
export const prerender = false;
