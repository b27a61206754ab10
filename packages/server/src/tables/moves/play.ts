/**
 * Moves and undos: the server is the authority. A move is checked (seat, version, resent id),
 * applied by the engine to the head position, queued for the group commit, and acknowledged
 * and broadcast only once its row is on the disk.
 */
import { itemAt, type Seat } from '@gangsta/engine';
import type { ClientMessage, ProtocolError } from '@gangsta/protocol';
import { protocolError } from '@gangsta/protocol';
import { groupBy } from '../../groupBy.ts';
import type { Peer } from '../../peer.ts';
import { asProtocolError, Refusal, refuse } from '../../refusal.ts';
import { StoreUnavailable } from '../../store/health.ts';
import type { MoveRow, TableChange } from '../../store/types.ts';
import type { Observers, Ownership, Play, TableHooks, TableMemory } from '../context.ts';
import { isOver, mayUndo, type Position, playMove, undoLast } from '../game/position.ts';
import { tableOf } from '../memory/registry.ts';
import type { CatchUp, Moves, Submission, Takeover } from '../parts.ts';
import { keyOfMove, keyOfRow, type Room } from '../room.ts';
import { sendSyncToAll, sendTableInfo, sendUpdateToAll, syncFor } from '../watchers/broadcast.ts';
import { ASK_THE_STORE, type SentMove } from './answered.ts';
import type { PendingMove } from './commits.ts';

type MoveMessage = Extract<ClientMessage, { type: 'move' }>;
type UndoMessage = Extract<ClientMessage, { type: 'undo' }>;

function reject(peer: Peer | null, room: Room, clientId: string, error: ProtocolError): void {
  peer?.send({ type: 'rejected', table: room.id, id: clientId, error });
}

/** What receiving a person's move uses: the table, its catch-up, its seats, its moves. */
export type Receiving = Pick<TableMemory, 'rooms'> & {
  catchUp: CatchUp;
  takeover: Takeover;
  moves: Moves;
};

/**
 * A person's move as the socket brought it: the table it names (read from the store if it
 * sleeps), caught up with the store first when the sender has seen more than this process
 * (it was connected to another one), the sender's seat checked, and that seat taken back
 * from the bot playing it, for a move of their own is how a player resumes. Then `submit`.
 */
export async function receiveMove(ctx: Receiving, peer: Peer, message: MoveMessage): Promise<void> {
  const room = await tableOf(ctx, message.table);
  await ctx.catchUp.ifBehind(room, message.seen);
  const sub = moveSubmission(room, peer, message);
  await ctx.takeover.resumeSeat(room, sub.seat);
  ctx.moves.submit(sub);
}

/** A person's undo as the socket brought it: like `receiveMove`, without taking a seat back. */
export async function receiveUndo(ctx: Receiving, peer: Peer, message: UndoMessage): Promise<void> {
  const room = await tableOf(ctx, message.table);
  await ctx.catchUp.ifBehind(room, message.seen);
  ctx.moves.submit(undoSubmission(room, peer, message));
}

/** The seat the sender holds at this table; refuses a spectator, a waiting table, a finished one. */
function senderSeat(room: Room, peer: Peer): Seat {
  if (!peer.player) refuse('UNAUTHENTICATED', 'say hello with your token before playing');
  const seat = room.seatOf(peer.player.id);
  if (seat === null) refuse('NOT_SEATED', 'you hold no seat at this table');
  if (room.table.status === 'waiting' || !room.head)
    refuse('WRONG_STATUS', 'the game has not started yet', { status: room.table.status });
  return seat;
}

function moveSubmission(room: Room, peer: Peer, message: MoveMessage): Submission {
  const seat = senderSeat(room, peer);
  if (message.move.seat !== seat)
    refuse('NOT_SEATED', `you hold seat ${seat}, not seat ${message.move.seat}`, {
      seat,
      moveSeat: message.move.seat,
    });
  return {
    room,
    seat,
    clientId: message.id,
    seen: message.seen,
    move: message.move,
    byBot: false,
    peer,
    receivedAt: performance.now(),
  };
}

function undoSubmission(room: Room, peer: Peer, message: UndoMessage): Submission {
  const seat = senderSeat(room, peer);
  return {
    room,
    seat,
    clientId: message.id,
    seen: message.seen,
    move: null,
    byBot: false,
    peer,
    receivedAt: performance.now(),
  };
}

