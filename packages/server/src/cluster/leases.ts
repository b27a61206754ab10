/**
 * Who runs a table's bots and timers: the process that holds its lease in Redis, with a
 * fencing token from the store. A lease lasts `LEASE_MS` and is renewed every `RENEW_MS` while
 * the process lives; when it dies, its leases run out and the next round of another process
 * takes them over (at once when it gave them up on SIGTERM: the others hear of it on the bus).
 *
 * Taking a lease is three steps: the key in Redis (SET NX), then the table's fence raised in
 * the store, whose new value is this process's token (`store/fencing.ts`), then the key read
 * again: a process paused between the first two steps must not run the table with a token
 * newer than that of the process that took the key meanwhile. Only then does the process run
 * the table. Every commit of the table's moves it makes carries the token, and the store
 * refuses it once another process has raised the fence: a process that lost its lease
 * without knowing (paused, cut off from Redis) cannot commit under it.
 *
 * A lease also counts as lost here once its time is up by this process's own clock (less a
 * margin), so that a process that was paused stops acting on it as soon as it runs again,
 * before its next round tells it so; the fence is what makes that safe, not the margin.
 */
import type { Redis } from 'ioredis';
import type { Fence } from '../store/types.ts';

export const LEASE_MS = 15_000;
export const RENEW_MS = 5_000;
/** A lease is taken to end this long before Redis lets it go (clocks do not run alike). */
const MARGIN_MS = 2_000;

/**
 * One round for many tables at once: each lease held is extended (1), each free one taken
 * (2), the others are another process's (its id).
 */
const ROUND = `local out = {}
for i, key in ipairs(KEYS) do
  local owner = redis.call('get', key)
  if owner == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    out[i] = 1
  elseif redis.call('set', key, ARGV[1], 'PX', ARGV[2], 'NX') then
    out[i] = 2
  else
    out[i] = owner or 0
  end
end
return out`;
/** Tables per round trip (a script's keys travel in one command). */
const ROUND_SIZE = 500;

/** Whether each lease is still this process's (extended if so). */
const CONFIRM = `local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out`;

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`;

/** Raises the fences of tables whose leases were just taken: the tokens (the store's). */
export type TakeFences = (tables: string[]) => Promise<Fence[]>;

interface Lease {
  /** Null until the fence is raised (or after a commit was refused as fenced). */
  token: number | null;
  /** `performance.now()` after which the lease counts as lost. */
  until: number;
}

export class Leases {
  private readonly held = new Map<string, Lease>();
  /** The process holding each lease this process asked for and did not get, as of the last round. */
  private readonly others = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
    private readonly leaseKey: (table: string) => string,
    private readonly takeFences: TakeFences,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The token of a table this process runs: its lease held, fenced and not run out. */
  token(table: string): number | null {
    const lease = this.held.get(table);
    if (!lease || lease.token === null || this.now() >= lease.until) return null;
    return lease.token;
  }

  holds(table: string): boolean {
    return this.token(table) !== null;
  }

  /** Which process held the table's lease at the last round, when it was another one. */
  heldElsewhere(table: string): string | null {
    return this.others.get(table) ?? null;
  }

  /** The process holding each table's lease now, or null (read from Redis). */
  async ownersOf(tables: string[]): Promise<(string | null)[]> {
    const owners: (string | null)[] = [];
    for (let i = 0; i < tables.length; i += ROUND_SIZE) {
      const keys = tables.slice(i, i + ROUND_SIZE).map(this.leaseKey);
      owners.push(...(await this.redis.mget(...keys)));
    }
    return owners;
  }

  /** A commit of the table was refused for its token: run it no more until fenced anew. */
  fenced(table: string): void {
    const lease = this.held.get(table);
    if (lease) lease.token = null;
  }

  /**
   * Renews the leases held and tries to take the others; returns the tables this process
   * runs from now on (taken and fenced). Tables no longer active are released. When Redis
   * cannot be reached, nothing is held (another process may take the tables meanwhile).
   */
  async sweep(active: string[]): Promise<string[]> {
    const wanted = new Set(active);
    for (const table of [...this.held.keys()]) if (!wanted.has(table)) await this.release(table);
    this.others.clear();
    const toFence: string[] = [];
    for (let i = 0; i < active.length; i += ROUND_SIZE) {
      const tables = active.slice(i, i + ROUND_SIZE);
      const sentAt = this.now();
      let answers: unknown[] = [];
      try {
        answers = (await this.eval(ROUND, tables)) as unknown[];
      } catch {
        // Redis is away: hold nothing we cannot prove.
      }
      tables.forEach((table, j) => {
        const lease = this.held.get(table);
        const answer = answers[j];
        if (answer === 1 && lease) {
          lease.until = sentAt + LEASE_MS - MARGIN_MS;
          if (lease.token === null) toFence.push(table);
        } else if (answer === 1 || answer === 2) {
          // Taken afresh (or found ours with nothing known of it): a new token is needed.
          this.held.set(table, { token: null, until: sentAt + LEASE_MS - MARGIN_MS });
          toFence.push(table);
        } else {
          this.held.delete(table);
          if (typeof answer === 'string') this.others.set(table, answer);
        }
      });
    }
    return toFence.length > 0 ? this.fence(toFence) : [];
  }

  /** Raises the tables' fences, then checks that their keys are still ours: the tokens held. */
  private async fence(tables: string[]): Promise<string[]> {
    const fences = await this.takeFences(tables);
    const running: string[] = [];
    for (let i = 0; i < fences.length; i += ROUND_SIZE) {
      const chunk = fences.slice(i, i + ROUND_SIZE);
      const sentAt = this.now();
      let answers: unknown[] = [];
      try {
        answers = (await this.eval(
          CONFIRM,
          chunk.map((f) => f.table),
        )) as unknown[];
      } catch {
        // Redis is away: these tokens are not used (the tables are fenced anew when taken).
      }
      chunk.forEach(({ table, token }, j) => {
        const lease = this.held.get(table);
        if (answers[j] !== 1 || !lease) {
          this.held.delete(table);
          return;
        }
        lease.token = token;
        lease.until = sentAt + LEASE_MS - MARGIN_MS;
        running.push(table);
      });
    }
    return running;
  }

  private eval(script: string, tables: string[]): Promise<unknown> {
    const keys = tables.map(this.leaseKey);
    return this.redis.eval(script, keys.length, ...keys, this.processId, LEASE_MS);
  }

  async release(table: string): Promise<void> {
    this.held.delete(table);
    await this.redis.eval(RELEASE, 1, this.leaseKey(table), this.processId).catch(() => {});
  }

  /** Gives up every lease held; returns the tables given up. */
  async releaseAll(): Promise<string[]> {
    const tables = [...this.held.keys()];
    await Promise.all(tables.map((table) => this.release(table)));
    return tables;
  }
}
