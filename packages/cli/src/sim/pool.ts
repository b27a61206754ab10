/**
 * Runs games on worker threads, one per core by default: a piscina pool (the server's bots and
 * store use it too; see packages/server/src/threads.ts for why piscina). Each game is one task,
 * so a slow game holds up only its own thread and progress is counted game by game.
 *
 * From the sources (tests) a thread loads worker.ts with tsx registered through `--import`;
 * from the bundle (bin/gangsta.mjs) it loads the file scripts/build.mjs wrote next to the
 * command's own.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { RuntimeError } from '../errors.ts';
import type { WorkerRequest } from './worker.ts';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

function workerOptions(): { filename: string; execArgv: string[] } {
  if (!FROM_SOURCES)
    return { filename: new URL('./sim-worker.mjs', import.meta.url).href, execArgv: [] };
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return {
    filename: new URL('./worker.ts', import.meta.url).href,
    execArgv: ['--import', pathToFileURL(tsx).href],
  };
}

export function defaultWorkers(): number {
  return availableParallelism();
}

/**
 * Runs every request on up to `workers` threads; `onItem` gets each result as it arrives. The
 * first game that fails (or a thread that dies) fails the run, and the other games stop.
 */
export async function runInWorkers<T>(
  requests: WorkerRequest[],
  workers: number,
  onItem: (value: T) => void,
): Promise<void> {
  if (requests.length === 0) return;
  const threads = Math.max(1, Math.min(workers, requests.length));
  const pool = new Piscina<WorkerRequest, T>({
    ...workerOptions(),
    minThreads: threads,
    maxThreads: threads,
  });
  // A thread that fails between games is replaced; the game it ran fails the run below.
  pool.on('error', () => {});
  try {
    await Promise.all(
      requests.map((request) =>
        pool.run(request).then(onItem, (error: unknown) => {
          throw failure(error);
        }),
      ),
    );
  } finally {
    await pool.destroy();
  }
}

function failure(error: unknown): RuntimeError {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return /^worker exited/.test(message)
    ? new RuntimeError(`a simulation thread stopped (${message})`)
    : new RuntimeError(`a game failed in a worker: ${message}`);
}
