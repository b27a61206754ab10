/**
 * Writes the card art (src/art/catalogue.ts) into src/art/svg/, one SVG file each, and removes
 * files no longer in the catalogue. Run after changing a generator, a palette or a trait:
 *   node_modules/.bin/tsx packages/web/scripts/art.ts
 * test/art.test.ts fails when the files and the generators disagree.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { artCatalogue } from '../src/art/catalogue.ts';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../src/art/svg');
mkdirSync(folder, { recursive: true });
const files = artCatalogue();
for (const name of readdirSync(folder)) {
  if (name.endsWith('.svg') && !files.has(name)) rmSync(join(folder, name));
}
let bytes = 0;
for (const [name, text] of files) {
  writeFileSync(join(folder, name), `${text}\n`);
  bytes += text.length + 1;
}
console.log(`wrote ${files.size} files, ${(bytes / 1024).toFixed(1)} KB`);
