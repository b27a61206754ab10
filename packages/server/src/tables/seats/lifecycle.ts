/**
 * The table before and around the game: create, join, leave, remove a player, start, and the
 * finished game's record. Every change is written to the store before it is answered, and
 * pushed as a `table` frame to everyone watching.
 */

import { itemAt } from '@gangsta/engine';
import type {
  HostTableInfo,
  JoinTable,
  Lobby,
  LobbyQuery,
  ParsedCreateTable,
  SeatSetup,
  TableInfo,
} from '@gangsta/protocol';
import { gameOptionsOf } from '../../gameOptions.ts';
import { newSeed, randomId } from '../../ids.ts';
import { refuse } from '../../refusal.ts';
import type { PlayerRow, StoredSeat, TableRow } from '../../store/types.ts';
import type { TableContext } from '../context.ts';
import { recordOf, startPosition } from '../game/position.ts';
import { tableOf } from '../memory/registry.ts';
import { runHooks } from '../moves/play.ts';
import type { GameStart } from '../parts.ts';
import { Room } from '../room.ts';
import { sendSyncToAll, sendTableInfo } from '../watchers/broadcast.ts';
import { refuseIfBlocked } from '../watchers/moderation.ts';

/** Invitation codes: 128 random bits. */
const INVITE_BYTES = 16;

/** Who sits on a seat: the player, marked when a program plays it (a bot account). */
function sitting(player: PlayerRow): Pick<StoredSeat, 'playerId' | 'name' | 'botAccount'> {
  return { playerId: player.id, name: player.name, ...(player.bot ? { botAccount: true } : {}) };
}

function storedSeat(setup: SeatSetup, host: PlayerRow): StoredSeat {
  const seat: StoredSeat = {
    setup: setup.kind,
    invite: null,
    label: null,
    botLevel: null,
    playerId: null,
    name: null,
  };
  if (setup.kind === 'host') return { ...seat, ...sitting(host) };
  if (setup.kind === 'invited')
    return { ...seat, invite: randomId(INVITE_BYTES), label: setup.label || null };
  if (setup.kind === 'bot') return { ...seat, botLevel: setup.level };
  return seat;
}

/** The host's view of the table: the invitation code of every reserved seat. */
export function hostInfo(room: Room): HostTableInfo {
  const invites: Record<string, string> = {};
  room.table.seats.forEach((seat, i) => {
    if (seat.invite !== null) invites[String(i)] = seat.invite;
  });
  return { ...room.info(), invites };
}

export function infoFor(room: Room, player: PlayerRow | null): TableInfo | HostTableInfo {
  return player?.id === room.table.hostId ? hostInfo(room) : room.info();
}

/**
 * Refuses a new table to a player who hosts `openTablesPerPlayer` waiting or playing tables
 * already: each is held in memory (and listed in the lobby) until it ends or expires.
 */
export async function checkOpenTables(
  ctx: Pick<TableContext, 'store' | 'limits'>,
  host: PlayerRow,
): Promise<void> {
  const max = ctx.limits.openTablesPerPlayer;
  // Counted in the store: tables asleep (not in memory) count too.
  const open = await ctx.store.openTablesOf(host.id);
  if (open >= max) {
    refuse('TOO_MANY_TABLES', `a player hosts at most ${max} open tables; delete one first`, {
      max,
    });
  }
}

export async function createTable(
  ctx: Pick<TableContext, 'store' | 'limits' | 'time' | 'rooms' | 'cluster'>,
  host: PlayerRow,
  body: ParsedCreateTable,
): Promise<HostTableInfo> {
  await checkOpenTables(ctx, host);
  const table: TableRow = {
    id: randomId(),
    name: body.name || `${host.name}’s table`,
    public: body.public,
    hostId: host.id,
    options: body.options,
    seats: body.seats.map((setup) => storedSeat(setup, host)),
    status: 'waiting',
    seed: null,
    moveCount: 0,
    revision: 0,
    // On the server's clock: a waiting table expires `waitingTableTtlMs` after this.
    createdAt: new Date(ctx.time.now()).toISOString(),
    startedAt: null,
    finishedAt: null,
    clock: { setting: body.clock, takeoverLevel: body.takeoverLevel, state: null },
    // A bot's own table is open to bots: its host is one.
    allowBots: body.allowBots || host.bot === true,
  };
  await ctx.store.createTable(table);
  const room = new Room(table);
  ctx.rooms.add(room);
  ctx.cluster.tableChanged(room);
  return hostInfo(room);
}

