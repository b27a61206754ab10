#!/usr/bin/env node
// The Gangsta! server process. It runs the bundle of the TypeScript sources that
// `npm run build -w packages/server` writes to dist/ (see scripts/build.mjs for why a bundle),
// and refuses a bundle older than its sources rather than run yesterday's code. Settings come
// from the environment; see packages/server/README.md. `npm run dev -w packages/server` runs
// the sources through tsx instead, without a build.
import { staleness } from '../scripts/sources.mjs';

const stale = staleness();
if (stale !== null) {
  console.error(
    `gangsta server: the bundle is missing or out of date (${stale}). Build it with: npm run build -w packages/server`,
  );
  process.exit(1);
}
// Stack traces name the TypeScript files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import('../dist/main.mjs');
