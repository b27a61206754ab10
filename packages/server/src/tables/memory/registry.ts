/**
 * The tables in memory. Waiting tables stay loaded, and playing ones while they are in use
 * (an idle one sleeps in the store until opened: `sleep.ts`); a finished table is held only
 * while someone watches it. Whatever else asks for a finished
 * table (its record, a look at it, a move or chat after the end, a join) gets a copy read
 * from the store that is not kept, so no request can pin finished tables in memory.
 */
import { LIMITS } from '@gangsta/protocol';
import { refuse } from '../../refusal.ts';
import type { Store } from '../../store/types.ts';
import { nextDeadline } from '../game/clock.ts';
import type { Room } from '../room.ts';
import { roomFromStore } from './rebuild.ts';

/** The table's room (loaded from the store if it is asleep), or UNKNOWN_TABLE. */
export async function tableOf(ctx: { rooms: Rooms }, id: string): Promise<Room> {
  const room = await ctx.rooms.get(id);
  if (!room) refuse('UNKNOWN_TABLE', `no table has the id ${id}`, { table: id });
  return room;
}

/**
 * A finished table read from the store learns its rematch (made before, or by another
 * process); returns whether it changed.
 */
export async function refreshRematch(store: Store, room: Room): Promise<boolean> {
  if (room.table.status !== 'finished') return false;
  const rematch = await store.rematchOf(room.id);
  return rematch !== null && room.rematchMade(rematch);
}

export class Rooms {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | undefined>>();
  private readonly enteredListeners: ((room: Room) => void)[] = [];
  private readonly leftListeners: ((room: Room) => void)[] = [];

  constructor(
    private readonly store: Store,
    /** The server's clock, for the remaining times the tables tell. */
    private readonly now: () => number = Date.now,
    /** Whether a player is connected to a table on any process (the seats' badges). */
    private readonly connected: (room: Room, playerId: string) => boolean = () => false,
  ) {}

  add(room: Room): void {
    this.equip(room);
    this.hold(room);
  }

  /** Tells `listener` of each table that comes into memory (its deadlines: expiry, sleep). */
  onEntered(listener: (room: Room) => void): void {
    this.enteredListeners.push(listener);
  }

  /** Tells `listener` of each table that leaves memory (its deadlines go with it). */
  onLeft(listener: (room: Room) => void): void {
    this.leftListeners.push(listener);
  }

  private entered(room: Room): void {
    for (const listener of this.enteredListeners) listener(room);
  }

  private left(room: Room): void {
    for (const listener of this.leftListeners) listener(room);
  }

  private hold(room: Room): void {
    const before = this.rooms.get(room.id);
    if (before === room) return;
    if (before) this.left(before);
    this.rooms.set(room.id, room);
    this.entered(room);
  }

  private equip(room: Room): void {
    room.placeIn({
      now: () => this.now(),
      connectedAnywhere: (playerId) => this.connected(room, playerId),
    });
  }

  /** The table if it is in memory (no loading). */
  loaded(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  /** Whether the table is being read from the store into memory now. */
  isLoading(id: string): boolean {
    return this.loading.has(id);
  }

  /**
   * The table in memory, or once the load in progress ends (undefined when it is not kept):
   * news of a table heard while it loads must not be lost, as the store may have been read
   * before the news was written.
   */
  async whenLoaded(id: string): Promise<Room | undefined> {
    await this.loading.get(id)?.catch(() => undefined);
    return this.rooms.get(id);
  }

  all(): IterableIterator<Room> {
    return this.rooms.values();
  }

  /** Tables held in memory. */
  get size(): number {
    return this.rooms.size;
  }

  /**
   * Holds a table that gets a watcher (a finished table's copy is otherwise not kept); returns
   * the one copy in memory, which may be another object loaded meanwhile.
   */
  keep(room: Room): Room {
    const held = this.rooms.get(room.id);
    if (held) return held;
    this.hold(room);
    return room;
  }

  /** Drops a table from memory (a deleted waiting table). */
  forget(room: Room): void {
    if (this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.left(room);
  }

  /** The table, from memory or from the store; undefined when no such table exists. */
  get(id: string): Promise<Room | undefined> {
    const room = this.rooms.get(id);
    if (room) return Promise.resolve(room);
    let load = this.loading.get(id);
    if (!load) {
      load = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, load);
    }
    return load;
  }

  /**
   * The table from memory, or a copy read from the store that is not kept (asleep tables stay
   * asleep: "My games" lists them without waking them all).
   */
  async peek(id: string): Promise<Room | undefined> {
    const room = this.rooms.get(id);
    if (room) return room;
    const loaded = await this.store.loadTable(id, 0);
    if (!loaded) return undefined;
    const copy = roomFromStore(loaded);
    this.equip(copy);
    return this.rooms.get(id) ?? copy;
  }

  /**
   * Rebuilds (at start, or when their owner died) the tables that may have something to do
   * soon: every waiting or friendly table, and the clocked ones moved within `idleMs` or due
   * within it; in a cluster, only those no other live process owns. The others stay asleep
   * in the store until opened (`sleep.ts`); those with a deadline are returned, to be woken
   * then. A table that does not replay is reported, not fatal.
   */
  async rebuildActive(
    now: number,
    idleMs: number,
    /** Of these tables (not in memory here), those another process owns: not loaded here. */
    ownedElsewhere: (ids: string[]) => Promise<Set<string>> = async () => new Set(),
  ): Promise<{
    rebuilt: number;
    failed: { id: string; error: unknown }[];
    asleep: { id: string; dueAt: number }[];
  }> {
    const awakeSince = new Date(now - idleMs).toISOString();
    const failed: { id: string; error: unknown }[] = [];
    const asleep: { id: string; dueAt: number }[] = [];
    let rebuilt = 0;
    const active = await this.store.activeTables();
    const elsewhere = await ownedElsewhere(
      active.map((table) => table.id).filter((id) => !this.rooms.has(id)),
    );
    for (const table of active) {
      if (elsewhere.has(table.id)) continue;
      const dueAt = table.clock.state ? nextDeadline(table.clock.state) : null;
      // A friendly table is always rebuilt: its absence rule hands a gone player's seat to a
      // bot within minutes (it never sleeps, `sleep.ts`).
      const sleepy = table.status === 'playing' && table.clock.setting.kind !== 'none';
      const recent = table.lastActivity >= awakeSince;
      if (sleepy && !recent && (dueAt === null || dueAt > now + idleMs)) {
        if (dueAt !== null) asleep.push({ id: table.id, dueAt });
        continue;
      }
      try {
        await this.get(table.id);
        rebuilt++;
      } catch (error) {
        failed.push({ id: table.id, error });
      }
    }
    return { rebuilt, failed, asleep };
  }

  /** Forgets a finished table that nobody watches (it is loaded again when asked for). */
  release(room: Room): void {
    if (room.table.status === 'finished' && room.watchers.size === 0) this.forget(room);
  }

  private async load(id: string): Promise<Room | undefined> {
    const loaded = await this.store.loadTable(id, LIMITS.chatHistory);
    if (!loaded) return undefined;
    const again = this.rooms.get(id);
    if (again) return again;
    const room = roomFromStore(loaded);
    this.equip(room);
    await refreshRematch(this.store, room);
    const raced = this.rooms.get(id);
    if (raced) return raced;
    // A finished table is not kept for whoever asked: only a watch keeps it (`keep`).
    if (room.table.status !== 'finished') this.hold(room);
    return room;
  }
}
