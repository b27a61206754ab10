/**
 * `gangsta review FILE --seat N`: the costliest decisions of one seat in a finished game, by the
 * hard bot's search from that seat's views (bots' review.ts): what was played, what was
 * better, the win chance each leaves, and why (the heuristic's reason, in English).
 */
import { describeReason, type ReviewedDecision, reviewGame } from '@gangsta/bots';
import { applyMove, createGame, type GameState, viewFor } from '@gangsta/engine';
import type { Command } from 'commander';
import { RuntimeError, UsageError } from '../errors.ts';
import { loadGame } from '../records.ts';
import { cardName } from '../render/cards.ts';
import { colorWanted, makePalette } from '../render/color.ts';
import type { RenderContext } from '../render/context.ts';
import { describeMove } from '../render/moves.ts';

interface ReviewFlags {
  seat: string;
  iterations?: string;
  top?: string;
  json?: boolean;
}

function positiveInt(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a whole number ≥ 1`);
  return n;
}

const percent = (chance: number) => `${Math.round(chance * 100)}%`;

function reviewFile(file: string, flags: ReviewFlags): void {
  const { record, state: final } = loadGame(file);
  if (!final.result) throw new RuntimeError(`${file}: the game is not finished`);
  const seatNumber = positiveInt(flags.seat, '--seat') ?? 1;
  if (seatNumber > record.options.players) {
    throw new UsageError(`--seat must be between 1 and ${record.options.players}`);
  }
  const seat = seatNumber - 1;
  const iterations = positiveInt(flags.iterations, '--iterations');
  const top = positiveInt(flags.top, '--top');
  const interactive = !flags.json && process.stderr.isTTY;
  const review = reviewGame(record, seat, {
    ...(iterations !== undefined && { iterations }),
    ...(top !== undefined && { top }),
    onProgress: (done, total) => {
      if (interactive) process.stderr.write(`\rreviewing decision ${done} of ${total}…`);
    },
  });
  if (interactive) process.stderr.write('\n');
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(review, null, 1)}\n`);
    return;
  }
  // The states before each listed move, to word the moves as the seat saw them.
  const wanted = new Set(review.costliest.map((d) => d.index));
  const before = new Map<number, GameState>();
  const created = createGame({ ...record.options, cardSet: record.cardSet });
  if (!created.ok) throw new RuntimeError(`${file}: ${created.error.message}`);
  let state = created.state;
  record.moves.forEach((move, index) => {
    if (wanted.has(index)) before.set(index, state);
    const next = applyMove(state, move);
    if (next.ok) state = next.state;
  });
  const ctx: RenderContext = {
    cards: final.cards,
    c: makePalette(colorWanted(process.stdout)),
    seatNames: final.players.map((_, i) => `Seat ${i + 1}`),
    viewer: seat,
  };
  const out = (text: string) => process.stdout.write(`${text}\n`);
  out(
    `${file}: seat ${seatNumber}, ${review.decisions.length} decisions reviewed (${review.iterations} simulations each, from the seat's view only).`,
  );
  if (review.costliest.length === 0) {
    out('Nothing stands out: no decision cost a real chance of winning, by the search.');
    return;
  }
  out('Costliest decisions (win chance lost, by the hard bot’s search):');
  review.costliest.forEach((d: ReviewedDecision, i) => {
    const at = before.get(d.index);
    const view = at ? viewFor(at, seat) : null;
    const say = (move: typeof d.played) => (view ? describeMove(view, move, ctx) : move.type);
    const lost = Math.round(d.bestChance * 100) - Math.round(d.playedChance * 100);
    out('');
    out(
      ctx.c.bold(
        `${i + 1}. Turn ${d.turn}, chapter ${d.chapter} (move ${d.index + 1}): −${lost} points`,
      ),
    );
    out(`   played: ${say(d.played)} (${percent(d.playedChance)})`);
    out(`   better: ${say(d.best)} (${percent(d.bestChance)})`);
    out(
      `   why:    ${describeReason(
        d.reason,
        (id) => cardName(final.cards, id),
        (s) => `seat ${s + 1}`,
      )}`,
    );
  });
}

export function registerReview(program: Command): void {
  program
    .command('review')
    .description(
      "point at a seat's costliest decisions in a finished game, by the hard bot's search",
    )
    .argument('<file>', 'a finished game record (saved by "gangsta play --save" or the web)')
    .option('--seat <n>', 'the seat to review, from 1', '1')
    .option('--iterations <n>', 'simulations per decision (default 400)')
    .option('--top <n>', 'how many decisions to list (default 5)')
    .option('--json', 'print the whole review as JSON')
    .addHelpText(
      'after',
      `
Examples:
  gangsta review game.json --seat 1
  gangsta review game.json --seat 2 --iterations 200 --top 3`,
    )
    .action((file: string, flags: ReviewFlags) => reviewFile(file, flags));
}
