/**
 * Small updates. After a watcher's first `sync`, the server does not send the whole position
 * again with every move: an `update` carries the moves and a JSON Patch (RFC 6902) that turns
 * the frame the recipient holds (the one of version `from`) into the frame of `version`. Every
 * `DIGEST_EVERY` versions, and at the end of the game, it also carries a digest of the whole
 * new frame, so that a client whose copy drifted (a bug, a patch applied twice) finds out and
 * asks for a sync (`watch` without `seen`). Both sides use the functions of this file, so they
 * cannot disagree on what a patch or a digest is.
 *
 * An update that catches a reconnecting watcher up (`watch` with `seen`) carries the whole
 * `frame` instead: the server does not know which frame that client holds.
 */
import jsonPatch from 'fast-json-patch';
import type { FramePatch, GameFrame, UpdateFrame } from './socket.ts';

/**
 * A frame as updates patch it: without the card set, which travels once, with the sync (a
 * sync's frame has it; a client keeps it beside the frame it patches).
 */
export function withoutCards(frame: GameFrame | UpdateFrame): UpdateFrame {
  const { cards: _cards, ...view } = frame.view as GameFrame['view'];
  return { ...frame, view };
}

/** An update carries the digest of its frame when its version is a multiple of this. */
export const DIGEST_EVERY = 16;

/**
 * The patch from one frame of a recipient to the next. Written here rather than taken from
 * `fast-json-patch`'s `compare`, which deep-copies every value it emits and patches a list
 * element by element (a hand that lost its first card: one `replace` per card): on the
 * server this runs for every seat after every move, and was a fifth of its time. Objects are
 * compared key by key. A list that grew by an item or two at its end, or lost one or two,
 * gets those adds or removes; one resized otherwise, or more than half of whose items changed
 * (a list of records: more than about two fields per item), is replaced whole. The patch is
 * applied with `fast-json-patch` (`nextFrame`), and `test/frame-patches.test.ts` (server)
 * checks both agree after every move of random games.
 */
export function diffFrames(before: UpdateFrame, after: UpdateFrame): FramePatch {
  const ops: FramePatch = [];
  diffValues(before, after, [], ops);
  return ops;
}

/**
 * The patch from one part of a frame to the same part of the next, its paths starting at
 * `path` (the keys from the frame down to the part): a patch may be built a part at a time,
 * the parts every recipient shares once (`diffFrames` is the part at the empty path).
 */
export function diffPart(
  before: unknown,
  after: unknown,
  path: readonly (string | number)[],
): FramePatch {
  const ops: FramePatch = [];
  diffValues(before, after, [...path], ops);
  return ops;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The keys and indexes from the frame down to the value being compared. */
type Keys = (string | number)[];

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key as a JSON Pointer token. */
const token = (key: string) =>
  key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;

/**
 * The JSON Pointer of `keys`. Built only for an operation: most of what a diff walks is
 * unchanged, and a path for every value walked was most of the diff's garbage.
 */
function pointer(keys: Keys): string {
  for (const key of keys) {
    if (typeof key === 'string' && (key.includes('~') || key.includes('/'))) {
      return keys.map((k) => `/${typeof k === 'number' ? k : token(k)}`).join('');
    }
  }
  return keys.length === 0 ? '' : `/${keys.join('/')}`;
}

function diffValues(before: unknown, after: unknown, keys: Keys, ops: FramePatch): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after)) return diffLists(before, after, keys, ops);
  if (isObject(before) && isObject(after)) return diffObjects(before, after, keys, ops);
  const path = pointer(keys);
  // undefined is no JSON value: such a key is not sent at all.
  if (after === undefined) ops.push({ op: 'remove', path });
  else if (before === undefined) ops.push({ op: 'add', path, value: after });
  else ops.push({ op: 'replace', path, value: after });
}

function diffObjects(
  before: Record<string, Json>,
  after: Record<string, Json>,
  keys: Keys,
  ops: FramePatch,
): void {
  for (const key in before) {
    if (before[key] !== undefined && after[key] === undefined) {
      keys.push(key);
      ops.push({ op: 'remove', path: pointer(keys) });
      keys.pop();
    }
  }
  for (const key in after) {
    const value = after[key];
    const old = before[key];
    // Most of a frame is unchanged: equal scalars are passed over at once.
    if (value === old || value === undefined) continue;
    keys.push(key);
    if (old === undefined) ops.push({ op: 'add', path: pointer(keys), value });
    else diffValues(old, value, keys, ops);
    keys.pop();
  }
}

/** Appended or removed items a list's patch names one by one; more, and it is replaced whole. */
const FEW_ITEMS = 2;

