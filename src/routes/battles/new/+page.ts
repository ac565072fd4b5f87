// Prerendered with its content, so a phone paints the form from the HTML before any JavaScript
// runs (Lighthouse: its largest paint waited for the script, issue 40).
export const ssr = true;
