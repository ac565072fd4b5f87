// Prerendered with its content, so a phone paints the page's heading and text from the HTML before any
// JavaScript runs (Lighthouse: its largest paint waited for the script, issue 40); what is stored on
// this device loads in the browser.
export const ssr = true;