function diffLists(before: Json[], after: Json[], keys: Keys, ops: FramePatch): void {
  if (before.length !== after.length) {
    if (!diffResized(before, after, keys, ops))
      ops.push({ op: 'replace', path: pointer(keys), value: after });
    return;
  }
  const size = ops.length;
  let changed = 0;
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    const ahead = ops.length;
    keys.push(i);
    diffValues(before[i], after[i], keys, ops);
    keys.pop();
    if (ops.length > ahead) changed++;
    // Most items changed: the list itself is shorter than their operations. A list of
    // records (the players, a gang) is the exception while its records change in a field
    // or two each, which is how a move changes them.
    const records = isObject(after[i]);
    if ((!records && changed * 2 > after.length) || ops.length - size > 2 * after.length + 2) {
      ops.length = size;
      ops.push({ op: 'replace', path: pointer(keys), value: after });
      return;
    }
  }
}

/**
 * Whether `a` and `b` are the same JSON: exactly when `diffValues` would find no operation
 * between them (a member whose value is undefined is no member), stopping at the first
 * difference and allocating nothing.
 */
function same(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  for (const key in a) if (a[key] !== undefined && !same(a[key], b[key])) return false;
  for (const key in b) if (b[key] !== undefined && a[key] === undefined) return false;
  return true;
}

/**
 * A list that grew at its end, or lost an item or two anywhere (a card played from a hand, a
 * card added to the discard pile): its patch adds or removes those items, where replacing it
 * whole would send it again. Returns false for any other change (the caller replaces it).
 */
function diffResized(before: Json[], after: Json[], keys: Keys, ops: FramePatch): boolean {
  const grown = after.length - before.length;
  if (grown > 0) {
    if (grown > FEW_ITEMS) return false;
    for (let i = 0; i < before.length; i++) if (!same(before[i], after[i])) return false;
    for (let i = before.length; i < after.length; i++) {
      keys.push(i);
      ops.push({ op: 'add', path: pointer(keys), value: after[i] });
      keys.pop();
    }
    return true;
  }
  if (-grown > FEW_ITEMS) return false;
  // The items of `before` that are gone, found by walking both lists side by side.
  const gone: number[] = [];
  let j = 0;
  for (let i = 0; i < before.length; i++) {
    if (j < after.length && same(before[i], after[j])) j++;
    else if (gone.push(i) > -grown) return false;
  }
  if (j !== after.length || gone.length !== -grown) return false;
  // From the last to the first, so that each index is still the item's own.
  for (const index of gone.reverse()) {
    keys.push(index);
    ops.push({ op: 'remove', path: pointer(keys) });
    keys.pop();
  }
  return true;
}

/** Whether an update of this version (or at the game's end) carries a digest. */
export function carriesDigest(version: number, over: boolean): boolean {
  return over || version % DIGEST_EVERY === 0;
}

/**
 * The frame's digest: 32-bit FNV-1a of its JSON with sorted keys (`fast-json-stable-stringify`),
 * as 8 hex digits. Key order differs between a frame built by the server and one patched by a
 * client; sorted keys do not. The text is fed to the hash as it is walked, never built: the
 * server digests every seat's frame every `DIGEST_EVERY` versions, and building the text was
 * an eighth of what it allocated.
 */
