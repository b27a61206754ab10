/**
 * Who runs a table's bots and timers: the process that holds its lease in Redis. A lease
 * lasts `LEASE_MS` and is renewed every `RENEW_MS` while the process lives; when it dies, its
 * leases run out and the next sweep of another process takes them over. Without the lease,
 * every process would play the bots (one would win each race in the store, but the work
 * would be done twice).
 */
import type { Redis } from 'ioredis';

export const LEASE_MS = 15_000;
export const RENEW_MS = 5_000;

const key = (table: string) => `gangsta:runner:${table}`;

/** Extends the lease only if this process holds it (compare and extend, atomically). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`;

export class Leases {
  private readonly held = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
  ) {}

  holds(table: string): boolean {
    return this.held.has(table);
  }

  /**
   * Renews the leases held and tries to take the others; returns the tables newly taken.
   * Tables no longer active are released.
   */
  async sweep(active: string[]): Promise<string[]> {
    const wanted = new Set(active);
    const taken: string[] = [];
    for (const table of [...this.held]) if (!wanted.has(table)) await this.release(table);
    const pipeline = this.redis.pipeline();
    for (const table of active) {
      if (this.held.has(table)) pipeline.eval(RENEW, 1, key(table), this.processId, LEASE_MS);
      else pipeline.set(key(table), this.processId, 'PX', LEASE_MS, 'NX');
    }
    const results = (await pipeline.exec()) ?? [];
    active.forEach((table, i) => {
      const [error, value] = results[i] ?? [new Error('no answer'), null];
      const ok = !error && (value === 'OK' || value === 1);
      if (ok && !this.held.has(table)) {
        this.held.add(table);
        taken.push(table);
      } else if (!ok) {
        this.held.delete(table);
      }
    });
    return taken;
  }

  async release(table: string): Promise<void> {
    this.held.delete(table);
    await this.redis.eval(RELEASE, 1, key(table), this.processId).catch(() => {});
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.held].map((table) => this.release(table)));
  }
}
