/**
 * The tables in memory. Waiting and playing tables stay loaded (they are rebuilt at start);
 * a finished table is held only while someone watches it. Whatever else asks for a finished
 * table (its record, a look at it, a move or chat after the end, a join) gets a copy read
 * from the store that is not kept, so no request can pin finished tables in memory.
 */
import { LIMITS } from '@gangsta/protocol';
import type { Store } from '../store/types.ts';
import { roomFromStore } from './rebuild.ts';
import { refreshRematch } from './rematchInfo.ts';
import type { Room } from './room.ts';

export class Rooms {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | undefined>>();

  constructor(
    private readonly store: Store,
    /** The server's clock, for the remaining times the tables tell. */
    private readonly now: () => number = Date.now,
    /** Whether a player is connected to a table on any process (the seats' badges). */
    private readonly connected: (room: Room, playerId: string) => boolean = () => false,
  ) {}

  add(room: Room): void {
    this.equip(room);
    this.rooms.set(room.id, room);
  }

  private equip(room: Room): void {
    room.now = this.now;
    room.connectedAnywhere = (playerId) => this.connected(room, playerId);
  }

  /** The table if it is in memory (no loading). */
  loaded(id: string): Room | undefined {
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
    this.rooms.set(room.id, room);
    return room;
  }

  /** Drops a table from memory (a deleted waiting table). */
  forget(room: Room): void {
    if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
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

  /** Rebuilds every waiting or playing table; a table that does not replay is reported, not fatal. */
  async rebuildActive(): Promise<{ rebuilt: number; failed: { id: string; error: unknown }[] }> {
    const ids = await this.store.tableIds(['waiting', 'playing']);
    const failed: { id: string; error: unknown }[] = [];
    for (const id of ids) {
      try {
        await this.get(id);
      } catch (error) {
        failed.push({ id, error });
      }
    }
    return { rebuilt: ids.length - failed.length, failed };
  }

  /** Forgets a finished table that nobody watches (it is loaded again when asked for). */
  release(room: Room): void {
    if (room.table.status === 'finished' && room.watchers.size === 0) this.rooms.delete(room.id);
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
    if (room.table.status !== 'finished') this.rooms.set(id, room);
    return room;
  }
}
