/**
 * What one HTTP route of the API is, as data: its method and path, the zod schemas of its body,
 * query and answer, the refusals it may answer, who may call it, and what it is for. The server
 * registers its handlers from these (packages/server/src/http/route.ts), the OpenAPI document is
 * generated from them (`documents.ts`), and `@gangsta/client`'s HTTP client calls them, so the
 * three cannot drift apart.
 */
import type { z } from 'zod';
import type { ProtocolErrorCode } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The OpenAPI tag a route is listed under. */
export type RouteTag =
  | 'players'
  | 'tables'
  | 'accounts'
  | 'friends'
  | 'ratings'
  | 'live'
  | 'documents'
  | 'operations';

/**
 * required: a player token or a session cookie; optional: read when given; session: the
 * session cookie when there is one; none.
 */
export type RouteAuth = 'required' | 'optional' | 'none' | 'session';

/**
 * How the answer is written: `json` (the answer schema, the one kind the HTTP client calls),
 * `ndjson` (a stream of the answer schema, one per line), `redirect` (a 303 to the web
 * client), `upgrade` (the WebSocket) or `document` (one of the protocol's documents).
 */
export type AnswerKind = 'json' | 'ndjson' | 'redirect' | 'upgrade' | 'document';

export interface RouteSpec {
  method: HttpMethod;
  /** Fastify's form: `/api/v1/tables/:id`. */
  path: string;
  tag: RouteTag;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** The request body; `bodyRequired: false` lets a client leave it out. */
  body?: z.ZodType;
  bodyRequired?: boolean;
  query?: z.ZodObject;
  kind: AnswerKind;
  /** The answer's schema (json, ndjson); none for the other kinds. */
  answer?: z.ZodType;
  status: number;
  answerDescription: string;
  /**
   * The refusals this route may answer besides those every route of its kind may
   * (`errorsOf` adds them: UNAUTHENTICATED with auth, BAD_MESSAGE with a body or query…).
   */
  errors: readonly ProtocolErrorCode[];
  /** The answer sets the session cookie. */
  setsCookie?: boolean;
}

/** A route with its name (the OpenAPI operationId, the HTTP client's method name). */
export type Route<S extends RouteSpec = RouteSpec> = S & { readonly name: string };

/** Checks a table of routes and names each by its key. */
export function defineRoutes<const T extends Record<string, RouteSpec>>(
  routes: T,
): { readonly [K in keyof T]: T[K] & { readonly name: K & string } } {
  return Object.fromEntries(
    Object.entries(routes).map(([name, spec]) => [name, { ...spec, name }]),
  ) as { readonly [K in keyof T]: T[K] & { readonly name: K & string } };
}

// --- the types a route gives its callers and its handler ------------------------------------

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's parameters: `/tables/:id/chat/:seq` → `{ id: string; seq: string }`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends as the body (defaults may be left out). */
export type RouteBody<R extends RouteSpec> = SchemaIn<R['body']>;
/** The body as the server reads it (defaults filled in). */
export type ParsedRouteBody<R extends RouteSpec> = SchemaOut<R['body']>;
export type RouteQuery<R extends RouteSpec> = SchemaIn<R['query']>;
export type ParsedRouteQuery<R extends RouteSpec> = SchemaOut<R['query']>;
/** What the server writes. */
export type RouteAnswerIn<R extends RouteSpec> = SchemaIn<R['answer']>;
/** What a client reads, parsed. */
export type RouteAnswer<R extends RouteSpec> = SchemaOut<R['answer']>;
export type RouteParams<R extends RouteSpec> = PathParams<R['path']>;

/**
 * What a client passes to call a route: `params` when the path has some, `body` when it takes
 * one (optional when `bodyRequired` is false), `query` when it reads one (optional when every
 * field of it is).
 */
export type RouteInput<R extends RouteSpec> = (keyof RouteParams<R> extends never
  ? unknown
  : { params: RouteParams<R> }) &
  (R['body'] extends z.ZodType
    ? R['bodyRequired'] extends false
      ? { body?: RouteBody<R> }
      : { body: RouteBody<R> }
    : unknown) &
  (R['query'] extends z.ZodType
    ? Record<never, never> extends RouteQuery<R>
      ? { query?: RouteQuery<R> }
      : { query: RouteQuery<R> }
    : unknown);

// --- helpers every side uses ----------------------------------------------------------------

/** `/api/v1/tables/:id` with `{ id: 'a b' }` → `/api/v1/tables/a%20b`. */
export function routePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Every refusal a route may answer: its own and those of its kind. */
export function errorsOf(route: RouteSpec): ProtocolErrorCode[] {
  const codes = new Set<ProtocolErrorCode>();
  if (route.auth === 'required' || route.auth === 'optional') codes.add('UNAUTHENTICATED');
  // A change made with the session cookie must come from an allowed page.
  if (route.auth !== 'none' && route.method !== 'GET') codes.add('BAD_ORIGIN');
  if (route.body || route.query) codes.add('BAD_MESSAGE');
  if (route.body) codes.add('TOO_LARGE');
  for (const code of route.errors) codes.add(code);
  // The API's own limit per address (`RATE_LIMIT_HTTP`), over every route under /api/.
  if (route.path.startsWith('/api/')) codes.add('RATE_LIMITED');
  if (route.kind === 'json' || route.kind === 'ndjson' || route.kind === 'redirect')
    codes.add('UNAVAILABLE');
  codes.add('INTERNAL');
  return [...codes];
}
