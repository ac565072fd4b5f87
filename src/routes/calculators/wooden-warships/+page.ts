// A static page: prerendered so the Wooden Warships calculators open offline from the precache.
export const prerender = true;
