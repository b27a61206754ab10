// Draws the app's PNG icons from public/icons/icon.svg in Debian's Chromium: 192 and 512 px,
// and a "maskable" 512 px one whose artwork sits inside the safe circle on a full-bleed ground
// (launchers crop it to their own shape). The PNGs are committed; run again after changing
// the SVG: node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
async function draw(file, size, maskable) {
  await page.setViewportSize({ width: size, height: size });
  // Maskable: the square ground fills the canvas and the artwork shrinks to the 80% safe zone.
  const art = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#1b1d23;display:grid;place-items:center"><div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg}</div></div>`
    : svg;
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><style>svg{display:block;width:100%;height:100%}</style><div style="width:${size}px;height:${size}px">${art}</div></body></html>`,
  );
  await page.screenshot({ path: join(dir, file), omitBackground: true });
  console.log(`wrote ${file}`);
}
await draw('icon-192.png', 192, false);
await draw('icon-512.png', 512, false);
await draw('icon-maskable-512.png', 512, true);
await browser.close();
