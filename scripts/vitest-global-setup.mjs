// Vitest's global set-up: runs once before any test file. Tests start the real server process
// and the real `gangsta` command, which run their bundles: both are built here from the
// sources under test (about 0.5 s), so the test files, which run side by side, never build
// them at the same time.
import { CLI_BUNDLE } from '../packages/cli/scripts/build.mjs';
import { SERVER_BUNDLE } from '../packages/server/scripts/build.mjs';
import { bundle } from './bundle.mjs';

export default async function setup() {
  await Promise.all([bundle(SERVER_BUNDLE), bundle(CLI_BUNDLE)]);
}
