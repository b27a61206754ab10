/**
 * Deadlines of many tables on one timer: a binary min-heap of (moment, key), and one timer
 * of the time source set for the earliest. Setting, moving or dropping a key's deadline costs
 * O(log n); when the timer fires, only the keys due are taken out. So nothing looks at every
 * table in memory at once: a process with 100,000 tables loaded does the work of one table
 * per deadline, never a sweep that holds the event loop while every game waits.
 *
 * Keys due together are handed out at most `batch` per turn of the event loop; the rest
 * follow on the next turn (tables rebuilt together at start share their deadlines).
 */
import type { TimeSource } from '../../time.ts';

interface Entry<K> {
  key: K;
  at: number;
  /** Order of setting: keys due at the same moment come out in the order they were set. */
  order: number;
}

export class Deadlines<K> {
  private readonly heap: Entry<K>[] = [];
  /** Where each key's entry is in `heap`. */
  private readonly index = new Map<K, number>();
  private order = 0;
  /** The moment the timer is set for, and how to cancel it (none while the heap is empty). */
  private timer: { at: number; cancel: () => void } | null = null;
  private stopped = false;

  constructor(
    private readonly time: TimeSource,
    /** Called once for each key whose moment has come (its deadline is gone by then). */
    private readonly due: (key: K) => void,
    private readonly batch = 256,
  ) {}

  /** Sets (or moves) the key's deadline to `at`. */
  set(key: K, at: number): void {
    if (this.stopped) return;
    const i = this.index.get(key);
    const entry = { key, at, order: this.order++ };
    if (i === undefined) {
      this.heap.push(entry);
      this.index.set(key, this.heap.length - 1);
      this.up(this.heap.length - 1);
    } else {
      this.heap[i] = entry;
      this.down(this.up(i));
    }
    this.arm();
  }

  /** Drops the key's deadline, if it has one. */
  delete(key: K): void {
    const i = this.index.get(key);
    if (i === undefined) return;
    this.removeAt(i);
    this.arm();
  }

  /** The key's deadline, or null when it has none. */
  at(key: K): number | null {
    const i = this.index.get(key);
    return i === undefined ? null : this.entryAt(i).at;
  }

  get size(): number {
    return this.heap.length;
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
    this.heap.length = 0;
    this.index.clear();
  }

  /** Sets the one timer for the earliest deadline (kept when it is already set for it). */
  private arm(): void {
    const first = this.heap[0];
    if (this.timer && first && this.timer.at === first.at) return;
    this.timer?.cancel();
    this.timer = null;
    if (!first || this.stopped) return;
    const at = first.at;
    this.timer = { at, cancel: this.time.setTimer(at, () => this.fire(at)) };
  }

  private fire(at: number): void {
    if (this.timer?.at === at) this.timer = null;
    const now = this.time.now();
    let handed = 0;
    while (handed < this.batch) {
      const first = this.heap[0];
      if (!first || first.at > now) break;
      this.removeAt(0);
      handed++;
      this.due(first.key);
      if (this.stopped) return;
    }
    const first = this.heap[0];
    if (first && first.at <= now) {
      // More are due: the next turn of the event loop, after what waits meanwhile.
      this.timer?.cancel();
      const next = first.at;
      this.timer = { at: next, cancel: this.time.setTimer(now, () => this.fire(next)) };
      return;
    }
    this.arm();
  }

  private removeAt(i: number): void {
    this.index.delete(this.entryAt(i).key);
    const last = this.heap.pop()!;
    // The entry removed was the last one: nothing to move into its place.
    if (i === this.heap.length) return;
    this.heap[i] = last;
    this.index.set(last.key, i);
    this.down(this.up(i));
  }

  /** The entry at heap position `i`: every position below the heap's length holds one. */
  private entryAt(i: number): Entry<K> {
    const entry = this.heap[i];
    if (!entry) throw new Error(`no deadline at heap position ${i} of ${this.heap.length}`);
    return entry;
  }

  private before(a: Entry<K>, b: Entry<K>): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }

  private swap(i: number, j: number): void {
    const a = this.entryAt(i);
    const b = this.entryAt(j);
    this.heap[i] = b;
    this.heap[j] = a;
    this.index.set(b.key, i);
    this.index.set(a.key, j);
  }

  /** Moves the entry at `i` up while it is earlier than its parent; returns where it ends. */
  private up(i: number): number {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(this.entryAt(i), this.entryAt(parent))) break;
      this.swap(i, parent);
      i = parent;
    }
    return i;
  }

  private down(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < this.heap.length && this.before(this.entryAt(left), this.entryAt(first)))
        first = left;
      if (right < this.heap.length && this.before(this.entryAt(right), this.entryAt(first)))
        first = right;
      if (first === i) return;
      this.swap(i, first);
      i = first;
    }
  }
}
