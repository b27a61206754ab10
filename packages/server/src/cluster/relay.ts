/**
 * Each table lives on one process, its owner (the holder of its lease): only the owner holds it
 * in memory, judges its moves and builds its frames. A socket may land on any process. Its
 * messages for a table owned elsewhere are forwarded to the owner, where a `RemotePeer`
 * stands for the socket, and the owner's frames for it come back the same way. Both ways ride
 * on Redis (each process has its own channel), batched per process and turn of the event loop.
 *
 * A relay keeps, per connection and table, the owner it forwards to, whether the connection
 * watches the table, and the moves not yet answered. When the owner dies (or stops, or forgot
 * the connection), the relay sends the watch and those moves again through the connection
 * itself: they are handled here or by the new owner, the client gets a full sync, and a move
 * that was committed before is answered with its first ack (moves are idempotent by id).
 */
import { protocolError } from '@gangsta/protocol';
import type { LocalPeer, PeerPlayer } from '../peer.ts';
import type { LocalTables, TableMessage } from '../tables/context.ts';
import type { DirectMessage, RelayedFrame } from './messages.ts';
import { RemotePeer } from './remotePeer.ts';

/** What a relay needs of the cluster. */
export interface RelayLinks {
  readonly processId: string;
  send(processId: string, message: DirectMessage): void;
  /** The process holding the table's lease, or null (read from Redis). */
  ownerOf(table: string): Promise<string | null>;
  alive(processId: string): boolean;
  /**
   * Whether this process runs the table (holds its lease): then it handles it itself. A copy
   * held without the lease is not enough: the owner is asked, so that the copy can go.
   */
  runs(table: string): boolean;
  /** How many tables one connection may watch, on every process together. */
  watchLimit(): number;
}

interface Forward {
  /** The owner the table's messages go to. */
  to: string;
  watching: boolean;
  /** The watch asked for whole frames (`patches: false`): said again when rerouted. */
  wholeFrames?: boolean;
  /** Moves and undos sent and not yet answered, by id. */
  unanswered: Map<string, TableMessage>;
}

interface Relayed {
  peer: LocalPeer;
  tables: Map<string, Forward>;
  /** Every process this connection's messages went to (each is told when it closes). */
  reached: Set<string>;
}

/** This process's connections at tables owned elsewhere. */
export class Forwarder {
  private readonly relayed = new Map<number, Relayed>();

  constructor(private readonly links: RelayLinks) {}

  /**
   * Forwards the message when another live process owns its table; false when this process
   * handles it (it runs the table, or nobody live does).
   */
  async forward(peer: LocalPeer, message: TableMessage): Promise<boolean> {
    const entry = this.relayed.get(peer.id);
    let forward = entry?.tables.get(message.table);
    if (forward && !this.links.alive(forward.to)) {
      this.reroute(peer.id, message.table);
      forward = undefined;
    }
    if (!forward) {
      if (this.links.runs(message.table)) return false;
      const owner = await this.links.ownerOf(message.table).catch(() => null);
      if (owner === null || owner === this.links.processId || !this.links.alive(owner)) {
        return false;
      }
      forward = this.open(peer, message.table, owner);
    }
    if (message.type === 'watch' && !forward.watching && this.overWatchLimit(peer, message.table)) {
      this.dropIfIdle(peer.id, message.table, forward);
      return true;
    }
    this.note(peer.id, message, forward);
    const player: PeerPlayer | null = peer.player && { id: peer.player.id, name: peer.player.name };
    this.links.send(forward.to, { kind: 'client', peer: peer.id, player, message });
    return true;
  }

  /** How many tables the connection watches through other processes. */
  watching(peerId: number): number {
    let count = 0;
    for (const forward of this.relayed.get(peerId)?.tables.values() ?? []) {
      if (forward.watching) count++;
    }
    return count;
  }

  /**
   * A new watch over the connection's limit, counting its tables here and on every owner, is
   * refused here (each owner alone sees only its own share).
   */
  private overWatchLimit(peer: LocalPeer, table: string): boolean {
    const max = this.links.watchLimit();
    if (peer.tables.size + this.watching(peer.id) < max) return false;
    const message = `a connection watches at most ${max} tables`;
    const error = protocolError('TOO_MANY_WATCHED', message, { max });
    peer.send({ type: 'error', table, error });
    return true;
  }

  private open(peer: LocalPeer, table: string, owner: string): Forward {
    let entry = this.relayed.get(peer.id);
    if (!entry) {
      entry = { peer, tables: new Map(), reached: new Set() };
      this.relayed.set(peer.id, entry);
    }
    const forward: Forward = { to: owner, watching: false, unanswered: new Map() };
    entry.tables.set(table, forward);
    entry.reached.add(owner);
    return forward;
  }

