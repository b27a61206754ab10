/**
 * The patch and the digest of `frameDelta.ts` as the server and the clients compute them: the
 * patch, applied as the clients apply it, gives the new value, and in all is no longer than
 * the diff's first version (kept here as the reference), the digest exactly FNV-1a of `fast-json-stable-stringify`'s text, on
 * random JSON-like values with the odd cases (escapes, non-ASCII, -0, NaN, undefined and
 * function members, toJSON, keys that need escaping in a pointer). Frames of real games are
 * checked in the server's `test/frame-patches.test.ts`.
 */

import jsonPatch from 'fast-json-patch';
import stableStringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import {
  diffFrames,
  type FramePatch,
  frameDigest,
  nextFrame,
  type UpdateFrame,
} from '../src/index.ts';

/** The digest as first written: the library's text, then FNV-1a. */
function referenceDigest(value: unknown): string {
  const text = stableStringify(value) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The diff as first written (paths built for every value walked). */
function referenceDiff(before: unknown, after: unknown): FramePatch {
  const ops: FramePatch = [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const token = (key: string) =>
    key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
  const values = (b: unknown, a: unknown, path: string): void => {
    if (b === a) return;
    if (Array.isArray(b) && Array.isArray(a)) return lists(b, a, path);
    if (isObject(b) && isObject(a)) return objects(b, a, path);
    if (a === undefined) ops.push({ op: 'remove', path });
    else if (b === undefined) ops.push({ op: 'add', path, value: a });
    else ops.push({ op: 'replace', path, value: a });
  };
  const objects = (b: Record<string, unknown>, a: Record<string, unknown>, path: string) => {
    for (const key in b) {
      if (b[key] !== undefined && a[key] === undefined)
        ops.push({ op: 'remove', path: `${path}/${token(key)}` });
    }
    for (const key in a) {
      const value = a[key];
      const old = b[key];
      if (value === old || value === undefined) continue;
      const at = `${path}/${token(key)}`;
      if (old === undefined) ops.push({ op: 'add', path: at, value });
      else values(old, value, at);
    }
  };
  const lists = (b: unknown[], a: unknown[], path: string) => {
    if (b.length !== a.length) {
      ops.push({ op: 'replace', path, value: a });
      return;
    }
    const size = ops.length;
    let changed = 0;
    for (let i = 0; i < a.length; i++) {
      if (b[i] === a[i]) continue;
      const ahead = ops.length;
      values(b[i], a[i], `${path}/${i}`);
      if (ops.length > ahead) changed++;
      if (changed * 2 > a.length) {
        ops.length = size;
        ops.push({ op: 'replace', path, value: a });
        return;
      }
    }
  };
  values(before, after, '');
  return ops;
}

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const ODD_STRINGS = [
  '',
  'a',
  'é',
  '"quoted"',
  'back\\slash',
  'line\nbreak',
  '\u2028',
  '😀',
  '\ud800',
];
const ODD_KEYS = ['a', 'b', 'z', 'A', '10', '2', 'a/b', 'm~n', '~1', 'é', ''];
const ODD_NUMBERS = [0, -0, 1, -1, 0.5, 1e21, 1e-7, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY];

/** An item at random: the index is below the length (the lists may hold `undefined` itself). */
function pickWith<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]) => pickWith(next, items);
  const roll = next();
  if (depth > 3 || roll < 0.35) {
    return pick<unknown>([
      null,
      true,
      false,
      pick(ODD_NUMBERS),
      pick(ODD_STRINGS),
      Math.floor(next() * 100),
      undefined,
      () => 1,
      Symbol('s'),
      new Date(Math.floor(next() * 1e12)),
    ]);
  }
  if (roll < 0.65) {
    return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1));
  }
  const record: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 6); i > 0; i--)
    record[pick(ODD_KEYS)] = randomValue(next, depth + 1);
  return record;
}

/** A changed copy: some members and items replaced, added or removed. */
function mutate(value: unknown, next: () => number, depth: number): unknown {
  if (next() < 0.15) return randomValue(next, depth);
  if (Array.isArray(value)) {
    const copy = value.map((item) => (next() < 0.5 ? item : mutate(item, next, depth + 1)));
    if (next() < 0.1) copy.push(randomValue(next, depth + 1));
    return copy;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (next() < 0.1) continue;
      copy[key] = next() < 0.5 ? item : mutate(item, next, depth + 1);
    }
    if (next() < 0.2) copy[pickWith(next, ODD_KEYS)] = randomValue(next, 5);
    return copy;
  }
  return value;
}

const frame = (value: unknown) => value as UpdateFrame;

describe('frame digests', () => {
  it('are FNV-1a of fast-json-stable-stringify’s text, whatever the value', () => {
    const next = random(7);
    for (let i = 0; i < 3000; i++) {
      const value = { view: randomValue(next, 0), legal: randomValue(next, 1) };
      expect(frameDigest(frame(value))).toBe(referenceDigest(value));
    }
    for (const odd of [null, 1, 'x', [], {}, [undefined, () => 1], { a: undefined }, new Date(0)])
      expect(frameDigest(frame(odd))).toBe(referenceDigest(odd));
  });

  it('refuse a cycle as the library does', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => referenceDigest(cyclic)).toThrow(TypeError);
    expect(() => frameDigest(frame(cyclic))).toThrow(TypeError);
    // The same object twice, but not inside itself, is no cycle.
    const twice = { x: { n: 1 } };
    const shared = { a: twice, b: twice };
    expect(frameDigest(frame(shared))).toBe(referenceDigest(shared));
  });
});

