/** The HTTP API of players and tables under /api/v1 (the routes of packages/protocol/src/routes/tables.ts). */
import { type ProtocolErrorCode, ROUTES } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { hashToken, newToken, randomId } from '../ids.ts';
import type { PlayerRow } from '../store/types.ts';
import type { Limits, Observers, Platform, TableMemory, TableParts } from '../tables/context.ts';
import { deleteTable } from '../tables/memory/expiry.ts';
import { tableOf } from '../tables/memory/registry.ts';
import {
  createTable,
  gameRecord,
  infoFor,
  joinTable,
  kickPlayer,
  leaveTable,
  lobby,
  renameSeated,
  startTable,
} from '../tables/seats/lifecycle.ts';
import { optionalPlayer, requirePlayer } from './auth.ts';
import { moderationRoutes } from './moderation.ts';
import { route } from './route.ts';

export interface RouteLimits {
  /** Player creations per minute and address (0: no limit). */
  playersPerMinute: number;
}

const nameCode = (path: readonly PropertyKey[]): ProtocolErrorCode =>
  path[0] === 'name' ? 'BAD_NAME' : 'BAD_MESSAGE';

/** A custom card set is not accepted in v1: it could make the engine enumerate huge move lists. */
const tableCode = (path: readonly PropertyKey[], keys: readonly string[]): ProtocolErrorCode => {
  if (keys.includes('cardSet')) return 'BAD_CARD_SET';
  // The table's name and a seat's label are names (`names.ts`): BAD_NAME says which character.
  if (path[0] === 'name' || (path[0] === 'seats' && path[2] === 'label')) return 'BAD_NAME';
  if (['options', 'seats', 'clock', 'takeoverLevel'].includes(String(path[0])))
    return 'BAD_OPTIONS';
  return 'BAD_MESSAGE';
};

function publicPlayer(player: PlayerRow) {
  return { id: player.id, name: player.name };
}

function playerRoutes(
  app: FastifyInstance,
  ctx: Platform & TableMemory & Pick<TableParts, 'catchUp' | 'seatWrites'>,
  limits: RouteLimits,
): void {
  const { store } = ctx;
  const rateLimit = { max: limits.playersPerMinute, timeWindow: 60_000 };
  route(
    app,
    ROUTES.createPlayer,
    async ({ body }) => {
      const token = newToken();
      const player: PlayerRow = {
        id: randomId(),
        name: body.name,
        tokenHash: hashToken(token),
        createdAt: new Date().toISOString(),
      };
      await store.createPlayer(player);
      return { player: publicPlayer(player), token };
    },
    {
      codeFor: nameCode,
      ...(limits.playersPerMinute > 0 ? { fastify: { config: { rateLimit } } } : {}),
    },
  );
  route(
    app,
    ROUTES.renameMe,
    async (call) => {
      const player = await requirePlayer(store, call.request);
      const { name } = call.body;
      await store.renamePlayer(player.id, name);
      // The seats and the chat say the new name at once, not after a reload.
      await renameSeated(ctx, { ...player, name });
      return { player: { id: player.id, name } };
    },
    { codeFor: nameCode },
  );
}

/** What the table routes reach: the tables, their limits, and the hooks a game's start runs. */
type TableRouteContext = Platform & TableMemory & Limits & Observers & TableParts;

function tableRoutes(app: FastifyInstance, ctx: TableRouteContext): void {
  const { store } = ctx;
  route(app, ROUTES.lobby, ({ query }) => lobby(ctx, query));
  route(app, ROUTES.deleteTable, async ({ request, params }) => {
    const host = await requirePlayer(store, request);
    const room = await tableOf(ctx, params.id);
    await deleteTable(ctx, host, room);
    return { deleted: room.id };
  });
  route(
    app,
    ROUTES.createTable,
    async (call) => {
      const host = await requirePlayer(store, call.request);
      const table = await createTable(ctx, host, call.body);
      return { table };
    },
    { codeFor: tableCode },
  );
  route(app, ROUTES.getTable, async ({ request, params }) => {
    const player = await optionalPlayer(store, request);
    const room = await tableOf(ctx, params.id);
    const answer = { table: infoFor(room, player), seat: room.seatOf(player?.id) };
    ctx.rooms.release(room);
    return answer;
  });
  route(app, ROUTES.joinTable, async (call) => {
    const player = await requirePlayer(store, call.request);
    const { room, seat } = await joinTable(ctx, player, call.params.id, call.body);
    return { table: infoFor(room, player), seat };
  });
  route(app, ROUTES.leaveTable, async ({ request, params }) => {
    const player = await requirePlayer(store, request);
    const room = await leaveTable(ctx, player, params.id);
    // A game in play keeps the seat its player's (a bot plays it until they come back).
    return { table: infoFor(room, player), seat: room.seatOf(player.id) };
  });
  route(app, ROUTES.kickPlayer, async (call) => {
    const host = await requirePlayer(store, call.request);
    const room = await kickPlayer(ctx, host, call.params.id, call.body.seat);
    return { table: infoFor(room, host), seat: room.seatOf(host.id) };
  });
  route(app, ROUTES.startTable, async ({ request, params }) => {
    const host = await requirePlayer(store, request);
    const room = await startTable(ctx, host, params.id);
    return { table: infoFor(room, host), seat: room.seatOf(host.id) };
  });
  route(app, ROUTES.gameRecord, async ({ request, params }) => {
    const player = await requirePlayer(store, request);
    return gameRecord(ctx, player, params.id);
  });
}

export function registerRoutes(
  app: FastifyInstance,
  ctx: TableRouteContext,
  limits: RouteLimits,
): void {
  playerRoutes(app, ctx, limits);
  tableRoutes(app, ctx);
  moderationRoutes(app, ctx);
}
