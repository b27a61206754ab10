/** Refusals over HTTP: `{ error: ProtocolError }` with a status that fits the code. */
import {
  type HttpError,
  type ProtocolError,
  type ProtocolErrorCode,
  protocolError,
} from '@gangsta/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Refusal } from '../refusal.ts';

const STATUS: Partial<Record<ProtocolErrorCode, number>> = {
  BAD_MESSAGE: 400,
  BAD_NAME: 400,
  BAD_OPTIONS: 400,
  BAD_CARD_SET: 400,
  BAD_CHAT: 400,
  BAD_USERNAME: 400,
  BAD_PASSWORD: 400,
  BAD_WEBHOOK: 400,
  BAD_EMAIL: 400,
  BAD_CREDENTIALS: 401,
  USERNAME_TAKEN: 409,
  ALREADY_ACCOUNT: 409,
  NOT_BOT_ELIGIBLE: 409,
  BOTS_NOT_ALLOWED: 403,
  BLOCKED: 403,
  TOO_MANY_LISTED: 409,
  PROTOCOL_VERSION: 400,
  UNAUTHENTICATED: 401,
  NOT_HOST: 403,
  BAD_ORIGIN: 403,
  NOT_SEATED: 403,
  BAD_INVITE: 403,
  SEAT_RESERVED: 403,
  UNKNOWN_TABLE: 404,
  NOT_FOUND: 404,
  SEAT_TAKEN: 409,
  ALREADY_SEATED: 409,
  WRONG_STATUS: 409,
  SEATS_NOT_FILLED: 409,
  TOO_MANY_TABLES: 409,
  TOO_MANY_WATCHED: 409,
  TOO_MANY_SPECTATORS: 409,
  STALE: 409,
  DUPLICATE_ID: 409,
  CANNOT_UNDO: 409,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export function statusOf(code: ProtocolErrorCode): number {
  return STATUS[code] ?? 422;
}

/** Fastify's own errors (body too large, not JSON, rate limit…) as protocol errors. */
function fromFastify(error: FastifyError): ProtocolError {
  if (error.statusCode === 413) return protocolError('TOO_LARGE', 'the request body is too large');
  if (error.statusCode === 429) {
    return protocolError('RATE_LIMITED', 'too many requests; try again later', {
      retryMs: Number((error as FastifyError & { retryMs?: number }).retryMs ?? 60_000),
    });
  }
  if (error.statusCode === 404) return protocolError('NOT_FOUND', 'no such address');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return protocolError('BAD_MESSAGE', error.message);
  }
  return protocolError('INTERNAL', 'the server failed; nothing was changed');
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = error instanceof Refusal ? error.error : fromFastify(error);
    if (answer.code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
    const body: HttpError = { error: answer };
    const status = error instanceof Refusal ? statusOf(answer.code) : (error.statusCode ?? 500);
    // The database cannot be reached: HTTP's own way of saying when to ask again, too.
    const retryMs = answer.params.retryMs;
    if (answer.code === 'UNAVAILABLE' && typeof retryMs === 'number') {
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryMs / 1000))));
    }
    return reply.status(status >= 400 ? status : 500).send(body);
  });
}

/**
 * Unknown addresses: NOT_FOUND under /api, and the web client's index.html elsewhere when the
 * client is served (its own router reads the path).
 */
export function installNotFound(app: FastifyInstance, serveIndex: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (serveIndex && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.sendFile('index.html');
    }
    const body: HttpError = { error: protocolError('NOT_FOUND', 'no such address') };
    return reply.status(404).send(body);
  });
}
