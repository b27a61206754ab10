/**
 * The security headers are computed once (issue 36), not per answer: helmet is built from its
 * options at start and the headers it writes are recorded once per Host, then copied onto each
 * answer (`src/security/headers.ts`). Every answer still carries exactly what helmet writes
 * for its request (compared with helmet run on a real response, as `@fastify/helmet` did per
 * request), for a route, a 404 and an error alike; and the policy's one request-dependent
 * source (the host's WebSocket in `connect-src`) is worked out once per host, not per answer.
 */
import { type IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, HELMET_OPTIONS, installSecurityHeaders } from '../src/security/headers.ts';

const apps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWithHeaders(): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await installSecurityHeaders(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return app;
}

/** The headers helmet itself writes for a request with this Host, on a real response. */
function helmetHeaders(host: string): Record<string, string> {
  const request = { headers: { host } } as unknown as IncomingMessage;
  const response = new ServerResponse(request);
  helmet(HELMET_OPTIONS)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  return headers;
}

/** The security headers of an answer (those helmet writes), by lower-case name. */
function securityPart(headers: Record<string, unknown>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(headers[name])]));
}

describe('the security headers', () => {
  it('are exactly helmet’s, the same on every answer', async () => {
    const app = await appWithHeaders();
    const host = 'games.example:8080';
    const expected = helmetHeaders(host);
    const names = Object.keys(expected);
    expect(names).toContain('content-security-policy');
    expect(expected['content-security-policy']).toContain(
      `connect-src 'self' ws://${host} wss://${host}`,
    );
    const answers = [];
    for (const url of ['/json', '/json', '/missing', '/fails']) {
      const answer = await app.inject({ url, headers: { host } });
      answers.push(securityPart(answer.headers, names));
    }
    for (const answer of answers) expect(answer).toEqual(expected);
    // Another host gets its own WebSocket in the policy, and the rest unchanged.
    const other = await app.inject({ url: '/json', headers: { host: 'other.example' } });
    expect(securityPart(other.headers, names)).toEqual(helmetHeaders('other.example'));
    // A Host unfit for the policy is left out of it, as helmet leaves it.
    const odd = await app.inject({ url: '/json', headers: { host: 'bad host;' } });
    expect(securityPart(odd.headers, names)).toEqual(helmetHeaders('bad host;'));
  });

  it('works out the policy once per host, not per answer', async () => {
    const sockets = CSP_DIRECTIVES.connectSrc[1] as (request: IncomingMessage) => string;
    let calls = 0;
    CSP_DIRECTIVES.connectSrc[1] = (request: IncomingMessage) => {
      calls++;
      return sockets(request);
    };
    try {
      const app = await appWithHeaders();
      for (let i = 0; i < 5; i++)
        await app.inject({ url: '/json', headers: { host: 'a.example' } });
      expect(calls).toBe(1);
      await app.inject({ url: '/missing', headers: { host: 'b.example' } });
      await app.inject({ url: '/json', headers: { host: 'a.example' } });
      expect(calls).toBe(2);
    } finally {
      CSP_DIRECTIVES.connectSrc[1] = sockets;
    }
  });
});
