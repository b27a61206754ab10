/**
 * Webhook deliveries, in memory. Nothing on a move's path ever waits for them: a delivery is
 * queued and posted in the background, a few at a time, each attempt cut off after
 * `timeoutMs`. A failed attempt (network, timeout, 5xx, 408, 429) is retried after the next
 * delay of `backoffMs` with ±20 % jitter; after the last one the delivery is given up and
 * logged. Every failed attempt counts in `gangsta_webhook_failures_total`. The queue holds at
 * most `maxQueued` deliveries; beyond that new ones are dropped (and logged), never buffered
 * without end.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { type HostResolver, hostResolver, type PrivateAllowance, pinTarget } from './addresses.ts';
import { postPinned } from './delivery.ts';

export interface DeliveryTuning {
  /** One attempt's time limit. */
  timeoutMs: number;
  /** The waits before the 2nd, 3rd… attempt; their count is the number of retries. */
  backoffMs: number[];
  /** Deliveries waiting, being retried or under way, at most. */
  maxQueued: number;
  /** Attempts under way at once. */
  concurrency: number;
}

export const DELIVERY_TUNING: DeliveryTuning = {
  timeoutMs: 5000,
  backoffMs: [2000, 10_000, 60_000, 300_000],
  maxQueued: 1000,
  concurrency: 4,
};

export interface QueueDeps {
  log: Logger;
  /** Counts failed attempts (the metric). */
  failed: () => void;
  /** Which private and loopback addresses may be posted to (`WEBHOOK_ALLOW_PRIVATE`). */
  allowPrivate: PrivateAllowance;
  /** Resolves webhook hosts (default: the system's resolver); tests pass a changing one. */
  resolve?: HostResolver;
  random?: () => number;
}

interface Delivery {
  url: string;
  body: string;
  /** Attempts made so far. */
  attempts: number;
}

/** How one attempt went: delivered, worth another try, or hopeless. */
type Outcome = { kind: 'delivered' | 'retry' | 'give up'; status: number | null; why: string };

export class WebhookQueue {
  private readonly ready: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly closing = new AbortController();
  private running = 0;
  /** Deliveries accepted and not yet finished (ready, waiting to retry, or under way). */
  private held = 0;
  private idle: (() => void)[] = [];
  private readonly systemResolver = hostResolver(null);

  constructor(
    private readonly tuning: DeliveryTuning,
    private readonly deps: QueueDeps,
  ) {}

  /** Queues a delivery; false when the queue is full (the delivery is dropped). */
  enqueue(url: string, payload: unknown): boolean {
    if (this.closing.signal.aborted) return false;
    if (this.held >= this.tuning.maxQueued) {
      this.deps.log.warn({ url: redact(url) }, 'webhook queue full: a delivery was dropped');
      return false;
    }
    this.held++;
    this.ready.push({ url, body: JSON.stringify(payload), attempts: 0 });
    this.pump();
    return true;
  }

  /** One attempt right now, outside the queue (the player's "send a test"). */
  async tryOnce(
    url: string,
    payload: unknown,
  ): Promise<{ delivered: boolean; status: number | null }> {
    const outcome = await this.attempt({ url, body: JSON.stringify(payload), attempts: 0 });
    if (outcome.kind !== 'delivered') this.deps.failed();
    return { delivered: outcome.kind === 'delivered', status: outcome.status };
  }

  /** Resolves when every accepted delivery has finished (delivered or given up). */
  settled(): Promise<void> {
    if (this.held === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Stops: retries are dropped and attempts under way are cut off. */
  close(): void {
    this.closing.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.held -= this.timers.size + this.ready.length;
    this.timers.clear();
    this.ready.length = 0;
    this.finish(0);
  }

  private pump(): void {
    while (this.running < this.tuning.concurrency && this.ready.length > 0) {
      const delivery = this.ready.shift()!;
      this.running++;
      void this.run(delivery).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(delivery: Delivery): Promise<void> {
    const outcome = await this.attempt(delivery);
    delivery.attempts++;
    if (outcome.kind === 'delivered') return this.finish();
    this.deps.failed();
    const wait = this.tuning.backoffMs[delivery.attempts - 1];
    if (outcome.kind === 'give up' || wait === undefined || this.closing.signal.aborted) {
      this.deps.log.warn(
        { url: redact(delivery.url), attempts: delivery.attempts, why: outcome.why },
        'webhook delivery given up',
      );
      return this.finish();
    }
    this.retryAfter(delivery, wait);
  }

  private retryAfter(delivery: Delivery, wait: number): void {
    const random = this.deps.random ?? Math.random;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.ready.push(delivery);
        this.pump();
      },
      Math.round(wait * (0.8 + 0.4 * random())),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private finish(done = 1): void {
    this.held -= done;
    if (this.held > 0) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }

  private async attempt(delivery: Delivery): Promise<Outcome> {
    // Resolved once per attempt and checked; the connection goes to exactly that address.
    const target = await pinTarget(
      delivery.url,
      this.deps.allowPrivate,
      this.deps.resolve ?? this.systemResolver,
    );
    if ('kind' in target) {
      // A name that does not resolve now may do so soon; an address that is not public is final.
      return {
        kind: target.kind === 'refused' ? 'give up' : 'retry',
        status: null,
        why: target.why,
      };
    }
    const signal = AbortSignal.any([
      AbortSignal.timeout(this.tuning.timeoutMs),
      this.closing.signal,
    ]);
    try {
      const status = await postPinned(target, delivery.body, signal);
      if (status >= 200 && status < 300) return { kind: 'delivered', status, why: '' };
      const retry = status >= 500 || status === 408 || status === 429;
      return { kind: retry ? 'retry' : 'give up', status, why: `HTTP ${status}` };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { kind: 'retry', status: null, why };
    }
  }
}

/** An address without its path: a webhook's path is its secret (Discord, Slack). */
function redact(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid address';
  }
}
