/**
 * Which pages may act with the player's cookie: the browser sends an `Origin` with every
 * WebSocket upgrade and every cross-origin (and, in current browsers, same-origin) POST, PUT,
 * PATCH and DELETE. Without this check any site could open a WebSocket that the browser
 * identifies with the player's session cookie (SameSite=Lax does not stop a WebSocket from
 * a sibling site), or log the player into an account of the attacker's (login CSRF).
 *
 * Allowed: the origins of `ALLOWED_ORIGINS`, or by default a page of this very server, i.e. an
 * `Origin` whose host (name and port) is the request's `Host` (`X-Forwarded-Host` from a
 * trusted proxy), or `PUBLIC_URL`'s origin. A request without `Origin` is not a browser's page
 * (the command line, bots, tests) and is let through, unless it carries
 * `Sec-Fetch-Site: cross-site`, which a browser adds to a request another site made.
 * A request with `Authorization: Bearer` is not checked: the token is no ambient credential
 * that a foreign page could borrow, the page would need it in the first place.
 */
import type { FastifyRequest } from 'fastify';
import { refuse } from '../refusal.ts';

/** What the browser says about who made the request: the origin, or the fetch site. */
function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'a page of another site';
  return null;
}

export class OriginPolicy {
  constructor(
    private readonly allowed: readonly string[] | null,
    private readonly publicUrl: () => string | null,
  ) {}

  /** The foreign origin the request comes from, or null when it may go ahead. */
  foreign(request: FastifyRequest): string | null {
    const origin = claimedOrigin(request);
    if (origin === null) return null;
    return this.allows(origin, request) ? null : origin;
  }

  /** Refuses (403 BAD_ORIGIN, naming the origin) a request from a page that may not act here. */
  check(request: FastifyRequest, what: string): void {
    const origin = this.foreign(request);
    if (origin === null) return;
    refuse(
      'BAD_ORIGIN',
      `${what} from ${origin} is not allowed: only pages of this server (or ALLOWED_ORIGINS) may do it`,
      { origin },
    );
  }

  private allows(origin: string, request: FastifyRequest): boolean {
    if (this.allowed !== null) return this.allowed.includes(origin);
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      // `null` (a sandboxed frame, a file) or garbage: no page of ours.
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const publicUrl = this.publicUrl();
    if (publicUrl !== null && new URL(publicUrl).origin === url.origin) return true;
    return url.host.toLowerCase() === request.host.toLowerCase();
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request changes state on the strength of the cookie (no bearer token). */
export function changesStateByCookie(request: FastifyRequest): boolean {
  return STATE_CHANGING.has(request.method) && !request.headers.authorization;
}