export function frameDigest(frame: UpdateFrame): string {
  const digest = new StableDigest();
  digest.value(frame);
  return (digest.hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * `Object.keys(record).sort()`, sorted in place: a frame's objects have a handful of keys, and
 * the built-in sort allocated more than the rest of the digest. The order is the built-in
 * one (strings by UTF-16 code units).
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length > 32) return keys.sort();
  // Insertion sort: 0 <= j < i < keys.length, every index read is in range.
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

/**
 * FNV-1a over `fast-json-stable-stringify`'s text of a value, fed piece by piece: the same
 * text, so the same hash (`test/frame-digest.test.ts` compares them on frames and odd values).
 */
class StableDigest {
  hash = 0x811c9dc5;
  /** The objects being written (a cycle is refused as the library refuses it). */
  private readonly open: object[] = [];

  private text(text: string): void {
    let hash = this.hash;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    this.hash = hash;
  }

  /** Whether the library writes nothing for this value (after `toJSON`): a member it leaves out. */
  private static nothing(node: unknown): boolean {
    return node === undefined || typeof node === 'function' || typeof node === 'symbol';
  }

  private static resolved(node: unknown): unknown {
    const withJson = node as { toJSON?: unknown } | null | undefined;
    return withJson && typeof withJson.toJSON === 'function'
      ? (withJson.toJSON as () => unknown)()
      : node;
  }

  /** Feeds the value's text; false when the library gives no text for it (nothing fed). */
  value(input: unknown): boolean {
    const node = StableDigest.resolved(input);
    if (StableDigest.nothing(node)) return false;
    this.written(node);
    return true;
  }

  /** Feeds the text of a value that has one (`toJSON` applied already). */
  private written(node: unknown): void {
    if (typeof node === 'number') return this.text(Number.isFinite(node) ? `${node}` : 'null');
    if (typeof node !== 'object') return this.text(JSON.stringify(node));
    if (node === null) return this.text('null');
    if (Array.isArray(node)) {
      this.text('[');
      for (let i = 0; i < node.length; i++) {
        if (i) this.text(',');
        if (!this.value(node[i])) this.text('null');
      }
      return this.text(']');
    }
    if (this.open.includes(node)) throw new TypeError('Converting circular structure to JSON');
    this.open.push(node);
    const record = node as Record<string, unknown>;
    this.text('{');
    let first = true;
    for (const key of sortedKeys(record)) {
      const member = StableDigest.resolved(record[key]);
      if (StableDigest.nothing(member)) continue;
      if (!first) this.text(',');
      first = false;
      this.text(JSON.stringify(key));
      this.text(':');
      this.written(member);
    }
    this.text('}');
    this.open.pop();
  }
}

export type PatchedFrame = { ok: true; frame: UpdateFrame } | { ok: false; problem: string };

/**
 * The recipient's next frame: the update's own `frame`, or its `patch` applied to `base` (the
 * frame of the update's `from`) without changing it, checked against its digest when it has
 * one. A problem means the client's copy cannot be trusted: it asks for a sync.
 */
export function nextFrame(
  base: UpdateFrame | null,
  update: {
    frame?: UpdateFrame | undefined;
    patch?: FramePatch | undefined;
    digest?: string | undefined;
  },
): PatchedFrame {
  if (update.frame) return { ok: true, frame: update.frame };
  if (!update.patch) return { ok: false, problem: 'the update has neither a frame nor a patch' };
  if (!base) return { ok: false, problem: 'a patch came before any frame' };
  let frame: UpdateFrame;
  try {
    frame = patched(base, update.patch);
  } catch (error) {
    return { ok: false, problem: `the patch does not apply: ${(error as Error).message}` };
  }
  if (update.digest !== undefined && frameDigest(frame) !== update.digest) {
    return { ok: false, problem: `the patched frame does not match digest ${update.digest}` };
  }
  return { ok: true, frame };
}

/**
 * `patch` applied to `base` as `fast-json-patch` applies it, on copies of only the objects and
 * lists the patch changes (and their parents): every other part of the new frame is the very
 * object of `base`. The library's own copy of the whole frame for every update was most of a
 * client's work per move, and a part that did not change keeps its identity, so a view can
 * skip drawing it again. Neither `base` nor anything in it is changed.
 */
function patched(base: UpdateFrame, patch: FramePatch): UpdateFrame {
  if (!Array.isArray(patch)) throw new Error('a patch must be a list of operations');
  const copies = new Set<object>();
  let document: unknown = shallowCopy(base, copies);
  for (let index = 0; index < patch.length; index++) {
    const operation = patch[index]!;
    document = copyAlong(document, operation.path, copies);
    if ('from' in operation) document = copyAlong(document, operation.from, copies);
    document = jsonPatch.applyOperation(document, operation, true, true, true, index).newDocument;
  }
  return document as UpdateFrame;
}

function shallowCopy<T>(value: T, copies: Set<object>): T {
  if (typeof value !== 'object' || value === null || copies.has(value)) return value;
  const copy = (Array.isArray(value) ? value.slice() : { ...value }) as T & object;
  copies.add(copy);
  return copy;
}

/** Keys a patch may never walk through (the library refuses to change them, too). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `document` with every object and list on the way to `path`'s parent copied (once per
 * patch), so that the operation changes copies only. A path that leads nowhere is left for
 * the library's check to refuse with its own message.
 */
function copyAlong(document: unknown, path: unknown, copies: Set<object>): unknown {
  if (typeof path !== 'string' || path === '') return document;
  const root = shallowCopy(document, copies);
  let parent = root as Record<string, unknown>;
  // Each key of the path but the last (the one the operation changes), after its slash.
  let start = 1;
  for (let end = path.indexOf('/', start); end >= 0; end = path.indexOf('/', start)) {
    let key = path.slice(start, end);
    start = end + 1;
    if (key.includes('~')) key = key.replace(/~1/g, '/').replace(/~0/g, '~');
    if (UNSAFE_KEYS.has(key) || !Object.hasOwn(parent, key)) break;
    const child = parent[key];
    if (typeof child !== 'object' || child === null) break;
    const copy = shallowCopy(child, copies) as Record<string, unknown>;
    parent[key] = copy;
    parent = copy;
  }
  return root;
}
