/**
 * Runs simulated games on worker threads, one per core by default. Games are handed out in
 * small batches to whichever worker is free, so a slow game does not hold up a whole share.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RuntimeError } from '../errors.ts';
import type { GameJob, GameSummary } from './game.ts';
import type { WorkerReply, WorkerRequest } from './worker.ts';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

export function defaultWorkers(): number {
  return availableParallelism();
}

export async function runInWorkers(
  jobs: GameJob[],
  workers: number,
  onGame: (summary: GameSummary) => void,
): Promise<void> {
  if (jobs.length === 0) return;
  const batchSize = Math.max(1, Math.min(25, Math.ceil(jobs.length / (workers * 8))));
  const batches: GameJob[][] = [];
  for (let i = 0; i < jobs.length; i += batchSize) batches.push(jobs.slice(i, i + batchSize));
  const count = Math.max(1, Math.min(workers, batches.length));
  const threads: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      const feed = (worker: Worker): void => {
        const batch = batches.shift();
        if (!batch) {
          if (running === 0) resolve();
          return;
        }
        running += 1;
        worker.postMessage({ jobs: batch } satisfies WorkerRequest);
      };
      for (let i = 0; i < count; i++) {
        const worker = new Worker(ENTRY);
        threads.push(worker);
        worker.on('message', (reply: WorkerReply) => {
          if (reply.type === 'game') onGame(reply.summary);
          else if (reply.type === 'error') {
            reject(new RuntimeError(`simulated game ${reply.index} failed: ${reply.message}`));
          } else {
            running -= 1;
            feed(worker);
          }
        });
        worker.on('error', (error) => reject(new RuntimeError(`worker failed: ${error.message}`)));
        worker.on('exit', (code) => {
          if (code !== 0) reject(new RuntimeError(`worker stopped with code ${code}`));
        });
        feed(worker);
      }
    });
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
}
