/**
 * Prometheus metrics (`GET /metrics`). One registry per server (tests start several servers in
 * one process, so nothing is registered globally). Gauges read their value when scraped.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { processEventLoopDelay, WINDOW_MS } from './eventLoopDelay.ts';

export interface Metrics {
  registry: Registry;
  /** Moves (and undos) this process committed. */
  moves: Counter;
  /** From a move's arrival to its acknowledgement (durable), in seconds. */
  ackSeconds: Histogram;
  /** Webhook deliveries that failed (each attempt). */
  webhookFailures: Counter;
  /** Moves another process committed that this one applied (cluster fan-out). */
  remoteMoves: Counter;
  /** Playing tables that left memory, idle (`src/tables/memory/sleep.ts`). */
  tablesSlept: Counter;
}

export interface MetricSources {
  liveGames(): number;
  connections(): number;
  /** Tables whose bots and timers this process runs (all of them when alone). */
  tablesRun(): number;
  /** Tables held in memory (waiting, playing, and finished ones being watched). */
  tablesLoaded(): number;
  /** Broadcast frames built and encoded so far (one per seat and move, not per watcher). */
  framesEncoded(): number;
  /** Players whose chat rate is being tracked (pruned once their bucket is full again). */
  chatBuckets(): number;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gangsta_' });
  new Gauge({
    name: 'gangsta_live_games',
    help: 'Tables in play held by this process',
    registers: [registry],
    collect() {
      this.set(sources.liveGames());
    },
  });
  new Gauge({
    name: 'gangsta_connections',
    help: 'Open WebSocket connections to this process',
    registers: [registry],
    collect() {
      this.set(sources.connections());
    },
  });
  new Gauge({
    name: 'gangsta_tables_run',
    help: 'Active tables whose bots and timers this process runs (its leases in a cluster)',
    registers: [registry],
    collect() {
      this.set(sources.tablesRun());
    },
  });
  new Gauge({
    name: 'gangsta_tables_loaded',
    help: 'Tables held in memory by this process (finished ones only while watched)',
    registers: [registry],
    collect() {
      this.set(sources.tablesLoaded());
    },
  });
  new Gauge({
    name: 'gangsta_broadcast_frames_encoded',
    help: 'Broadcast frames built and encoded by this process since it started (one per seat, shared by its watchers)',
    registers: [registry],
    collect() {
      this.set(sources.framesEncoded());
    },
  });
  new Gauge({
    name: 'gangsta_chat_buckets',
    help: 'Players whose chat rate this process tracks (forgotten once idle)',
    registers: [registry],
    collect() {
      this.set(sources.chatBuckets());
    },
  });
  const loopDelay = processEventLoopDelay();
  const windowS = WINDOW_MS / 1000;
  new Gauge({
    name: 'gangsta_event_loop_delay_p99_seconds',
    help: `Event-loop delay p99: how late 99% of the loop's samples ran beyond their due time, over the last ${windowS}-${2 * windowS} s (the worse of the last complete ${windowS} s window and the current one)`,
    registers: [registry],
    collect() {
      this.set(loopDelay.figures().p99Ms / 1000);
    },
  });
  new Gauge({
    name: 'gangsta_event_loop_delay_max_seconds',
    help: `Event-loop delay max: the longest a sample of the loop ran late (a stall), over the last ${windowS}-${2 * windowS} s (the worse of the last complete ${windowS} s window and the current one)`,
    registers: [registry],
    collect() {
      this.set(loopDelay.figures().maxMs / 1000);
    },
  });
  return {
    registry,
    moves: new Counter({
      name: 'gangsta_moves_total',
      help: 'Moves and undos committed by this process (rate() gives moves per second)',
      registers: [registry],
    }),
    ackSeconds: new Histogram({
      name: 'gangsta_ack_latency_seconds',
      help: 'Time from a move arriving to its acknowledgement, after the commit',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    webhookFailures: new Counter({
      name: 'gangsta_webhook_failures_total',
      help: 'Webhook delivery attempts that failed (each is retried with backoff)',
      registers: [registry],
    }),
    remoteMoves: new Counter({
      name: 'gangsta_remote_moves_total',
      help: 'Moves committed by another process of the cluster and applied here',
      registers: [registry],
    }),
    tablesSlept: new Counter({
      name: 'gangsta_tables_slept_total',
      help: 'Playing tables that left memory after going idle (read again when opened)',
      registers: [registry],
    }),
  };
}
