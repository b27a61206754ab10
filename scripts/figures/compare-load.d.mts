// Types of compare-load.mjs: for the TypeScript that imports it (its test).
export interface RunFigures {
  cpu: number;
  p99: number;
  movesPerSecond: number;
  saturationCpu: number;
}
export interface CompareOptions {
  base: string | null;
  /** A checkout of the base with its own installed packages (else a temporary worktree). */
  baseDir: string | null;
  rounds: number;
  games: number;
  seconds: number;
  warmup: number;
  saturationGames: number;
  saturationSeconds: number;
}
export const DEVICE_GOALS: {
  cpuPerMoveUs: number;
  saturationMovesPerSecond: number;
  p99At2000Ms: number;
  p99At4000Ms: number;
};
export function parseCompareOptions(argv: string[]): CompareOptions;
export function loadRows(text: string): Record<string, string>[];
export function figuresOfRun(text: string): RunFigures;
export function median(values: number[]): number;
export function compareLoad(options: CompareOptions): {
  base: string;
  head: string;
  runs: { base: RunFigures[]; head: RunFigures[] };
};
export function renderComparison(
  comparison: { base: string; head: string; runs: { base: RunFigures[]; head: RunFigures[] } },
  options: CompareOptions,
): string;