  private note(peerId: number, message: TableMessage, forward: Forward): void {
    if (message.type === 'watch') {
      forward.watching = true;
      forward.wholeFrames = message.patches === false;
    }
    if (message.type === 'move' || message.type === 'undo') {
      forward.unanswered.set(message.id, message);
    }
    if (message.type === 'unwatch') {
      forward.watching = false;
      this.dropIfIdle(peerId, message.table, forward);
    }
  }

  private dropIfIdle(peerId: number, table: string, forward: Forward): void {
    if (forward.watching || forward.unanswered.size > 0) return;
    this.relayed.get(peerId)?.tables.delete(table);
  }

  /** Frames from an owner: sent on; an answer ends the wait for its move. */
  delivered(from: string, frames: RelayedFrame[]): void {
    const closed = new Set<number>();
    for (const frame of frames) {
      const entry = this.relayed.get(frame.peer);
      if (!entry) {
        // The connection closed (its `gone` crossed these frames): the sender forgets it.
        closed.add(frame.peer);
        continue;
      }
      // A frame of a table the connection left, or now reaches through another owner (this
      // one was taken for dead): dropped. That owner forgets it when the connection closes.
      if (![...entry.tables.values()].some((f) => f.to === from)) continue;
      if (frame.settles) {
        const forward = entry.tables.get(frame.settles.table);
        if (forward?.unanswered.delete(frame.settles.id)) {
          this.dropIfIdle(frame.peer, frame.settles.table, forward);
        }
      }
      entry.peer.sendText(frame.text);
    }
    for (const peer of closed) this.links.send(from, { kind: 'gone', peer });
  }

  /** A connection closed: every owner it reached drops its remote peer. */
  closed(peer: LocalPeer): void {
    const entry = this.relayed.get(peer.id);
    if (!entry) return;
    this.relayed.delete(peer.id);
    for (const to of entry.reached) this.links.send(to, { kind: 'gone', peer: peer.id });
  }

  /**
   * The owner is gone (dead, stopping, or it forgot these connections): their tables' watches
   * and unanswered moves are sent again (to whoever owns the tables now, or handled here).
   * `tables` limits it to those tables.
   */
  ownerGone(owner: string, tables?: ReadonlySet<string>): void {
    for (const [peerId, entry] of this.relayed) {
      for (const [table, forward] of entry.tables) {
        if (forward.to === owner && (!tables || tables.has(table))) this.reroute(peerId, table);
      }
    }
  }

  private reroute(peerId: number, table: string): void {
    const entry = this.relayed.get(peerId);
    const forward = entry?.tables.get(table);
    if (!entry || !forward) return;
    entry.tables.delete(table);
    // The client's version is unknown here: it gets a full sync, which is always right.
    if (forward.watching) {
      entry.peer.replay({
        type: 'watch',
        table,
        ...(forward.wholeFrames ? { patches: false } : {}),
      });
    }
    for (const message of forward.unanswered.values()) entry.peer.replay(message);
  }

  /** Connections relayed now (for the metrics). */
  get size(): number {
    return this.relayed.size;
  }
}

/** Other processes' connections at tables this process owns. */
export class RemotePeers {
  private readonly peers = new Map<string, RemotePeer>();
  /** Frames waiting for the end of this turn, per process. */
  private readonly outbox = new Map<string, RelayedFrame[]>();

  constructor(
    private readonly tables: () => LocalTables | null,
    private readonly send: (processId: string, message: DirectMessage) => void,
  ) {}

  /** A message of another process's connection. */
  client(from: string, peerId: number, player: PeerPlayer | null, message: TableMessage): void {
    const tables = this.tables();
    if (!tables) return;
    const key = `${from}/${peerId}`;
    let peer = this.peers.get(key);
    if (!peer) {
      peer = new RemotePeer(
        from,
        peerId,
        player,
        (to, frame) => this.post(to, frame),
        tables.limits.syncsPerMinute,
      );
      this.peers.set(key, peer);
    }
    const remote = peer;
    remote.enqueue(() => tables.handle(remote, message));
  }

  /** A connection of another process closed. */
  gone(from: string, peerId: number): void {
    const key = `${from}/${peerId}`;
    const peer = this.peers.get(key);
    const tables = this.tables();
    if (!peer || !tables) return;
    this.peers.delete(key);
    peer.enqueue(async () => tables.peerGone(peer));
  }

  /** A process died: its connections leave every table here. */
  processGone(processId: string): void {
    for (const peer of [...this.peers.values()]) {
      if (peer.processId === processId) this.gone(processId, peer.remoteId);
    }
    this.outbox.delete(processId);
  }

  private post(to: string, frame: RelayedFrame): void {
    let frames = this.outbox.get(to);
    if (!frames) {
      frames = [];
      this.outbox.set(to, frames);
      // One bus message per process for everything a turn sends it (a broadcast, a commit).
      queueMicrotask(() => {
        this.outbox.delete(to);
        this.send(to, { kind: 'frames', frames: frames as RelayedFrame[] });
      });
    }
    frames.push(frame);
  }

  get size(): number {
    return this.peers.size;
  }
}
