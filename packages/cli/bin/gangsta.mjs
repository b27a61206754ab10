#!/usr/bin/env node
// The `gangsta` command. It runs the bundle of its TypeScript sources in dist/ (see
// scripts/bundle.mjs at the repository's root for why), rebuilt first when a file it was built
// from is newer.
import { runBundle } from '../../../scripts/bundle.mjs';
import { CLI_BUNDLE } from '../scripts/build.mjs';

await runBundle(CLI_BUNDLE);