function requireWaiting(room: Room): void {
  if (room.table.status !== 'waiting') {
    refuse('WRONG_STATUS', `the table is ${room.table.status}, not waiting`, {
      status: room.table.status,
    });
  }
}

function requireHost(room: Room, player: PlayerRow): void {
  if (room.table.hostId !== player.id) refuse('NOT_HOST', 'only the host may do this');
}

/** The seat a join asks for, checked: a named seat, the invited seat of a code, or the first open one. */
function seatToJoin(room: Room, body: JoinTable, playerId: string): number {
  const seats = room.table.seats;
  if (body.seat !== undefined) {
    const seat = seats[body.seat];
    if (!seat) refuse('NOT_FOUND', `the table has no seat ${body.seat}`, { seat: body.seat });
    if (seat.playerId !== null || seat.botLevel !== null)
      refuse('SEAT_TAKEN', `seat ${body.seat} is taken`, { seat: body.seat });
    if (seat.setup === 'invited' && seat.invite !== body.invite)
      refuse('BAD_INVITE', `seat ${body.seat} is reserved for an invitation`, { seat: body.seat });
    if (seat.setup === 'reserved' && seat.reservedFor !== playerId)
      refuse('SEAT_RESERVED', `seat ${body.seat} is kept for another player`, { seat: body.seat });
    return body.seat;
  }
  const kept = seats.findIndex((s) => s.setup === 'reserved' && s.reservedFor === playerId);
  if (kept >= 0 && body.invite === undefined) return kept;
  if (body.invite !== undefined) {
    const index = seats.findIndex((s) => s.setup === 'invited' && s.invite === body.invite);
    if (index < 0) refuse('BAD_INVITE', 'no seat of this table has that invitation code');
    if (itemAt(seats, index, 'seat').playerId !== null)
      refuse('SEAT_TAKEN', `seat ${index} is taken`, { seat: index });
    return index;
  }
  const open = seats.findIndex((s) => s.setup === 'open' && s.playerId === null);
  if (open < 0) refuse('SEAT_TAKEN', 'no open seat is free at this table');
  return open;
}

/**
 * Writes new seats on the revision they were made on and tells the watchers (and the other
 * processes). When another process changed the table first, nothing is written: the room
 * reads the table again and the change is made again on it (`SeatWrites.onFreshTable`).
 */
async function changeSeats(
  ctx: Pick<TableContext, 'seatWrites'>,
  room: Room,
  seats: StoredSeat[],
): Promise<void> {
  await ctx.seatWrites.change(room, { id: room.id, seats, revision: room.table.revision });
  sendTableInfo(room);
  // A watcher who took or lost a seat now sees the table from another place.
  sendSyncToAll(room);
}

/** Changing seats: the tables, and their row written again when another process changed it first. */
type Seating = Pick<TableContext, 'rooms' | 'seatWrites'>;

export async function joinTable(
  ctx: Seating & Pick<TableContext, 'store' | 'log' | 'gameStart'>,
  player: PlayerRow,
  id: string,
  body: JoinTable,
): Promise<{ room: Room; seat: number }> {
  const joined = await ctx.seatWrites.onFreshTable(id, async () => {
    const room = await tableOf(ctx, id);
    requireWaiting(room);
    if (room.seatOf(player.id) !== null)
      refuse('ALREADY_SEATED', 'you already hold a seat at this table', {
        seat: room.seatOf(player.id),
      });
    if (player.bot && !room.table.allowBots)
      refuse('BOTS_NOT_ALLOWED', 'the host of this table does not allow bot accounts');
    const seated = room.table.seats.flatMap((s) => (s.playerId !== null ? [s.playerId] : []));
    await refuseIfBlocked(ctx, seated, player.id);
    const seat = seatToJoin(room, body, player.id);
    const seats = room.table.seats.map((s, i) => (i === seat ? { ...s, ...sitting(player) } : s));
    await changeSeats(ctx, room, seats);
    return { room, seat };
  });
  // The join stands even if the start fails (it is logged; the host may still start).
  await startWhenFilled(ctx, id).catch((error: unknown) => {
    ctx.log.error({ err: error, table: id }, 'a full rematch did not start');
  });
  return joined;
}

/**
 * A seat given back: open again, or reserved with a fresh code (the old one may have leaked).
 * A rematch's seat kept for a player who left or was removed opens to anyone.
 */
function vacated(seat: StoredSeat): StoredSeat {
  const invite = seat.setup === 'invited' ? randomId(INVITE_BYTES) : null;
  if (seat.setup === 'reserved') {
    return {
      ...seat,
      setup: 'open',
      reservedFor: null,
      label: null,
      playerId: null,
      name: null,
      botAccount: false,
    };
  }
  return { ...seat, playerId: null, name: null, invite, botAccount: false };
}

