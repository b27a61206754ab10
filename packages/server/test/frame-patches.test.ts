/**
 * Live updates carry a JSON Patch of each recipient's frame (protocol `frameDelta.ts`). Over
 * random games of every variant, for every seat and for spectators, after every move: the
 * patch as it travels (JSON text) turns the frame held into exactly the server's next frame,
 * the digest of the patched frame is the server's, a frame that drifted is caught by the
 * digest, and a patch stays much smaller than the frame it replaces.
 */
import { legalMoves, type Seat } from '@gangsta/engine';
import {
  diffFrames,
  type FramePatch,
  frameDigest,
  nextFrame,
  type UpdateFrame,
} from '@gangsta/protocol';
import stableStringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { isOver, type Position, playMove, startPosition } from '../src/tables/game/position.ts';
import { sharedUpdateFrame, UpdatePatches, updateFrameFor } from '../src/tables/watchers/frames.ts';
import { at } from './support/lists.ts';

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function startOf(seed: number): Position {
  const next = random(seed * 7919 + 1);
  const started = startPosition({
    players: 2 + (seed % 3),
    seed,
    families: next() < 0.5,
    resources: next() < 0.5,
    expertResources: false,
    minimumPassIncome: next() < 0.5,
    catchUpCash: next() < 0.5,
    privateHeistInfluence: next() < 0.5,
  });
  if (!started.ok) throw new Error(started.error.message);
  return started.position;
}

/** Each move of a random game from `startOf(seed)`: the position before it and after it. */
function* randomMoves(seed: number): Generator<[Position, Position]> {
  let position = startOf(seed);
  const pick = random(seed);
  while (!isOver(position)) {
    const legal = legalMoves(position.state);
    const played = playMove(position, legal[Math.floor(pick() * legal.length)], false);
    if (!played.ok) throw new Error(played.error.message);
    yield [position, played.position];
    position = played.position;
  }
}

/** The patch as a client receives it: through JSON text. */
const onTheWire = (patch: FramePatch): FramePatch => JSON.parse(JSON.stringify(patch));
const same = (a: UpdateFrame, b: UpdateFrame) =>
  stableStringify(JSON.parse(JSON.stringify(a))) === stableStringify(JSON.parse(JSON.stringify(b)));

describe('frame patches (live updates)', () => {
  it('give back every recipient’s exact frame after every move of 12 random games', () => {
    const patchBytes: number[] = [];
    const frameBytes: number[] = [];
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const start = startOf(seed);
      const seats: (Seat | null)[] = [null, ...start.state.players.map((_, i) => i)];
      const held = new Map(seats.map((seat) => [seat, updateFrameFor(start, seat)]));
      for (const [position, after] of randomMoves(seed)) {
        for (const seat of seats) {
          const expected = updateFrameFor(after, seat);
          const patch = onTheWire(diffFrames(updateFrameFor(position, seat), expected));
          const next = nextFrame(held.get(seat)!, { patch, digest: frameDigest(expected) });
          if (!next.ok) throw new Error(`seed ${seed}, seat ${seat}: ${next.problem}`);
          expect(same(next.frame, expected)).toBe(true);
          held.set(seat, next.frame);
          patchBytes.push(JSON.stringify(patch).length);
          frameBytes.push(JSON.stringify(expected).length);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1500);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;
    // A frame is several kilobytes; what changes with one move is a small part of it.
    expect(median(patchBytes)).toBeLessThan(median(frameBytes) / 4);
  });

  it('are the same, byte for byte, from the frames the broadcast builds on the spectator’s', () => {
    let checked = 0;
    for (let seed = 21; seed <= 32; seed++) {
      const players = startOf(seed).state.players;
      const seats: (Seat | null)[] = [...players.map((_, i) => i), null];
      for (const [position, after] of randomMoves(seed)) {
        for (const seat of seats) {
          const frame = sharedUpdateFrame(after, seat);
          const built = updateFrameFor(after, seat);
          // The same JSON, keys in the same order (the order a patch's operations follow).
          expect(JSON.stringify(frame)).toBe(JSON.stringify(built));
          const patch = diffFrames(sharedUpdateFrame(position, seat), frame);
          expect(JSON.stringify(patch)).toBe(
            JSON.stringify(diffFrames(updateFrameFor(position, seat), built)),
          );
          expect(frameDigest(frame)).toBe(frameDigest(built));
          checked++;
        }
        // The seats' frames share the spectator's parts: all but their own player's private ones.
        const spectator = sharedUpdateFrame(after, null).view;
        const first = sharedUpdateFrame(after, 0).view;
        expect(first.options).toBe(spectator.options);
        expect(first.players[1]).toBe(spectator.players[1]);
        expect(at(first.players, 0, 'player').gang).toBe(at(spectator.players, 0, 'player').gang);
      }
    }
    expect(checked).toBeGreaterThan(1500);
  });

  it('built once per audience (the shared parts once per update) give back every exact frame', () => {
    let checked = 0;
    for (let seed = 41; seed <= 52; seed++) {
      const start = startOf(seed);
      const seats: (Seat | null)[] = [null, ...start.state.players.map((_, i) => i)];
      const held = new Map(seats.map((seat) => [seat, updateFrameFor(start, seat)]));
      for (const [position, after] of randomMoves(seed)) {
        const patches = new UpdatePatches(position, after);
        for (const seat of seats) {
          const expected = updateFrameFor(after, seat);
          const patch: FramePatch = JSON.parse(patches.textFor(seat));
          const next = nextFrame(held.get(seat)!, { patch, digest: frameDigest(expected) });
          if (!next.ok) throw new Error(`seed ${seed}, seat ${seat}: ${next.problem}`);
          expect(same(next.frame, expected)).toBe(true);
          held.set(seat, next.frame);
          // Asked again (another watcher of the seat), the same text.
          expect(patches.textFor(seat)).toBe(JSON.stringify(patch));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1500);
  });

  it('are caught by the digest when the frame held drifted, and refused when they do not apply', () => {
    const position = startOf(3);
    const frame = updateFrameFor(position, 0);
    const drifted: UpdateFrame = { ...frame, moveCount: frame.moveCount + 1 };
    const digest = frameDigest(frame);
    const drift = nextFrame(drifted, { patch: [], digest });
    expect(drift.ok).toBe(false);
    expect(!drift.ok && drift.problem).toContain(`digest ${digest}`);
    const broken = nextFrame(frame, { patch: [{ op: 'remove', path: '/nothing/here' }] });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problem).toMatch(/does not apply/);
    expect(nextFrame(null, { patch: [] }).ok).toBe(false);
    expect(nextFrame(frame, {}).ok).toBe(false);
    // A patch must not reach the prototype of the frame's objects.
    const polluting = nextFrame(frame, {
      patch: [{ op: 'add', path: '/__proto__/polluted', value: 1 }],
    });
    expect(polluting.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
