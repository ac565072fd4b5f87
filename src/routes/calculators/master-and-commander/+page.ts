// A static page: prerendered so the calculators open offline from the precache.
export const prerender = true;
