/**
 * Compression of the API's HTTP answers (`@fastify/compress`), registered on the API's scope
 * only: the web client's files come precompressed (./client.ts), and WebSocket frames are
 * never compressed (`ws`'s permessage-deflate stays off), since a move's frames go to every
 * watcher and would cost the server CPU per move and memory per socket.
 *
 * Answers under 1 KB (a join, a move refused, most of the API) are sent as they are: at that
 * size compression saves less than a packet. Larger ones (the lobby, "my games", a game's
 * record, the API documents) are compressed per request with brotli at quality 4 or gzip at
 * level 6: a few tens of microseconds for a few kilobytes of JSON, on requests a player makes
 * a few times per visit, never per move. Compressed request bodies are not accepted: nobody
 * sends them, and inflating them would be one more thing to limit.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
}
