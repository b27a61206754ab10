/**
 * Security headers on every answer (HTML, JSON, files, errors), by `@fastify/helmet`:
 *
 * - A strict Content-Security-Policy: scripts, styles, workers, fonts and connections from this
 *   server only (no inline script, no eval; React sets styles through the CSSOM, which CSP
 *   allows), `img-src` adds `data:` for the page's inline SVG icon, and `connect-src` names the
 *   WebSocket of the same host explicitly (`ws:`/`wss:`), which older browsers do not count as
 *   'self'. `frame-ancestors 'none'` (and `X-Frame-Options: DENY` for old browsers): no other
 *   site can frame the game and trick a player into clicks.
 * - `X-Content-Type-Options: nosniff`, so a JSON answer is never run as a script or page.
 * - Helmet's other defaults (Referrer-Policy no-referrer, Cross-Origin-Opener/Resource-Policy
 *   same-origin, Origin-Agent-Cluster…), except two that belong to whoever terminates TLS:
 *   HSTS (it pins a whole domain, often with other services, to HTTPS for a year) and
 *   `upgrade-insecure-requests` (it would break a server run over plain HTTP on a LAN).
 *
 * The policy is checked against the real client in packages/web/e2e/csp.spec.ts.
 */
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A Host header fit to be written into the policy (anything else is left out). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The WebSocket origins of the host the page was loaded from. */
function sameHostSockets(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", (request: IncomingMessage) => sameHostSockets(request)],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
}
