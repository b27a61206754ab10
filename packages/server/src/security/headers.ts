/**
 * Security headers on every answer (HTML, JSON, files, errors), by `helmet`:
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
 *
 * The headers are computed once, not per answer. `@fastify/helmet` built helmet from its
 * options again for every request (parsing and checking every directive), which a profile
 * under load found on the main thread. Here helmet is built once at start, and the headers it
 * writes are recorded once per Host: the Host header (in `connect-src`) is the only part of
 * them that depends on the request. Each answer then gets the recorded list as it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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

export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
} as const;

/** One header helmet writes (a value), or removes (null: `X-Powered-By`). */
type HeaderWrite = readonly [name: string, value: string | null];

/**
 * Hosts whose headers are kept. A server is reached under a handful of names; the Host header
 * is the client's to choose, so past this many the headers of a new host are computed for each
 * answer instead of kept (still the same headers, only not remembered).
 */
const KEPT_HOSTS = 64;

export class SecurityHeaders {
  /** Helmet with its options parsed and checked, once. */
  private readonly helmet = helmet(HELMET_OPTIONS);
  private readonly byHost = new Map<string, HeaderWrite[]>();

  /** The headers of an answer to this request, in the order helmet writes them. */
  headersFor(request: IncomingMessage): readonly HeaderWrite[] {
    const host = request.headers.host ?? '';
    const kept = this.byHost.get(host);
    if (kept) return kept;
    const headers = this.record(request);
    if (this.byHost.size < KEPT_HOSTS) this.byHost.set(host, headers);
    return headers;
  }

  apply(request: IncomingMessage, response: ServerResponse): void {
    for (const [name, value] of this.headersFor(request)) {
      if (value === null) response.removeHeader(name);
      else response.setHeader(name, value);
    }
  }

  /** Runs helmet against a response that only records what is written to it. */
  private record(request: IncomingMessage): HeaderWrite[] {
    const writes: HeaderWrite[] = [];
    const recorder = {
      setHeader(name: string, value: string | number | readonly string[]) {
        writes.push([name, String(value)]);
        return recorder;
      },
      removeHeader(name: string) {
        writes.push([name, null]);
      },
    };
    this.helmet(request, recorder as unknown as ServerResponse, (error?: unknown) => {
      if (error) throw error;
    });
    return writes;
  }
}

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = new SecurityHeaders();
  // On the root, before routing: 404s, errors and files get them as the routes' answers do.
  app.addHook('onRequest', (request, reply, done) => {
    headers.apply(request.raw, reply.raw);
    done();
  });
}
