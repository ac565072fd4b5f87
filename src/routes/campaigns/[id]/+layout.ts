// Campaigns live in IndexedDB, so these pages cannot be prerendered: the 200.html fallback (and the
// service worker's copy of it) serves them, as it does a battle's.
export const prerender = false;
