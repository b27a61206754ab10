/**
 * Group commit. A move is applied in memory at once (the engine validates it), then queued;
 * the queue is written as one transaction, and only when that transaction has committed are
 * its moves acknowledged and broadcast. Moves that arrive while a transaction is being written
 * wait for the next one, so the number of transactions per second stays bounded however many
 * games are played at once.
 */
import type { Fence, MoveRow, Store, TableChange } from '../../store/types.ts';
import type { Position } from '../game/position.ts';
import type { Room } from '../room.ts';

export interface PendingMove {
  room: Room;
  row: MoveRow;
  before: Position;
  after: Position;
  /** A change of the table's row in the same transaction (the game is over, the clock). */
  change: TableChange | null;
  /** The version its sender had seen (a move that loses a race is judged again with it). */
  seen: number;
  /** `performance.now()` when the move arrived (acknowledgement latency). */
  receivedAt: number;
  /** The fencing token of the lease it was decided under (set when queued; null: none). */
  fence?: number | null;
}

export interface CommitHandlers {
  committed(batch: PendingMove[]): void;
  /** Tables whose moves collided with stored rows (another process of a cluster moved first). */
  conflicted(batch: PendingMove[]): void;
  failed(batch: PendingMove[], error: unknown): void;
  /** Tables refused for an old fencing token: another process took their leases. */
  fenced?(tables: string[]): void;
}

/** The fencing token a move is committed with, read when it is queued (cluster only). */
export type FenceOf = (pending: PendingMove) => number | null;

export interface CommitQueueOptions {
  /** The fencing token of a queued move (cluster only). */
  fenceOf?: FenceOf;
  /**
   * How long the first move after a quiet spell waits for others to join its transaction
   * (ms; 0: only those read in the same turn of the event loop). See `schedule`.
   */
  windowMs?: number;
}

export class CommitQueue {
  private queue: PendingMove[] = [];
  private writing = false;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly fenceOf: FenceOf;
  private readonly windowMs: number;

  constructor(
    private readonly store: Store,
    private readonly handlers: CommitHandlers,
    options: CommitQueueOptions = {},
  ) {
    this.fenceOf = options.fenceOf ?? (() => null);
    this.windowMs = options.windowMs ?? 0;
  }

  add(pending: PendingMove): void {
    // Read now, when the move is decided: a lease lost before the commit must not lend it
    // the standing of a move made without one.
    pending.fence = this.fenceOf(pending);
    this.queue.push(pending);
    this.schedule();
  }

  /** Drops the queued (not yet writing) moves of a room; returns them. */
  dropQueued(room: Room): PendingMove[] {
    const dropped = this.queue.filter((p) => p.room === room);
    this.queue = this.queue.filter((p) => p.room !== room);
    return dropped;
  }

  /** Resolves when nothing is queued or being written (for a clean shutdown). */
  drained(): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /**
   * A flush after the moves read in this turn of the event loop, or, after a quiet spell, after
   * the commit window: each transaction costs a round trip to the store's thread, a disk sync
   * and a pass over the tables' watchers, whatever its size, so under load a few milliseconds
   * of waiting buy fewer, larger transactions. Moves queued during a write have waited for it
   * already and are flushed as soon as it ends.
   */
  private schedule(afterWrite = false): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    if (this.windowMs > 0 && !afterWrite) setTimeout(() => void this.flush(), this.windowMs);
    else setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.settle();
    this.writing = true;
    try {
      const fences = fencesOf(batch);
      const { conflicts, fenced } = await this.store.commit({
        moves: batch.map((p) => p.row),
        tables: batch.flatMap((p) => (p.change ? [p.change] : [])),
        ...(fences ? { fences } : {}),
      });
      this.writing = false;
      if (fenced && fenced.length > 0) this.handlers.fenced?.(fenced);
      const lost = new Set(conflicts);
      this.handlers.committed(batch.filter((p) => !lost.has(p.room.id)));
      if (lost.size > 0) this.handlers.conflicted(batch.filter((p) => lost.has(p.room.id)));
    } catch (error) {
      this.writing = false;
      this.handlers.failed(batch, error);
    }
    if (this.queue.length > 0) this.schedule(true);
    else this.settle();
  }

  private settle(): void {
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}

/** Per table of a batch, the oldest token its moves were decided under (all must still hold). */
function fencesOf(batch: PendingMove[]): Fence[] | undefined {
  const tokens = new Map<string, number>();
  for (const { row, fence } of batch) {
    if (fence === null || fence === undefined) continue;
    tokens.set(row.tableId, Math.min(fence, tokens.get(row.tableId) ?? fence));
  }
  if (tokens.size === 0) return undefined;
  return [...tokens].map(([table, token]) => ({ table, token }));
}
