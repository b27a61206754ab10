/**
 * Registers a handler for a route of the protocol's route table (`ROUTES` of
 * @gangsta/protocol): the method and path come from the table, the body and query are parsed
 * with the table's schemas when the handler reads them (a bad one is refused with the first
 * problem, `body.ts`), and the handler's answer must have the table's answer type; the status
 * is the table's. Every route the server has is registered here, so the server, the OpenAPI
 * document and the HTTP client read one list (test/api-docs.test.ts checks that).
 */
import type {
  ParsedRouteBody,
  ParsedRouteQuery,
  Route,
  RouteAnswerIn,
  RouteParams,
} from '@gangsta/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { type CodeForPath, parseBody } from './body.ts';

/** What a handler is given: the parsed body and query, the path's parameters. */
export interface RouteCall<R extends Route> {
  body: ParsedRouteBody<R>;
  query: ParsedRouteQuery<R>;
  params: RouteParams<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Which code a problem in the body or query gets (BAD_MESSAGE unless it says). */
  codeFor?: CodeForPath;
  /** Fastify's route options (a rate limit of its own…). */
  fastify?: RouteShorthandOptions;
}

/**
 * The body and query are parsed when the handler first reads them, so that a handler checks
 * who asks before what they sent (401 before 400). Read `call.body` after the checks, and never
 * spread the call (`{ ...call }` reads every getter).
 */
function parsedCall<R extends Route>(
  spec: R,
  request: FastifyRequest,
  reply: FastifyReply,
  codeFor: CodeForPath | undefined,
): RouteCall<R> {
  let body: { value: unknown } | undefined;
  let query: { value: unknown } | undefined;
  return {
    get body() {
      body ??= { value: spec.body ? parseBody(spec.body, request.body, codeFor) : undefined };
      return body.value as RouteCall<R>['body'];
    },
    get query() {
      query ??= { value: spec.query ? parseBody(spec.query, request.query, codeFor) : undefined };
      return query.value as RouteCall<R>['query'];
    },
    params: request.params as RouteParams<R>,
    request,
    reply,
  };
}

function register(
  app: FastifyInstance,
  spec: Route,
  options: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({ ...options.fastify, method: spec.method, url: spec.path, handler });
}

/** A route that answers JSON: the handler returns the answer, sent with the table's status. */
export function route<R extends Route & { kind: 'json' }>(
  app: FastifyInstance,
  spec: R,
  handler: (call: RouteCall<R>) => Promise<RouteAnswerIn<R>> | RouteAnswerIn<R>,
  options: RouteOptions = {},
): void {
  register(app, spec, options, async (request, reply) => {
    const answer = await handler(parsedCall(spec, request, reply, options.codeFor));
    return reply.status(spec.status).send(answer);
  });
}

/**
 * A route whose answer the handler writes itself (a stream, a redirect, a document): the body
 * and query are parsed as for `route`, the reply is the handler's.
 */
export function rawRoute<R extends Route>(
  app: FastifyInstance,
  spec: R,
  handler: (call: RouteCall<R>) => Promise<unknown> | unknown,
  options: RouteOptions = {},
): void {
  register(app, spec, options, async (request, reply) =>
    handler(parsedCall(spec, request, reply, options.codeFor)),
  );
}
