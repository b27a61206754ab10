/**
 * The logged-in devices' sessions as the HTTP layer carries them (`app.sessions`): "who is
 * asking" (auth.ts) and the socket's upgrade read them, the accounts' routes start and end
 * them, and accounts/sessions.ts keeps them (signed cookies, rows in the store). Declared here,
 * on the lower layer, so that http/ needs nothing from accounts/.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlayerRow } from '../store/types.ts';

export interface SessionService {
  /** Logs the device in as `playerId`: a new session and its cookie. */
  start(request: FastifyRequest, reply: FastifyReply, playerId: string): Promise<void>;
  /** Logs the device out: its session is deleted and its cookie cleared. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The player of the request's session cookie, or null (none, altered or expired). */
  player(request: FastifyRequest): Promise<PlayerRow | null>;
  /** The player of a session id read earlier (`sessionIdOf`), or null. */
  playerOfSession(id: string | null): Promise<PlayerRow | null>;
  /** Whether the request carries a session cookie at all (valid or not). */
  hasCookie(request: FastifyRequest): boolean;
  /** The session id of the request's cookie, when its signature holds. */
  sessionIdOf(request: FastifyRequest): string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's sessions (kept by accounts/sessions.ts). */
    sessions: SessionService;
  }
}
