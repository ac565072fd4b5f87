// A static page: prerendered so the Privateers calculators open offline from the precache.
export const prerender = true;
