/**
 * Challenges: a player invites a followed account (or any account, by username) to a new
 * private table. The table is an ordinary waiting table whose second seat is kept for the
 * challenged account (`reserved`, like a rematch's): it is in their "My games" as a seat
 * waiting for them, and they are told (the event stream, the account notices: webhook, mail).
 * Accepting takes the kept seat, and the game starts by itself once every seat is taken
 * (`startWhenFilled`); declining deletes the table, and the challenger hears of it.
 */
import type { Challenge, CreateChallenge, createChallengeSchema } from '@gangsta/protocol';
import type { z } from 'zod';
import type { AccountStreams } from '../events/streams.ts';
import { randomId } from '../ids.ts';
import { notifyAccounts } from '../notify/accountEvents.ts';
import { refuse } from '../refusal.ts';
import type { PlayerRow, StoredSeat, TableRow } from '../store/types.ts';
import type { Limits, Observers, Platform, TableMemory, TableParts } from '../tables/context.ts';
import { deleteTable } from '../tables/memory/expiry.ts';
import { tableOf } from '../tables/memory/registry.ts';
import { Room } from '../tables/room.ts';
import { checkOpenTables, joinTable } from '../tables/seats/lifecycle.ts';
import { refuseIfBlocked } from '../tables/watchers/moderation.ts';

type ParsedChallenge = z.output<typeof createChallengeSchema>;

export type { CreateChallenge };

/** The seat kept for the challenged account. */
const CHALLENGED_SEAT = 1;

/** Rooms made as challenges, so that the stream's `seatWaiting` is not said twice for them. */
export const challengeRooms = new WeakSet<Room>();

function challengeTable(
  from: PlayerRow,
  to: PlayerRow,
  body: ParsedChallenge,
  nowIso: string,
): TableRow {
  const empty: StoredSeat = {
    setup: 'bot',
    invite: null,
    label: null,
    botLevel: body.botLevel,
    playerId: null,
    name: null,
  };
  const seats: StoredSeat[] = Array.from({ length: body.options.players }, () => ({ ...empty }));
  seats[0] = {
    ...empty,
    setup: 'host',
    botLevel: null,
    playerId: from.id,
    name: from.name,
    ...(from.bot ? { botAccount: true } : {}),
  };
  seats[CHALLENGED_SEAT] = {
    ...empty,
    setup: 'reserved',
    botLevel: null,
    reservedFor: to.id,
    label: to.name,
  };
  return {
    id: randomId(),
    name: `${from.name} – ${to.name}`.slice(0, 40),
    public: false,
    hostId: from.id,
    options: body.options,
    seats,
    status: 'waiting',
    seed: null,
    moveCount: 0,
    revision: 0,
    createdAt: nowIso,
    startedAt: null,
    finishedAt: null,
    clock: { setting: body.clock ?? { kind: 'none' }, takeoverLevel: body.botLevel, state: null },
    // A program on either side: the table must let bot accounts sit.
    allowBots: from.bot === true || to.bot === true,
  };
}

export function challengeInfo(
  room: Room,
  from: Pick<PlayerRow, 'id' | 'name'>,
  to: Pick<PlayerRow, 'id' | 'name'>,
  seat: number,
): Challenge {
  return {
    id: room.id,
    from: { id: from.id, name: from.name },
    to: { id: to.id, name: to.name },
    seat,
    table: room.info(),
  };
}

/** The account a username names, as a player; NOT_FOUND when there is none. */
export async function accountPlayer(
  ctx: Pick<Platform, 'store'>,
  username: string,
): Promise<PlayerRow> {
  const account = await ctx.store.accountByUsername(username);
  const player = account ? await ctx.store.playerById(account.playerId) : undefined;
  if (!player) refuse('NOT_FOUND', 'no account has this username', { username });
  return player;
}

