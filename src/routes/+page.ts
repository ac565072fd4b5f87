// The start page is prerendered with its content, so a phone paints the shell and the Battles
// heading from the HTML before any JavaScript runs; the list itself loads in the browser.
export const ssr = true;
