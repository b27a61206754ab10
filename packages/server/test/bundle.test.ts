/**
 * The bundles the server process and the `gangsta` command run (scripts/bundle.mjs): built from
 * their TypeScript, and rebuilt whenever a file they were built from changed, went missing, or
 * the list of those files is damaged, so no process runs code older than its sources.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundleSpec, bundle, ensureBundle, staleness } from '../../../scripts/bundle.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gangsta-bundle-'));
const spec: BundleSpec = {
  name: 'test bundle',
  dist: join(dir, 'dist'),
  entries: { 'main.mjs': join(dir, 'main.ts') },
  buildCommand: 'npm run build -w somewhere',
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Dates the bundle's files a minute back, so that an edit made now comes after the build. */
function ageBundle(): void {
  const earlier = new Date(Date.now() - 60_000);
  for (const name of readdirSync(spec.dist)) utimesSync(join(spec.dist, name), earlier, earlier);
}

describe('a bundle', () => {
  it('runs what its TypeScript says, with imports of other files inside it', async () => {
    writeFileSync(join(dir, 'answer.ts'), 'export const answer: number = 41;\n');
    writeFileSync(
      join(dir, 'main.ts'),
      "import { answer } from './answer.ts';\nexport const value = answer + 1;\n",
    );
    expect(staleness(spec)).toMatch(/main\.mjs does not exist|inputs\.json does not exist/);
    await bundle(spec);
    expect(staleness(spec)).toBeNull();
    const built = await import(`${pathToFileURL(join(spec.dist, 'main.mjs')).href}?first`);
    expect(built.value).toBe(42);
  });

  it('is out of date once a file it was built from changes, and is rebuilt', async () => {
    ageBundle();
    writeFileSync(join(dir, 'answer.ts'), 'export const answer: number = 99;\n');
    expect(staleness(spec)).toBe(`${join(dir, 'answer.ts')} changed after it was built`);
    await ensureBundle(spec);
    expect(staleness(spec)).toBeNull();
    const built = await import(`${pathToFileURL(join(spec.dist, 'main.mjs')).href}?second`);
    expect(built.value).toBe(100);
  });

  it('is out of date when its list of inputs is damaged or an input is gone', async () => {
    writeFileSync(join(spec.dist, 'inputs.json'), '{"not": "a list"}');
    expect(staleness(spec)).toBe(`${join(spec.dist, 'inputs.json')} is not a list of files`);
    await bundle(spec);
    rmSync(join(dir, 'answer.ts'));
    expect(staleness(spec)).toBe(`${join(dir, 'answer.ts')} is gone since it was built`);
  });

  it('says which command would build it when it cannot be built', async () => {
    ageBundle();
    writeFileSync(
      join(dir, 'main.ts'),
      "import { answer } from './answer.ts';\nexport const value = answer +;\n",
    );
    await expect(ensureBundle(spec)).rejects.toThrow(
      /test bundle: the bundle could not be built \(.*\); try: npm run build -w somewhere/s,
    );
  });
});
