/**
 * Login attempts, limited per address (any attempt) and per username (failed attempts only,
 * whether or not the account exists, so the limit says nothing about which usernames exist).
 * Counted in memory per process, in fixed windows on the table context's clock.
 */
import { LRUCache } from 'lru-cache';

export interface LoginLimitSettings {
  /** Attempts per minute and address (0: no limit). */
  perAddressPerMinute: number;
  /** Failed attempts per username within `failureWindowMs` (0: no limit). */
  failuresPerUsername: number;
  failureWindowMs: number;
}

export const LOGIN_LIMITS: LoginLimitSettings = {
  perAddressPerMinute: 10,
  failuresPerUsername: 5,
  failureWindowMs: 15 * 60_000,
};

interface Window {
  start: number;
  count: number;
}

/**
 * Keys (addresses, usernames) counted at most at once: an attacker trying endless usernames
 * or addresses cannot grow the counters without bound; the least recently used go first.
 */
const KEYS_MAX = 100_000;

/** Counts per key in windows of `windowMs`; forgets windows that are over. */
class WindowCounter {
  /**
   * A window is forgotten once over: by the check on the caller's clock below, and by the
   * cache itself `windowMs` after it began (real time), whether or not the key comes back.
   */
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.windows = new LRUCache({ max: KEYS_MAX, ttl: windowMs, ttlAutopurge: true });
  }

  /** Milliseconds until the key may try again (0: it may now). */
  wait(key: string, now: number): number {
    if (this.limit <= 0) return 0;
    const window = this.current(key, now);
    return window && window.count >= this.limit ? window.start + this.windowMs - now : 0;
  }

  add(key: string, now: number): void {
    if (this.limit <= 0) return;
    const window = this.current(key, now) ?? { start: now, count: 0 };
    window.count++;
    // Set again without touching its expiry: a window ends `windowMs` after it began.
    this.windows.set(key, window, { noUpdateTTL: this.windows.has(key) });
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && now - window.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }
}

export class LoginLimits {
  private readonly addresses: WindowCounter;
  private readonly usernames: WindowCounter;

  constructor(settings: LoginLimitSettings = LOGIN_LIMITS) {
    this.addresses = new WindowCounter(settings.perAddressPerMinute, 60_000);
    this.usernames = new WindowCounter(settings.failuresPerUsername, settings.failureWindowMs);
  }

  /** Counts an attempt; returns the milliseconds to wait when it is refused (0: go ahead). */
  attempt(address: string, usernameKey: string, now: number): number {
    const wait = Math.max(this.addresses.wait(address, now), this.usernames.wait(usernameKey, now));
    if (wait > 0) return wait;
    this.addresses.add(address, now);
    return 0;
  }

  failed(usernameKey: string, now: number): void {
    this.usernames.add(usernameKey, now);
  }

  succeeded(usernameKey: string): void {
    this.usernames.clear(usernameKey);
  }
}
