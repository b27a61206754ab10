/**
 * What a load balancer and an orchestrator ask: `/health` (liveness: the process answers) and
 * `/ready` (send players here). And `/metrics` for Prometheus, only with `Authorization:
 * Bearer <METRICS_TOKEN>`: what it tells (players online, games, load, the process's memory) is
 * nobody else's business, so without a token metrics are off.
 *
 * `/ready` tells two things apart. **This process cannot serve** (it is shutting down, it has
 * not started, or its own store — SQLite, with its thread — cannot be reached): 503 with the
 * reason, and the balancer sends players to the other processes. **A shared service is down**
 * (PostgreSQL, or Redis in a cluster): every process has the same problem, and draining them
 * all would turn the players' retryable UNAVAILABLE answers into refused connections, so the
 * answer stays 200 and its body names the service (`degraded`). The processes ride the outage
 * out (moves refused as UNAVAILABLE while the database is away; no fan-out and no bots while
 * Redis is) and catch up when it is back.
 */
import { timingSafeEqual } from 'node:crypto';
import { protocolError } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** A shared service that cannot be reached now, and why. */
export interface Degraded {
  service: 'database' | 'redis';
  reason: string;
}

export type Readiness = { ready: true; degraded: Degraded[] } | { ready: false; reason: string };

/** What `/ready` is judged from. */
export interface ReadinessSources {
  /** Why the process must get no players whatever the services say (stopping…), or null. */
  process(): string | null;
  /** Why the store cannot be reached, or null (it may ask the store: a promise). */
  store(): string | null | Promise<string | null>;
  /** Whether the store is shared by every process (PostgreSQL) rather than this one's own. */
  storeShared: boolean;
  /** Why Redis cannot be reached, or null (and null alone, without Redis). */
  redis(): string | null;
}

export async function judgeReadiness(sources: ReadinessSources): Promise<Readiness> {
  const own = sources.process();
  if (own !== null) return { ready: false, reason: own };
  const store = await sources.store();
  if (store !== null && !sources.storeShared) return { ready: false, reason: store };
  const degraded: Degraded[] = [];
  if (store !== null) degraded.push({ service: 'database', reason: store });
  const redis = sources.redis();
  if (redis !== null) degraded.push({ service: 'redis', reason: redis });
  return { ready: true, degraded };
}

export function registerOperations(
  app: FastifyInstance,
  readiness: ReadinessSources,
  metrics: Metrics,
  metricsToken: string | null,
): void {
  app.get('/health', async () => ({ ok: true }));
  app.get('/ready', async (_request, reply) => {
    const answer = await judgeReadiness(readiness);
    if (!answer.ready) return reply.status(503).send({ ready: false, reason: answer.reason });
    if (answer.degraded.length === 0) return { ready: true };
    return { ready: true, degraded: answer.degraded };
  });
  app.get('/metrics', async (request, reply) => {
    if (metricsToken === null) {
      return reply.status(404).send({
        error: protocolError('NOT_FOUND', 'metrics are off: set METRICS_TOKEN to scrape them'),
      });
    }
    if (!bearerMatches(request.headers.authorization, metricsToken)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({
          error: protocolError(
            'UNAUTHENTICATED',
            '/metrics needs Authorization: Bearer <METRICS_TOKEN>',
          ),
        });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

/** Compares in constant time, so the answer's timing does not reveal the token bit by bit. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