export async function leaveTable(
  ctx: Seating & Pick<TableContext, 'takeover'>,
  player: PlayerRow,
  id: string,
): Promise<Room> {
  return ctx.seatWrites.onFreshTable(id, async () => {
    const room = await tableOf(ctx, id);
    const seat = room.seatOf(player.id);
    // During a game the seat stays the player's, and the takeover bot finishes it for them.
    if (room.table.status === 'playing' && seat !== null) {
      await ctx.takeover.leaveGame(room, seat);
      return room;
    }
    requireWaiting(room);
    if (seat === null) refuse('NOT_SEATED', 'you hold no seat at this table');
    if (room.table.hostId === player.id)
      refuse('WRONG_STATUS', 'the host keeps their seat until the game starts');
    await changeSeats(
      ctx,
      room,
      room.table.seats.map((s, i) => (i === seat ? vacated(s) : s)),
    );
    return room;
  });
}

export async function kickPlayer(
  ctx: Seating,
  host: PlayerRow,
  id: string,
  seat: number,
): Promise<Room> {
  return ctx.seatWrites.onFreshTable(id, async () => {
    const room = await tableOf(ctx, id);
    requireHost(room, host);
    requireWaiting(room);
    const target = room.table.seats[seat];
    if (!target || target.playerId === null)
      refuse('NOT_SEATED', `nobody sits at seat ${seat}`, { seat });
    if (target.playerId === host.id) refuse('WRONG_STATUS', 'the host cannot remove themselves');
    await changeSeats(
      ctx,
      room,
      room.table.seats.map((s, i) => (i === seat ? vacated(s) : s)),
    );
    return room;
  });
}

export async function startTable(
  ctx: Pick<TableContext, 'rooms' | 'seatWrites' | 'gameStart'>,
  host: PlayerRow,
  id: string,
): Promise<Room> {
  return ctx.seatWrites.onFreshTable(id, async () => {
    const room = await tableOf(ctx, id);
    requireHost(room, host);
    return ctx.gameStart.begin(room);
  });
}

/**
 * A rematch's table starts by itself once every seat is taken: its seats were kept for the
 * same players (`reservedFor`), who asked for it by taking them. Another start in the
 * meantime is fine: the table is no longer waiting.
 */
export async function startWhenFilled(
  ctx: Pick<TableContext, 'rooms' | 'seatWrites' | 'gameStart'>,
  id: string,
): Promise<void> {
  await ctx.seatWrites.onFreshTable(id, async () => {
    const room = await tableOf(ctx, id);
    const { seats, status } = room.table;
    if (status !== 'waiting' || !seats.some((s) => s.reservedFor)) return;
    if (seats.some((s) => s.playerId === null && s.botLevel === null)) return;
    await ctx.gameStart.begin(room);
  });
}

/** What starting a game uses: writing the start, its bots, the hooks that hear of it. */
export type GameStartDeps = Pick<
  TableContext,
  'seatWrites' | 'time' | 'wakeBots' | 'hooks' | 'log'
>;

/** Games started: by their host, or by themselves once a rematch's kept seats are taken. */
export class TableGameStart implements GameStart {
  constructor(private readonly deps: GameStartDeps) {}

  /** Starts a waiting table whose seats are all taken. */
  async begin(room: Room): Promise<Room> {
    const ctx = this.deps;
    requireWaiting(room);
    const empty = room.table.seats.findIndex((s) => s.playerId === null && s.botLevel === null);
    if (empty >= 0) refuse('SEATS_NOT_FILLED', `seat ${empty} is still empty`, { seat: empty });
    const seed = newSeed();
    const started = startPosition(gameOptionsOf(room.table.options, seed));
    if (!started.ok) refuse('BAD_OPTIONS', started.error.message);
    const startedAt = new Date(ctx.time.now()).toISOString();
    const clock = room.startingClock(started.position, ctx.time.now());
    // Marked at once so that a second start in the meantime is refused.
    const waiting = room.markStarting(seed, startedAt);
    // Written on the seats' revision, so that two processes can never both start the game.
    const change = {
      id: room.id,
      status: 'playing' as const,
      seed,
      startedAt,
      seats: waiting.seats,
      revision: waiting.revision,
      clock,
    };
    await ctx.seatWrites.change(room, change, { notWritten: () => room.startNotWritten(waiting) });
    room.resetTo(started.position);
    sendTableInfo(room);
    sendSyncToAll(room);
    ctx.wakeBots(room);
    runHooks(ctx, 'gameStarted', (hook) => hook(room));
    return room;
  }
}

