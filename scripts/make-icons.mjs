// Renders the app icons (PNG) from static/favicon.svg with the system Chromium.
// Run by hand when the logo changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import { chromium } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { execSync } from 'node:child_process';

const svg = await readFile(new URL('../static/favicon.svg', import.meta.url), 'utf8');
const executablePath = process.env.CHROME_PATH || execSync('command -v chromium').toString().trim();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();

/** `padding` is the share of the icon kept clear; maskable icons keep their art in the 80% safe zone. */
async function render(size, file, { padding = 0, square = false } = {}) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - padding * 2));
  const art = square ? svg.replace('rx="14"', 'rx="0"') : svg;
  await page.setContent(`<html><body style="margin:0;background:${square ? '#0f1a24' : 'transparent'};
    display:grid;place-items:center;width:${size}px;height:${size}px">
    <div style="width:${inner}px;height:${inner}px">${art.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({
    path: new URL(`../static/icons/${file}`, import.meta.url).pathname,
    omitBackground: !square
  });
}

await render(192, 'icon-192.png');
await render(512, 'icon-512.png');
await render(512, 'maskable-512.png', { padding: 0.1, square: true });
await render(180, 'apple-touch-icon.png', { square: true });
await browser.close();
