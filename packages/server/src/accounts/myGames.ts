/**
 * "My games": the tables where the player holds a seat, or a waiting table keeps one for them
 * (a rematch, an invitation: `seatWaiting`), from the store's `table_players` index. Waiting
 * and playing tables come from the rooms in memory, or a copy read from the
 * store for those asleep (who must decide now, the clock), the player's turn first; then the
 * last finished ones from their stored rows, with the player's place (the profiles' figures:
 * a finished game is replayed once per process, then remembered).
 */
import type { MyGame, MyGames } from '@gangsta/protocol';
import { figuresOf } from '../profiles/profile.ts';
import type { PlayerRow, TableRow } from '../store/types.ts';
import type { Platform, TableMemory } from '../tables/context.ts';
import { decidingAt } from '../tables/game/position.ts';
import { Room } from '../tables/room.ts';

/** Active tables listed at most (a player with more is an outlier; the newest come first). */
const ACTIVE_MAX = 100;
const FINISHED_MAX = 20;

async function activeGame(
  ctx: Pick<TableMemory, 'rooms'>,
  row: TableRow,
  playerId: string,
): Promise<MyGame | null> {
  // A table asleep is read for the list, not woken (it leaves no copy in memory).
  const room = await ctx.rooms.peek(row.id);
  if (!room) return null;
  const seat = room.seatOf(playerId);
  if (seat === null) {
    const kept = keptSeatOf(room, playerId);
    return kept === null
      ? null
      : { table: room.info(), seat: kept, deciding: [], yourTurn: false, seatWaiting: true };
  }
  const playing = room.table.status === 'playing' && room.committed !== null;
  const deciding = playing && room.committed ? [...decidingAt(room.committed)] : [];
  return { table: room.info(), seat, deciding, yourTurn: deciding.includes(seat) };
}

/** The free seat a waiting table keeps for the player (a rematch, an invitation), if any. */
export function keptSeatOf(room: Room, playerId: string): number | null {
  if (room.table.status !== 'waiting') return null;
  const seat = room.table.seats.findIndex((s) => s.reservedFor === playerId && s.playerId === null);
  return seat < 0 ? null : seat;
}

async function finishedGame(
  ctx: Pick<Platform, 'store'>,
  row: TableRow,
  playerId: string,
): Promise<MyGame | null> {
  const seat = row.seats.findIndex((s) => s.playerId === playerId);
  if (seat < 0) return null;
  const game: MyGame = { table: new Room(row).info(), seat, deciding: [], yourTurn: false };
  // The place, from the figures profiles keep (a game replayed once, then remembered).
  const figures = await figuresOf(ctx.store, row.id);
  const mine = figures?.seats[seat];
  return mine ? { ...game, result: { place: mine.rank, won: mine.won } } : game;
}

/** Your turn and seats kept for you first, then games in play, then tables still waiting. */
function rank(game: MyGame): number {
  if (game.yourTurn || game.seatWaiting) return 0;
  return game.table.status === 'playing' ? 1 : 2;
}

export async function myGames(
  ctx: Pick<Platform, 'store'> & Pick<TableMemory, 'rooms'>,
  player: PlayerRow,
): Promise<MyGames> {
  const active = await ctx.store.tablesOfPlayer(player.id, ['waiting', 'playing'], ACTIVE_MAX);
  const finished = await ctx.store.tablesOfPlayer(player.id, ['finished'], FINISHED_MAX);
  const games = (await Promise.all(active.map((row) => activeGame(ctx, row, player.id)))).filter(
    (game): game is MyGame => game !== null,
  );
  games.sort((a, b) => rank(a) - rank(b));
  const ended = (
    await Promise.all(
      finished
        .sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''))
        .map((row) => finishedGame(ctx, row, player.id)),
    )
  ).filter((game): game is MyGame => game !== null);
  return { games: [...games, ...ended] };
}
