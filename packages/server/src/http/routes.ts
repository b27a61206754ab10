/** The HTTP API under /api/v1 (see packages/protocol/src/http.ts). */
import {
  createPlayerSchema,
  createTableSchema,
  joinTableSchema,
  kickSchema,
  type Lobby,
  lobbyQuerySchema,
  type PlayerCreated,
  type ProtocolErrorCode,
  type TableAnswer,
  type TableDeleted,
} from '@gangsta/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { meAnswer } from '../accounts/routes.ts';
import { hashToken, newToken, randomId } from '../ids.ts';
import type { PlayerRow } from '../store/types.ts';
import type { TableContext } from '../tables/context.ts';
import { deleteTable } from '../tables/expiry.ts';
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
} from '../tables/lifecycle.ts';
import { tableOf } from '../tables/lookup.ts';
import { optionalPlayer, requirePlayer } from './auth.ts';
import { parseBody } from './body.ts';
import { moderationRoutes } from './moderation.ts';

export interface RouteLimits {
  /** Player creations per minute and address (0: no limit). */
  playersPerMinute: number;
}

type IdParams = { Params: { id: string } };

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

function playerRoutes(app: FastifyInstance, ctx: TableContext, limits: RouteLimits): void {
  const { store } = ctx;
  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = parseBody(createPlayerSchema, request.body, nameCode);
    const token = newToken();
    const player: PlayerRow = {
      id: randomId(),
      name,
      tokenHash: hashToken(token),
      createdAt: new Date().toISOString(),
    };
    await store.createPlayer(player);
    const answer: PlayerCreated = { player: publicPlayer(player), token };
    return reply.status(201).send(answer);
  };
  if (limits.playersPerMinute > 0) {
    const rateLimit = { max: limits.playersPerMinute, timeWindow: 60_000 };
    app.post('/api/v1/players', { config: { rateLimit } }, create);
  } else {
    app.post('/api/v1/players', create);
  }
  app.get('/api/v1/me', async (request) => meAnswer(store, await requirePlayer(store, request)));
  app.patch('/api/v1/me', async (request) => {
    const player = await requirePlayer(store, request);
    const { name } = parseBody(createPlayerSchema, request.body, nameCode);
    await store.renamePlayer(player.id, name);
    // The seats and the chat say the new name at once, not after a reload.
    await renameSeated(ctx, { ...player, name });
    return { player: { id: player.id, name } };
  });
}

function tableRoutes(app: FastifyInstance, ctx: TableContext): void {
  const { store } = ctx;
  app.get(
    '/api/v1/tables',
    async (request): Promise<Lobby> => lobby(ctx, parseBody(lobbyQuerySchema, request.query ?? {})),
  );
  app.delete<IdParams>('/api/v1/tables/:id', async (request): Promise<TableDeleted> => {
    const host = await requirePlayer(store, request);
    const room = await tableOf(ctx, request.params.id);
    await deleteTable(ctx, host, room);
    return { deleted: room.id };
  });
  app.post('/api/v1/tables', async (request, reply) => {
    const host = await requirePlayer(store, request);
    const body = parseBody(createTableSchema, request.body, tableCode);
    const table = await createTable(ctx, host, body);
    return reply.status(201).send({ table });
  });
  app.get<IdParams>('/api/v1/tables/:id', async (request): Promise<TableAnswer> => {
    const player = await optionalPlayer(store, request);
    const room = await tableOf(ctx, request.params.id);
    const answer = { table: infoFor(room, player), seat: room.seatOf(player?.id) };
    ctx.rooms.release(room);
    return answer;
  });
  app.post<IdParams>('/api/v1/tables/:id/join', async (request): Promise<TableAnswer> => {
    const player = await requirePlayer(store, request);
    const body = parseBody(joinTableSchema, request.body);
    const { room, seat } = await joinTable(ctx, player, request.params.id, body);
    return { table: infoFor(room, player), seat };
  });
  app.post<IdParams>('/api/v1/tables/:id/leave', async (request): Promise<TableAnswer> => {
    const player = await requirePlayer(store, request);
    const room = await leaveTable(ctx, player, request.params.id);
    // A game in play keeps the seat its player's (a bot plays it until they come back).
    return { table: infoFor(room, player), seat: room.seatOf(player.id) };
  });
  app.post<IdParams>('/api/v1/tables/:id/kick', async (request): Promise<TableAnswer> => {
    const host = await requirePlayer(store, request);
    const { seat } = parseBody(kickSchema, request.body);
    const room = await kickPlayer(ctx, host, request.params.id, seat);
    return { table: infoFor(room, host), seat: room.seatOf(host.id) };
  });
  app.post<IdParams>('/api/v1/tables/:id/start', async (request): Promise<TableAnswer> => {
    const host = await requirePlayer(store, request);
    const room = await startTable(ctx, host, request.params.id);
    return { table: infoFor(room, host), seat: room.seatOf(host.id) };
  });
  app.get<IdParams>('/api/v1/tables/:id/record', async (request) => {
    const player = await requirePlayer(store, request);
    return gameRecord(ctx, player, request.params.id);
  });
}

export function registerRoutes(app: FastifyInstance, ctx: TableContext, limits: RouteLimits): void {
  playerRoutes(app, ctx, limits);
  tableRoutes(app, ctx);
  moderationRoutes(app, ctx);
}
