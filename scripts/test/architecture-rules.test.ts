/**
 * The architecture rules (.dependency-cruiser.cjs, run on the repository by `npm run
 * check:deps`) catch what they are written for: an import cycle at run time, one made only of
 * `import type`, a package importing one above it, a web feature importing another. Each case
 * is a small tree of files written to a temporary folder and cruised with the repository's
 * rules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type IReporterOutput } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The rules broken by a tree of files (path → text), each rule named once. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'architecture-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result: IReporterOutput = await cruise(['packages'], {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  if (typeof result.output === 'string') throw new Error('expected the cruise result');
  return [...new Set(result.output.summary.violations.map((v) => v.rule.name))].sort();
}

describe('the architecture rules', () => {
  it('pass a tree that keeps them', async () => {
    expect(
      await brokenRules({
        'packages/engine/src/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
        'packages/engine/src/b.ts': 'export const b = 1;\n',
      }),
    ).toEqual([]);
  });

  it('catch an import cycle at run time', async () => {
    expect(
      await brokenRules({
        'packages/engine/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'packages/engine/src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('catch a cycle made only of type imports', async () => {
    expect(
      await brokenRules({
        'packages/protocol/src/a.ts':
          "import type { B } from './b.ts';\nexport interface A { b: B }\n",
        'packages/protocol/src/b.ts':
          "import type { A } from './a.ts';\nexport interface B { a?: A }\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('catch a package importing one above its layer', async () => {
    expect(
      await brokenRules({
        'packages/engine/src/a.ts':
          "import { b } from '../../bots/src/b.ts';\nexport const a = b;\n",
        'packages/bots/src/b.ts': 'export const b = 1;\n',
      }),
    ).toEqual(['layer-engine']);
  });

  it('catch a web feature importing another, and the table importing a feature', async () => {
    expect(
      await brokenRules({
        'packages/web/src/features/replay/a.ts':
          "import { b } from '../review/b.ts';\nexport const a = b;\n",
        'packages/web/src/features/review/b.ts': 'export const b = 1;\n',
        'packages/web/src/table/t.ts':
          "import { b } from '../features/review/b.ts';\nexport const t = b;\n",
      }),
    ).toEqual(['web-feature-imports-feature', 'web-table-imports-feature']);
  });
});
