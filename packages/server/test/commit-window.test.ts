/**
 * The commit window (`COMMIT_WINDOW_MS`, tables/moves/commits.ts): moves queued within the window
 * share one transaction; moves queued while a transaction is written are flushed right after
 * it, without a second wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { CommitQueue, type PendingMove } from '../src/tables/moves/commits.ts';
import type { Room } from '../src/tables/room.ts';

type Batch = Parameters<Store['commit']>[0];

/** A store whose commits are recorded and end when the test says so. */
function recordingStore() {
  const batches: Batch[] = [];
  const finish: (() => void)[] = [];
  const store = {
    commit(batch: Batch) {
      batches.push(batch);
      return new Promise((resolve) => finish.push(() => resolve({ conflicts: [] })));
    },
  } as unknown as Store;
  return { store, batches, endWrite: () => finish.shift()?.() };
}

function pending(table: string, seq: number): PendingMove {
  return {
    room: { id: table } as Room,
    row: {
      tableId: table,
      seq,
      seat: 0,
      kind: 'move',
      move: null,
      clientId: `m${seq}`,
      byBot: false,
      at: new Date(0).toISOString(),
    },
    before: null as never,
    after: null as never,
    change: null,
    seen: seq - 1,
    receivedAt: 0,
  };
}

// Fake timers: the test does not depend on how fast the machine is.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const handlers = () => {
  const committed: number[] = [];
  return {
    committed,
    handlers: {
      committed: (batch: PendingMove[]) => committed.push(batch.length),
      conflicted: () => {},
      failed: (_: PendingMove[], error: unknown) => {
        throw error;
      },
    },
  };
};

describe('the commit window', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without a window, moves of separate turns of the event loop are separate commits', async () => {
    const { store, batches, endWrite } = recordingStore();
    const queue = new CommitQueue(store, handlers().handlers);
    queue.add(pending('a', 1));
    await wait(5);
    expect(batches).toHaveLength(1);
    endWrite();
    await wait(1);
    queue.add(pending('b', 1));
    await wait(5);
    expect(batches.map((b) => b.moves.length)).toEqual([1, 1]);
  });

  it('with a window, moves that arrive within it share one commit', async () => {
    const { store, batches } = recordingStore();
    const queue = new CommitQueue(store, handlers().handlers, { windowMs: 40 });
    queue.add(pending('a', 1));
    await wait(5);
    queue.add(pending('b', 1));
    await wait(5);
    queue.add(pending('c', 1));
    expect(batches).toHaveLength(0);
    await wait(29);
    expect(batches).toHaveLength(0);
    await wait(1);
    expect(batches.map((b) => b.moves.map((m) => m.tableId))).toEqual([['a', 'b', 'c']]);
  });

  it('moves queued during a write are flushed when it ends, not after another window', async () => {
    const { store, batches, endWrite } = recordingStore();
    const { handlers: h, committed } = handlers();
    const queue = new CommitQueue(store, h, { windowMs: 1000 });
    queue.add(pending('a', 1));
    await wait(999);
    expect(batches).toHaveLength(0);
    await wait(1);
    expect(batches).toHaveLength(1);
    queue.add(pending('a', 2));
    queue.add(pending('b', 1));
    endWrite();
    await wait(1);
    expect(batches.map((b) => b.moves.length)).toEqual([1, 2]);
    endWrite();
    await wait(1);
    await queue.drained();
    expect(committed).toEqual([1, 2]);
  });
});