describe('frame patches', () => {
  it('turn the frame before into the frame after, and are never longer than the first diff in all', () => {
    const next = random(11);
    let operations = 0;
    let bytes = 0;
    let firstBytes = 0;
    for (let i = 0; i < 3000; i++) {
      // Frames are JSON: the odd values of the digest's test are normalised as JSON would.
      const raw = { view: randomValue(next, 0), legal: randomValue(next, 1) };
      const before = wireCopy(raw) as Record<string, unknown>;
      const after = wireCopy(mutate(raw, next, 0));
      const patch = diffFrames(frame(before), frame(after));
      // As on the wire: JSON text, then applied by the clients' library to a copy of before.
      const wire = JSON.parse(JSON.stringify(patch)) as FramePatch;
      const applied = jsonPatch.applyPatch(wireCopy(before), wire, true, false, true).newDocument;
      expect(applied).toEqual(after);
      operations += patch.length;
      bytes += JSON.stringify(patch).length;
      firstBytes += JSON.stringify(referenceDiff(before, after)).length;
    }
    expect(operations).toBeGreaterThan(3000);
    expect(bytes).toBeLessThanOrEqual(firstBytes);
  });

  it('are applied by nextFrame as the library applies them, on copies of the changed parts only', () => {
    const next = random(12);
    let shared = 0;
    for (let i = 0; i < 3000; i++) {
      const raw = { view: randomValue(next, 0), legal: randomValue(next, 1) };
      const before = wireCopy(raw) as UpdateFrame;
      const after = wireCopy(mutate(raw, next, 0));
      const wire = JSON.parse(JSON.stringify(diffFrames(before, frame(after)))) as FramePatch;
      const untouched = JSON.stringify(before);
      const result = nextFrame(before, { patch: wire });
      if (!result.ok) throw new Error(result.problem);
      expect(result.frame).toEqual(after);
      expect(JSON.stringify(before)).toBe(untouched);
      // A member the patch does not reach is the base's own object.
      const view = before.view as unknown;
      const reached = wire.some((op) => op.path === '' || op.path.startsWith('/view'));
      if (typeof view === 'object' && view !== null && !reached)
        shared += result.frame.view === view ? 1 : Number.NaN;
    }
    expect(shared).toBeGreaterThan(100);
  });

  it('odd operations give what the library gives, and change no base', () => {
    const base = () => ({ view: { a: [1, 2, { b: 'x' }], 'k/~': { c: 1 } }, legal: [] });
    const patches: unknown[] = [
      [{ op: 'add', path: '/view/a/-', value: 3 }],
      [{ op: 'move', from: '/view/a/2', path: '/legal/0' }],
      [
        { op: 'copy', from: '/view/a/2', path: '/view/d' },
        { op: 'replace', path: '/view/d/b', value: 'y' },
      ],
      [
        { op: 'test', path: '/view/a/0', value: 1 },
        { op: 'remove', path: '/view/k~1~0/c' },
      ],
      [{ op: 'test', path: '/view/a/0', value: 2 }],
      [{ op: 'replace', path: '', value: { view: {}, legal: [] } }],
      [{ op: 'replace', path: '/view/a/9/b', value: 1 }],
      [{ op: 'add', path: '/view/nothing/here', value: 1 }],
      [{ op: 'add', path: '/__proto__/polluted', value: 1 }],
      [{ op: 'replace', path: '/view/a/1/x', value: 1 }],
      { op: 'remove', path: '/view' },
    ];
    for (const patch of patches) {
      const held = base();
      const result = nextFrame(frame(held), { patch: patch as FramePatch });
      let expected: unknown;
      try {
        expected = jsonPatch.applyPatch(base(), patch as FramePatch, true, false, true).newDocument;
      } catch {
        expected = 'refused';
      }
      expect(result.ok ? result.frame : 'refused', JSON.stringify(patch)).toEqual(expected);
      expect(held).toEqual(base());
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('add the items a list gained at its end and remove the ones it lost', () => {
    const card = (id: string) => ({ id, engaged: false });
    const before = { view: { hand: ['a', 'b', 'c', 'd'], gang: [card('x'), card('y')] } };
    const after = { view: { hand: ['a', 'c', 'd'], gang: [card('x'), card('y'), card('z')] } };
    expect(diffFrames(frame(before), frame(after))).toEqual([
      { op: 'remove', path: '/view/hand/1' },
      { op: 'add', path: '/view/gang/2', value: card('z') },
    ]);
    const twoGone = { view: { hand: ['b', 'd'], gang: [card('y')] } };
    expect(diffFrames(frame(before), frame(twoGone))).toEqual([
      { op: 'remove', path: '/view/hand/2' },
      { op: 'remove', path: '/view/hand/0' },
      { op: 'remove', path: '/view/gang/0' },
    ]);
    // Reordered, or three gone: replaced whole.
    const other = { view: { hand: ['d', 'a'], gang: [card('y'), card('x')] } };
    expect(diffFrames(frame(before), frame(other)).map((op) => [op.op, op.path])).toEqual([
      ['replace', '/view/hand'],
      ['replace', '/view/gang/0/id'],
      ['replace', '/view/gang/1/id'],
    ]);
  });

  it('change a field of each record of a list, not the whole list', () => {
    const players = (cash: number) => [0, 1, 2].map((seat) => ({ seat, cash: cash + seat }));
    const patch = diffFrames(
      frame({ view: { players: players(1) } }),
      frame({ view: { players: players(2) } }),
    );
    expect(patch.map((op) => op.path)).toEqual([
      '/view/players/0/cash',
      '/view/players/1/cash',
      '/view/players/2/cash',
    ]);
  });
});

/** The value as the JSON text carries it. */
function wireCopy(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}
