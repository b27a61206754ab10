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
import jsonPatch, { type Operation } from 'fast-json-patch';
import stableStringify from 'fast-json-stable-stringify';
import type { GameFrame, UpdateFrame } from './socket.ts';

export type FramePatch = Operation[];

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
 * compared key by key; a list whose length changed, or more than half of whose elements
 * changed, is replaced whole. The patch is applied with `fast-json-patch` (`nextFrame`), and
 * `test/frame-patches.test.ts` (server) checks both agree after every move of random games.
 */
export function diffFrames(before: UpdateFrame, after: UpdateFrame): FramePatch {
  const ops: FramePatch = [];
  diffValues(before, after, '', ops);
  return ops;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key as a JSON Pointer token. */
const token = (key: string) =>
  key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;

function diffValues(before: unknown, after: unknown, path: string, ops: FramePatch): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after)) return diffLists(before, after, path, ops);
  if (isObject(before) && isObject(after)) return diffObjects(before, after, path, ops);
  // undefined is no JSON value: such a key is not sent at all.
  if (after === undefined) ops.push({ op: 'remove', path });
  else if (before === undefined) ops.push({ op: 'add', path, value: after });
  else ops.push({ op: 'replace', path, value: after });
}

function diffObjects(
  before: Record<string, Json>,
  after: Record<string, Json>,
  path: string,
  ops: FramePatch,
): void {
  for (const key in before) {
    if (before[key] !== undefined && after[key] === undefined) {
      ops.push({ op: 'remove', path: `${path}/${token(key)}` });
    }
  }
  for (const key in after) {
    const value = after[key];
    const old = before[key];
    // Most of a frame is unchanged: equal scalars are passed over before any path is built.
    if (value === old || value === undefined) continue;
    const at = `${path}/${token(key)}`;
    if (old === undefined) ops.push({ op: 'add', path: at, value });
    else diffValues(old, value, at, ops);
  }
}

function diffLists(before: Json[], after: Json[], path: string, ops: FramePatch): void {
  if (before.length !== after.length) {
    ops.push({ op: 'replace', path, value: after });
    return;
  }
  const size = ops.length;
  let changed = 0;
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    const ahead = ops.length;
    diffValues(before[i], after[i], `${path}/${i}`, ops);
    if (ops.length > ahead) changed++;
    if (changed * 2 > after.length) {
      ops.length = size;
      ops.push({ op: 'replace', path, value: after });
      return;
    }
  }
}

/** Whether an update of this version (or at the game's end) carries a digest. */
export function carriesDigest(version: number, over: boolean): boolean {
  return over || version % DIGEST_EVERY === 0;
}

/**
 * The frame's digest: 32-bit FNV-1a of its JSON with sorted keys, as 8 hex digits. Key order
 * differs between a frame built by the server and one patched by a client; sorted keys do not.
 * With a memo (the server's, for several seats' frames built of shared parts: the spectator's
 * very objects), the sorted JSON of each shared part is written once; the text is the same.
 */
export function frameDigest(frame: UpdateFrame, memo?: StableMemo): string {
  const text = (memo ? stableJson(frame, memo, 0) : stableStringify(frame)) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Sorted-key JSON of parts of frames already written, by part (see `frameDigest`). */
export type StableMemo = WeakMap<object, string>;

/** Down to which depth `stableJson` remembers parts: the view's, and its players. */
const STABLE_MEMO_DEPTH = 3;

/**
 * `fast-json-stable-stringify` of plain JSON data, remembering the text of the objects down
 * to `STABLE_MEMO_DEPTH` (deeper ones are written by the library itself).
 */
function stableJson(value: unknown, memo: StableMemo, depth: number): string | undefined {
  if (
    typeof value !== 'object' ||
    value === null ||
    depth > STABLE_MEMO_DEPTH ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return stableStringify(value);
  }
  const known = memo.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item) => stableJson(item, memo, depth + 1) || 'null').join(',')}]`;
  } else {
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = stableJson(record[key], memo, depth + 1);
      if (member) members.push(`${JSON.stringify(key)}:${member}`);
    }
    text = `{${members.join(',')}}`;
  }
  memo.set(value, text);
  return text;
}

export type PatchedFrame = { ok: true; frame: UpdateFrame } | { ok: false; problem: string };

/**
 * The recipient's next frame: the update's own `frame`, or its `patch` applied to a copy of
 * `base` (the frame of the update's `from`), checked against its digest when it has one. A
 * problem means the client's copy cannot be trusted: it asks for a sync.
 */
export function nextFrame(
  base: UpdateFrame | null,
  update: { frame?: UpdateFrame; patch?: FramePatch; digest?: string },
): PatchedFrame {
  if (update.frame) return { ok: true, frame: update.frame };
  if (!update.patch) return { ok: false, problem: 'the update has neither a frame nor a patch' };
  if (!base) return { ok: false, problem: 'a patch came before any frame' };
  let frame: UpdateFrame;
  try {
    frame = jsonPatch.applyPatch(base, update.patch, true, false, true).newDocument;
  } catch (error) {
    return { ok: false, problem: `the patch does not apply: ${(error as Error).message}` };
  }
  if (update.digest !== undefined && frameDigest(frame) !== update.digest) {
    return { ok: false, problem: `the patched frame does not match digest ${update.digest}` };
  }
  return { ok: true, frame };
}
