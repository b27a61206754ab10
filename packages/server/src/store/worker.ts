/**
 * The store's thread. SQLite (better-sqlite3) works synchronously: on the main thread every
 * commit would stop the server for the length of an fsync. Here, the calls that arrive while
 * a transaction is being written are run together in the next one (group commit across moves,
 * new players, tables and chat lines), in the order they were sent, and each is answered once
 * that transaction has committed.
 *
 * The pool in workerStore.ts sends every call at once (piscina's concurrentTasksPerWorker), so
 * the default export below only queues a call and hands back a promise of its answer.
 */
import { workerData } from 'node:worker_threads';
import type { SqlStore } from './sql.ts';
import { openPreparedSqliteStore } from './sqlite.ts';
import type { StoreAnswer, StoreCall } from './workerMessages.ts';

const store = openPreparedSqliteStore((workerData as { dataDir: string }).dataDir);
/** Calls that manage the database itself, never part of a group transaction. */
const OUTSIDE_TRANSACTIONS = new Set<string>(['migrate', 'close']);

interface Queued {
  call: StoreCall;
  answer: (answer: StoreAnswer) => void;
}

let queue: Queued[] = [];
/** A drain is scheduled or under way: calls that arrive meanwhile wait for its next round. */
let draining = false;

function failure(error: unknown): StoreAnswer {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return { ok: false, error: message, ...(typeof code === 'string' ? { code } : {}) };
}

/** Any `Store` method by its name, on the store bound to the group's transaction. */
function run(on: SqlStore, call: StoreCall): Promise<unknown> {
  const method = (on as unknown as Record<string, unknown>)[call.method];
  if (typeof method !== 'function') throw new Error(`the store has no method ${call.method}`);
  return (method as (...args: unknown[]) => Promise<unknown>).apply(on, call.args);
}

/** All calls in one transaction; answered after the commit. */
async function runTogether(calls: Queued[]): Promise<void> {
  const results = await store.inTransaction(async (inTrx) => {
    const out: unknown[] = [];
    for (const { call } of calls) out.push(await run(inTrx, call));
    return out;
  });
  for (const [i, queued] of calls.entries()) queued.answer({ ok: true, value: results[i] });
}

/** After a failed group, each call alone, so that one bad call does not fail the others. */
async function runAlone(queued: Queued): Promise<void> {
  try {
    await runTogether([queued]);
  } catch (error) {
    queued.answer(failure(error));
  }
}

async function special({ call, answer }: Queued): Promise<void> {
  try {
    const value = call.method === 'migrate' ? await store.migrate() : undefined;
    if (call.method === 'close') await store.close();
    answer({ ok: true, value });
  } catch (error) {
    answer(failure(error));
  }
}

async function drain(): Promise<void> {
  while (queue.length > 0) {
    const calls = queue;
    queue = [];
    const group: Queued[] = [];
    for (const queued of calls) {
      if (!OUTSIDE_TRANSACTIONS.has(queued.call.method)) {
        group.push(queued);
        continue;
      }
      await runGroup(group.splice(0));
      await special(queued);
    }
    await runGroup(group);
  }
  draining = false;
}

async function runGroup(calls: Queued[]): Promise<void> {
  if (calls.length === 0) return;
  try {
    await runTogether(calls);
  } catch {
    for (const queued of calls) await runAlone(queued);
  }
}

/** One call, answered once the transaction it joined has committed. */
export default function handle(call: StoreCall): Promise<StoreAnswer> {
  return new Promise((answer) => {
    queue.push({ call, answer });
    if (draining) return;
    draining = true;
    setImmediate(() => void drain());
  });
}
