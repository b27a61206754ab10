/**
 * The store as the server uses it: every call goes to the store's thread (`worker.ts`), so
 * the event loop never waits for the disk, and calls made while a commit is under way are
 * committed together in the next transaction.
 */
import { Worker } from 'node:worker_threads';
import type {
  Batch,
  ChatRow,
  LoadedTable,
  PlayerRow,
  Store,
  TableChange,
  TableRow,
} from './types.ts';
import type { StoreCall, StoreReply } from './workerMessages.ts';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class WorkerStore implements Store {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private dead: Error | null = null;

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
    else waiting.reject(new Error(reply.error));
  }

  private fail(error: Error): void {
    this.dead ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }

  private call<T>(method: StoreCall['method'], ...args: unknown[]): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  migrate(): Promise<void> {
    return this.call('migrate');
  }
  createPlayer(player: PlayerRow): Promise<void> {
    return this.call('createPlayer', player);
  }
  findPlayerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined> {
    return this.call('findPlayerByTokenHash', tokenHash);
  }
  renamePlayer(id: string, name: string): Promise<void> {
    return this.call('renamePlayer', id, name);
  }
  createTable(table: TableRow): Promise<void> {
    return this.call('createTable', table);
  }
  updateTable(change: TableChange): Promise<void> {
    return this.call('updateTable', change);
  }
  commit(batch: Batch): Promise<void> {
    return this.call('commit', batch);
  }
  loadTable(id: string, chatLimit: number): Promise<LoadedTable | undefined> {
    return this.call('loadTable', id, chatLimit);
  }
  tableIds(statuses: TableRow['status'][]): Promise<string[]> {
    return this.call('tableIds', statuses);
  }
  recentFinished(limit: number): Promise<TableRow[]> {
    return this.call('recentFinished', limit);
  }
  appendChat(line: ChatRow): Promise<void> {
    return this.call('appendChat', line);
  }

  async close(): Promise<void> {
    if (this.dead) return;
    await this.call('close');
    this.dead = new Error('the store is closed');
    await this.worker.terminate();
  }
}
