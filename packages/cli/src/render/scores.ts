/** The final score table with its breakdown (R-END-1..4) and the winners. */
import {
  CHAPTER_THRESHOLDS,
  type GameResult,
  SCORE_SOURCES,
  type ScoreBreakdown,
} from '@gangsta/engine';
import { padEnd, padStart } from './color.ts';
import { type RenderContext, seatName } from './context.ts';

/** The engine's score sources (under their own names, `largestGang` shortened), the total and the tie-break. */
const COLUMNS: { key: keyof ScoreBreakdown; title: string }[] = [
  ...SCORE_SOURCES.map((key) => ({ key, title: key === 'largestGang' ? 'largest' : key })),
  { key: 'total', title: 'TOTAL' },
  { key: 'gangSize', title: 'gang' },
];

const REASONS: Record<GameResult['reason'], string> = {
  gangSize: `a gang reached ${CHAPTER_THRESHOLDS[3]} members`,
  snitches: 'the third snitch of chapter III came out',
  safeguard: 'nobody recruited or completed a heist for too long (the safeguard)',
};

/** Why the game ended, as a sentence: "The game ended: a gang reached 9 members." */
export function endSentence(reason: GameResult['reason']): string {
  return `The game ended: ${REASONS[reason]}.`;
}

export function renderScores(result: GameResult, ctx: RenderContext): string {
  const { c } = ctx;
  const nameWidth = Math.max(6, ...result.scores.map((s) => seatName(ctx, s.seat).length)) + 2;
  const head = padEnd('seat', nameWidth) + COLUMNS.map((col) => padStart(col.title, 10)).join('');
  const lines = [c.bold('Final scores'), c.bold(head)];
  for (const score of result.scores) {
    const winner = result.winners.includes(score.seat);
    const row =
      padEnd(seatName(ctx, score.seat), nameWidth) +
      COLUMNS.map((col) => padStart(String(score[col.key]), 10)).join('');
    lines.push(winner ? c.green(row) : row);
  }
  const winners = result.winners.map((seat) => seatName(ctx, seat));
  lines.push(
    winners.length === 1
      ? c.bold(`Winner: ${winners[0]}`)
      : c.bold(`Shared victory: ${winners.join(', ')}`),
  );
  lines.push(`${endSentence(result.reason)} ("gang" is the tie-breaker: members.)`);
  return lines.join('\n');
}
