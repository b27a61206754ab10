/**
 * The game review: a clearly bad move is found costly, a review is deterministic, and it reads
 * only the reviewed seat's views (two games that differ only in hidden cards review alike).
 */
import {
  applyMove,
  createGame,
  type GameRecord,
  type GameState,
  itemAt,
  legalMoves,
  type Move,
  moveKey,
  viewFor,
} from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import {
  costliest,
  createBot,
  GameReviewer,
  type ReviewedDecision,
  reviewDecision,
  reviewPositions,
} from '../src/index.ts';
import { permuteHidden, seatToDecide } from './helpers.ts';

const ITERATIONS = 120;

/**
 * A 2-player game between heuristic players, except that at move `badIndex` seat 0 recruits
 * G28 rather than G13: searched on their own (600 simulations each, seed 9), G28 leaves seat 0
 * about 12% to win and G13 about 33%. The game then goes on between the heuristic players.
 */
function gameWithBlunder(): { record: GameRecord; badIndex: number; badMove: Move } {
  const created = createGame({ players: 2, seed: 5 });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const bots = [0, 1].map((seat) => createBot({ kind: 'heuristic', seed: seat }));
  const badIndex = 67;
  const badMove: Move = { type: 'recruit', seat: 0, card: 'G28' };
  const moves: Move[] = [];
  while (state.phase !== 'gameOver') {
    const seat = seatToDecide(state);
    const legal = legalMoves(state, seat);
    let move = itemAt(bots, seat, 'bot').decide(viewFor(state, seat), legal).move;
    if (moves.length === badIndex) {
      expect(legal.map(moveKey)).toContain(moveKey(badMove));
      move = badMove;
    }
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    moves.push(move);
  }
  return {
    record: { format: 'gangsta-game', version: 1, options: state.options, moves },
    badIndex,
    badMove,
  };
}

describe('reviewGame', () => {
  const { record, badIndex, badMove } = gameWithBlunder();
  const positions = reviewPositions(record, 0);

  it('lists the seat’s own decisions with a choice, in its own view', () => {
    expect(positions.length).toBeGreaterThan(10);
    for (const p of positions) {
      expect(p.played.seat).toBe(0);
      expect(p.view.viewer).toBe(0);
      expect(p.legal.length).toBeGreaterThan(1);
      expect(record.moves[p.index]).toEqual(p.played);
    }
    expect(positions.some((p) => p.index === badIndex)).toBe(true);
  });

  it('finds the blunder the costliest of its neighbours', () => {
    const at = positions.findIndex((p) => p.index === badIndex);
    const nearby = positions.slice(Math.max(0, at - 2), at + 2);
    const reviewed = nearby.map((p) => reviewDecision(p, { iterations: ITERATIONS, seed: 1 }));
    const bad = reviewed.find((d) => d.index === badIndex) as ReviewedDecision;
    expect(bad.played).toEqual(badMove);
    expect(moveKey(bad.best)).not.toBe(moveKey(badMove));
    expect(bad.loss).toBeGreaterThan(0.1);
    expect(bad.bestChance).toBeGreaterThan(bad.playedChance);
    expect(bad.reason.id).toMatch(/\w/);
    expect(costliest(reviewed, 3)[0]?.index).toBe(badIndex);
  });

  it('is deterministic for a seed', () => {
    const pick = positions.slice(-2);
    const first = pick.map((p) => reviewDecision(p, { iterations: 40, seed: 7 }));
    const second = pick.map((p) => reviewDecision(p, { iterations: 40, seed: 7 }));
    expect(second).toEqual(first);
  });

  it('steps one decision at a time and ranks what it reviewed', () => {
    const reviewer = new GameReviewer(record, 0, { iterations: 24, top: 3, minLoss: 0 });
    expect(reviewer.total).toBe(positions.length);
    expect(reviewer.step()).toBe(true);
    expect(reviewer.step()).toBe(true);
    const review = reviewer.result();
    expect(review.decisions).toHaveLength(2);
    expect(review.costliest.length).toBeLessThanOrEqual(2);
    for (const d of review.decisions) {
      expect(d.loss).toBeGreaterThanOrEqual(0);
      expect(d.loss).toBeCloseTo(Math.max(0, d.bestChance - d.playedChance));
    }
  });
});

describe('the review sees only the seat’s view', () => {
  it('hidden cards do not change a reviewed decision', () => {
    const { record } = gameWithBlunder();
    const created = createGame(record.options);
    if (!created.ok) throw new Error(created.error.message);
    let state = created.state;
    const index = 40;
    for (const move of record.moves.slice(0, index)) {
      const next = applyMove(state, move);
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
    const played = itemAt(record.moves, index, 'played move');
    const seat = played.seat;
    const other = permuteHidden(state);
    expect(other.heistDeck).not.toEqual(state.heistDeck);
    const at = (s: GameState) => ({
      index,
      view: viewFor(s, seat),
      legal: legalMoves(s, seat),
      played,
    });
    expect(at(other).legal.length).toBeGreaterThan(1);
    const a = reviewDecision(at(state), { iterations: 60, seed: 3 });
    const b = reviewDecision(at(other), { iterations: 60, seed: 3 });
    expect(b).toEqual(a);
  });
});
