#!/usr/bin/env node
// The `gangsta` command. It runs the bundle of its TypeScript sources in dist/ (see
// scripts/bundle.mjs at the repository's root for why), rebuilt first when a source file is
// newer.
import { ensureBundle } from '../../../scripts/bundle.mjs';
import { BUILD_COMMAND, CLI_BUNDLE } from '../scripts/build.mjs';

try {
  await ensureBundle(CLI_BUNDLE, BUILD_COMMAND);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Stack traces name the TypeScript files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import('../dist/main.mjs');