export async function gameRecord(ctx: Pick<TableContext, 'rooms'>, player: PlayerRow, id: string) {
  const room = await tableOf(ctx, id);
  if (room.table.status !== 'finished' || !room.committed)
    refuse('WRONG_STATUS', 'the record is available once the game is over');
  if (room.seatOf(player.id) === null)
    refuse('NOT_SEATED', 'only the players of this table may download its record');
  const record = recordOf(room.committed.state.options, room.committed.moves);
  ctx.rooms.release(room);
  return record;
}

/**
 * One page of the lobby: at most `lobbyPageSize` public tables per list, newest first, from
 * `offset` in the list asked for (`list`), or the first page of each list; `next` is the
 * offset of each list's next page (null: none). Finished tables are the most recent ones only
 * (one page, read from the store).
 */
export async function lobby(
  ctx: Pick<TableContext, 'limits' | 'rooms' | 'store'>,
  query: LobbyQuery = { offset: 0 },
): Promise<Lobby> {
  const size = ctx.limits.lobbyPageSize;
  const open = [...ctx.rooms.all()].filter((room) => room.table.public);
  const newestFirst = (a: Room, b: Room) =>
    b.table.createdAt.localeCompare(a.table.createdAt) || a.id.localeCompare(b.id);
  const offsetOf = (status: 'waiting' | 'playing') =>
    query.list === undefined ? 0 : query.list === status ? query.offset : null;
  // Waiting tables are all in memory; playing ones may be asleep, so they come from the store
  // (with the live figures of those in memory).
  const waitingPage = () => {
    const offset = offsetOf('waiting');
    if (offset === null) return { tables: [], next: null };
    const all = open.filter((r) => r.table.status === 'waiting').sort(newestFirst);
    const tables = all.slice(offset, offset + size).map((r) => r.info());
    return { tables, next: offset + size < all.length ? offset + size : null };
  };
  const playingPage = async () => {
    const offset = offsetOf('playing');
    if (offset === null) return { tables: [], next: null };
    const rows = await ctx.store.publicTables('playing', offset, size + 1);
    const tables = rows
      .slice(0, size)
      .map((row) => (ctx.rooms.loaded(row.id) ?? new Room(row)).info());
    return { tables, next: rows.length > size ? offset + size : null };
  };
  const waiting = waitingPage();
  const playing = await playingPage();
  const finished = query.list === undefined ? await ctx.store.recentFinished(size) : [];
  return {
    waiting: waiting.tables,
    playing: playing.tables,
    finished: finished.map((table) => new Room(table).info()),
    next: { waiting: waiting.next, playing: playing.next },
  };
}

/** Tables renamed at most per name change (as many as "My games" lists). */
const RENAMED_TABLES_MAX = 100;

/** The player's connections to tables on this process speak under their new name. */
export function renameConnections(
  ctx: Pick<TableContext, 'rooms'>,
  playerId: string,
  name: string,
): void {
  for (const room of ctx.rooms.all()) {
    for (const peer of room.watchers) {
      if (peer.player?.id === playerId) peer.player = { ...peer.player, name };
    }
  }
}

/**
 * A player's new name reaches the tables they sit at (waiting or playing) and the connections
 * they watch from on every process, so the seats and their next chat lines say it at once,
 * without a reload. Finished tables keep the name they were played under.
 */
export async function renameSeated(
  ctx: Seating & Pick<TableContext, 'cluster' | 'store' | 'log'>,
  player: PlayerRow,
): Promise<void> {
  renameConnections(ctx, player.id, player.name);
  ctx.cluster.playerRenamed(player.id, player.name);
  const rows = await ctx.store.tablesOfPlayer(
    player.id,
    ['waiting', 'playing'],
    RENAMED_TABLES_MAX,
  );
  for (const row of rows) {
    await ctx.seatWrites
      .onFreshTable(row.id, async () => {
        const room = await tableOf(ctx, row.id);
        const seat = room.seatOf(player.id);
        if (seat === null || room.table.status === 'finished') return;
        if (itemAt(room.table.seats, seat, 'seat').name === player.name) return;
        await changeSeats(
          ctx,
          room,
          room.table.seats.map((s, i) => (i === seat ? { ...s, name: player.name } : s)),
        );
      })
      .catch((error: unknown) => {
        // The new name is stored; a table that missed it shows it at the next seat change.
        ctx.log.warn({ err: error, table: row.id }, 'a renamed seat was not updated');
      });
  }
}
