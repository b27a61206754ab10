/**
 * What a load balancer and an orchestrator ask: `/health` (liveness: the process answers) and
 * `/ready` (send players here: the store is open and answers, the tables are rebuilt, Redis is
 * reachable in a cluster, and the process is not shutting down). And `/metrics` for Prometheus, only
 * with `Authorization: Bearer <METRICS_TOKEN>`: what it tells (players online, games, load,
 * the process's memory) is nobody else's business, so without a token metrics are off.
 */
import { timingSafeEqual } from 'node:crypto';
import { protocolError } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export interface Readiness {
  /**
   * Why the process should not get new players now, or null when it should (a promise when it
   * must ask: whether the database answers).
   */
  notReady(): string | null | Promise<string | null>;
}

export function registerOperations(
  app: FastifyInstance,
  readiness: Readiness,
  metrics: Metrics,
  metricsToken: string | null,
): void {
  app.get('/health', async () => ({ ok: true }));
  app.get('/ready', async (_request, reply) => {
    const reason = await readiness.notReady();
    if (reason === null) return { ready: true };
    return reply.status(503).send({ ready: false, reason });
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
