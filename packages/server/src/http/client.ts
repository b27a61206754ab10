/**
 * The built web client (packages/web's `dist/`) at `/`: compressed, and cached by what each
 * file is.
 *
 * Compression: the build writes a brotli and a gzip copy beside every text file
 * (packages/web/scripts/precompress.ts) and they are sent as they are (`preCompressed`), the
 * best the browser accepts, with `Vary: Accept-Encoding`; a file without a copy (too small, an
 * image) is sent as it is. The copies are made once at the strongest levels, so a first visit
 * costs the server no compression work at all (the main script: 296 KB as built, about 80 KB
 * of brotli).
 *
 * Caching: Vite's hashed files (`/assets/<name>-<hash>.<ext>`) never change under their name,
 * so browsers keep them a year without asking (`immutable`). Everything else — `index.html`,
 * which names the hashed files of the current build, the web manifest, the service worker
 * (`sw.js`), its registration and Workbox's runtime, the icons — is `no-cache`: kept, but
 * revalidated on every use with its ETag (a 304 when unchanged), so a new build is seen on
 * the next visit.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A year, the longest cache lifetime HTTP caches honour. */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
export const REVALIDATE = 'no-cache';

/** Vite's hashed output: `assets/index-B20NBNig.js` (the hash: 8 URL-safe base64 characters). */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;

/** The precompressed copy's suffix, which names the same file for caching. */
const COPY_SUFFIX = /\.(?:br|gz)$/;

/** The Cache-Control of a file of the client, by its path under the client's folder. */
export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path.split(sep).join('/')) ? IMMUTABLE : REVALIDATE;
}

/** The web client at `/` when it has been built; returns whether it is served. */
export async function serveClient(
  app: FastifyInstance,
  staticDir: string | null,
): Promise<boolean> {
  if (!staticDir || !existsSync(join(staticDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    preCompressed: true,
    // @fastify/static would send `public, max-age=0` for everything: ours is set per file.
    cacheControl: false,
    setHeaders: (response, path) => {
      // `path` is the file sent: the `.br`/`.gz` copy when one was chosen.
      const file = relative(staticDir, path).replace(COPY_SUFFIX, '');
      response.setHeader('cache-control', cacheControlFor(file));
      // The same address answers br, gzip or plain by Accept-Encoding: caches must key on it.
      response.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}
