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
  return jsonPatch.compare(before, after);
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
