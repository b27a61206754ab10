/**
 * The store's thread. SQLite (better-sqlite3) works synchronously: on the main thread every
 * commit would stop the server for the length of an fsync. Here, the calls that arrive while
 * a transaction is being written are run together in the next one (group commit across moves,
 * new players, tables and chat lines), in the order they were sent, and each is answered once
 * that transaction has committed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteStore, type SqliteStore, writeBatch } from './sqlite.ts';
import type { StoreCall, StoreReply } from './workerMessages.ts';

const port = parentPort!;
const store = openSqliteStore((workerData as { dataDir: string }).dataDir);
let queue: StoreCall[] = [];
let running = false;

function reply(message: StoreReply): void {
  port.postMessage(message);
}

function failure(call: StoreCall, error: unknown): StoreReply {
  return { id: call.id, ok: false, error: error instanceof Error ? error.message : String(error) };
}

async function run(on: SqliteStore, call: StoreCall): Promise<unknown> {
  switch (call.method) {
    case 'createPlayer':
      return on.createPlayer(...call.args);
    case 'findPlayerByTokenHash':
      return on.findPlayerByTokenHash(...call.args);
    case 'renamePlayer':
      return on.renamePlayer(...call.args);
    case 'createTable':
      return on.createTable(...call.args);
    case 'updateTable':
      return on.updateTable(...call.args);
    case 'loadTable':
      return on.loadTable(...call.args);
    case 'tableIds':
      return on.tableIds(...call.args);
    case 'recentFinished':
      return on.recentFinished(...call.args);
    case 'appendChat':
      return on.appendChat(...call.args);
    default:
      throw new Error(`${call.method} does not run in a transaction`);
  }
}

/** All calls in one transaction; answered after the commit. */
async function runTogether(calls: StoreCall[]): Promise<void> {
  const results = await store.inTransaction(async (inTrx, trx) => {
    const out: unknown[] = [];
    for (const call of calls) {
      out.push(
        call.method === 'commit' ? await writeBatch(trx, ...call.args) : await run(inTrx, call),
      );
    }
    return out;
  });
  for (const [i, call] of calls.entries()) reply({ id: call.id, ok: true, value: results[i] });
}

/** After a failed group, each call alone, so that one bad call does not fail the others. */
async function runAlone(call: StoreCall): Promise<void> {
  try {
    await runTogether([call]);
  } catch (error) {
    reply(failure(call, error));
  }
}

async function special(call: StoreCall): Promise<void> {
  try {
    if (call.method === 'migrate') await store.migrate();
    if (call.method === 'close') await store.close();
    reply({ id: call.id, ok: true, value: undefined });
  } catch (error) {
    reply(failure(call, error));
  }
}

async function drain(): Promise<void> {
  running = true;
  while (queue.length > 0) {
    const calls = queue;
    queue = [];
    const group: StoreCall[] = [];
    for (const call of calls) {
      if (call.method !== 'migrate' && call.method !== 'close') {
        group.push(call);
        continue;
      }
      await runGroup(group.splice(0));
      await special(call);
    }
    await runGroup(group);
  }
  running = false;
}

async function runGroup(calls: StoreCall[]): Promise<void> {
  if (calls.length === 0) return;
  try {
    await runTogether(calls);
  } catch {
    for (const call of calls) await runAlone(call);
  }
}

port.on('message', (call: StoreCall) => {
  queue.push(call);
  if (!running) setImmediate(() => void drain());
});