/** What the submission's id is used for: its move's key, or "undo". */
function keyOfSubmission(sub: Submission): string {
  return sub.move === null ? 'undo' : keyOfMove(sub.move);
}

function answerAgain(sub: Submission, sent: SentMove): void {
  if (sent.key !== keyOfSubmission(sub)) {
    reject(
      sub.peer,
      sub.room,
      sub.clientId,
      protocolError('DUPLICATE_ID', 'this move id was already used for another move', {
        id: sub.clientId,
      }),
    );
  } else if (sent.version === null) {
    if (sub.peer) sub.room.awaitAck(sub.seat, sub.clientId, sub.peer);
  } else {
    sub.peer?.send({ type: 'ack', table: sub.room.id, id: sub.clientId, version: sent.version });
  }
}

/**
 * Keeping resources is decided by several seats at once, and no seat's choice changes what
 * the others may keep: a choice made against a version that only others' keeps followed is
 * still a choice against the same options, so it is not stale.
 */
function simultaneousKeep(position: Position, sub: Submission): boolean {
  const behind = position.version - sub.seen;
  if (behind <= 0 || behind > position.moves.length || position.undoneAt > sub.seen) return false;
  if ((sub.move as { type?: unknown } | null)?.type !== 'keepResources') return false;
  return position.moves
    .slice(-behind)
    .every((m) => m.type === 'keepResources' && m.seat !== sub.seat);
}

function nextPosition(sub: Submission, head: Position) {
  if (sub.move !== null) return playMove(head, sub.move, sub.byBot);
  if (!mayUndo(head, sub.seat)) {
    return {
      ok: false as const,
      error: protocolError(
        'CANNOT_UNDO',
        'only your own last move can be taken back, and only where the rules allow it',
      ),
    };
  }
  return undoLast(head);
}

/**
 * Moves and undos checked, applied to the head position and queued for the group commit: a
 * person's (through `receiveMove`), a bot's, or one that lost a commit race and is judged again.
 */
export class TableMoves implements Moves {
  constructor(private readonly deps: Play) {}

  /** Checks and applies a move or an undo; it is answered once its commit ends. */
  submit(sub: Submission): void {
    const { room } = sub;
    const head = room.head;
    if (!head)
      return reject(
        sub.peer,
        room,
        sub.clientId,
        protocolError('WRONG_STATUS', 'the game has not started yet'),
      );
    if (this.answeredBefore(sub)) return;
    if (sub.seen !== head.version && !simultaneousKeep(head, sub)) {
      // The sync that follows is the whole visible game: a connection gets `syncsPerMinute` of
      // them, so that stale moves cannot multiply traffic. Beyond that the refusal says when
      // to watch the table again for one (`retryMs`), and no sync follows.
      const retryMs = sub.peer?.takeSync() ?? 0;
      const params = { version: head.version, seen: sub.seen };
      const message = `the table is at version ${head.version}, not ${sub.seen}`;
      reject(
        sub.peer,
        room,
        sub.clientId,
        protocolError('STALE', message, retryMs > 0 ? { ...params, sync: false, retryMs } : params),
      );
      if (sub.peer && retryMs === 0) sub.peer.send(syncFor(room, sub.peer));
      return;
    }
    const next = nextPosition(sub, head);
    if (!next.ok) return reject(sub.peer, room, sub.clientId, next.error as ProtocolError);
    room.applied(next.position);
    room.moveCommitting(sub.seat, sub.clientId, keyOfSubmission(sub), sub.peer);
    this.deps.commits.add(this.pendingOf(sub, head, next.position));
    this.deps.wakeBots(room);
  }

