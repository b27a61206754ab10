// Vitest's global set-up of the command line's tests (the `cli` project in vitest.config.ts;
// it runs only when one of that project's files is selected). They run the real `gangsta`
// command, and `gangsta online` against the real server: both run their bundles, brought up to
// date here from the sources under test, once, so the test files never build them side by side.
import { CLI_BUNDLE } from '../packages/cli/scripts/build.mjs';
import { SERVER_BUNDLE } from '../packages/server/scripts/build.mjs';
import { buildIfStale } from './vitest-bundles.mjs';

export default async function setup() {
  await Promise.all([buildIfStale(SERVER_BUNDLE), buildIfStale(CLI_BUNDLE)]);
}
