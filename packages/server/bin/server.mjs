#!/usr/bin/env node
// The Gangsta! server process. It runs the bundle of its TypeScript sources in dist/ (see
// scripts/bundle.mjs at the repository's root for why), rebuilt first when a file it was built
// from is newer. Settings come from the environment; see packages/server/README.md.
// `npm run dev -w packages/server` runs the sources through tsx instead.
import { runBundle } from '../../../scripts/bundle.mjs';
import { SERVER_BUNDLE } from '../scripts/build.mjs';

await runBundle(SERVER_BUNDLE);
