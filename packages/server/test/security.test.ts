/**
 * Headers and origins, fair limits and the metrics token against the real server process
 * (docs/security.md): the Content-Security-Policy and nosniff on HTML and JSON, framing
 * refused, the WebSocket and cookie-authenticated changes refused from a foreign origin (403
 * naming it), the session cookie Secure when the request came over HTTPS through a trusted
 * proxy, per-address limits keyed on the IPv6 /64 and on IPv4 for mapped addresses, the
 * WebSocket upgrade paced on its own (not counted by the API limit), and /metrics behind its
 * bearer token. Clients come from 127.0.0.1; other addresses arrive as `X-Forwarded-For`
 * through `TRUST_PROXY=127.0.0.1`, as behind a real balancer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  at,
  type SpawnedServer,
  spawnServer,
  stopAllServers,
  TEST_METRICS_TOKEN,
} from './support/index.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'gangsta-security-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');

let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServer({ env: { STATIC_DIR: staticDir } });
}, 60_000);

afterAll(async () => {
  await stopAllServers();
  rmSync(staticDir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Answer = { status: number; headers: Headers; body: any };

async function call(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? null : JSON.stringify(options.body);
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or metrics text: kept as it is
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** How an upgrade went: refused before it (HTTP status and body), or frames and close code. */
type Upgrade =
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  | { kind: 'http'; status: number; body: any }
  // biome-ignore lint/suspicious/noExplicitAny: frames are read field by field
  | { kind: 'socket'; frames: any[]; closed: number | null; socket: WebSocket };

/**
 * Opens the WebSocket with these headers and says hello; resolves with the welcome (or the
 * error frames and close code when the server sends the socket away), or the HTTP refusal.
 */
function upgrade(base: SpawnedServer, headers: Record<string, string> = {}): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(base.wsUrl, { headers });
    // biome-ignore lint/suspicious/noExplicitAny: frames are read field by field
    const frames: any[] = [];
    let closed: number | null = null;
    const done = () => resolve({ kind: 'socket', frames, closed, socket });
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () =>
        resolve({ kind: 'http', status: response.statusCode ?? 0, body: JSON.parse(text) }),
      );
    });
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION })),
    );
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      frames.push(frame);
      if (frame.type === 'welcome') done();
    });
    socket.on('close', (code) => {
      closed = code;
      done();
    });
    socket.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

function welcomed(result: Upgrade): boolean {
  return result.kind === 'socket' && result.frames.some((frame) => frame.type === 'welcome');
}

function closeAll(results: Upgrade[]): void {
  for (const result of results) if (result.kind === 'socket') result.socket.close();
}

/** A guest turned into an account: its token and its session cookie (`name=value`). */
async function account(base: string, username: string, headers: Record<string, string> = {}) {
  const player = await call(base, 'POST', '/api/v1/players', { body: { name: 'Sam' } });
  const token: string = player.body.token;
  const created = await call(base, 'POST', '/api/v1/account', {
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: { username, password: 'correct horse battery' },
  });
  expect(created.status).toBe(201);
  const setCookie = at(created.headers.getSetCookie(), 0, 'Set-Cookie header');
  return { token, setCookie, cookie: at(setCookie.split(';'), 0, 'cookie') };
}

describe('headers', () => {
  it('sends a strict CSP, nosniff and no framing with the page', async () => {
    const page = await call(server.url, 'GET', '/');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const host = new URL(server.url).host;
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src 'self' ws://${host} wss://${host}`,
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ])
      expect(csp.split(';'), directive).toContain(directive);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // HSTS is the TLS terminator's to set, for the domain it knows.
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends nosniff and the framing policy with JSON answers and refusals too', async () => {
    for (const path of ['/api/v1/tables', '/api/v1/no-such-thing', '/health']) {
      const answer = await call(server.url, 'GET', path);
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('content-security-policy'), path).toContain(
        "frame-ancestors 'none'",
      );
    }
  });
});

