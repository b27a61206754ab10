/** The HTTP route of players' profiles (see packages/protocol/src/profiles.ts). */
import { ROUTES } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import type { Store } from '../store/types.ts';
import { playerProfile } from './profile.ts';

export function registerProfileRoutes(app: FastifyInstance, store: Store): void {
  route(app, ROUTES.playerProfile, ({ params }) => playerProfile(store, params.username));
}
