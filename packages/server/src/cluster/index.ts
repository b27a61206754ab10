/**
 * The processes of a cluster, from one process's point of view. Alone (no `REDIS_URL`), it
 * runs every table and knows only its own connections. With Redis, each active table has one
 * owner, the process holding its lease (`leases.ts`): it alone keeps the table in memory, runs
 * its bots and timers, and commits with the lease's fencing token (`store/fencing.ts`). A
 * socket on another process reaches the table through the owner (`relay.ts`). Every committed
 * move, table change and chat line is also published, for a process that holds a table without
 * owning it for a while (it read it to answer a request, lost a lease race, or its socket
 * watched before the lease was taken): it applies what it hears, hands its sockets' watches
 * over to the owner at its next lease round, and then drops the table. When a process dies
 * (`liveness.ts`) or stops, the others take its tables.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { randomId } from '../ids.ts';
import { StoreUnavailable } from '../store/health.ts';
import type { Fence } from '../store/types.ts';
import type { Adopt, ClusterLink, LocalTables, TableOwners } from '../tables/context.ts';
import type { Room } from '../tables/room.ts';
import { Bus } from './bus.ts';
import { Leases, RENEW_MS } from './leases.ts';
import { ALIVE_EVERY_MS, Liveness } from './liveness.ts';
import { type BusMessage, redisNames } from './messages.ts';
import { presenceKey, RemotePresence, SNAPSHOT_MS } from './presence.ts';
import { Forwarder, RemotePeers } from './relay.ts';

/**
 * The token of a bot's move made by a process that does not hold the table's lease (its lease
 * ran out while the bot thought): below every fence, so the store always refuses it.
 */
export const NO_LEASE = -1;

/** The tables' owners (`TableOwners`), as the composition root and `/ready` see them. */
export interface Cluster extends TableOwners {
  readonly processId: string;
  /** Why the cluster's shared Redis cannot be used now (`/ready` says so), or null. */
  unreachable(): string | null;
}

/** One process alone: it runs every table. */
export function singleProcess(): Cluster {
  return {
    processId: 'single',
    link: {
      tableChanged() {},
      chatAdded() {},
      chatRemoved() {},
      blockChanged() {},
      playerRenamed() {},
      presenceChanged() {},
      forward: async () => false,
      peerClosed() {},
      watchedElsewhere: () => 0,
    },
    runs: () => true,
    // Alone, no other process can take a table: no token, and nothing to fence.
    fenceOf: () => null,
    fenced: () => {},
    connectedElsewhere: () => false,
    connect: async () => {},
    ownedElsewhere: async () => new Set(),
    start: async () => {},
    unreachable: () => null,
    close: async () => {},
  };
}

export class RedisCluster implements Cluster {
  readonly processId = randomId(8);
  readonly link: ClusterLink;
  private readonly bus: Bus;
  private readonly leases: Leases;
  private readonly presence: RemotePresence;
  private readonly liveness = new Liveness();
  private readonly forwarder: Forwarder;
  private readonly remotePeers: RemotePeers;
  private tables: LocalTables | null = null;
  private adopt: Adopt = async () => {};
  private timers: NodeJS.Timeout[] = [];
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  private closing = false;