export async function createChallenge(
  ctx: Pick<Platform, 'store' | 'time' | 'log'> &
    Pick<TableMemory, 'rooms' | 'cluster'> &
    Pick<Limits, 'limits'> &
    Pick<Observers, 'hooks'>,
  streams: AccountStreams,
  from: PlayerRow,
  body: ParsedChallenge,
): Promise<Challenge> {
  const to = await accountPlayer(ctx, body.to);
  if (to.id === from.id) refuse('BAD_MESSAGE', 'a challenge goes to someone else');
  if (body.options.players < 2) refuse('BAD_OPTIONS', 'a challenge has two seats or more');
  // A player who blocked the challenger is not challenged by them (BLOCKED).
  await refuseIfBlocked(ctx, [to.id], from.id);
  await checkOpenTables(ctx, from);
  const nowIso = new Date(ctx.time.now()).toISOString();
  const row = challengeTable(from, to, body, nowIso);
  await ctx.store.createTable(row);
  await ctx.store.createChallenge({
    tableId: row.id,
    fromId: from.id,
    toId: to.id,
    seat: CHALLENGED_SEAT,
    createdAt: nowIso,
  });
  const room = new Room(row);
  challengeRooms.add(room);
  ctx.rooms.add(room);
  ctx.cluster.tableChanged(room);
  const challenge = challengeInfo(room, from, to, CHALLENGED_SEAT);
  streams.publish([to.id], { type: 'challenge', challenge });
  notifyAccounts(ctx, [to.id], {
    kind: 'seatWaiting',
    room,
    reason: 'invitation',
    by: from.name,
    from: null,
  });
  return challenge;
}

/** The challenge of a table, for its challenged account; NOT_FOUND otherwise. */
async function challengeFor(ctx: Pick<Platform, 'store'>, player: PlayerRow, tableId: string) {
  const challenge = await ctx.store.challengeOf(tableId);
  if (!challenge || challenge.toId !== player.id)
    refuse('NOT_FOUND', 'no challenge to you at this table', { table: tableId });
  return challenge;
}

/** Takes the kept seat; the game starts by itself once every seat is taken. */
export async function acceptChallenge(
  ctx: Pick<Platform, 'store' | 'log'> &
    Pick<TableMemory, 'rooms'> &
    Pick<TableParts, 'seatWrites' | 'gameStart'>,
  player: PlayerRow,
  tableId: string,
) {
  const challenge = await challengeFor(ctx, player, tableId);
  const joined = await joinTable(ctx, player, tableId, { seat: challenge.seat });
  await ctx.store.deleteChallenge(tableId);
  return joined;
}

/** Deletes the challenge's table and tells the challenger. */
export async function declineChallenge(
  ctx: Pick<Platform, 'store'> & Pick<TableMemory, 'rooms' | 'cluster'>,
  streams: AccountStreams,
  player: PlayerRow,
  tableId: string,
): Promise<void> {
  const challenge = await challengeFor(ctx, player, tableId);
  const room = await tableOf(ctx, tableId);
  const host = await ctx.store.playerById(challenge.fromId);
  if (!host) refuse('NOT_FOUND', 'the challenger is gone', { table: tableId });
  const info = challengeInfo(room, host, player, challenge.seat);
  await deleteTable(ctx, host, room);
  await ctx.store.deleteChallenge(tableId);
  streams.publish([host.id], { type: 'challengeDeclined', challenge: info });
}

/** The challenges still waiting for the player (the event stream opens with them). */
export async function pendingChallenges(
  ctx: Pick<Platform, 'store'> & Pick<TableMemory, 'rooms'>,
  player: PlayerRow,
): Promise<Challenge[]> {
  const rows = await ctx.store.challengesTo(player.id);
  const challenges: Challenge[] = [];
  for (const row of rows) {
    const from = await ctx.store.playerById(row.fromId);
    const room = await ctx.rooms.peek(row.tableId);
    if (!from || !room || room.table.status !== 'waiting') continue;
    challenges.push(challengeInfo(room, from, player, row.seat));
  }
  return challenges;
}
