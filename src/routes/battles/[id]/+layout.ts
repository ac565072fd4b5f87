// Battles live in IndexedDB, so these pages cannot be prerendered: the 200.html fallback (and the
// service worker's copy of it) serves them.
export const prerender = false;
