/**
 * Brotli and gzip copies of the build's text files, written beside them when Vite has finished
 * (`assets/index-Bi5KqN9F.js.br`, `…js.gz`, `sw.js.br`…). The game server sends such a copy as
 * it is to a browser that accepts its encoding (packages/server/src/http/client.ts), so every
 * byte is compressed once, here, at the strongest levels (brotli 11, gzip 9), and serving the
 * client costs the server no CPU per request; compressing on the fly would pay for it on every
 * first visit, at the weaker levels that make sense per request.
 *
 * A copy is written only where it saves something worth a header: text files of at least
 * `MIN_BYTES`, and only if the copy is smaller. Everything else is sent as it is.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files that compress (scripts, styles, the page, the web manifest, SVG, JSON). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function precompressFile(file: string): Promise<Precompressed | null> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: Precompressed = { file, bytes: bytes.length, br: null, gzip: null };
  if (br.length < bytes.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < bytes.length) {
    await writeFile(`${file}.gz`, gz);
    written.gzip = gz.length;
  }
  return written;
}

/** Writes the `.br` and `.gz` copies of every compressible file under `dir`. */
export async function precompressFolder(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const done = await Promise.all(files.map(precompressFile));
  return done.filter((entry) => entry !== null);
}

/**
 * The Vite plugin. It runs last, after vite-plugin-pwa has written the service worker and its
 * Workbox runtime in its own `closeBundle`, so those are compressed too (and the copies, made
 * after Workbox listed the files to precache, are never precached themselves).
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | null = null;
  return {
    name: 'gangsta:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const done = await precompressFolder(outDir);
        const bytes = done.reduce((sum, entry) => sum + entry.bytes, 0);
        const br = done.reduce((sum, entry) => sum + (entry.br ?? entry.bytes), 0);
        logger?.info(
          `brotli and gzip copies of ${done.length} files: ${(bytes / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB with brotli`,
        );
      },
    },
  };
}
