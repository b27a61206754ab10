/** Runs a simulation plan on worker threads into an aggregate, with an optional progress bar. */

import { CLASSIC_CARDS } from '@gangsta/engine';
import { SingleBar } from 'cli-progress';
import { type Aggregate, addGame, emptyAggregate } from './aggregate.ts';
import type { GameSummary } from './game.ts';
import { planJobs, type SimulationPlan } from './jobs.ts';
import { runInWorkers } from './pool.ts';

export interface SimulationResult {
  aggregate: Aggregate;
  seconds: number;
}

/** A progress bar on stderr when it is a terminal; nothing otherwise (pipes, CI, tests). */
export function progressBar(label: string, total: number): { tick(): void; stop(): void } {
  if (process.stderr.isTTY !== true) {
    // Long runs in a pipe or a log file get a line every 10% instead of a bar.
    if (total < 1000) return { tick: () => {}, stop: () => {} };
    let done = 0;
    return {
      tick: () => {
        done += 1;
        if (done % Math.ceil(total / 10) === 0)
          process.stderr.write(`${label}: ${done}/${total} games\n`);
      },
      stop: () => {},
    };
  }
  const bar = new SingleBar({
    format: `${label} [{bar}] {value}/{total} games · {eta_formatted} left`,
    stream: process.stderr,
    hideCursor: true,
    etaBuffer: 200,
  });
  bar.start(total, 0);
  return { tick: () => bar.increment(), stop: () => bar.stop() };
}

export async function simulate(
  plan: SimulationPlan,
  workers: number,
  label = 'simulating',
  onSummary?: (summary: GameSummary) => void,
): Promise<SimulationResult> {
  const aggregate = emptyAggregate();
  const progress = progressBar(label, plan.games);
  const started = performance.now();
  try {
    // Summaries arrive out of order; the aggregate does not depend on order.
    const requests = planJobs(plan).map((job) => ({ kind: 'simulate' as const, job }));
    await runInWorkers<GameSummary>(requests, workers, (summary) => {
      addGame(aggregate, summary, CLASSIC_CARDS);
      onSummary?.(summary);
      progress.tick();
    });
  } finally {
    progress.stop();
  }
  return { aggregate, seconds: (performance.now() - started) / 1000 };
}