  private pendingOf(sub: Submission, before: Position, after: Position): PendingMove {
    const at = new Date(this.deps.time.now()).toISOString();
    const row: MoveRow = {
      tableId: sub.room.id,
      seq: after.version,
      seat: sub.seat,
      kind: sub.move === null ? 'undo' : 'move',
      move: sub.move === null ? null : (after.moves.at(-1) ?? null),
      clientId: sub.clientId,
      byBot: sub.byBot,
      at,
    };
    let change: TableChange | null = isOver(after)
      ? { id: sub.room.id, status: 'finished', finishedAt: at, moveCount: after.moves.length }
      : null;
    // A clocked table's clock is written with every move, in the move's transaction.
    const mover = { seat: sub.seat, undo: sub.move === null, byBot: sub.byBot };
    const clock = sub.room.clockAfterMove(mover, before, after, this.deps.time.now());
    if (clock) change = { ...(change ?? { id: sub.room.id }), clock };
    return {
      room: sub.room,
      row,
      before,
      after,
      change,
      seen: sub.seen,
      receivedAt: sub.receivedAt,
    };
  }

  /**
   * A resent id: answered with the first answer (an ack, now or when its commit ends), or
   * DUPLICATE_ID when the id came with another move. Returns whether the id was known (or may
   * be: an id from long ago is looked up in the store, and answered or submitted after that).
   */
  private answeredBefore(sub: Submission): boolean {
    const { answered } = sub.room;
    const sent = sub.idUnknownToStore
      ? answered.kept(sub.seat, sub.clientId)
      : answered.get(sub.seat, sub.clientId);
    if (sent === undefined) return false;
    if (sent === ASK_THE_STORE) {
      void this.answerFromStore(sub);
      return true;
    }
    answerAgain(sub, sent);
    this.deps.log.debug({ table: sub.room.id, id: sub.clientId }, 'resent move id');
    return true;
  }

  /** An id older than the table keeps whole: the store's row answers it, or it is a new one. */
  private async answerFromStore(sub: Submission): Promise<void> {
    let row: MoveRow | undefined;
    try {
      row = await this.deps.store.answeredMove(sub.room.id, sub.seat, sub.clientId);
    } catch (error) {
      if (!(error instanceof Refusal))
        this.deps.log.error({ err: error, table: sub.room.id }, 'looking up a move id failed');
      return reject(sub.peer, sub.room, sub.clientId, asProtocolError(error));
    }
    if (!row) return this.submit({ ...sub, idUnknownToStore: true });
    answerAgain(sub, { key: keyOfRow(row), version: row.seq });
  }
}

/** Groups a committed batch by table, in order. */
const byRoom = (batch: PendingMove[]) => groupBy(batch, (pending) => pending.room);

/** The batch is on the disk: tell everyone, then acknowledge, then the hooks. */
export function committed(ctx: Observers & Pick<TableMemory, 'rooms'>, batch: PendingMove[]): void {
  for (const [room, group] of byRoom(batch)) {
    room.storeReached();
    // A group holds at least the move it was made for (`groupBy`).
    const last = itemAt(group, group.length - 1, 'committed move');
    // Rows of another process read in the meantime may already have carried the room past
    // these (they were read from the store, ours among them): then only the acks remain.
    if (!room.committed || room.committed.version < last.row.seq) {
      const told = room.committed;
      room.committedTo(last.after);
      if (!told || group.some((p) => p.row.kind === 'undo')) sendSyncToAll(room);
      else sendUpdateToAll(room, told);
    }
    for (const pending of group) acknowledge(ctx, room, pending);
    const changes = group.flatMap((p) => (p.change ? [p.change] : []));
    for (const change of changes) room.applyChange(change);
    // A clocked table's watchers learn the new remaining times with each move.
    if (changes.some((c) => c.status !== undefined || c.clock !== undefined)) sendTableInfo(room);
    runHooks(ctx, 'movesCommitted', (hook) => hook(room, group));
    if (changes.some((c) => c.status === 'finished')) {
      runHooks(ctx, 'gameFinished', (hook) => hook(room));
      // A game over that nobody watches leaves memory now (its hooks keep what they need).
      ctx.rooms.release(room);
    }
  }
}

/** Hooks are observers: one that throws is logged and never undoes or blocks a move. */
export function runHooks<K extends keyof TableHooks>(
  ctx: Pick<Observers, 'hooks' | 'log'>,
  kind: K,
  call: (hook: TableHooks[K][number]) => void,
): void {
  for (const hook of ctx.hooks[kind]) {
    try {
      call(hook);
    } catch (error) {
      ctx.log.error({ err: error, hook: kind }, 'a table hook failed');
    }
  }
}

