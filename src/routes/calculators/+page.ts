// A static page: prerendered so the free calculator opens offline from the precache.
export const prerender = true;
