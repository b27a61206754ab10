// Types of bundle.mjs for the TypeScript that imports it (its test).
export interface BundleSpec {
  /** What the bundle is, for messages. */
  name: string;
  /** The folder of the output files. */
  dist: string;
  /** Output file name (in dist) → TypeScript entry point. */
  entries: Record<string, string>;
}
export function bundle(spec: BundleSpec): Promise<void>;
export function staleness(spec: BundleSpec): string | null;
export function ensureBundle(spec: BundleSpec, buildCommand: string): Promise<void>;
