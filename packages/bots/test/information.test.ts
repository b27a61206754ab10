/**
 * Bots decide from their seat's view only: two states that differ only in hidden information
 * (deck orders) give identical decisions for the same seed; and a seed fixes a bot's play.
 */
import { type GameState, itemAt, legalMoves, pendingDecision, viewFor } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { type BotConfig, createBot, playGame } from '../src/index.ts';
import { advance, permuteHidden } from './helpers.ts';

function seatToMove(state: GameState): number {
  const decision = pendingDecision(state);
  if (decision.kind === 'keepResources') return itemAt(decision.seats, 0, 'keeping seat');
  if (decision.kind === 'gameOver') throw new Error('game over');
  return decision.seat;
}

const CONFIGS: BotConfig[] = [
  { kind: 'random', seed: 3 },
  { kind: 'heuristic', seed: 3 },
  { kind: 'ismcts', seed: 3, iterations: 60 },
];

describe('hidden information does not change a decision', () => {
  const positions = [
    {
      name: 'chapter I, 3 players',
      state: advance(
        { players: 3, seed: 11 },
        (s) => s.turnNumber >= 6 && pendingDecision(s).kind === 'action',
      ),
    },
    {
      name: 'chapter II, 4 players, resources',
      state: advance(
        { players: 4, seed: 12, resources: true, families: true },
        (s) => s.chapter === 2 && pendingDecision(s).kind === 'action',
      ),
    },
    {
      name: 'resource choice',
      state: advance({ players: 2, seed: 13, resources: true, expertResources: true }, () => true),
    },
  ];
  for (const { name, state } of positions) {
    it(`${name}`, () => {
      const other = permuteHidden(state);
      expect(other.heistDeck).not.toEqual(state.heistDeck);
      const seat = seatToMove(state);
      // The engine's own guarantee, which the bots rely on.
      expect(viewFor(other, seat)).toEqual(viewFor(state, seat));
      for (const config of CONFIGS) {
        const a = createBot(config).decide(viewFor(state, seat), legalMoves(state, seat));
        const b = createBot(config).decide(viewFor(other, seat), legalMoves(other, seat));
        expect(b.move).toEqual(a.move);
      }
    });
  }
});

describe('determinism', () => {
  it('the same seeds play the same game', () => {
    const make = () => [
      createBot({ kind: 'random', seed: 1 }),
      createBot({ kind: 'heuristic', seed: 2 }),
      createBot({ kind: 'ismcts', seed: 3, iterations: 15 }),
    ];
    const options = { players: 3, seed: 77, resources: true };
    const first = playGame(options, make());
    const second = playGame(options, make());
    expect(second.moves).toEqual(first.moves);
  });

  it('a different seed changes a random bot', () => {
    const options = { players: 2, seed: 5 };
    const a = playGame(options, [
      createBot({ kind: 'random', seed: 1 }),
      createBot({ kind: 'random', seed: 2 }),
    ]);
    const b = playGame(options, [
      createBot({ kind: 'random', seed: 8 }),
      createBot({ kind: 'random', seed: 9 }),
    ]);
    expect(b.moves).not.toEqual(a.moves);
  });

  it('heuristic decisions carry a reason', () => {
    const state = advance(
      { players: 2, seed: 21 },
      (s) => s.turnNumber >= 2 && pendingDecision(s).kind === 'action',
    );
    const seat = seatToMove(state);
    const decision = createBot({ kind: 'heuristic', seed: 0 }).decide(
      viewFor(state, seat),
      legalMoves(state, seat),
    );
    expect(decision.reason?.id).toMatch(/\w+/);
  });
});
