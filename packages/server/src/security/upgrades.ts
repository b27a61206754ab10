/**
 * The WebSocket upgrade's own limit per address (its /64 for IPv6, `addressKey`), apart from
 * the HTTP API's: a reconnect storm of honest clients behind one address (a school, a NAT, a
 * server restart that drops everyone) is admitted at a steady pace instead of being refused.
 *
 * The pace is a GCRA (the token bucket as a "theoretical arrival time"): `burst` upgrades at
 * once, then one every `60 s / perMinute`. A client that comes too early is told exactly when
 * its turn is (`retryMs`): each one told gets the next free slot, so a crowd is spread out one
 * slot apart rather than all sent back at the same instant. The web client waits that long
 * before it reconnects. Only when the slots already promised reach a whole burst ahead is an
 * upgrade refused outright (HTTP 429 before the upgrade, no socket at all): a client that
 * ignores the promised time cannot hold the server busy.
 *
 * Per process; entries expire once their slots have passed (lru-cache with a TTL).
 */
import { LRUCache } from 'lru-cache';

export type UpgradeDecision =
  | { kind: 'admit' }
  /** Upgrade, say when to come back, close: the client gets the time it cannot read from a 429. */
  | { kind: 'later'; retryMs: number }
  /** Refuse before the upgrade (429). */
  | { kind: 'refuse'; retryMs: number };

interface Pace {
  /** When the address's next upgrade would be on time (GCRA's theoretical arrival time). */
  tat: number;
  /** The latest slot promised to a client told to come back later. */
  promised: number;
}

/** Distinct addresses remembered at once; beyond that the least recent one is forgotten. */
const MAX_ADDRESSES = 100_000;

export class UpgradePacer {
  private readonly intervalMs: number;
  /** How far ahead of now the schedule may run: one burst's worth of slots. */
  private readonly toleranceMs: number;
  private readonly paces: LRUCache<string, Pace>;

  /** `now`: the clock `decide` is given, which the entries' expiry must follow too. */
  constructor(burst: number, perMinute: number, now: () => number = Date.now) {
    this.intervalMs = perMinute > 0 ? 60_000 / perMinute : 0;
    this.toleranceMs = burst * this.intervalMs;
    this.paces = new LRUCache<string, Pace>({
      max: MAX_ADDRESSES,
      // Nothing about an address matters once its schedule and its promises are in the past.
      ttl: Math.max(1, 2 * this.toleranceMs),
      perf: { now },
    });
  }

  decide(key: string, now: number): UpgradeDecision {
    if (this.intervalMs === 0) return { kind: 'admit' };
    const pace = this.paces.get(key) ?? { tat: now, promised: 0 };
    const tat = Math.max(pace.tat, now);
    // GCRA: on time when the schedule is less than a burst ahead of now.
    if (tat - now <= this.toleranceMs - this.intervalMs) {
      this.paces.set(key, { tat: tat + this.intervalMs, promised: pace.promised });
      return { kind: 'admit' };
    }
    const earliest = tat - this.toleranceMs + this.intervalMs;
    const slot = Math.max(earliest, pace.promised + this.intervalMs);
    const retryMs = Math.ceil(slot - now);
    if (retryMs > this.toleranceMs) {
      this.paces.set(key, { tat, promised: pace.promised });
      return { kind: 'refuse', retryMs };
    }
    this.paces.set(key, { tat, promised: slot });
    return { kind: 'later', retryMs };
  }
}
