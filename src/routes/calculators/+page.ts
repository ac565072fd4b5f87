// A static page: prerendered with its content (the free calculator's first answer too), so it opens
// offline from the precache and a phone paints it from the HTML before any JavaScript runs (issue 40).
export const prerender = true;
export const ssr = true;
