/**
 * Runs batches of games on worker threads, one per core by default. Batches are handed to
 * whichever worker is free, so a slow game does not hold up a whole share.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RuntimeError } from '../errors.ts';
import type { WorkerReply, WorkerRequest } from './worker.ts';

// From the sources (tests) a thread starts at worker-entry.mjs, which registers tsx first; from
// the bundle (bin/gangsta.mjs) at the file scripts/build.mjs wrote next to the command's own.
const ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./worker-entry.mjs', import.meta.url)
  : new URL('./sim-worker.mjs', import.meta.url);

export function defaultWorkers(): number {
  return availableParallelism();
}

/** Splits `items` into batches small enough to balance the load over `workers`. */
export function batchesOf<T>(items: T[], workers: number, maxBatch = 25): T[][] {
  const size = Math.max(1, Math.min(maxBatch, Math.ceil(items.length / (workers * 8))));
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** Runs every request on up to `workers` threads; `onItem` gets each result as it arrives. */
export async function runInWorkers<T>(
  requests: WorkerRequest[],
  workers: number,
  onItem: (value: T) => void,
): Promise<void> {
  const queue = [...requests];
  const count = Math.max(1, Math.min(workers, queue.length));
  if (queue.length === 0) return;
  const threads: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      const feed = (worker: Worker): void => {
        const next = queue.shift();
        if (!next) {
          if (running === 0) resolve();
          return;
        }
        running += 1;
        worker.postMessage(next);
      };
      for (let i = 0; i < count; i++) {
        const worker = new Worker(ENTRY);
        threads.push(worker);
        worker.on('message', (reply: WorkerReply) => {
          if (reply.type === 'item') onItem(reply.value as T);
          else if (reply.type === 'error')
            reject(new RuntimeError(`a game failed in a worker: ${reply.message}`));
          else {
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
