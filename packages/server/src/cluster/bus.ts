/**
 * Redis publish/subscribe between the processes of a cluster. Publishing never waits for
 * Redis: a message that cannot be delivered is lost, and that is safe, because the store is
 * the truth and every process reads it again when it sees a gap (and after Redis comes back).
 *
 * Redis going away (a restart, a failover, a dropped connection) is an outage to wait out:
 * ioredis reconnects by itself, here every 100 ms at first and then every half second, so
 * that a Redis back up is found within a second rather than after ioredis's default backoff
 * of up to 5 s. Commands wait at most `COMMAND_TIMEOUT_MS` for an answer: a Redis that holds
 * the connection open but answers nothing must fail the lease round (the process then stops
 * running its tables) rather than leave it hanging.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import {
  type BroadcastMessage,
  type BusMessage,
  type DirectMessage,
  openEnvelope,
  type RedisNames,
  readEnvelope,
  writeEnvelope,
} from './messages.ts';

/** The pause before reconnection attempt `times` (1-based): 100, 200, … ms, at most 500 ms. */
export function reconnectDelayMs(times: number): number {
  return Math.min(100 * times, 500);
}

/** How long a command (a lease round, a publish) may wait for Redis's answer. */
const COMMAND_TIMEOUT_MS = 2_000;

export interface BusHandlers {
  message(from: string, message: BusMessage): void;
  /**
   * Whether this process holds the table in memory or is loading it (news about other tables
   * is dropped unread).
   */
  holds(table: string): boolean;
  /** The subscription was (re)established: messages may have been missed before it. */
  resubscribed(): void;
  /** The connection that carries commands (leases, publishing) is up again after a loss. */
  reconnected(): void;
}

export class Bus {
  readonly publisher: Redis;
  private readonly subscriber: Redis;
  private subscribedOnce = false;
  private publisherOnce = false;
  /** When Redis was last lost (null: both connections are up), and why. */
  private downSince: number | null = null;
  private problem = '';

  constructor(
    url: string,
    readonly processId: string,
    private readonly names: RedisNames,
    private readonly handlers: BusHandlers,
    private readonly log: Logger,
  ) {
    // satisfies, not a RedisOptions annotation: spread, the annotated type's optional keys
    // would read as possibly undefined, which the constructor's options do not take.
    const options = {
      maxRetriesPerRequest: 2,
      enableAutoPipelining: true,
      lazyConnect: true,
      retryStrategy: reconnectDelayMs,
    } satisfies RedisOptions;
    this.publisher = new Redis(url, { ...options, commandTimeout: COMMAND_TIMEOUT_MS });
    this.subscriber = new Redis(url, { ...options, enableAutoPipelining: false });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => this.lost(error.message));
      connection.on('close', () => this.lost('the connection to Redis closed'));
    }
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    this.subscriber.on('ready', () => {
      this.back();
      if (!this.subscribedOnce) return;
      // ioredis subscribes again by itself; this one's answer says it is in effect.
      this.subscriber
        .subscribe(...this.channels)
        .then(() => this.handlers.resubscribed())
        .catch(() => {});
    });
    this.publisher.on('ready', () => {
      this.back();
      if (this.publisherOnce) this.handlers.reconnected();
      this.publisherOnce = true;
    });
  }

  async connect(): Promise<void> {
    await this.publisher.connect();
    await this.subscriber.connect();
    await this.subscriber.subscribe(...this.channels);
    this.subscribedOnce = true;
  }

  /** The channel every process hears, and this process's own. */
  private get channels(): string[] {
    return [this.names.cluster, this.names.process(this.processId)];
  }

  /** Whether both connections to Redis are up. */
  ready(): boolean {
    return this.publisher.status === 'ready' && this.subscriber.status === 'ready';
  }

  /** Why Redis cannot be used now (for `/ready`), or null when both connections are up. */
  unreachable(): string | null {
    if (this.ready()) return null;
    const since = this.downSince === null ? '' : ` since ${new Date(this.downSince).toISOString()}`;
    return `Redis cannot be reached${since}${this.problem ? `: ${this.problem}` : ''}`;
  }

  publish(message: BroadcastMessage): void {
    void this.publishNow(message);
  }

  /** Publishes and waits until Redis has it (a last word before closing must not be lost). */
  async publishNow(message: BroadcastMessage): Promise<void> {
    await this.send(this.names.cluster, message);
  }

  /** Says something to one process alone. */
  publishTo(processId: string, message: DirectMessage): void {
    void this.send(this.names.process(processId), message);
  }

  private async send(channel: string, message: BusMessage): Promise<void> {
    await this.publisher.publish(channel, writeEnvelope(this.processId, message)).catch(() => {});
  }

  private lost(problem: string): void {
    if (!this.subscribedOnce) return;
    this.problem = problem;
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log.warn(
      { problem },
      'the cluster lost Redis: no fan-out and no leases until it is back (reconnecting)',
    );
  }

  private back(): void {
    if (this.downSince === null || !this.ready()) return;
    const downMs = Date.now() - this.downSince;
    this.downSince = null;
    this.problem = '';
    this.log.warn({ downMs }, 'the cluster reached Redis again');
  }

  private receive(text: string): void {
    const envelope = readEnvelope(text);
    if (envelope === null || envelope.from === this.processId) return;
    if (envelope.table !== null && !this.handlers.holds(envelope.table)) return;
    const message = openEnvelope(envelope);
    if (message !== null) this.handlers.message(envelope.from, message);
  }

  async close(): Promise<void> {
    // Closing is no outage: nothing more is logged about the connections.
    this.subscribedOnce = false;
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => {});
  }
}
