/** The HTTP route of players' profiles (see packages/protocol/src/profiles.ts). */
import type { PlayerProfile } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import type { TableContext } from '../tables/context.ts';
import { playerProfile } from './profile.ts';

export function registerProfileRoutes(app: FastifyInstance, ctx: TableContext): void {
  app.get<{ Params: { username: string } }>(
    '/api/v1/players/:username/profile',
    async (request): Promise<PlayerProfile> => playerProfile(ctx.store, request.params.username),
  );
}
