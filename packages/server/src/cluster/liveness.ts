/**
 * Which other processes of the cluster live: each says `alive` every `ALIVE_EVERY_MS`, and one
 * not heard from for `DEAD_AFTER_MS` is taken for dead. A relay must know this within seconds:
 * a message forwarded to a dead owner would never be answered (the lease alone would take 15 s
 * to tell). A process wrongly taken for dead (a long pause) costs only a resync: its
 * connections' tables are watched again elsewhere, and it is told so when heard again.
 */
export const ALIVE_EVERY_MS = 1_000;
export const DEAD_AFTER_MS = 5_000;
/** How long a dead process is remembered (to tell it so should it speak again). */
const REMEMBER_DEAD_MS = 10 * 60_000;

export class Liveness {
  /** When each process was last heard from (`performance.now()`). */
  private readonly heardAt = new Map<string, number>();
  /** Processes taken for dead that have not been heard from since, and when they died. */
  private readonly dead = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Notes a message from the process; true when it had been taken for dead. */
  heard(processId: string): boolean {
    this.heardAt.set(processId, this.now());
    return this.dead.delete(processId);
  }

  alive(processId: string): boolean {
    const at = this.heardAt.get(processId);
    return at !== undefined && this.now() - at < DEAD_AFTER_MS;
  }

  /**
   * The processes that have just died (silent for `DEAD_AFTER_MS`), or every known one when
   * this process cannot hear anyone (`deaf`: Redis is away).
   */
  newlyDead(deaf: boolean): string[] {
    const now = this.now();
    const died: string[] = [];
    for (const [id, at] of this.heardAt) {
      if (deaf || now - at >= DEAD_AFTER_MS) {
        this.heardAt.delete(id);
        this.dead.set(id, now);
        died.push(id);
      }
    }
    for (const [id, at] of this.dead) if (now - at > REMEMBER_DEAD_MS) this.dead.delete(id);
    return died;
  }
}
