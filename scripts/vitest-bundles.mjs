// What the Vitest global set-ups (scripts/vitest-setup-*.mjs) share: build a bundle only when
// it is missing or older than a file it was built from (scripts/bundle.mjs decides), so a run
// that selects both the server's and the command line's tests builds the server's bundle once.
import { bundle, staleness } from './bundle.mjs';

/** @param {import('./bundle.d.mts').BundleSpec} spec */
export async function buildIfStale(spec) {
  if (staleness(spec) !== null) await bundle(spec);
}
