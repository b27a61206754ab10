/**
 * The defences that sit in front of the routes (docs/security.md): security headers on every
 * answer, the origin check of cookie-authenticated changes, and the WebSocket upgrade's guard
 * (its origin, and its own paced limit per address instead of the API's request limit).
 */
import { protocolError } from '@gangsta/protocol';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { WebSocket } from 'ws';
import { addressKey } from '../addressKey.ts';
import { refuse } from '../refusal.ts';
import { installSecurityHeaders } from './headers.ts';
import { changesStateByCookie, OriginPolicy } from './origins.ts';
import type { SecuritySettings } from './settings.ts';
import { UpgradePacer } from './upgrades.ts';

/** What the WebSocket route needs: its route options, and the check after the upgrade. */
export interface SocketGuard {
  /** Options for the upgrade route: hooks that refuse before the upgrade, no API rate limit. */
  route: { onRequest: onRequestAsyncHookHandler; config: { rateLimit: false } };
  /**
   * Right after the upgrade: true to go ahead; false when the client came before its turn, in
   * which case it has been told when to come back (RATE_LIMITED with `retryMs`) and the socket
   * is closing (1013 "try again later").
   */
  admit(socket: WebSocket, request: FastifyRequest): boolean;
}

export interface InstalledSecurity {
  origins: OriginPolicy;
  /** Registers the origin check on the API's scope (cookie-authenticated changes). */
  guardApi(scope: FastifyInstance): void;
  socket: SocketGuard;
}

export async function installSecurity(
  app: FastifyInstance,
  settings: SecuritySettings,
  publicUrl: () => string | null,
  now: () => number = Date.now,
): Promise<InstalledSecurity> {
  await installSecurityHeaders(app);
  const origins = new OriginPolicy(settings.allowedOrigins, publicUrl);
  const pacer = new UpgradePacer(settings.upgradeBurst, settings.upgradesPerMinute, now);
  // The decision made before the upgrade, read by `admit` after it (one per upgrade request).
  const later = new WeakMap<FastifyRequest, number>();
  const onRequest: onRequestAsyncHookHandler = async (request) => {
    origins.check(request, 'a WebSocket');
    const decision = pacer.decide(addressKey(request.ip), now());
    if (decision.kind === 'refuse') {
      refuse('RATE_LIMITED', 'too many WebSocket connections from your address; try again later', {
        retryMs: decision.retryMs,
      });
    }
    if (decision.kind === 'later') later.set(request, decision.retryMs);
  };
  return {
    origins,
    guardApi: (scope) => {
      scope.addHook('onRequest', async (request) => {
        if (changesStateByCookie(request))
          origins.check(request, `${request.method} ${request.url}`);
      });
    },
    socket: {
      route: { onRequest, config: { rateLimit: false } },
      admit: (socket, request) => {
        const retryMs = later.get(request);
        if (retryMs === undefined) return true;
        const error = protocolError(
          'RATE_LIMITED',
          'many connections from your address just now; come back after retryMs',
          { retryMs },
        );
        socket.send(JSON.stringify({ type: 'error', table: null, error }));
        socket.close(1013, 'try again later');
        return false;
      },
    },
  };
}
