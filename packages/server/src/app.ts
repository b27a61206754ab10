/**
 * The server: Fastify with the HTTP API, the WebSocket endpoint and the built web client, on
 * top of the table service and the store. `startServer` listens and returns a handle whose
 * `close` shuts down in order: no new connections, bots stopped, moves in flight committed,
 * sockets closed, database closed.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { LIMITS } from '@gangsta/protocol';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { installAccounts } from './accounts/install.ts';
import { addressKey } from './addressKey.ts';
import { type Cluster, RedisCluster, singleProcess } from './cluster/index.ts';
import { DEFAULT_LIMITS, DEFAULTS, type ServerOptions } from './config.ts';
import { installEmail } from './email/install.ts';
import { DEFAULT_REDIS_PREFIX } from './environment.ts';
import { installFriends } from './friends/install.ts';
import { serveClient } from './http/client.ts';
import { compressAnswers } from './http/compression.ts';
import { registerDocs } from './http/docs.ts';
import { installErrorHandler, installNotFound } from './http/errors.ts';
import { registerRoutes } from './http/routes.ts';
import { registerOperations } from './ops/health.ts';
import { checkPostgres, migrateStore, storeDescription } from './ops/startup.ts';
import { registerVersion, SERVER_VERSION } from './ops/version.ts';
import { installRatings } from './ratings/install.ts';
import { installSecurity } from './security/install.ts';
import { DEFAULT_SECURITY } from './security/settings.ts';
import { StoreHealth } from './store/health.ts';
import { openStore } from './store/open.ts';
import type { Store } from './store/types.ts';
import { TableService } from './tables/service.ts';
import { Hub, RESTART_RETRY_MS, socketErrorHandler } from './ws/hub.ts';

export interface RunningServer {
  url: string;
  port: number;
  /** Drains and stops; `reason` (`SIGTERM`) is logged with the drain. */
  close(reason?: string): Promise<void>;
  /**
   * Resolves once the notification mails under way have been sent or given up (at once
   * without SMTP): whether an event was mailed is decided by then, which a test waits for.
   */
  mailsSettled(): Promise<void>;
}

/**
 * Frames up to this size are read and refused with a TOO_LARGE error frame (the connection
 * stays usable); a larger one makes the WebSocket library close the connection with 1009 as
 * soon as its header announces the length, before any of it is buffered. Kept small: every
 * byte up to it is held in memory and parsed on the event loop, so a flood of frames just
 * under a large limit (1 MB each) stalled every other game of the process.
 */
export const HARD_FRAME_LIMIT = 2 * LIMITS.maxFrameBytes;

/**
 * The API's own rate limit per address (the web client's files are not counted: a page load
 * fetches many of them).
 */
async function limitRequests(scope: FastifyInstance, options: ServerOptions): Promise<void> {
  if (options.httpPerMinute <= 0) return;
  await scope.register(fastifyRateLimit, {
    max: options.httpPerMinute,
    timeWindow: 60_000,
    // One key per IPv4 address or IPv6 /64 (a subscriber's whole network, addressKey.ts).
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      retryMs: context.ttl,
      message: 'too many requests',
    }),
  });
}

