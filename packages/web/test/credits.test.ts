/**
 * Every third-party asset package of the web client is credited: a dependency named like a
 * font, icon or avatar package (@fontsource/*, @iconify*, @dicebear/*) must have a line in
 * CREDITS.md and an entry on the in-app Credits screen. Adding such a package without saying
 * who made it and under which licence fails here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CREDITED_ASSETS } from '../src/app/credits/assets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ASSET_PACKAGE = /^(@fontsource\/|@fontsource-variable\/|@iconify|@dicebear\/)/;

function assetPackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const names = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ];
  return names.filter((name) => ASSET_PACKAGE.test(name));
}

describe('credits', () => {
  it('the web client has asset packages to credit (fonts and icons)', () => {
    expect(assetPackages()).toEqual(
      expect.arrayContaining(['@fontsource/oswald', '@iconify-json/game-icons']),
    );
  });

  it('CREDITS.md has a table row for every asset package, with a licence', () => {
    const credits = readFileSync(join(root, 'CREDITS.md'), 'utf8');
    for (const pkg of assetPackages()) {
      const row = credits.split('\n').find((line) => line.startsWith(`| \`${pkg}\` |`));
      expect(row, `${pkg} has no row in CREDITS.md`).toBeDefined();
      expect(row).toMatch(/licen[cs]e|CC BY|OFL/i);
    }
  });

  it('the Credits screen lists every asset package', () => {
    const listed = CREDITED_ASSETS.map((asset) => asset.pkg);
    for (const pkg of assetPackages()) expect(listed, pkg).toContain(pkg);
  });
});
