/**
 * Which players are connected to which tables on the other processes. Each process sends
 * changes as they happen and everything it has every `SNAPSHOT_MS`; a process that has sent
 * nothing for `FORGET_MS` is taken to be gone, with its connections.
 */
export const SNAPSHOT_MS = 10_000;
const FORGET_MS = 3 * SNAPSHOT_MS + 5_000;

export const presenceKey = (table: string, player: string) => `${table}\u0000${player}`;

interface ProcessPresence {
  heardAt: number;
  entries: Set<string>;
}

export class RemotePresence {
  private readonly processes = new Map<string, ProcessPresence>();

  constructor(private readonly now: () => number) {}

  private of(from: string): ProcessPresence {
    let presence = this.processes.get(from);
    if (!presence) {
      presence = { heardAt: this.now(), entries: new Set() };
      this.processes.set(from, presence);
    }
    presence.heardAt = this.now();
    return presence;
  }

  change(from: string, table: string, player: string, connected: boolean): void {
    const entries = this.of(from).entries;
    if (connected) entries.add(presenceKey(table, player));
    else entries.delete(presenceKey(table, player));
  }

  snapshot(from: string, entries: string[]): void {
    this.of(from).entries = new Set(entries);
  }

  connected(table: string, player: string): boolean {
    const entry = presenceKey(table, player);
    const now = this.now();
    for (const [from, presence] of this.processes) {
      if (now - presence.heardAt > FORGET_MS) {
        this.processes.delete(from);
        continue;
      }
      if (presence.entries.has(entry)) return true;
    }
    return false;
  }
}
