// Types of freshness.mjs: for the TypeScript that imports it (its test) and its own JSDoc.
export interface BuildSpec {
  /** What is built, for messages. */
  name: string;
  /** The folder that `sources` are relative to. */
  root: string;
  /** The build's output folder, where the stamp is written. */
  output: string;
  /** Files and folders (every file under them) the build reads, relative to `root`. */
  sources: string[];
  /** The environment variables that change the build. */
  env: RegExp;
}
export const STAMP: string;
export const WEB_BUILD: BuildSpec;
export function sourcesHash(spec: BuildSpec, env?: NodeJS.ProcessEnv): string;
export function buildStaleness(spec: BuildSpec, hash?: string): string | null;
export function recordBuild(spec: BuildSpec, hash: string): void;
