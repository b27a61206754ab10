/**
 * How the real server delivers the real web client (src/http/client.ts) and the API's larger
 * answers (src/http/compression.ts). The client is built here with Vite, as `npm run build`
 * builds it (its brotli and gzip copies included), and served by the server process:
 *
 * - `Accept-Encoding: br, gzip` gets the brotli copy, `gzip` the gzip copy, no header the file
 *   itself; each body is smaller than the file and decompresses to exactly the file's bytes,
 *   with `Vary: Accept-Encoding`;
 * - Vite's hashed assets are cached a year as `immutable`; index.html, the service worker,
 *   its registration script, Workbox's runtime and the web manifest are `no-cache`;
 * - an ETag answered with If-None-Match is a 304 without a body;
 * - the API compresses a large JSON answer, not a small one, and the WebSocket accepts no
 *   permessage-deflate (no compression work per move).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeDataDir, type SpawnedServer, spawnServer, stopAllServers } from './support/index.ts';

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
const VITE = fileURLToPath(new URL('../../../node_modules/.bin/vite', import.meta.url));

let server: SpawnedServer;
let dist: string;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (not decompressed). */
  body: Buffer;
}

/** A request with exactly these headers; the body as sent (fetch would decompress it). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const get = (path: string, headers: Record<string, string> = {}) => send('GET', path, headers);

/** The file of the build behind an address. */
const built = (path: string) => readFileSync(join(dist, path));

beforeAll(async () => {
  dist = join(makeDataDir(), 'dist');
  const build = spawnSync(
    VITE,
    ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  server = await spawnServer({ env: { STATIC_DIR: dist } });
}, 180_000);

afterAll(async () => {
  await stopAllServers();
});

/** The entry script named by index.html: a hashed asset, the largest file of a first visit. */
function mainScript(): string {
  const html = built('index.html').toString();
  const script = /<script[^>]*type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (script === undefined) throw new Error(`no module script in index.html:\n${html}`);
  return script;
}

describe('the web client, precompressed', () => {
  it('sends the brotli copy to a browser that accepts br and gzip, and it unpacks to the file', async () => {
    for (const [address, file] of [
      ['/', 'index.html'],
      [`/${mainScript()}`, mainScript()],
      ['/sw.js', 'sw.js'],
    ] as const) {
      const answer = await get(address, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, address).toBe(200);
      expect(answer.headers['content-encoding'], address).toBe('br');
      expect(answer.headers.vary, address).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length']), address).toBe(answer.body.length);
      expect(answer.body.length, address).toBeLessThan(built(file).length);
      expect(brotliDecompressSync(answer.body).equals(built(file)), address).toBe(true);
    }
    // The entry script shrinks to well under half (296 KB → about 80 KB when this was written).
    const script = await get(`/${mainScript()}`, { 'accept-encoding': 'br, gzip' });
    expect(script.body.length).toBeLessThan(built(mainScript()).length * 0.4);
  });

  it('sends the gzip copy to gzip only, and the file itself without Accept-Encoding', async () => {
    const file = built(mainScript());
    const gzipped = await get(`/${mainScript()}`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.length).toBeLessThan(file.length);
    expect(gunzipSync(gzipped.body).equals(file)).toBe(true);

    const plain = await get(`/${mainScript()}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
    expect(plain.headers['content-type']).toMatch(/javascript/);
    // Security headers on files as on everything else.
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('caches hashed assets a year as immutable, and revalidates the page, the worker and the manifest', async () => {
    const assets = readdirSync(join(dist, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    expect(assets.length).toBeGreaterThan(5);
    for (const name of [mainScript(), ...assets.slice(0, 5).map((n) => `assets/${n}`)]) {
      const answer = await get(`/${name}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
    }
    const workbox = readdirSync(dist).find((name) => /^workbox-.+\.js$/.test(name));
    expect(workbox).toBeDefined();
    for (const address of [
      '/',
      '/index.html',
      '/sw.js',
      '/registerSW.js',
      `/${workbox}`,
      '/manifest.webmanifest',
      // An address of the client's own router gets index.html: revalidated like it.
      '/some/page',
    ]) {
      const answer = await get(address, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, address).toBe(200);
      expect(answer.headers['cache-control'], address).toBe('no-cache');
    }
  });

  it('answers a revalidation with 304 and no body while the file is unchanged', async () => {
    for (const address of ['/', '/sw.js', `/${mainScript()}`]) {
      const first = await get(address, { 'accept-encoding': 'br, gzip' });
      const etag = first.headers.etag;
      expect(typeof etag, address).toBe('string');
      const again = await get(address, {
        'accept-encoding': 'br, gzip',
        'if-none-match': etag as string,
      });
      expect(again.status, address).toBe(304);
      expect(again.body.length, address).toBe(0);
      expect(again.headers['cache-control'], address).toBe(first.headers['cache-control']);
      // Another encoding is another representation: its own ETag, so no false 304.
      const plain = await get(address, { 'if-none-match': etag as string });
      expect(plain.status, address).toBe(200);
      expect(plain.headers.etag, address).not.toBe(etag);
    }
  });
});

describe('the API', () => {
  it('compresses a large JSON answer and leaves a small one as it is', async () => {
    const plain = await get('/api/v1/openapi.json');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get('/api/v1/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);

    // A new player's answer (its token): a hundred bytes, not worth compressing.
    const small = await send(
      'POST',
      '/api/v1/players',
      { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      JSON.stringify({ name: 'Compressa' }),
    );
    expect(small.status).toBe(201);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).token).toEqual(expect.any(String));
  });

  it('opens WebSockets without permessage-deflate, even when the client offers it', async () => {
    const socket = new WebSocket(server.wsUrl, { perMessageDeflate: true });
    let agreed: string | undefined;
    socket.once('upgrade', (response) => {
      agreed = response.headers['sec-websocket-extensions'];
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    expect(agreed).toBeUndefined();
    expect(socket.extensions).toBe('');
    socket.close();
  });
});
