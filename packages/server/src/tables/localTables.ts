/**
 * The tables of this process as the cluster reaches them (`LocalTables`). The cluster routes
 * the sockets of other processes and the news they publish here, and asks what its leases and
 * presence need; everything that reads or changes a table is here, on the tables' side.
 */
import { isLocal } from '../peer.ts';
import type { MoveRow, TableChange } from '../store/types.ts';
import type { LocalTables, Ownership, TableContext, TableMemory } from './context.ts';
import { type Entry, handleTableMessage } from './entry.ts';
import { runHooks } from './moves/play.ts';
import type { CatchUp } from './parts.ts';
import type { Room } from './room.ts';
import { renameConnections } from './seats/lifecycle.ts';
import { sendTableInfo } from './watchers/broadcast.ts';
import { showChatLine } from './watchers/chat.ts';
import { hideChatLine, updateBlocked } from './watchers/moderation.ts';
import { handOverWatch } from './watchers/watch.ts';

/**
 * What the tables' side of the cluster uses of the table service: the entry's parts for the
 * relayed sockets, and the tables, their catch-up and their timers for the news.
 */
type Held = Entry &
  Pick<TableContext, 'log' | 'limits' | 'store' | 'hooks' | 'armTimers' | 'unload'>;

/**
 * A chat line heard is shown only if it is recent: an older one is in the history a watcher
 * gets from the store, and showing it now would reorder the chat.
 */
const CHAT_HEARD_WINDOW = 200;

export function localTables(ctx: Held): LocalTables {
  return {
    handle: (peer, message, log = ctx.log) => handleTableMessage(ctx, peer, message, log),
    peerGone: (peer) => ctx.watching.peerGone(peer),
    limits: ctx.limits,

    holds: (id) => ctx.rooms.loaded(id) !== undefined || ctx.rooms.isLoading(id),
    activeIds: () =>
      [...ctx.rooms.all()].filter((room) => room.table.status !== 'finished').map((r) => r.id),
    takeFences: (ids) => ctx.store.takeFences(ids),
    runHere: (id) => runHere(ctx, id),
    leaveToOwner: (id) => leaveToOwner(ctx, id),
    seatedWatchers: () => seatedWatchers(ctx),
    onMovesCommitted: (listener) => {
      ctx.hooks.movesCommitted.push((room, group) =>
        listener(
          room.id,
          group.map((pending) => pending.row),
          group.flatMap((pending) => (pending.change ? [pending.change] : [])),
        ),
      );
    },

    movesHeard: (id, rows, changes) => movesHeard(ctx, id, rows, changes),
    tableHeard: async (id) => {
      const room = ctx.rooms.loaded(id) ?? (await ctx.rooms.whenLoaded(id));
      if (room) await ctx.catchUp.run(room);
    },
    chatHeard: (id, row) => {
      const room = ctx.rooms.loaded(id);
      if (room && row.seq > room.chatSeq - CHAT_HEARD_WINDOW) showChatLine(room, row);
    },
    chatRemovedHeard: (id, seq) => {
      const room = ctx.rooms.loaded(id);
      if (room) hideChatLine(room, seq);
    },
    blockHeard: (playerId, otherId, on) => updateBlocked(ctx, playerId, otherId, on),
    renameHeard: (playerId, name) => renameConnections(ctx, playerId, name),
    presenceHeard: (id) => {
      // A player gone from another process may start a friendly table's absence count.
      const room = ctx.rooms.loaded(id);
      if (!room) return;
      ctx.armTimers(room);
      sendTableInfo(room);
    },
    readAllAgain: () => {
      for (const room of ctx.rooms.all()) void ctx.catchUp.run(room);
    },
  };
}

async function movesHeard(
  ctx: Pick<TableMemory, 'rooms'> & { catchUp: CatchUp },
  id: string,
  rows: MoveRow[],
  changes: TableChange[],
): Promise<void> {
  // A table not in memory here is its owner's business: nothing to do. One being loaded
  // gets the rows once it is in (those the store gave it already are skipped).
  const room = ctx.rooms.loaded(id) ?? (await ctx.rooms.whenLoaded(id));
  if (!room) return;
  const had = room.committed?.version ?? 0;
  if (!ctx.catchUp.rows(room, rows)) return ctx.catchUp.run(room);
  // Changes written with rows this copy already had (read from the store) are older than
  // the table it holds: a clock of then must not replace the clock of now.
  const fresh = (rows.at(-1)?.seq ?? 0) > had;
  const applied = fresh ? changes : [];
  for (const change of applied) room.applyChange(change);
  if (applied.some((c) => c.status !== undefined || c.clock !== undefined)) sendTableInfo(room);
  // A game over that nobody here watches leaves this process's memory too.
  if (changes.some((c) => c.status === 'finished')) ctx.rooms.release(room);
}

/**
 * A table whose lease (and fence) this process just took: its copy here is brought to the
 * store's last position before its bots and clocks run. The copy may lack commits of the
 * table's last runner whose messages it never heard: Redis keeps no message for a process
 * cut off from it, and the catch-up after Redis is back may have read the store before the
 * last of them. Its bots would otherwise wait for a turn that has passed, and nothing else
 * would wake them. The fence is raised by now, so no move under an older token can be
 * committed after this read; later moves of people are heard on the bus.
 */
async function runHere(
  ctx: Pick<TableContext, 'rooms' | 'catchUp' | 'hooks' | 'log'>,
  id: string,
): Promise<void> {
  const room = ctx.rooms.loaded(id);
  if (!room) return;
  await ctx.catchUp.run(room);
  runHooks(ctx, 'runnerChanged', (hook) => hook(room));
}

/**
 * This process's connections watching a copy of a table another process runs (they watched
 * before its lease was taken) go on through the owner, so that the copy can leave memory.
 * Connections relayed here by other processes (they came while this process ran the table)
 * stay, and keep the copy, which still gets every move: their relays know only this process.
 */
function leaveToOwner(ctx: Pick<TableMemory, 'rooms'> & Pick<Ownership, 'unload'>, id: string) {
  const room = ctx.rooms.loaded(id);
  if (!room) return;
  if (settled(room)) {
    for (const peer of [...room.watchers]) {
      if (isLocal(peer)) handOverWatch(room, peer);
    }
  }
  if (unused(room)) ctx.unload(room);
}

function seatedWatchers(ctx: Pick<TableMemory, 'rooms'>): { table: string; player: string }[] {
  const seated: { table: string; player: string }[] = [];
  for (const room of ctx.rooms.all()) {
    const players = new Set<string>();
    for (const peer of room.watchers) {
      const id = peer.player?.id;
      if (id !== undefined && room.seatOf(id) !== null) players.add(id);
    }
    for (const player of players) seated.push({ table: room.id, player });
  }
  return seated;
}

/** No move is being committed here and no bot is thinking. */
function settled(room: Room): boolean {
  return room.head === room.committed && !room.botBusy;
}

/** Nothing here needs the table: settled, and no watcher. */
function unused(room: Room): boolean {
  return room.watchers.size === 0 && settled(room);
}
