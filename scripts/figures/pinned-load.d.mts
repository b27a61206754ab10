// Types of pinned-load.mjs: for the TypeScript that imports it (its test).
export interface PinnedStep {
  games: number;
  movesPerSecond: number;
  p99: number;
  cpu: number;
  loopP99: number;
}
export interface PinnedRun {
  order: number;
  side: 'base' | 'head';
  commit: string;
  command: string;
  paced: PinnedStep[];
  saturation: PinnedStep;
}
export interface PinnedMachine {
  date: string;
  cpus: number;
  node: string;
  model: string;
}
export function parseRun(name: string, text: string): PinnedRun;
export function readPinnedRuns(dir: string): { runs: PinnedRun[]; machine: PinnedMachine };
export function renderPinned(figures: { runs: PinnedRun[]; machine: PinnedMachine }): {
  stamp: string;
  text: string;
};
