#!/usr/bin/env node
// The Gangsta! server process. It runs the bundle of its TypeScript sources in dist/ (see
// scripts/bundle.mjs at the repository's root for why), rebuilt first when a source file is
// newer. Settings come from the environment; see packages/server/README.md.
// `npm run dev -w packages/server` runs the sources through tsx instead.
import { ensureBundle } from '../../../scripts/bundle.mjs';
import { BUILD_COMMAND, SERVER_BUNDLE } from '../scripts/build.mjs';

try {
  await ensureBundle(SERVER_BUNDLE, BUILD_COMMAND);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Stack traces name the TypeScript files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import('../dist/main.mjs');