describe('metrics', () => {
  it('answers /metrics only with the bearer token', async () => {
    const none = await call(server.url, 'GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body.error.message).toMatch(/Bearer <METRICS_TOKEN>/);
    const wrong = await call(server.url, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await call(server.url, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.body).toContain('gangsta_moves_total');
  });

  it('has metrics off without a token', async () => {
    const off = await spawnServer({ env: { METRICS_TOKEN: '' } });
    const answer = await call(off.url, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toMatch(/metrics are off: set METRICS_TOKEN/);
    await off.stop();
  });
});

describe('origins', () => {
  it('refuses a WebSocket from a foreign origin, naming it, and opens one from its own', async () => {
    const foreign = await upgrade(server, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ kind: 'http', status: 403 });
    const { error } = (foreign as { body: { error: { code: string; message: string } } }).body;
    expect(error).toMatchObject({ code: 'BAD_ORIGIN', params: { origin: 'https://evil.example' } });
    expect(error.message).toMatch(/a WebSocket from https:\/\/evil\.example is not allowed/);
    const nulled = await upgrade(server, { origin: 'null' });
    expect(nulled).toMatchObject({ kind: 'http', status: 403 });
    const own = await upgrade(server, { origin: server.url });
    const none = await upgrade(server);
    expect(welcomed(own)).toBe(true);
    expect(welcomed(none)).toBe(true);
    closeAll([own, none]);
  });

  it('refuses cookie-authenticated changes from a foreign page, but not reads or tokens', async () => {
    const { token, cookie } = await account(server.url, 'origin-sam');
    const rename = (headers: Record<string, string>) =>
      call(server.url, 'PATCH', '/api/v1/me', { headers, body: { name: 'Renamed' } });
    const foreign = await rename({ cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({
      code: 'BAD_ORIGIN',
      params: { origin: 'https://evil.example' },
    });
    expect(foreign.body.error.message).toMatch(/PATCH \/api\/v1\/me from https:\/\/evil\.example/);
    const crossSite = await rename({ cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await rename({ cookie, origin: server.url })).status).toBe(200);
    // A bearer token is no ambient credential: whoever sends it has it.
    const byToken = await rename({
      authorization: `Bearer ${token}`,
      origin: 'https://evil.example',
    });
    expect(byToken.status).toBe(200);
    // Reading is not changing (and the browser keeps a cross-origin answer from the page).
    const me = await call(server.url, 'GET', '/api/v1/me', {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(me.status).toBe(200);
    // Logging a player into someone else's account from a foreign page (login CSRF).
    const login = await call(server.url, 'POST', '/api/v1/login', {
      headers: { origin: 'https://evil.example' },
      body: { username: 'origin-sam', password: 'correct horse battery' },
    });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('BAD_ORIGIN');
  });

  it('allows exactly ALLOWED_ORIGINS when it is set', async () => {
    const listed = await spawnServer({ env: { ALLOWED_ORIGINS: 'https://gangsta.example' } });
    const allowed = await upgrade(listed, { origin: 'https://gangsta.example' });
    expect(welcomed(allowed)).toBe(true);
    closeAll([allowed]);
    expect(await upgrade(listed, { origin: listed.url })).toMatchObject({ status: 403 });
    await listed.stop();
  });
});

describe('the session cookie', () => {
  it('is Secure when the request came over HTTPS through a trusted proxy, only then', async () => {
    const proxied = await spawnServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    const https = await account(proxied.url, 'secure-sam', { 'x-forwarded-proto': 'https' });
    expect(https.setCookie).toMatch(/; Secure/i);
    const http = await account(proxied.url, 'plain-sam');
    expect(http.setCookie).not.toMatch(/; Secure/i);
    await proxied.stop();
    // Without TRUST_PROXY nobody's X-Forwarded-Proto is believed.
    const direct = await account(server.url, 'direct-sam', { 'x-forwarded-proto': 'https' });
    expect(direct.setCookie).not.toMatch(/; Secure/i);
  });
});

describe('fair limits', () => {
  it('counts IPv6 clients by their /64 and IPv4-mapped clients as IPv4', async () => {
    const limited = await spawnServer({
      env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_HTTP: '3', MAX_SOCKETS_PER_ADDRESS: '2' },
    });
    const from = (address: string) =>
      call(limited.url, 'GET', '/api/v1/tables', { headers: { 'x-forwarded-for': address } });
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:abcd::3'])
      expect((await from(address)).status, address).toBe(200);
    const fourth = await from('2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('RATE_LIMITED');
    expect((await from('2001:db8:1:3::1')).status).toBe(200);
    for (const address of ['::ffff:198.51.100.7', '198.51.100.7', '::ffff:198.51.100.7'])
      expect((await from(address)).status, address).toBe(200);
    expect((await from('198.51.100.7')).status).toBe(429);
    // Sockets per address: the third from the same /64 is sent away, another /64 is welcome.
    const sockets = [
      await upgrade(limited, { 'x-forwarded-for': '2001:db8:9:9::1' }),
      await upgrade(limited, { 'x-forwarded-for': '2001:db8:9:9::2' }),
    ];
    expect(sockets.every(welcomed)).toBe(true);
    const third = await upgrade(limited, { 'x-forwarded-for': '2001:db8:9:9:1::3' });
    expect(third).toMatchObject({ kind: 'socket', closed: 1008 });
    const other = await upgrade(limited, { 'x-forwarded-for': '2001:db8:9:a::1' });
    expect(welcomed(other)).toBe(true);
    closeAll([...sockets, third, other]);
    await limited.stop();
  });

  it('paces WebSocket upgrades on their own: a burst, then a slot each, then 429', async () => {
    // One upgrade a minute after a burst of 3: the slots are a minute apart, so nothing here
    // depends on how fast the machine is. The API allows 2 requests a minute.
    const paced = await spawnServer({
      env: { RATE_LIMIT_HTTP: '2', WS_UPGRADE_BURST: '3', WS_UPGRADES_PER_MINUTE: '1' },
    });
    const burst = [await upgrade(paced), await upgrade(paced), await upgrade(paced)];
    // Three upgrades, more than the API's 2 a minute: they are not counted there.
    expect(burst.every(welcomed)).toBe(true);
    const later = [await upgrade(paced), await upgrade(paced), await upgrade(paced)];
    const waits = later.map((result) => {
      expect(result).toMatchObject({ kind: 'socket', closed: 1013 });
      const { frames } = result as {
        frames: { error: { code: string; params: { retryMs: number } } }[];
      };
      const frame = at(frames, 0, 'frame');
      expect(frame.error.code).toBe('RATE_LIMITED');
      return frame.error.params.retryMs;
    });
    // Each early client is told its own slot, one interval after the previous one.
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(at(waits, 1) - at(waits, 0)).toBeGreaterThan(59_000);
    expect(at(waits, 2) - at(waits, 1)).toBeGreaterThan(59_000);
    // A whole burst of slots is promised: the next is refused before the upgrade.
    const refused = await upgrade(paced);
    expect(refused).toMatchObject({ kind: 'http', status: 429 });
    expect((refused as { body: { error: { code: string } } }).body.error.code).toBe('RATE_LIMITED');
    // The API's own allowance is untouched by all of that.
    expect((await call(paced.url, 'GET', '/api/v1/tables')).status).toBe(200);
    expect((await call(paced.url, 'GET', '/api/v1/tables')).status).toBe(200);
    expect((await call(paced.url, 'GET', '/api/v1/tables')).status).toBe(429);
    closeAll(burst);
    await paced.stop();
  });
});
