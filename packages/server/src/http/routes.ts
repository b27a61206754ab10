/** The HTTP API of players and tables under /api/v1 (the routes of packages/protocol/src/routes/tables.ts). */
import { type ProtocolErrorCode, ROUTES } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { hashToken, newToken, randomId } from '../ids.ts';
import type { PlayerRow, Store } from '../store/types.ts';
import type { TableRequests } from '../tables/requests.ts';
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

/**
 * What the routes reach: the store, for the players (who asks: `auth.ts`), and the tables,
 * through their requests.
 */
export interface RouteDeps {
  store: Store;
  tables: TableRequests;
}

function playerRoutes(app: FastifyInstance, { store, tables }: RouteDeps, limits: RouteLimits) {
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
      await tables.renamed({ ...player, name });
      return { player: { id: player.id, name } };
    },
    { codeFor: nameCode },
  );
}

function tableRoutes(app: FastifyInstance, { store, tables }: RouteDeps): void {
  route(app, ROUTES.lobby, ({ query }) => tables.lobby(query));
  route(app, ROUTES.deleteTable, async ({ request, params }) => {
    const host = await requirePlayer(store, request);
    return { deleted: await tables.remove(host, params.id) };
  });
  route(
    app,
    ROUTES.createTable,
    async (call) => {
      const host = await requirePlayer(store, call.request);
      return { table: await tables.create(host, call.body) };
    },
    { codeFor: tableCode },
  );
  route(app, ROUTES.getTable, async ({ request, params }) =>
    tables.look(params.id, await optionalPlayer(store, request)),
  );
  route(app, ROUTES.joinTable, async (call) => {
    const player = await requirePlayer(store, call.request);
    return tables.join(player, call.params.id, call.body);
  });
  route(app, ROUTES.leaveTable, async ({ request, params }) =>
    tables.leave(await requirePlayer(store, request), params.id),
  );
  route(app, ROUTES.kickPlayer, async (call) => {
    const host = await requirePlayer(store, call.request);
    return tables.kick(host, call.params.id, call.body.seat);
  });
  route(app, ROUTES.startTable, async ({ request, params }) =>
    tables.start(await requirePlayer(store, request), params.id),
  );
  route(app, ROUTES.gameRecord, async ({ request, params }) => {
    const player = await requirePlayer(store, request);
    return tables.record(player, params.id);
  });
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps, limits: RouteLimits): void {
  playerRoutes(app, deps, limits);
  tableRoutes(app, deps);
  moderationRoutes(app, deps);
}
