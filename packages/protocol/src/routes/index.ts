/**
 * Every HTTP route of the server, as data (`route.ts` says what a route holds). The server
 * registers exactly these, the OpenAPI document lists them, and `@gangsta/client`'s HTTP client
 * calls them by name: `ROUTES.createTable`, `http.createTable({ body })`.
 */
import { ACCOUNT_ROUTES } from './accounts.ts';
import { FRIEND_ROUTES } from './friends.ts';
import { RATING_ROUTES } from './ratings.ts';
import type { Route } from './route.ts';
import { SERVICE_ROUTES } from './service.ts';
import { TABLE_ROUTES } from './tables.ts';

export { okAnswerSchema } from './accounts.ts';
export { mailTokenQuerySchema } from './friends.ts';
export * from './route.ts';
export { API_DOCUMENT_PATHS } from './service.ts';
export {
  type CreatedTable,
  createdTableSchema,
  gameRecordSchema,
  type PlayerAnswer,
  playerAnswerSchema,
} from './tables.ts';

export const ROUTES = {
  ...TABLE_ROUTES,
  ...ACCOUNT_ROUTES,
  ...RATING_ROUTES,
  ...FRIEND_ROUTES,
  ...SERVICE_ROUTES,
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;

/** The routes as a list, in the table's order. */
export const ROUTE_LIST: readonly Route[] = Object.values(ROUTES);

/** The routes a client calls and reads JSON from (not the stream, links, socket, documents). */
export type JsonRouteName = {
  [K in RouteName]: Routes[K]['kind'] extends 'json' ? K : never;
}[RouteName];
