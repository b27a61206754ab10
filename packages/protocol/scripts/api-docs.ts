/**
 * Writes `docs/api/` (the OpenAPI and AsyncAPI documents and the JSON Schemas) from the
 * protocol's zod schemas: `npm run docs:api`. Run it after changing a schema or a route of
 * `src/routes/`; `test/node/api-docs.test.ts` fails until the files match.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDocumentFiles } from '../src/documents.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'api');
const files = apiDocumentFiles();
mkdirSync(join(root, 'schemas'), { recursive: true });
// A schema that no longer exists goes too.
for (const name of readdirSync(join(root, 'schemas'))) {
  if (!(`schemas/${name}` in files)) rmSync(join(root, 'schemas', name));
}
for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
console.log(`docs/api: ${Object.keys(files).length} files written`);
