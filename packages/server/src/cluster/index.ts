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
import { isLocal } from '../peer.ts';
import { StoreUnavailable } from '../store/health.ts';
import type { Fence } from '../store/types.ts';
import { sendTableInfo } from '../tables/broadcast.ts';
import { showChatLine } from '../tables/chat.ts';
import type {
  Adopt,
  ClusterLink,
  Observers,
  OwnedTables,
  Platform,
  TableMemory,
  TableOwners,
} from '../tables/context.ts';
import { renameConnections } from '../tables/lifecycle.ts';
import { hideChatLine, updateBlocked } from '../tables/moderation.ts';
import { runHooks } from '../tables/play.ts';
import type { Room } from '../tables/room.ts';
import { applyStoredRows, catchUp } from '../tables/stored.ts';
import { connectedHere, handOverWatch } from '../tables/watch.ts';
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
    isConnected: connectedHere,
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
  private ctx: OwnedTables | null = null;
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
        holds: (table) =>
          this.ctx !== null &&
          (this.ctx.rooms.loaded(table) !== undefined || this.ctx.rooms.isLoading(table)),
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
      watchLimit: () => this.ctx?.limits.watchedPerConnection ?? Number.POSITIVE_INFINITY,
    });
    this.remotePeers = new RemotePeers(
      () => this.ctx,
      (to, message) => this.bus.publishTo(to, message),
      log,
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

  isConnected(room: Room, playerId: string): boolean {
    return connectedHere(room, playerId) || this.presence.connected(room.id, playerId);
  }

  unreachable(): string | null {
    return this.bus.unreachable();
  }

  async connect(ctx: OwnedTables): Promise<void> {
    this.ctx = ctx;
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
    const ctx = this.ctx;
    if (!ctx) throw new Error('the cluster starts after it connects');
    this.adopt = adopt;
    ctx.hooks.movesCommitted.push((room, group) =>
      this.bus.publish({
        kind: 'moves',
        table: room.id,
        rows: group.map((p) => p.row),
        changes: group.flatMap((p) => (p.change ? [p.change] : [])),
      }),
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
    if (!this.ctx) return [];
    return this.ctx.store.takeFences(tables);
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
    const ctx = this.ctx;
    if (!ctx) return;
    // Taken for dead and heard again: its connections here were dropped; it must know.
    if (this.liveness.heard(from)) this.bus.publishTo(from, { kind: 'forgot' });
    switch (message.kind) {
      case 'moves':
        return void this.movesHeard(ctx, message);
      case 'table':
        return void this.tableHeard(ctx, message.table);
      case 'chat': {
        const room = ctx.rooms.loaded(message.table);
        if (room && message.row.seq > room.chatSeq - 200) showChatLine(room, message.row);
        return;
      }
      case 'chatRemoved': {
        const room = ctx.rooms.loaded(message.table);
        if (room) hideChatLine(room, message.seq);
        return;
      }
      case 'blockChanged':
        return updateBlocked(ctx, message.player, message.other, message.on);
      case 'playerRenamed':
        return renameConnections(ctx, message.player, message.name);
      case 'presence': {
        this.presence.change(from, message.table, message.player, message.connected);
        // A player gone from another process may start a friendly table's absence count.
        const room = ctx.rooms.loaded(message.table);
        if (room) {
          ctx.armTimers(room);
          sendTableInfo(room);
        }
        return;
      }
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

  private async movesHeard(
    ctx: Platform & TableMemory,
    message: Extract<BusMessage, { kind: 'moves' }>,
  ): Promise<void> {
    // A table not in memory here is its owner's business: nothing to do. One being loaded
    // gets the rows once it is in (those the store gave it already are skipped).
    const room = ctx.rooms.loaded(message.table) ?? (await ctx.rooms.whenLoaded(message.table));
    if (!room) return;
    const had = room.committed?.version ?? 0;
    if (!applyStoredRows(ctx, room, message.rows)) return catchUp(ctx, room);
    // Changes written with rows this copy already had (read from the store) are older than
    // the table it holds: a clock of then must not replace the clock of now.
    const fresh = (message.rows.at(-1)?.seq ?? 0) > had;
    const changes = fresh ? message.changes : [];
    for (const change of changes) room.applyChange(change);
    if (changes.some((c) => c.status !== undefined || c.clock !== undefined)) sendTableInfo(room);
    // A game over that nobody here watches leaves this process's memory too.
    if (message.changes.some((c) => c.status === 'finished')) ctx.rooms.release(room);
  }

  private async tableHeard(ctx: Platform & TableMemory, id: string): Promise<void> {
    const room = ctx.rooms.loaded(id) ?? (await ctx.rooms.whenLoaded(id));
    if (room) return catchUp(ctx, room);
  }

  /** After Redis was away: every table may have missed messages, and processes may have died. */
  private catchUpAll(): void {
    const ctx = this.ctx;
    if (!ctx || this.closing) return;
    this.log.warn('the cluster bus reconnected; reading every table again');
    for (const room of ctx.rooms.all()) void catchUp(ctx, room);
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
    const ctx = this.ctx;
    if (!ctx) return;
    const active = [...ctx.rooms.all()].filter((r) => r.table.status !== 'finished');
    const taken = await this.leases.sweep(active.map((r) => r.id));
    await Promise.all(taken.map((id) => this.startRunning(ctx, id)));
    for (const room of active) {
      if (!this.ownedByAnother(this.leases.heldElsewhere(room.id))) continue;
      if (settled(room)) this.handOver(room);
      if (unused(room)) ctx.unload(room);
    }
  }

  /**
   * A table whose lease (and fence) this process just took: its copy here is brought to the
   * store's last position before its bots and clocks run. The copy may lack commits of the
   * table's last runner whose messages it never heard: Redis keeps no message for a process
   * cut off from it, and the catch-up after Redis is back may have read the store before the
   * last of them. Its bots would otherwise wait for a turn that has passed, and nothing else
   * would wake them. The fence is raised by now, so no move under an older token can be
   * committed after this read; later moves of people are heard on the bus.
   */
  private async startRunning(ctx: Platform & TableMemory & Observers, id: string): Promise<void> {
    const room = ctx.rooms.loaded(id);
    if (!room) return;
    await catchUp(ctx, room);
    runHooks(ctx, 'runnerChanged', (hook) => hook(room));
  }

  /**
   * This process's connections watching a copy of a table another process runs (they watched
   * before its lease was taken) go on through the owner, so that the copy can leave memory.
   * Connections relayed here by other processes (they came while this process ran the table)
   * stay, and keep the copy, which still gets every move: their relays know only this process.
   */
  private handOver(room: Room): void {
    for (const peer of [...room.watchers]) {
      if (isLocal(peer)) handOverWatch(room, peer);
    }
  }

  private sendPresence(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const entries = new Set<string>();
    for (const room of ctx.rooms.all()) {
      for (const peer of room.watchers) {
        const id = peer.player?.id;
        if (id !== undefined && room.seatOf(id) !== null) entries.add(presenceKey(room.id, id));
      }
    }
    this.bus.publish({ kind: 'presenceAll', entries: [...entries] });
  }
}

/** No move is being committed here and no bot is thinking. */
function settled(room: Room): boolean {
  return room.head === room.committed && !room.botBusy;
}

/** Nothing here needs the table: settled, and no watcher. */
function unused(room: Room): boolean {
  return room.watchers.size === 0 && settled(room);
}
