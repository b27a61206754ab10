/**
 * Ratings and rematches plugged into the server: the rating of each game that ends here, the
 * games a stopped process left unrated, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import { registerProfileRoutes } from '../profiles/routes.ts';
import type { Rematching } from '../tables/seats/rematch.ts';
import { installRating, rateMissed } from './rate.ts';
import { registerRatingRoutes } from './routes.ts';

export interface InstalledRatings {
  /** Registers the routes in the API's scope (under its rate limit). */
  routes(scope: FastifyInstance): void;
}

/** Rates the games missed so far (before listening, so that every rating is there once up). */
export async function installRatings(ctx: Rematching): Promise<InstalledRatings> {
  installRating(ctx);
  try {
    const rated = await rateMissed(ctx);
    if (rated > 0) ctx.log.info({ rated }, 'finished games rated at start');
  } catch (error) {
    ctx.log.error({ err: error }, 'looking for unrated games failed');
  }
  return {
    routes: (scope) => {
      registerRatingRoutes(scope, ctx);
      registerProfileRoutes(scope, ctx.store);
    },
  };
}
