// Bundle-size check: the JavaScript a first visit loads (the entry script of dist/index.html
// and the chunks it preloads), gzipped. Lazy chunks (replay viewer, rules page, bot worker,
// other languages) are not counted: they load only when used. Fails above the budget.
// Usage: node scripts/bundle-size.mjs  (after `vite build`)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error('dist/index.html not found: run `npm run build -w packages/web` first');
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');
const sources = new Set();
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
  sources.add(match[1]);
// The service worker's registration script (registerSW.js) loads on every first visit too.
for (const match of html.matchAll(
  /<script[^>]*id="vite-plugin-pwa:register-sw"[^>]*src="([^"]+)"/g,
))
  sources.add(match[1]);
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
  sources.add(match[1]);
if (sources.size === 0) {
  console.error('no module script found in dist/index.html');
  process.exit(1);
}
let total = 0;
for (const src of sources) {
  const bytes = readFileSync(join(dist, src.replace(/^\//, '')));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(
    `  ${src}: ${(bytes.length / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
  );
}
const kb = total / 1024;
console.log(`initial JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`bundle too large: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
