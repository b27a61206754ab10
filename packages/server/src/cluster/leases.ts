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

/**
 * One round for many tables at once: each lease held is extended, each free one taken; the
 * answer lists, per table, whether this process holds it now.
 */
const ROUND = `local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    held[i] = 1
  elseif redis.call('set', key, ARGV[1], 'PX', ARGV[2], 'NX') then
    held[i] = 1
  else
    held[i] = 0
  end
end
return held`;
/** Tables per round trip (a script's keys travel in one command). */
const ROUND_SIZE = 500;

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
    for (let i = 0; i < active.length; i += ROUND_SIZE) {
      const tables = active.slice(i, i + ROUND_SIZE);
      const keys = tables.map(key);
      let held: unknown[] = [];
      try {
        held = (await this.redis.eval(
          ROUND,
          keys.length,
          ...keys,
          this.processId,
          LEASE_MS,
        )) as unknown[];
      } catch {
        // Redis is away: hold nothing we cannot prove (another process may take the tables).
      }
      tables.forEach((table, j) => {
        if (held[j] === 1) {
          if (!this.held.has(table)) taken.push(table);
          this.held.add(table);
        } else {
          this.held.delete(table);
        }
      });
    }
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