export async function startServer(overrides: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const options: ServerOptions = { ...DEFAULTS, ...overrides };
  const time = options.time;
  if (time && !options.now) options.now = () => time.now();
  const app = Fastify({
    logger: { level: options.logLevel, stream: process.stderr },
    bodyLimit: LIMITS.maxBodyBytes,
    // One line per request would drown the log; failures are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
  });
  // What this process is, in its first line and its ready line (docs/deploy.md, "Logs").
  const identity = {
    version: SERVER_VERSION,
    ...(options.commit ? { commit: options.commit } : {}),
    ...storeDescription(options),
    redis: Boolean(options.redisUrl),
  };
  app.log.info(identity, `gangsta server ${SERVER_VERSION} starting`);
  // A wrong address or password ends the start with one line rather than a pool's stack.
  if (options.databaseUrl && !options.store) await checkPostgres(options.databaseUrl);
  // A pooled connection that breaks is reported to the store's health (once it exists).
  let connectionLost = (_error: Error): void => {};
  const openedStore: Store =
    options.store ?? openStore(options, { connectionLost: (error) => connectionLost(error) });
  await migrateStore(openedStore, options, app.log);
  // Every store call goes through the health: a database that cannot be reached is
  // UNAVAILABLE (retry later) for the callers, and not-ready for the load balancer.
  const storeHealth = new StoreHealth(app.log);
  connectionLost = (error) => storeHealth.connectionLost(error);
  const store = storeHealth.guard(openedStore);
  // The composition root builds the cluster and hands the tables its `TableOwners` face:
  // `tables/` never imports `cluster/`.
  const cluster: Cluster = options.redisUrl
    ? new RedisCluster(
        options.redisUrl,
        options.redisPrefix ?? DEFAULT_REDIS_PREFIX,
        app.log,
        options.now ?? Date.now,
      )
    : singleProcess();
  const tables = new TableService(store, app.log, {
    storeHealth,
    botDelayMs: options.botDelayMs,
    botThreads: options.botThreads,
    owners: cluster,
    now: options.now,
    time: options.time,
    absentMs: options.absentMs,
    commitWindowMs: options.commitWindowMs,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
  });
  // Before every route: the headers go on every answer, the guards in front of the routes.
  const securitySettings = { ...DEFAULT_SECURITY, ...options.security };
  const security = await installSecurity(app, securitySettings, () => options.publicUrl);
  let started = false;
  let stopping = false;
  registerOperations(
    app,
    {
      process: () => {
        if (stopping) return 'shutting down: the other processes take its players';
        if (!started) return 'starting: the tables are not rebuilt yet';
        return null;
      },
      store: () => storeHealth.readiness(),
      // PostgreSQL is every process's; SQLite (and a store given in code) this one's own.
      storeShared: Boolean(options.databaseUrl || options.redisUrl),
      redis: () => cluster.unreachable(),
    },
    tables.ctx.metrics,
    securitySettings.metricsToken,
  );
  registerVersion(app, options.commit);
  tables.connections = () => hub.size;
  // Before the bots play on: a game they finish now is rated like any other.
  const ratings = await installRatings(tables.ctx);
  const rebuilt = await tables.rebuild();
  installErrorHandler(app);
  // Before the WebSocket route: its upgrade request's cookie identifies a logged-in player.
  const accounts = await installAccounts(app, tables.ctx, options);
  const friends = installFriends(app, tables.ctx);
  const email = await installEmail(tables.ctx, options, accounts.publicUrl);
  await app.register(fastifyWebsocket, {
    // UTF-8 is checked by the connection, which answers BAD_MESSAGE and keeps the socket
    // (the library would close it); socket errors are the peer's doing and logged as such.
    options: { maxPayload: HARD_FRAME_LIMIT, skipUTF8Validation: true },
    errorHandler: socketErrorHandler,
  });
  const hub = new Hub(
    {
      tables: tables.local,
      cluster: tables.ctx.cluster,
      limits: tables.ctx.limits,
      time: tables.ctx.time,
      playerOfToken: (hash) => tables.ctx.store.findPlayerByTokenHash(hash),
    },
    {
      maxSocketsPerAddress: options.maxSocketsPerAddress,
      heartbeatMs: 30_000,
      guard: security.socket,
    },
  );
  friends.presence.addLiveSource(() => hub.players());
  await app.register(async (scope) => {
    // The API's larger answers compressed (http/compression.ts); the client's files come
    // precompressed (http/client.ts) and WebSocket frames never are.
    await compressAnswers(scope);
    await limitRequests(scope, options);
    security.guardApi(scope);
    hub.register(scope);
    registerRoutes(
      scope,
      { store: tables.ctx.store, tables: tables.requests },
      { playersPerMinute: options.playersPerMinute },
    );
    accounts.routes(scope);
    friends.routes(scope);
    email.routes(scope);
    ratings.routes(scope);
    registerDocs(scope);
  });
  installNotFound(app, await serveClient(app, options.staticDir));
  started = true;
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  accounts.listening(`http://${options.host}:${port}`);
  const url = `http://${options.host}:${port}`;
  const processId = cluster.processId;
  app.log.info(
    { ...identity, address: url, ...(options.redisUrl ? { processId } : {}), rebuilt },
    `ready: gangsta server ${SERVER_VERSION} on ${url}, ${identity.store} store${options.redisUrl ? `, cluster process ${processId}` : ''}, ${rebuilt} tables rebuilt`,
  );
  let closing: Promise<void> | null = null;
  const close = (reason?: string) => {
    closing ??= (async () => {
      // Not ready (the load balancer sends nobody new), clients told, nothing more read; the
      // moves being committed finish and are acknowledged; then the sockets close.
      app.log.info(
        { reason: reason ?? 'close', sockets: hub.size },
        `draining${reason ? ` (${reason} received)` : ''}: ${hub.size} sockets told to reconnect`,
      );
      stopping = true;
      hub.announceRestart(RESTART_RETRY_MS);
      await tables.stop();
      accounts.close();
      friends.close();
      email.close();
      hub.closeAll();
      await app.close();
      await tables.ctx.commits.drained();
      storeHealth.close();
      await store.close();
      app.log.info('stopped');
    })();
    return closing;
  };
  const mailsSettled = async () => {
    await email.notifier?.settled();
  };
  return { url, port, close, mailsSettled };
}
