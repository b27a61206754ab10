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
import type { UpdateFrame } from './socket.ts';

export type FramePatch = Operation[];

/** An update carries the digest of its frame when its version is a multiple of this. */
export const DIGEST_EVERY = 16;

/** The patch from one frame of a recipient to the next. */
export function diffFrames(before: UpdateFrame, after: UpdateFrame): FramePatch {
  return compact(jsonPatch.compare(before, after), after, '');
}

/** The value at `path`, a JSON Pointer. */
function valueAt(document: unknown, path: string): unknown {
  let value = document;
  for (const token of path.split('/').slice(1)) {
    value = (value as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/**
 * A smaller patch with the same result: where the operations under one path take more text
 * than that path's new value, one `replace` of it instead. A list that changed throughout (a
 * deciding seat's legal moves, a hand shifted by one card) is otherwise patched element by
 * element. Operations under different paths touch different parts, so their order between
 * groups does not matter; within a group it is kept.
 */
function compact(ops: FramePatch, after: unknown, prefix: string): FramePatch {
  const groups = new Map<string, FramePatch>();
  for (const op of ops) {
    const rest = op.path.slice(prefix.length + 1);
    const slash = rest.indexOf('/');
    const key = slash < 0 ? rest : rest.slice(0, slash);
    const group = groups.get(key);
    if (group) group.push(op);
    else groups.set(key, [op]);
  }
  const result: FramePatch = [];
  for (const [key, group] of groups) {
    const path = `${prefix}/${key}`;
    // One operation on the path itself (or nothing under it): nothing to gain.
    if (group.length === 1 || group.some((op) => op.path === path)) {
      result.push(...group);
      continue;
    }
    const inner = compact(group, after, path);
    const whole: FramePatch = [{ op: 'replace', path, value: valueAt(after, path) }];
    result.push(...(JSON.stringify(whole).length < JSON.stringify(inner).length ? whole : inner));
  }
  return result;
}

/** Whether an update of this version (or at the game's end) carries a digest. */
export function carriesDigest(version: number, over: boolean): boolean {
  return over || version % DIGEST_EVERY === 0;
}

/**
 * The frame's digest: 32-bit FNV-1a of its JSON with sorted keys, as 8 hex digits. Key order
 * differs between a frame built by the server and one patched by a client; sorted keys do not.
 */
export function frameDigest(frame: UpdateFrame): string {
  const text = stableStringify(frame);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
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
