/**
 * What a load balancer and an orchestrator ask: `/health` (liveness: the process answers) and
 * `/ready` (send players here: the store is open, the tables are rebuilt, Redis is reachable
 * in a cluster, and the process is not shutting down). And `/metrics` for Prometheus.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export interface Readiness {
  /** Why the process should not get new players now, or null when it should. */
  notReady(): string | null;
}

export function registerOperations(
  app: FastifyInstance,
  readiness: Readiness,
  metrics: Metrics,
): void {
  app.get('/health', async () => ({ ok: true }));
  app.get('/ready', async (_request, reply) => {
    const reason = readiness.notReady();
    if (reason === null) return { ready: true };
    return reply.status(503).send({ ready: false, reason });
  });
  app.get('/metrics', async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
