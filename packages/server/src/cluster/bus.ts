/**
 * Redis publish/subscribe between the processes of a cluster. Publishing never waits for
 * Redis: a message that cannot be delivered is lost, and that is safe, because the store is
 * the truth and every process reads it again when it sees a gap (and after Redis comes back).
 */
import { Redis } from 'ioredis';
import { type BusMessage, CHANNEL, type Envelope } from './messages.ts';

export interface BusHandlers {
  message(from: string, message: BusMessage): void;
  /** The subscription was (re)established: messages may have been missed before it. */
  resubscribed(): void;
}

export class Bus {
  readonly publisher: Redis;
  private readonly subscriber: Redis;
  private subscribedOnce = false;

  constructor(
    url: string,
    readonly processId: string,
    private readonly handlers: BusHandlers,
  ) {
    const options = { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: true };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableAutoPipelining: false });
    // ioredis reconnects by itself; errors are reported through `ready()` and the logs.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    this.subscriber.on('ready', () => {
      if (this.subscribedOnce) this.handlers.resubscribed();
    });
  }

  async connect(): Promise<void> {
    await this.publisher.connect();
    await this.subscriber.connect();
    await this.subscriber.subscribe(CHANNEL);
    this.subscribedOnce = true;
  }

  /** Whether both connections to Redis are up. */
  ready(): boolean {
    return this.publisher.status === 'ready' && this.subscriber.status === 'ready';
  }

  publish(message: BusMessage): void {
    const envelope: Envelope = { from: this.processId, message };
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch(() => {});
  }

  private receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === this.processId) return;
    this.handlers.message(envelope.from, envelope.message);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => {});
  }
}
