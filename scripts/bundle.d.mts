// Types of bundle.mjs: for the TypeScript that imports it (its test) and its own JSDoc.
export interface BundleSpec {
  /** What the bundle is, for messages. */
  name: string;
  /** The folder of the output files. */
  dist: string;
  /** Output file name (in dist) → TypeScript entry point. */
  entries: Record<string, string>;
  /** The command that builds it, named when it cannot be built by itself. */
  buildCommand: string;
}
export function bundle(spec: BundleSpec): Promise<void>;
export function staleness(spec: BundleSpec): string | null;
export function ensureBundle(spec: BundleSpec): Promise<void>;
export function runBundle(spec: BundleSpec): Promise<void>;
export function buildAndReport(spec: BundleSpec): Promise<void>;