  constructor(
    url: string,
    prefix: string,
    private readonly log: Logger,
    now: () => number,
  ) {
    const names = redisNames(prefix);
    this.bus = new Bus(
      url,
      this.processId,
      names,
      {
        message: (from, message) => this.receive(from, message),
        holds: (table) => this.tables?.holds(table) ?? false,
        resubscribed: () => this.catchUpAll(),
        // Leases were dropped while Redis was away: take the tables again now, not in 5 s.
        reconnected: () => this.sweepSoon(),
      },
      log,
    );
    this.leases = new Leases(this.bus.publisher, this.processId, names.lease, (tables) =>
      this.takeFences(tables),
    );
    this.presence = new RemotePresence(now);
    this.forwarder = new Forwarder({
      processId: this.processId,
      send: (to, message) => this.bus.publishTo(to, message),
      ownerOf: async (table) => (await this.leases.ownersOf([table]))[0] ?? null,
      alive: (id) => this.bus.ready() && this.liveness.alive(id),
      runs: (table) => this.leases.holds(table),
      watchLimit: () => this.tables?.limits.watchedPerConnection ?? Number.POSITIVE_INFINITY,
    });
    this.remotePeers = new RemotePeers(
      () => this.tables,
      (to, message) => this.bus.publishTo(to, message),
    );
    this.link = {
      tableChanged: (room) => {
        this.bus.publish({ kind: 'table', table: room.id });
        this.sweepSoon();
      },
      chatAdded: (room, row) => this.bus.publish({ kind: 'chat', table: room.id, row }),
      chatRemoved: (room, seq) => this.bus.publish({ kind: 'chatRemoved', table: room.id, seq }),
      blockChanged: (player, other, on) =>
        this.bus.publish({ kind: 'blockChanged', player, other, on }),
      playerRenamed: (player, name) => this.bus.publish({ kind: 'playerRenamed', player, name }),
      presenceChanged: (room, player, connected) =>
        this.bus.publish({ kind: 'presence', table: room.id, player, connected }),
      forward: (peer, message) => this.forwarder.forward(peer, message),
      peerClosed: (peer) => this.forwarder.closed(peer),
      watchedElsewhere: (peer) => this.forwarder.watching(peer.id),
    };
  }

  runs(room: Room): boolean {
    return this.leases.holds(room.id);
  }

  fenceOf(room: Room, byBot: boolean): number | null {
    return this.leases.token(room.id) ?? (byBot ? NO_LEASE : null);
  }

  fenced(tables: string[]): void {
    const tokens = tables.map((table) => ({ table, heldToken: this.leases.token(table) }));
    for (const table of tables) this.leases.fenced(table);
    this.log.warn(
      { tables: tokens },
      'commits refused by the store: another process took these tables (a newer fencing token); catching up with it',
    );
    // Still ours in Redis (the other process gave its token up)? Then fenced anew at once.
    this.sweepSoon();
  }

  connectedElsewhere(room: Room, playerId: string): boolean {
    return this.presence.connected(room.id, playerId);
  }

  unreachable(): string | null {
    return this.bus.unreachable();
  }

  async connect(tables: LocalTables): Promise<void> {
    this.tables = tables;
    await this.bus.connect();
    const beat = setInterval(() => this.beat(), ALIVE_EVERY_MS);
    beat.unref();
    this.timers.push(beat);
    this.bus.publish({ kind: 'alive' });
    // The others say they live every second: heard by now, their tables are left to them.
    await new Promise((resolve) => setTimeout(resolve, ALIVE_EVERY_MS * 1.5));
  }

  async ownedElsewhere(tables: string[]): Promise<Set<string>> {
    const owners = await this.leases.ownersOf(tables);
    return new Set(tables.filter((_, i) => this.ownedByAnother(owners[i] ?? null)));
  }

  private ownedByAnother(owner: string | null): boolean {
    return owner !== null && owner !== this.processId && this.liveness.alive(owner);
  }

  async start(adopt: Adopt): Promise<void> {
    const tables = this.tables;
    if (!tables) throw new Error('the cluster starts after it connects');
    this.adopt = adopt;
    tables.onMovesCommitted((table, rows, changes) =>
      this.bus.publish({ kind: 'moves', table, rows, changes }),
    );
    await this.sweep();
    const timers = [
      setInterval(() => this.sweepSoon(), RENEW_MS),
      setInterval(() => this.sendPresence(), SNAPSHOT_MS),
    ];
    for (const timer of timers) timer.unref();
    this.timers.push(...timers);
    this.sendPresence();
  }

  /**
   * Gives the leases up and tells the others, who take the tables in their next round at
   * once (the bots and clocks move on within moments, not at the next 5 s round).
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.sweeping?.catch(() => {});
    const released = await this.leases.releaseAll();
    this.log.info(
      { tables: released.length },
      `hand-over: ${released.length} tables given up to the other processes`,
    );
    if (released.length > 0) await this.bus.publishNow({ kind: 'released', tables: released });
    await this.bus.close();
  }

  /** The store raises the fences of tables whose leases this process just took. */
  private async takeFences(tables: string[]): Promise<Fence[]> {
    if (!this.tables) return [];
    return this.tables.takeFences(tables);
  }

