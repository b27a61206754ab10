import {
  fast,
  type GameState,
  itemAt,
  legalMoves,
  moveKey,
  playerAt,
  viewFor,
} from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { benchPositions } from '../src/bench.ts';
import { SEARCH_DEFAULTS, SEARCH_REVISION, search, searchSignature } from '../src/index.ts';
import { estimateRewards } from '../src/ismcts/evaluate.ts';
import { actorMoves, isSearchable, playout } from '../src/ismcts/playout.ts';
import { createRng } from '../src/rng.ts';
import { advance } from './helpers.ts';

function midGame(players: number): GameState {
  return advance({ players, seed: 4242 + players }, (s) => s.moveCount >= 40);
}

describe('ISMCTS search', () => {
  it('is deterministic with a seed and an iteration budget, and reports its root moves', () => {
    const state = midGame(3);
    const decision = fast.decision(state);
    const seat = 'seat' in decision ? decision.seat : 0;
    const view = viewFor(state, seat);
    const legal = legalMoves(state, seat).filter(isSearchable);
    const a = search(view, legal, { iterations: 200, seed: 99 });
    const b = search(view, legal, { iterations: 200, seed: 99 });
    expect(moveKey(a.move)).toBe(moveKey(b.move));
    expect(a.iterations).toBe(b.iterations);
    expect(a.moves.map((m) => [moveKey(m.move), m.visits, m.value])).toEqual(
      b.moves.map((m) => [moveKey(m.move), m.visits, m.value]),
    );
    // Every reported move is one of those asked about, most visited first, the chosen first.
    const keys = new Set(legal.map(moveKey));
    for (const m of a.moves) expect(keys.has(moveKey(m.move))).toBe(true);
    expect(moveKey(itemAt(a.moves, 0, 'reported move').move)).toBe(moveKey(a.move));
    for (let i = 1; i < a.moves.length; i++) {
      const visits = (k: number) => itemAt(a.moves, k, 'reported move').visits;
      expect(visits(i)).toBeLessThanOrEqual(visits(i - 1));
    }
    expect(a.moves.reduce((s, m) => s + m.visits, 0)).toBe(a.iterations);
  });

  it('runs the whole budget when the early stop is off', () => {
    const p = itemAt(benchPositions(), 1, 'bench position');
    const r = search(p.view, p.legal.filter(isSearchable), {
      iterations: 130,
      seed: 5,
      earlyStop: false,
    });
    expect(r.iterations).toBe(130);
  });

  it('a playout stops at its cut-off depth and is then judged by the evaluation', () => {
    const state = midGame(4);
    const copy = fast.clone(state);
    const played = playout(copy, SEARCH_DEFAULTS.policy, SEARCH_DEFAULTS.depth, createRng(3));
    expect(played).toBeLessThanOrEqual(SEARCH_DEFAULTS.depth);
    expect(copy.phase).not.toBe('gameOver');
    const rewards = estimateRewards(copy, SEARCH_DEFAULTS.reward);
    expect(rewards).toHaveLength(4);
    for (const r of rewards) {
      expect(r).toBeGreaterThan(0);
      expect(r).toBeLessThan(1);
    }
  });

  it('the cut-off evaluation favours the leader and is symmetric at two players', () => {
    const state = midGame(2);
    const rewards = estimateRewards(state, 'margin');
    expect(rewards).toHaveLength(2);
    const [a = 0, b = 0] = rewards;
    expect(a + b).toBeCloseTo(1, 9);
    const rich = fast.clone(state);
    playerAt(rich, 0).heistIp += 10;
    const [a2 = 0, b2 = 0] = estimateRewards(rich, 'margin');
    expect(a2).toBeGreaterThan(a);
    expect(b2).toBeLessThan(b);
  });

  it('searches only the moves it is asked about, which are legal', () => {
    for (const p of benchPositions()) {
      const legal = p.legal.filter(isSearchable);
      const keys = new Set(legal.map(moveKey));
      const r = search(p.view, legal, { iterations: 60, seed: 1 });
      expect(keys.has(moveKey(r.move))).toBe(true);
      const seatMoves = actorMoves(p.legal);
      expect(seatMoves.every((m) => m.seat === p.view.viewer)).toBe(true);
    }
  });

  it('has a signature that names its revision and changes with any setting', () => {
    const base = searchSignature();
    expect(base).toMatch(new RegExp(`^r${SEARCH_REVISION}-[0-9a-f]{8}$`));
    expect(searchSignature({})).toBe(base);
    expect(searchSignature({ depth: SEARCH_DEFAULTS.depth + 1 })).not.toBe(base);
    expect(searchSignature({ exploration: 0.5 })).not.toBe(base);
    expect(searchSignature({ ...SEARCH_DEFAULTS })).toBe(base);
  });
});
