/**
 * Rewards for the search, one per seat. A finished game pays 1 to the winner (shared on a tie).
 * A playout cut short is judged from the final-score function: the margin over the best rival,
 * squashed into 0..1, with money counted at what it can still buy.
 */
import { finalScores, type GameState, itemAt, playerAt } from '@gangsta/engine';
import { gameProgress, moneyValue } from '../heuristic/context.ts';

/** IP margin that counts as a near-certain win at a cut-off. */
const MARGIN_SCALE = 3;

export function terminalRewards(state: GameState): number[] {
  const winners = state.result?.winners ?? [];
  return state.players.map((_, seat) => (winners.includes(seat) ? 1 / winners.length : 0));
}

/**
 * How a finished playout pays: `win` 1 (shared on a tie) or 0; `margin` the squashed score
 * margin even at the end (smoother, counts by how much); `blend` mostly the win, partly the margin.
 */
export type RewardKind = 'win' | 'margin' | 'blend';

export function estimateRewards(state: GameState, kind: RewardKind = 'win'): number[] {
  if (state.phase === 'gameOver' && state.result) {
    const win = terminalRewards(state);
    if (kind === 'win') return win;
    const margin = marginRewards(state);
    return kind === 'margin'
      ? margin
      : win.map((w, i) => 0.7 * w + 0.3 * itemAt(margin, i, 'margin'));
  }
  return marginRewards(state);
}

function marginRewards(state: GameState): number[] {
  const { scores } = finalScores(state);
  const money = moneyValue(gameProgress(state));
  // The richest bonus is already in `total`; money still to spend is worth more than that.
  const value = scores.map((s, seat) => {
    const p = playerAt(state, seat);
    return s.total + (p.cash + p.bank) * money * 0.6 + 0.05 * s.gangSize;
  });
  return value.map((v, seat) => {
    let rival = Number.NEGATIVE_INFINITY;
    value.forEach((w, other) => {
      if (other !== seat && w > rival) rival = w;
    });
    return 1 / (1 + Math.exp(-(v - rival) / MARGIN_SCALE));
  });
}
