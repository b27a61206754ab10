// Writes the documentation of the server's environment variables from their schema
// (src/environment.ts): the repository's .env.example and the table in packages/server/README.md.
// `npm run config:docs -w packages/server`; test/config-docs.test.ts fails when they are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envExample, withReadmeTable } from '../src/environmentDocs.ts';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..');
export const README = join(SERVER, 'README.md');
export const ENV_EXAMPLE = join(SERVER, '..', '..', '.env.example');

writeFileSync(ENV_EXAMPLE, envExample());
writeFileSync(README, withReadmeTable(readFileSync(README, 'utf8')));
console.log(`wrote ${ENV_EXAMPLE} and the table in ${README}`);
