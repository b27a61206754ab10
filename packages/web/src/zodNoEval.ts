/**
 * "zod" as the web build sees it (vite.config.ts aliases the bare import here): the real Zod,
 * told first not to compile parsers with `new Function`. Zod probes whether eval is allowed
 * when the first object schema is built — at import time, in the engine's and the protocol's
 * modules — and under the server's Content-Security-Policy (no 'unsafe-eval') that probe is
 * refused and reported as a violation on every page load, in the page and in the bot worker.
 * Through the alias every module that imports "zod" evaluates this one first, whatever chunk
 * it lands in; the plain parsers are fast enough for what the client parses.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
