/**
 * The digest as docs/protocol.md states it, for a client in another language: FNV-1a (32 bit)
 * over the UTF-16 code units of the value's JSON with sorted keys and no spaces, as 8 lowercase
 * hex digits. The worked example printed in the document is computed here, by `frameDigest`
 * and by the definition written out, so neither the code nor the document can change alone.
 */
import { readFileSync } from 'node:fs';
import stableStringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { frameDigest, type UpdateFrame } from '../../src/index.ts';

/** The definition, spelled out as a client would write it. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const EXAMPLE = { seat: 0, moveCount: 3, view: { phase: 'action', removed: ['G22'] } };
const EXAMPLE_TEXT = '{"moveCount":3,"seat":0,"view":{"phase":"action","removed":["G22"]}}';
const EXAMPLE_DIGEST = '24938502';

const digestOf = (value: object) => frameDigest(value as unknown as UpdateFrame);

describe('the frame digest, as documented', () => {
  it('hashes the sorted-key JSON: the worked example', () => {
    expect(stableStringify(EXAMPLE)).toBe(EXAMPLE_TEXT);
    expect(fnv1a(EXAMPLE_TEXT)).toBe(EXAMPLE_DIGEST);
    expect(digestOf(EXAMPLE)).toBe(EXAMPLE_DIGEST);
  });

  it('counts UTF-16 code units, not UTF-8 bytes', () => {
    // "é" is one code unit (0xE9) but two UTF-8 bytes; a frame is ASCII today (card ids are
    // letters, digits, _ and -), where the two agree.
    expect(digestOf({ name: 'é' })).toBe('49d72ffb');
    expect(fnv1a('{"name":"é"}')).toBe('49d72ffb');
  });

  it('docs/protocol.md prints the example and its digest', () => {
    const doc = readFileSync(new URL('../../../../docs/protocol.md', import.meta.url), 'utf8');
    expect(doc).toContain(EXAMPLE_TEXT);
    expect(doc).toContain(`\`${EXAMPLE_DIGEST}\``);
    expect(doc).toContain('`49d72ffb`');
  });
});