function acknowledge(ctx: Observers, room: Room, pending: PendingMove): void {
  ctx.metrics.moves.inc();
  ctx.metrics.ackSeconds.observe((performance.now() - pending.receivedAt) / 1000);
  const { seat, clientId } = pending.row;
  const sent = room.answered.kept(seat, clientId);
  if (!sent || sent.version !== null) return;
  room.moveSettled(seat, clientId, sent.key, pending.row.seq);
  for (const peer of sent.waiters) {
    peer.send({ type: 'ack', table: room.id, id: pending.row.clientId, version: pending.row.seq });
  }
}

/**
 * The batch could not be written: its tables go back to the position before it (with the
 * moves queued after it, which were built on top), and every sender hears why: UNAVAILABLE
 * with a pause when the store could not be reached (the sender sends the move again with the
 * same id; a commit whose answer was lost may have been stored, and the resend then finds its
 * row and is acknowledged), INTERNAL otherwise.
 */
export function commitFailed(
  ctx: Pick<Play, 'log' | 'commits' | 'wakeBots'>,
  batch: PendingMove[],
  error: unknown,
): void {
  const unavailable = error instanceof StoreUnavailable;
  // An outage is logged by the store's health, once and then every few seconds, not per commit.
  if (!unavailable) {
    ctx.log.error(
      { err: error, moves: batch.length },
      'a commit failed; its moves are rolled back',
    );
  }
  const answer = unavailable
    ? error.error
    : protocolError('INTERNAL', 'the server could not store the move; nothing was changed');
  for (const [room, group] of byRoom(batch)) {
    const lost = [...group, ...ctx.commits.dropQueued(room)];
    room.rolledBackTo(itemAt(group, 0, 'failed move').before);
    // The table's bots back off for longer with each outage failure in a row (`bots.ts`).
    if (unavailable) room.storeFailed();
    for (const pending of lost) {
      const sent = room.moveForgotten(pending.row.seat, pending.row.clientId);
      for (const peer of sent?.waiters ?? []) reject(peer, room, pending.row.clientId, answer);
    }
    ctx.wakeBots(room);
  }
}

/**
 * Another process of the cluster stored moves of these tables first: the moves here were
 * built on a position that is gone. The room catches up with the store; a move that turns out
 * to be stored already (the same client id, sent before to the other process) is
 * acknowledged, every other sender hears STALE with a fresh sync.
 */
export function commitConflicted(ctx: Conflicts, batch: PendingMove[]): void {
  for (const [room, group] of byRoom(batch)) {
    const lost = [...group, ...ctx.commits.dropQueued(room)];
    room.rolledBackTo(room.committed);
    void ctx.catchUp.run(room).then(() => settleLost(ctx, room, lost));
  }
}

/** What settling the moves that lost a commit race uses. */
type Conflicts = Pick<TableMemory, 'commits' | 'wakeBots'> &
  Pick<Ownership, 'runs'> & { catchUp: CatchUp; moves: Moves };

/**
 * The moves that lost the race, judged again on the position the store gave: a move stored
 * already (sent before to the other process) was acknowledged by the catch-up; any other is
 * submitted again as it came, so one still valid there (another seat's simultaneous resource
 * choice came first) is accepted, and one that is not gets STALE with a sync.
 */
function settleLost(ctx: Conflicts, room: Room, lost: PendingMove[]): void {
  for (const pending of lost) {
    const { seat, clientId } = pending.row;
    const sent = room.answered.kept(seat, clientId);
    if (!sent || sent.version !== null) continue;
    room.moveForgotten(seat, clientId);
    // A bot's move refused because this process lost the table's lease (fenced) is dropped:
    // the bots are the new runner's now.
    if (pending.row.byBot && !ctx.runs(room)) continue;
    const [first, ...others] = [...sent.waiters];
    ctx.moves.submit({
      room,
      seat: pending.row.seat,
      clientId: pending.row.clientId,
      seen: pending.seen,
      move: pending.row.kind === 'undo' ? null : pending.row.move,
      byBot: pending.row.byBot,
      peer: first ?? null,
      receivedAt: pending.receivedAt,
      // The catch-up read every row stored since; the id was judged new when it first came.
      idUnknownToStore: true,
    });
    for (const peer of others) room.awaitAck(seat, clientId, peer);
  }
  ctx.wakeBots(room);
}
