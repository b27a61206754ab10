/**
 * The before/after comparison of the server's load figures (scripts/figures/compare-load.mjs):
 * it reads the load script's table by its column names, takes medians of alternating runs, and
 * says plainly whether each goal is met.
 */
import { describe, expect, it } from 'vitest';
import {
  figuresOfRun,
  median,
  parseCompareOptions,
  renderComparison,
} from '../figures/compare-load.mjs';

/** A load script's output: progress lines, then its table (columns as it prints them). */
function loadOutput(cpu: number, saturation: number, saturationCpu = 400): string {
  return [
    'Load benchmark: 2 client processes, 20 s per step after 5 s warm-up',
    '  500 games playing (set-up 2.1 s); measuring…',
    '| setup | step | games | moves/s | p50 ms | p99 ms | CPU µs/move | load avg |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    `| 1 process, SQLite | paced ~1 s | 500 | 496 | 3.5 | 60.7 | ${cpu} | 2.2 |`,
    `| 1 process, SQLite | saturation (no pacing) | 100 | ${saturation} | 46.7 | 127.2 | ${saturationCpu} | 2.8 |`,
    '',
    'done',
  ].join('\n');
}

const OPTIONS = { ...parseCompareOptions([]), base: 'abc' };

describe('comparing the server before and after a change', () => {
  it('reads the paced CPU per move and the saturation rate by column name', () => {
    expect(figuresOfRun(loadOutput(980, 1668, 497))).toEqual({
      cpu: 980,
      p99: 60.7,
      movesPerSecond: 1668,
      saturationCpu: 497,
    });
  });

  it('refuses a table without a saturation row, naming what is missing', () => {
    const paced = loadOutput(980, 1668).split('\n').slice(0, 5).join('\n');
    expect(() => figuresOfRun(paced)).toThrow(/paced or saturation row/);
    expect(() => figuresOfRun('no table here')).toThrow(/no table/);
  });

  it('takes the median of each side', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('gives the ratios and sends the goals to the pinned section', () => {
    const runs = (cpu: number) => ({ cpu, p99: 10, movesPerSecond: 1000, saturationCpu: 300 });
    const halved = renderComparison(
      { base: 'b', head: 'h', runs: { base: [runs(1000)], head: [runs(400)] } },
      OPTIONS,
    );
    expect(halved).toContain('**40%** of before');
    // No local ratio is carried over onto the device machine's figures.
    expect(halved).not.toMatch(/about \d+ µs/);
    expect(halved).toContain('"Server on CPUs of its own: before and after"');
  });

  it('refuses a bad option with its name', () => {
    expect(() => parseCompareOptions(['--rounds', '0'])).toThrow(/--rounds/);
    expect(() => parseCompareOptions(['--base'])).toThrow(/--base needs a commit/);
    expect(() => parseCompareOptions(['--fast'])).toThrow(/unknown option --fast/);
  });
});
