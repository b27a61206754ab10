/** The ids a table keeps of the client moves it answered (`src/tables/moves/answered.ts`). */
import { describe, expect, it } from 'vitest';
import type { Peer } from '../src/peer.ts';
import { AnsweredIds, ASK_THE_STORE, IDS_KEPT } from '../src/tables/moves/answered.ts';

describe('answered move ids', () => {
  it('keeps the ids of the last IDS_KEPT versions whole and older ones as hashes', () => {
    const ids = new AnsweredIds();
    for (let version = 1; version <= 30; version++)
      ids.settle(version % 2, `m${version}`, `k${version}`, version);
    for (let version = 1; version <= 30; version++) {
      const whole = version > 30 - IDS_KEPT;
      expect(ids.kept(version % 2, `m${version}`)).toEqual(
        whole ? { key: `k${version}`, version } : undefined,
      );
      expect(ids.get(version % 2, `m${version}`)).toEqual(
        whole ? { key: `k${version}`, version } : ASK_THE_STORE,
      );
    }
    // The seat is part of the id: seat 1 never used m2.
    expect(ids.get(1, 'm2')).toBeUndefined();
    expect(ids.get(0, 'never-used')).toBeUndefined();
  });

  it('keeps an id being committed with its waiters until it is settled or forgotten', () => {
    const ids = new AnsweredIds();
    const peer = {} as Peer;
    ids.committing(0, 'a', 'move-a', peer);
    // Later versions settle around it: an id still being committed is never folded away.
    for (let version = 1; version <= 20; version++) ids.settle(1, `b${version}`, 'b', version);
    const pending = ids.kept(0, 'a');
    expect(pending?.version).toBeNull();
    expect(pending?.waiters?.has(peer)).toBe(true);
    const before = ids.settle(0, 'a', 'move-a', 21);
    expect(before).toBe(pending);
    expect(ids.kept(0, 'a')).toEqual({ key: 'move-a', version: 21 });

    ids.committing(0, 'c', 'move-c', null);
    expect(ids.forget(0, 'c')?.version).toBeNull();
    expect(ids.get(0, 'c')).toBeUndefined();
  });

  it('sends a hash collision to the store rather than taking the id as new', () => {
    const ids = new AnsweredIds();
    ids.settle(0, 'collide-414633', 'k', 1);
    for (let version = 2; version <= IDS_KEPT + 1; version++)
      ids.settle(1, `x${version}`, 'k', version);
    expect(ids.kept(0, 'collide-414633')).toBeUndefined();
    expect(ids.get(0, 'collide-928313')).toBe(ASK_THE_STORE);
  });
});
