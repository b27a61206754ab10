/**
 * The store's thread. SQLite (better-sqlite3) works synchronously: on the main thread every
 * commit would stop the server for the length of an fsync. Here, the calls that arrive while
 * a transaction is being written are run together in the next one (group commit across moves,
 * new players, tables and chat lines), in the order they were sent, and each is answered once
 * that transaction has committed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SqlStore } from './sql.ts';
import { openPreparedSqliteStore } from './sqlite.ts';
import type { StoreCall, StoreReply } from './workerMessages.ts';

const port = parentPort!;
const store = openPreparedSqliteStore((workerData as { dataDir: string }).dataDir);
/** Calls that manage the database itself, never part of a group transaction. */
const OUTSIDE_TRANSACTIONS = new Set<string>(['migrate', 'close']);
let queue: StoreCall[] = [];
let running = false;

function reply(message: StoreReply): void {
  port.postMessage(message);
}

function failure(call: StoreCall, error: unknown): StoreReply {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return {
    id: call.id,
    ok: false,
    error: message,
    code: typeof code === 'string' ? code : undefined,
  };
}

/** Any `Store` method by its name, on the store bound to the group's transaction. */
function run(on: SqlStore, call: StoreCall): Promise<unknown> {
  const method = (on as unknown as Record<string, unknown>)[call.method];
  if (typeof method !== 'function') throw new Error(`the store has no method ${call.method}`);
  return (method as (...args: unknown[]) => Promise<unknown>).apply(on, call.args);
}

/** All calls in one transaction; answered after the commit. */
async function runTogether(calls: StoreCall[]): Promise<void> {
  const results = await store.inTransaction(async (inTrx) => {
    const out: unknown[] = [];
    for (const call of calls) out.push(await run(inTrx, call));
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
    const value = call.method === 'migrate' ? await store.migrate() : undefined;
    if (call.method === 'close') await store.close();
    reply({ id: call.id, ok: true, value });
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
      if (!OUTSIDE_TRANSACTIONS.has(call.method)) {
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
