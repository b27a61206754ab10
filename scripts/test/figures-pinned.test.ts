/**
 * The section of docs/performance.md read from load runs made on a machine with cores to spare
 * (scripts/figures/pinned-load.mjs): it reads the load script's own printed table, says which
 * commit each side ran, and states each goal as met or not from the after runs' medians.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRun, readPinnedRuns, renderPinned } from '../figures/pinned-load.mjs';

const HEADER =
  '| setup | step | games | moves/s | p50 ms | p99 ms | server-side p99 ms (≤ bucket) | max ms | server CPU | CPU µs/move | server event-loop delay p99 ms | server event-loop delay max ms | B/watcher/move (median update) | B/watcher/move (all frames) | clients CPU | client loop p99 ms | server RSS MB | heap MB | tables held per process | set-up s | load avg |';

/** A run's printed output as the load script prints it: its table of paced steps and saturation. */
function runText(commit: string, rows: [string, number, number, number, number, number][]) {
  const line = ([step, games, perSecond, p99, cpu, loop]: (typeof rows)[number]) =>
    `| 1 process, SQLite | ${step} | ${games} | ${perSecond} | 9.2 | ${p99} | ≤ 250.0 | 257.9 | 122% | ${cpu} | ${loop} | 165.9 | 1019 | 1084 | 107% | 11.1 | 405 | 172 | 2000 | 12.9 | 2.2 |`;
  return [
    `commit ${commit}`,
    'command tsx packages/server/scripts/load.ts --setups sqlite --server-cpus 0,1 --client-cpus 2-15',
    '== server on CPUs 0,1',
    '',
    HEADER,
    `| --- | --- |${' ---: |'.repeat(19)}`,
    ...rows.map(line),
    '',
    '1 process, SQLite, paced ~1 s (2000 games): 39619 acks; stale 0',
  ].join('\n');
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pinned-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const MACHINE = '2026-11-27 18:26 UTC\n16\nv20.20.2\nIntel(R) Xeon(R) Processor\n';

describe('the pinned load section', () => {
  it('reads each run: its side, commit, paced steps and saturation', () => {
    const run = parseRun(
      'run-2-head.txt',
      runText('06c8a24', [
        ['paced ~1 s', 2000, 1948, 205.8, 624, 45],
        ['paced ~1 s', 4000, 2715, 1076.8, 499, 327.9],
        ['saturation (no pacing)', 300, 2645, 363.4, 495, 149.6],
      ]),
    );
    expect(run).toMatchObject({ order: 2, side: 'head', commit: '06c8a24' });
    expect(run.command).toContain('--server-cpus 0,1');
    expect(run.paced.map((step) => [step.games, step.cpu, step.p99])).toEqual([
      [2000, 624, 205.8],
      [4000, 499, 1076.8],
    ]);
    expect(run.saturation.movesPerSecond).toBe(2645);
  });

  it('refuses a run file that does not say its commit, or has no saturation row', () => {
    expect(() => parseRun('run-1-base.txt', 'hello\n')).toThrow(
      /first line must be "commit <hash>"/,
    );
    expect(() =>
      parseRun('run-1-base.txt', runText('09b7622', [['paced ~1 s', 2000, 1979, 179, 554, 1]])),
    ).toThrow(/lacks a paced or the saturation row/);
    expect(() => parseRun('load.txt', '')).toThrow(/not a run file/);
  });

  it('writes medians per side, names both commits and the machine, and judges each goal', () => {
    const slow: [string, number, number, number, number, number][] = [
      ['paced ~1 s', 2000, 1979, 179.2, 554, 40],
      ['paced ~1 s', 4000, 2566, 1221.2, 517, 300],
      ['saturation (no pacing)', 300, 2596, 372.2, 528, 120],
    ];
    const fast: [string, number, number, number, number, number][] = [
      ['paced ~1 s', 2000, 2000, 31.5, 240, 4],
      ['paced ~1 s', 4000, 4000, 180.3, 230, 20],
      ['saturation (no pacing)', 300, 6500, 90, 210, 30],
    ];
    const dir = folder({
      'machine.txt': MACHINE,
      'run-1-base.txt': runText('09b7622', slow),
      'run-2-head.txt': runText('06c8a24', fast),
      'run-3-base.txt': runText('09b7622', slow),
      'run-4-head.txt': runText('06c8a24', fast),
    });
    const { stamp, text } = renderPinned(readPinnedRuns(dir));
    expect(stamp).toContain('at commits 09b7622 (before) and 06c8a24 (after)');
    expect(stamp).toContain('16 × Intel(R) Xeon(R) Processor, Node v20.20.2');
    expect(text).toContain('| **median after (06c8a24)** | 2,000 | 31.5 | 240 | 4.0 |');
    expect(text).toContain('p99 < 50 ms at 2,000 paced games: 31.5 ms: **met**');
    expect(text).toContain('p99 < 150 ms at 4,000 paced games: 180.3 ms: **not met**');
    expect(text).toContain('≤ 250 µs of server CPU per move at 2,000 paced games: 240 µs: **met**');
    expect(text).toContain('saturation ≥ 6,000 moves/s: 6,500 moves/s: **met**');
  });

  it('refuses a folder whose sides name different commits, or without machine.txt', () => {
    const run = (commit: string) =>
      runText(commit, [
        ['paced ~1 s', 2000, 1979, 179.2, 554, 40],
        ['saturation (no pacing)', 300, 2596, 372.2, 528, 120],
      ]);
    const mixed = folder({
      'machine.txt': MACHINE,
      'run-1-base.txt': run('09b7622'),
      'run-2-head.txt': run('06c8a24'),
      'run-3-head.txt': run('abcdef1'),
    });
    expect(() => readPinnedRuns(mixed)).toThrow(/head runs name several commits/);
    const noMachine = folder({
      'run-1-base.txt': run('09b7622'),
      'run-2-head.txt': run('06c8a24'),
    });
    expect(() => readPinnedRuns(noMachine)).toThrow(/machine\.txt/);
  });
});
