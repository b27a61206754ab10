/**
 * A connection of another process, at a table this process owns. The owner's table code
 * treats it like any socket; its frames go back over the bus to the process that holds the
 * socket, which sends them on (`relay.ts`). Its messages are handled one at a time, in the
 * order they were sent, like a socket's.
 */
import type { ServerMessage } from '@gangsta/protocol';
import { nextPeerId, type Peer, type PeerPlayer } from '../peer.ts';
import { TokenBucket } from '../rateLimit.ts';
import { encodeMessage } from '../tables/watchers/encode.ts';
import type { RelayedFrame } from './messages.ts';

/** Where a remote peer's frames go: batched per process by the relay. */
export type FrameSink = (processId: string, frame: RelayedFrame) => void;

export class RemotePeer implements Peer {
  /** Its id here (the tables key watchers by object; this one only names it in logs). */
  readonly id = nextPeerId();
  readonly tables = new Set<string>();
  private readonly syncs: TokenBucket;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    /** The process that holds the socket. */
    readonly processId: string,
    /** The connection's id on that process. */
    readonly remoteId: number,
    public player: PeerPlayer | null,
    private readonly sink: FrameSink,
    syncsPerMinute: number,
  ) {
    this.syncs = new TokenBucket(syncsPerMinute, 60_000 / syncsPerMinute);
  }

  send(message: ServerMessage): void {
    const frame: RelayedFrame = { peer: this.remoteId, text: encodeMessage(message) };
    if (message.type === 'ack' || message.type === 'rejected') {
      frame.settles = { table: message.table, id: message.id };
    }
    this.sink(this.processId, frame);
  }

  sendText(text: string): void {
    this.sink(this.processId, { peer: this.remoteId, text });
  }

  takeSync(): number {
    return this.syncs.take();
  }

  /** Runs `work` after the messages before it. */
  enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work);
  }
}
