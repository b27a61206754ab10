/** The HTTP routes of ratings and rematches (see packages/protocol/src/ratings.ts). */
import {
  botLevelOfPlayer,
  LEADERBOARD_SIZE,
  type Leaderboard,
  type PlayerRatings,
  RATING_HISTORY_SIZE,
  ROUTES,
} from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { requirePlayer } from '../http/auth.ts';
import { route } from '../http/route.ts';
import { refuse } from '../refusal.ts';
import type { AccountStore } from '../store/accounts.ts';
import type { PlayerStore } from '../store/players.ts';
import type { RatingStore } from '../store/ratings.ts';
import { tableOf } from '../tables/memory/registry.ts';
import { infoFor } from '../tables/seats/lifecycle.ts';
import { type Rematching, requestRematch } from '../tables/seats/rematch.ts';
import { conservative, placesOf } from './model.ts';
import { tableRating } from './tableRating.ts';

async function leaderboardOf(store: RatingStore, players: number): Promise<Leaderboard> {
  const rows = await store.leaderboard(players, LEADERBOARD_SIZE);
  return {
    players,
    entries: rows.map((row, i) => ({
      place: i + 1,
      playerId: row.playerId,
      name: row.name,
      username: row.username,
      bot: botLevelOfPlayer(row.playerId),
      ...(row.botAccount ? { botAccount: true } : {}),
      mu: row.mu,
      sigma: row.sigma,
      conservative: conservative(row),
      games: row.games,
    })),
  };
}

async function ratingsOfPlayer(
  store: PlayerStore & AccountStore & RatingStore,
  id: string,
): Promise<PlayerRatings> {
  const player = await store.playerById(id);
  if (!player) refuse('NOT_FOUND', `no player has the id ${id}`, { player: id });
  const account = await store.accountOfPlayer(id);
  const ratings = await Promise.all(
    (await store.ratingsOf(id)).map(async (rating) => ({
      players: rating.players,
      mu: rating.mu,
      sigma: rating.sigma,
      conservative: conservative(rating),
      games: rating.games,
      history: (await store.historyOf(id, rating.players, RATING_HISTORY_SIZE)).map((row) => ({
        table: row.tableId,
        at: row.at,
        rank: row.rank,
        muBefore: row.before.mu,
        sigmaBefore: row.before.sigma,
        muAfter: row.after.mu,
        sigmaAfter: row.after.sigma,
      })),
    })),
  );
  return {
    // The display name, as tables show it (the username is the profile's address).
    player: { id, name: account ? player.name : (botLevelOfPlayer(id) ?? player.name) },
    bot: botLevelOfPlayer(id),
    ...(player.bot ? { botAccount: true } : {}),
    ratings,
  };
}

export function registerRatingRoutes(app: FastifyInstance, ctx: Rematching): void {
  route(app, ROUTES.leaderboard, ({ query }) => leaderboardOf(ctx.store, query.players));
  route(app, ROUTES.playerRatings, ({ params }) => ratingsOfPlayer(ctx.store, params.id));
  route(app, ROUTES.tableRating, async ({ params }) => {
    const room = await tableOf(ctx, params.id);
    const result = room.committed?.state.result;
    const places = result ? placesOf(result) : [];
    const answer = await tableRating(ctx.store, room.table, places);
    ctx.rooms.release(room);
    return answer;
  });
  route(app, ROUTES.rematch, async ({ request, params }) => {
    const player = await requirePlayer(ctx.store, request);
    const { room, seat } = await requestRematch(ctx, player, params.id);
    return { table: infoFor(room, player), seat };
  });
}
