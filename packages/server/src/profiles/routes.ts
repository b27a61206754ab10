/** The HTTP route of players' profiles (see packages/protocol/src/profiles.ts). */
import { ROUTES } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import type { TableContext } from '../tables/context.ts';
import { playerProfile } from './profile.ts';

export function registerProfileRoutes(app: FastifyInstance, ctx: TableContext): void {
  route(app, ROUTES.playerProfile, ({ params }) => playerProfile(ctx.store, params.username));
}
