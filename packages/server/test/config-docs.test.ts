/**
 * The documentation of the environment variables is generated from their schema: the
 * repository's `.env.example` and the table in packages/server/README.md must be what
 * `npm run config:docs -w packages/server` writes now, so that a variable added, renamed or
 * re-described in `src/environment.ts` cannot leave them behind.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { variableDocs } from '../src/environment.ts';
import { envExample, README_END, README_START, withReadmeTable } from '../src/environmentDocs.ts';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIX = 'run `npm run config:docs -w packages/server`';

describe('the documentation of the environment variables', () => {
  it('.env.example is the one generated from the schema', () => {
    const written = readFileSync(join(SERVER, '..', '..', '.env.example'), 'utf8');
    expect(written, FIX).toBe(envExample());
  });

  it("the README's table is the one generated from the schema", () => {
    const readme = readFileSync(join(SERVER, 'README.md'), 'utf8');
    expect(readme).toContain(README_START);
    expect(readme).toContain(README_END);
    expect(readme, FIX).toBe(withReadmeTable(readme));
  });

  it('lists every variable, commented out, with a description and a default or example', () => {
    const example = envExample();
    const docs = variableDocs();
    expect(docs.length).toBeGreaterThanOrEqual(37);
    for (const v of docs) {
      expect(v.description.length, v.name).toBeGreaterThan(10);
      expect(example).toMatch(new RegExp(`^# ${v.name}=`, 'm'));
    }
    // Nothing is set by copying the file as it is.
    const set = example.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(set).toEqual([]);
    expect(withReadmeTable(`${README_START}\nold\n${README_END}`)).toContain(
      '| `PORT` | `5173` | the TCP port to listen on',
    );
  });
});
