/**
 * One-click rematch: a seated player of a finished table asks, and a new table is made with
 * the same options, time control, players and bots. The seats move round by one (the player
 * of seat 1 takes seat 0, and so on) and the new game is started by the player after the
 * last game's first one: the engine draws the first player from the seed unless the options
 * name one, so the new table's options name it. The turn order around the table stays the
 * same; only who starts moves on.
 *
 * Each person's new seat is kept for them alone (`reserved`); whoever asks takes theirs at
 * once, and the game starts by itself once every seat is taken (`startWhenFilled`). Every
 * request for the same table's rematch, on any process, leads to the same new table. The
 * others find it in their "My games" (the seat index names them) and are notified.
 */
import type { RematchInfo } from '@gangsta/protocol';
import { randomId } from '../../ids.ts';
import { type AccountNotifier, notifyAccounts } from '../../notify/accountEvents.ts';
import { refuse } from '../../refusal.ts';
import type { PlayerRow, StoredSeat, TableRow } from '../../store/types.ts';
import type { Observers, Ownership, Platform, TableMemory, TableParts } from '../context.ts';
import { allEvents } from '../game/position.ts';
import { tableOf } from '../memory/registry.ts';
import { Room } from '../room.ts';
import { sendTableInfo } from '../watchers/broadcast.ts';
import { joinTable, startWhenFilled } from './lifecycle.ts';

/** Who played first in the table's game (the engine's `gameStarted` event). */
function firstPlayerOf(room: Room): number {
  const setup = room.committed ? allEvents(room.committed)[0] : undefined;
  const started = setup?.find((event) => event.type === 'gameStarted');
  return started?.type === 'gameStarted' ? started.firstPlayer : 0;
}

/** A seat of the finished table as a seat of the rematch, kept for the same player or bot. */
function keptSeat(seat: StoredSeat, asker: PlayerRow): StoredSeat {
  const base: StoredSeat = {
    setup: 'reserved',
    invite: null,
    label: null,
    botLevel: null,
    playerId: null,
    name: null,
  };
  // A bot seat stays that bot; a person away at the end is still that person.
  if (seat.playerId === null) return { ...base, setup: 'bot', botLevel: seat.botLevel };
  if (seat.playerId === asker.id) {
    return {
      ...base,
      setup: 'host',
      reservedFor: asker.id,
      playerId: asker.id,
      name: asker.name,
      ...(asker.bot ? { botAccount: true } : {}),
    };
  }
  return { ...base, reservedFor: seat.playerId, label: seat.name };
}

/** The rematch's row: seat i holds whoever sat at seat i + 1, and seat `first` starts. */
export function rematchRow(from: Room, asker: PlayerRow, nowIso: string): TableRow {
  const old = from.table;
  // Rotated by one: the seat after each one's, the first seat's sitter to the last seat.
  const seats = [...old.seats.slice(1), ...old.seats.slice(0, 1)].map((seat) =>
    keptSeat(seat, asker),
  );
  return {
    id: randomId(),
    name: old.name,
    public: old.public,
    hostId: asker.id,
    // The last game's second player now sits at the seat the first player had.
    options: { ...old.options, firstPlayer: firstPlayerOf(from) },
    seats,
    status: 'waiting',
    seed: null,
    moveCount: 0,
    revision: 0,
    createdAt: nowIso,
    startedAt: null,
    finishedAt: null,
    clock: { ...old.clock, state: null },
    allowBots: old.allowBots === true,
  };
}

/** The finished table's watchers (and the other processes) hear of its rematch. */
function announce(ctx: Pick<TableMemory, 'cluster'>, from: Room, rematch: RematchInfo): void {
  if (!from.rematchMade(rematch)) return;
  sendTableInfo(from);
  ctx.cluster.tableChanged(from);
}

/**
 * What asking for a rematch uses: the tables, their hooks, and whether the players a seat is
 * kept for are at the finished table now (they are not notified then).
 */
export type Rematching = Pick<Platform, 'store' | 'time' | 'log'> &
  Pick<TableMemory, 'rooms' | 'cluster'> &
  Pick<Ownership, 'isConnected'> &
  Pick<Observers, 'hooks'> &
  Pick<TableParts, 'seatWrites' | 'gameStart'>;

/**
 * The table's rematch, made now unless it exists (here or on another process); `made` is its
 * room when this request made it.
 */
async function rematchOf(
  ctx: Pick<Rematching, 'store' | 'time' | 'rooms' | 'cluster'>,
  from: Room,
  asker: PlayerRow,
): Promise<{ rematch: RematchInfo; made: Room | null }> {
  const known = await ctx.store.rematchOf(from.id);
  if (known) return { rematch: known, made: null };
  const row = rematchRow(from, asker, new Date(ctx.time.now()).toISOString());
  // A duplicate: another process made it at the same moment, and theirs holds.
  const { outcome, rematch } = await ctx.store.createRematch(from.id, row);
  if (outcome !== 'created') return { rematch, made: null };
  const room = new Room(row);
  ctx.rooms.add(room);
  ctx.cluster.tableChanged(room);
  return { rematch, made: room };
}

/**
 * Everyone a seat is kept for but the asker hears that it waits for them, unless they are at
 * the finished table now (its score screen shows the offer). Away and gone players are told.
 */
function tellKeptSeats(
  ctx: Pick<Ownership, 'isConnected'> & AccountNotifier,
  from: Room,
  rematch: Room,
  asker: PlayerRow,
): void {
  const players = rematch.table.seats.flatMap((seat) =>
    seat.reservedFor && seat.reservedFor !== asker.id && !ctx.isConnected(from, seat.reservedFor)
      ? [seat.reservedFor]
      : [],
  );
  notifyAccounts(ctx, players, {
    kind: 'seatWaiting',
    room: rematch,
    reason: 'rematch',
    by: asker.name,
    from,
  });
}

/** Seats the asker at the rematch, in the seat kept for them (if it is still free). */
async function takeKeptSeat(
  ctx: Pick<Rematching, 'rooms' | 'seatWrites' | 'store' | 'log' | 'gameStart'>,
  tableId: string,
  asker: PlayerRow,
) {
  const room = await tableOf(ctx, tableId);
  const mine = room.seatOf(asker.id);
  if (mine !== null || room.table.status !== 'waiting') return { room, seat: mine };
  const kept = room.table.seats.findIndex((s) => s.reservedFor === asker.id);
  if (kept < 0 || room.table.seats[kept]?.playerId !== null) return { room, seat: null };
  return joinTable(ctx, asker, tableId, { seat: kept });
}

export async function requestRematch(ctx: Rematching, asker: PlayerRow, id: string) {
  const from = await tableOf(ctx, id);
  if (from.table.status !== 'finished')
    refuse('WRONG_STATUS', 'a rematch follows a finished game', { status: from.table.status });
  if (from.seatOf(asker.id) === null)
    refuse('NOT_SEATED', 'only the players of this table may ask for its rematch');
  const { rematch, made } = await rematchOf(ctx, from, asker);
  if (made) tellKeptSeats(ctx, from, made, asker);
  announce(ctx, from, rematch);
  ctx.rooms.release(from);
  const taken = await takeKeptSeat(ctx, rematch.table, asker);
  // Against bots only, the asker fills the last seat: the game starts at once.
  await startWhenFilled(ctx, rematch.table);
  return taken;
}
