/**
 * Who is asking: `Authorization: Bearer <token>` (the player whose token hashes to a stored
 * hash), or else the session cookie of a logged-in device (sessions.ts).
 */
import type { FastifyRequest } from 'fastify';
import type {} from '../friends/presence.ts';
import { hashToken } from '../ids.ts';
import { refuse } from '../refusal.ts';
import type { PlayerStore } from '../store/players.ts';
import type { PlayerRow } from '../store/types.ts';
import type {} from './sessions.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,128})$/i.exec(header);
  return match?.[1] ?? null;
}

/** The requesting player, or null when the request carries no token and no valid session. */
export async function optionalPlayer(
  store: PlayerStore,
  request: FastifyRequest,
): Promise<PlayerRow | null> {
  const token = bearer(request);
  if (token === null) {
    if (request.headers.authorization)
      refuse('UNAUTHENTICATED', 'the Authorization header is not "Bearer <token>"');
    return request.server.sessions.player(request);
  }
  const player = await store.findPlayerByTokenHash(hashToken(token));
  if (!player) refuse('UNAUTHENTICATED', 'unknown token');
  return player;
}

export async function requirePlayer(
  store: PlayerStore,
  request: FastifyRequest,
): Promise<PlayerRow> {
  const player = await optionalPlayer(store, request);
  // Seen now: online in their friends' lists (friends/presence.ts).
  if (player) request.server.presence?.seen(player.id);
  if (!player && request.server.sessions.hasCookie(request))
    refuse('UNAUTHENTICATED', 'the session has ended (logged out, expired or altered)');
  if (!player)
    refuse('UNAUTHENTICATED', 'this needs a player token (Authorization: Bearer <token>)');
  return player;
}
