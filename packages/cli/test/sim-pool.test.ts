/** The simulation's worker pool, from the sources: threads load worker.ts through tsx. */

import type { BotConfig } from '@gangsta/bots';
import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../src/sim/game.ts';
import { planJobs } from '../src/sim/jobs.ts';
import { runInWorkers } from '../src/sim/pool.ts';
import type { WorkerRequest } from '../src/sim/worker.ts';

const RANDOM: Omit<BotConfig, 'seed'> = { kind: 'random' };

function requests(games: number, bots = [RANDOM, RANDOM]): WorkerRequest[] {
  const jobs = planJobs({ games, options: { players: 2 }, seed: 7, bots, rotate: false });
  return jobs.map((job) => ({ kind: 'simulate', job }));
}

describe('runInWorkers', () => {
  it('plays every game on two threads and hands over each summary', async () => {
    const summaries: GameSummary[] = [];
    await runInWorkers<GameSummary>(requests(5), 2, (summary) => summaries.push(summary));
    expect(summaries.map((s) => s.index).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('fails the run with the game’s own error when a game throws in a thread', async () => {
    const broken = requests(1, [RANDOM, { kind: 'nope' } as unknown as Omit<BotConfig, 'seed'>]);
    await expect(runInWorkers(broken, 1, () => {})).rejects.toThrow(
      /a game failed in a worker: .*unknown bot kind: nope/,
    );
  });
});
