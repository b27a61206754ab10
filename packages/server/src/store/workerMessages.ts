/** Calls to the store's thread and its answers: a `Store` method name with its arguments. */
import type { Store } from './types.ts';

type Methods = {
  [K in keyof Store]: Store[K] extends (...args: infer A) => Promise<unknown> ? A : never;
};

export type StoreCall = {
  [K in keyof Methods]: { method: K; args: Methods[K] };
}[keyof Methods];

/**
 * The thread answers a call that failed as data, not as a thrown error: an error crossing
 * threads loses its `code` (the database's, which the store's health reads), and a thrown
 * error would look like the thread's own failure.
 */
export type StoreAnswer =
  | { ok: true; value: unknown }
  | { ok: false; error: string; code?: string };
