/** Calls to the store's thread and its answers: a `Store` method name with its arguments. */
import type { Store } from './types.ts';

type Methods = {
  [K in keyof Store]: Store[K] extends (...args: infer A) => Promise<unknown> ? A : never;
};

export type StoreCall = {
  [K in keyof Methods]: { id: number; method: K; args: Methods[K] };
}[keyof Methods];

export type StoreReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string; code?: string };