  /** Says this process lives, and notices the processes that died. */
  private beat(): void {
    this.bus.publish({ kind: 'alive' });
    const deaf = !this.bus.ready();
    const died = this.liveness.newlyDead(deaf);
    if (died.length === 0) return;
    this.log.warn({ processes: died, deaf }, 'processes of the cluster are taken for dead');
    for (const id of died) {
      this.remotePeers.processGone(id);
      this.forwarder.ownerGone(id);
    }
    // Their tables are taken over (when Redis is back, if it is away: `catchUpAll`).
    if (!deaf) this.adoptOrphans();
  }

  private adoptOrphans(): void {
    if (this.closing) return;
    void this.adopt(null)
      .catch((error: unknown) => this.log.warn({ err: error }, 'orphaned tables not taken yet'))
      .finally(() => this.sweepSoon());
  }

  private receive(from: string, message: BusMessage): void {
    const tables = this.tables;
    if (!tables) return;
    // Taken for dead and heard again: its connections here were dropped; it must know.
    if (this.liveness.heard(from)) this.bus.publishTo(from, { kind: 'forgot' });
    switch (message.kind) {
      case 'moves':
        return void tables.movesHeard(message.table, message.rows, message.changes);
      case 'table':
        return void tables.tableHeard(message.table);
      case 'chat':
        return tables.chatHeard(message.table, message.row);
      case 'chatRemoved':
        return tables.chatRemovedHeard(message.table, message.seq);
      case 'blockChanged':
        return tables.blockHeard(message.player, message.other, message.on);
      case 'playerRenamed':
        return tables.renameHeard(message.player, message.name);
      case 'presence':
        this.presence.change(from, message.table, message.player, message.connected);
        return tables.presenceHeard(message.table);
      case 'presenceAll':
        return this.presence.snapshot(from, message.entries);
      case 'released':
        return this.released(from, message.tables);
      case 'alive':
        return;
      case 'client':
        return this.remotePeers.client(from, message.peer, message.player, message.message);
      case 'gone':
        return this.remotePeers.gone(from, message.peer);
      case 'frames':
        return this.forwarder.delivered(from, message.frames);
      case 'forgot':
        return this.forwarder.ownerGone(from);
    }
  }

  /** A process stopping gave these tables up: loaded and taken here at once. */
  private released(from: string, tables: string[]): void {
    this.forwarder.ownerGone(from, new Set(tables));
    if (this.closing) return;
    void this.adopt(tables)
      .catch((error: unknown) => this.log.warn({ err: error }, 'released tables not taken yet'))
      .finally(() => this.sweepSoon());
  }

  /** After Redis was away: every table may have missed messages, and processes may have died. */
  private catchUpAll(): void {
    const tables = this.tables;
    if (!tables || this.closing) return;
    this.log.warn('the cluster bus reconnected; reading every table again');
    tables.readAllAgain();
    this.sendPresence();
    this.adoptOrphans();
  }

  private sweepSoon(): void {
    if (this.closing) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.sweep()
      .catch((error: unknown) => {
        // A database outage is logged by the store's health; the next round fences again.
        if (!(error instanceof StoreUnavailable)) {
          this.log.warn({ err: error }, 'the lease round failed');
        }
      })
      .finally(() => {
        this.sweeping = null;
        if (this.sweepAgain) {
          this.sweepAgain = false;
          this.sweepSoon();
        }
      });
  }

  /**
   * Renews and takes leases; the tables taken over now have their bots and timers started.
   * Tables another live process owns leave memory here once nothing here needs them.
   */
  private async sweep(): Promise<void> {
    const tables = this.tables;
    if (!tables) return;
    const active = tables.activeIds();
    const taken = await this.leases.sweep(active);
    await Promise.all(taken.map((id) => tables.runHere(id)));
    for (const id of active) {
      if (this.ownedByAnother(this.leases.heldElsewhere(id))) tables.leaveToOwner(id);
    }
  }

  private sendPresence(): void {
    const tables = this.tables;
    if (!tables) return;
    const entries = tables.seatedWatchers().map(({ table, player }) => presenceKey(table, player));
    this.bus.publish({ kind: 'presenceAll', entries });
  }
}
