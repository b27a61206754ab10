/**
 * React's external-store protocol, written once: the listeners of a value that changes outside
 * React, read with `useSyncExternalStore(store.subscribe, getSnapshot)`. The session, the three
 * table sources, the online identity and the sound setting keep their own snapshot and call
 * `emit()` after each change.
 */
export class Listeners {
  private readonly listeners = new Set<() => void>();

  /** Bound to the instance: handed to `useSyncExternalStore` as it is. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Tells every listener that the snapshot changed. */
  emit(): void {
    for (const listener of this.listeners) listener();
  }

  /** Forgets every listener (the store is disposed of). */
  clear(): void {
    this.listeners.clear();
  }
}
