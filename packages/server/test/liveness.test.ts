/**
 * Which processes of a cluster live (`src/cluster/liveness.ts`): a process silent for
 * `DEAD_AFTER_MS` is taken for dead once, every known one is when Redis is away, and one heard
 * again after being taken for dead says so (its relayed connections were dropped).
 */
import { describe, expect, it } from 'vitest';
import { DEAD_AFTER_MS, Liveness } from '../src/cluster/liveness.ts';

describe('liveness of the other processes', () => {
  it('takes a silent process for dead once, and tells when it speaks again', () => {
    let now = 0;
    const liveness = new Liveness(() => now);
    expect(liveness.alive('p1'), 'never heard: not alive').toBe(false);
    expect(liveness.heard('p1')).toBe(false);
    expect(liveness.heard('p2')).toBe(false);
    now = DEAD_AFTER_MS - 1;
    liveness.heard('p2');
    expect(liveness.alive('p1')).toBe(true);
    expect(liveness.newlyDead(false)).toEqual([]);
    now = DEAD_AFTER_MS;
    expect(liveness.alive('p1')).toBe(false);
    expect(liveness.newlyDead(false)).toEqual(['p1']);
    expect(liveness.newlyDead(false), 'reported once').toEqual([]);
    expect(liveness.alive('p2')).toBe(true);
    expect(liveness.heard('p1'), 'back from the dead').toBe(true);
    expect(liveness.heard('p1'), 'said once').toBe(false);
    expect(liveness.alive('p1')).toBe(true);
  });

  it('takes every process for dead while this one hears nothing (Redis away)', () => {
    const liveness = new Liveness(() => 0);
    liveness.heard('p1');
    liveness.heard('p2');
    expect(liveness.newlyDead(true).sort()).toEqual(['p1', 'p2']);
    expect(liveness.alive('p1')).toBe(false);
  });
});
