/**
 * The SQLite store as the server uses it: every call goes to the store's thread (`worker.ts`),
 * so the event loop never waits for the disk, and calls made while a commit is under way are
 * committed together in the next transaction. Any `Store` method is forwarded by its name
 * (arguments and results are plain data).
 */
import type { Piscina } from 'piscina';
import { threadPool } from '../threads.ts';
import { STORE_THREAD_EXITED } from './health.ts';
import type { Store } from './types.ts';
import type { StoreAnswer, StoreCall } from './workerMessages.ts';

/** An error from the store's thread, with the database's error code (for the store's health). */
class StoreError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * The store's thread: a piscina pool (see ../threads.ts for why) of exactly one thread, which
 * gets every call as soon as it is made (so that it can commit them together) and in order.
 * If the thread stops (an uncaught error in it, or it was ended), the calls it was running fail
 * with STORE_THREAD_EXITED, which the store's health counts as unreachable (UNAVAILABLE, retry
 * later: a call whose transaction had committed is found again by its resend), and a new
 * thread starts on the same database file for the next call.
 */
export class StoreThread {
  private readonly pool: Piscina<StoreCall, StoreAnswer>;
  private closed = false;

  constructor(dataDir: string) {
    this.pool = threadPool('store', {
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: Number.POSITIVE_INFINITY,
      // The thread awaits its database between calls: it must not sleep in Atomics.wait.
      atomics: 'disabled',
      workerData: { dataDir },
    });
  }

  async call(method: string, args: unknown[]): Promise<unknown> {
    if (this.closed) throw new Error(`the store is closed (${method})`);
    let answer: StoreAnswer;
    try {
      answer = await this.pool.run({ method, args } as StoreCall);
    } catch (error) {
      // The thread's answers never throw (see StoreAnswer): this is the thread itself failing.
      const why = error instanceof Error ? error.message : String(error);
      throw new StoreError(
        `the store thread stopped (${why}); the call may or may not have been stored`,
        STORE_THREAD_EXITED,
      );
    }
    if (answer.ok) return answer.value;
    throw new StoreError(answer.error, answer.code);
  }

  /** Ends the thread at once, as a crash would (a new one starts for the next call). */
  async terminate(): Promise<void> {
    await Promise.all(this.pool.threads.map((thread) => thread.terminate()));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call('close', []);
    this.closed = true;
    await this.pool.destroy();
  }
}

/** A `Store` whose every method runs in the store's thread. */
export function workerStore(dataDir: string): Store {
  const thread = new StoreThread(dataDir);
  return new Proxy({} as Store, {
    get(_target, method) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      if (method === 'close') return () => thread.close();
      return (...args: unknown[]) => thread.call(method, args);
    },
  });
}
