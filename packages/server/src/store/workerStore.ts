/**
 * The SQLite store as the server uses it: every call goes to the store's thread (`worker.ts`),
 * so the event loop never waits for the disk, and calls made while a commit is under way are
 * committed together in the next transaction. Any `Store` method is forwarded by its name
 * (arguments and results are plain data).
 */
import { Worker } from 'node:worker_threads';
import type { Store } from './types.ts';
import type { StoreReply } from './workerMessages.ts';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** An error from the store's thread, with the database's error code (unique violations…). */
class StoreError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

class StoreThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  dead: Error | null = null;

  constructor(dataDir: string) {
    this.worker = new Worker(ENTRY, { workerData: { dataDir } });
    this.worker.on('message', (reply: StoreReply) => this.answer(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the store thread exited (${code})`)));
  }

  private answer(reply: StoreReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new StoreError(reply.error, reply.code));
  }

  private fail(error: Error): void {
    this.dead ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }

  call(method: string, args: unknown[]): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  async close(): Promise<void> {
    if (this.dead) return;
    await this.call('close', []);
    this.dead = new Error('the store is closed');
    await this.worker.terminate();
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
