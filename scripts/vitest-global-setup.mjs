// Vitest's global set-up: runs once before any test file. The server tests start the real
// process (packages/server/bin/server.mjs), which runs the server's bundle, so it is rebuilt
// here from the sources under test (about 0.3 s).
import { buildServer } from '../packages/server/scripts/build.mjs';

export default async function setup() {
  await buildServer();
}
