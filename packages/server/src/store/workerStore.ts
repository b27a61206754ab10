/**
 * The SQLite store as the server uses it: every call goes to the store's thread (`worker.ts`),
 * so the event loop never waits for the disk, and calls made while a commit is under way are
 * committed together in the next transaction. Any `Store` method is forwarded by its name
 * (arguments and results are plain data).
 */
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../threads.ts';
import { STORE_THREAD_EXITED } from './health.ts';
import type { Store } from './types.ts';
import type { StoreReply } from './workerMessages.ts';

const ENTRY = threadEntry('store');

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

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
 * The store's thread. If it stops (an uncaught error in it, or it was ended), the calls it was
 * running fail with STORE_THREAD_EXITED, which the store's health counts as unreachable
 * (UNAVAILABLE, retry later: a call whose transaction had committed is found again by its
 * resend), and the next call starts a new thread on the same database file.
 */
export class StoreThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly dataDir: string) {
    this.start();
  }

  private start(): Worker {
    const worker = new Worker(ENTRY, { workerData: { dataDir: this.dataDir } });
    worker.on('message', (reply: StoreReply) => this.answer(reply));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`it exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private answer(reply: StoreReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new StoreError(reply.error, reply.code));
  }

  /** A thread stopped: what it was running fails; a later event of an old thread is ignored. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const failure = new StoreError(
      `the store thread stopped (${error.message}); the call may or may not have been stored`,
      STORE_THREAD_EXITED,
    );
    for (const waiting of this.waiting.values()) waiting.reject(failure);
    this.waiting.clear();
  }

  call(method: string, args: unknown[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error(`the store is closed (${method})`));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  }

  /** Ends the thread at once, as a crash would (the next call starts a new one). */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker) await this.call('close', []);
    this.closed = true;
    this.worker = null;
    await worker?.terminate();
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
