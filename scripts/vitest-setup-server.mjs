// Vitest's global set-up of the server's tests (the `server` project in vitest.config.ts; it
// runs only when one of that project's files is selected). They start the real server process,
// which runs its bundle: it is brought up to date here from the sources under test, once, so
// the test files, which run side by side, never build it at the same time.
import { SERVER_BUNDLE } from '../packages/server/scripts/build.mjs';
import { buildIfStale } from './vitest-bundles.mjs';

export default async function setup() {
  await buildIfStale(SERVER_BUNDLE);
}
