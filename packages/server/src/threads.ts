/**
 * The server's worker threads (the bots' pool and the store's thread) are piscina pools.
 *
 * Why piscina rather than pools of our own: it already does what each hand-written pool did
 * (a queue in order, threads started on demand, a thread that dies replaced and the tasks it
 * was running failed, idle threads not keeping the process alive), and its
 * `concurrentTasksPerWorker` lets the store's single thread receive every call at once, which
 * its group commit needs. The CLI's simulation uses it the same way (cli/src/sim/pool.ts).
 *
 * Where the code of a thread is: from the sources (tests, `npm run dev`) the thread loads the
 * worker's `.ts` file with tsx registered through `--import`, so no start-up shim is needed;
 * from the bundle (`bin/server.mjs`) it loads the file scripts/build.mjs wrote next to the
 * process's own.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

export type ThreadKind = 'store' | 'bots';

type PoolOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

const FROM_SOURCES = import.meta.url.endsWith('.ts');

function threadFile(kind: ThreadKind): string {
  return FROM_SOURCES
    ? new URL(`./${kind}/worker.ts`, import.meta.url).href
    : new URL(kind === 'store' ? './store-worker.mjs' : './bot-worker.mjs', import.meta.url).href;
}

/** Node options for a thread: tsx's loader from the sources (resolved here, not from the cwd). */
export function threadExecArgv(): string[] {
  if (!FROM_SOURCES) return [];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(tsx).href];
}

/**
 * A pool running `kind`'s worker file (its default export answers each task). A thread that
 * fails while it runs no task is replaced by the next task; piscina reports that on the pool's
 * 'error' event, which is listened to here so that it cannot end the process.
 */
export function threadPool<Task, Answer>(
  kind: ThreadKind,
  options: Omit<PoolOptions, 'filename' | 'execArgv'>,
): Piscina<Task, Answer> {
  const pool = new Piscina<Task, Answer>({
    ...options,
    filename: threadFile(kind),
    execArgv: threadExecArgv(),
  });
  pool.on('error', () => {});
  return pool;
}
