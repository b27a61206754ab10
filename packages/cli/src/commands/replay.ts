/** `gangsta replay FILE`: check that a saved game replays, then show it turn by turn. */
import { applyMove, createGame, type GameState, viewFor, visibleEvents } from '@gangsta/engine';
import type { Command } from 'commander';
import { RuntimeError } from '../errors.ts';
import { LineReader } from '../io/lines.ts';
import { loadGame } from '../records.ts';
import { renderBoard } from '../render/board.ts';
import { colorWanted, makePalette } from '../render/color.ts';
import type { RenderContext } from '../render/context.ts';
import { describeEvent } from '../render/events.ts';
import { logMove } from '../render/moves.ts';
import { renderScores } from '../render/scores.ts';

interface ReplayFlags {
  step?: boolean;
  json?: boolean;
}

async function replayFile(file: string, flags: ReplayFlags): Promise<void> {
  const loaded = loadGame(file);
  const { record, state: finalState } = loaded;
  if (flags.json) {
    const summary = {
      file,
      ok: true,
      moves: record.moves.length,
      turns: finalState.turnNumber,
      chapter: finalState.chapter,
      finished: finalState.result !== null,
      options: record.options,
      result: finalState.result,
    };
    process.stdout.write(`${JSON.stringify(summary, null, 1)}\n`);
    return;
  }
  const ctx: RenderContext = {
    cards: finalState.cards,
    c: makePalette(colorWanted(process.stdout)),
    seatNames: finalState.players.map((_, i) => `Seat ${i + 1}`),
    viewer: null,
  };
  const out = (text: string) => process.stdout.write(`${text}\n`);
  out(
    `${file}: ${record.moves.length} moves, ${record.options.players} players, seed ${record.options.seed} — replays cleanly.`,
  );
  const reader = flags.step ? new LineReader(process.stdin) : null;
  // Once the input ends (a pipe ran dry), the rest is printed without stopping.
  let waiting = reader !== null;
  try {
    const created = createGame(record.options);
    if (!created.ok) throw new RuntimeError(`${file}: ${created.error.message}`);
    let state: GameState = created.state;
    let turn = state.turnNumber;
    for (const move of record.moves) {
      if (reader && waiting && state.turnNumber !== turn) {
        turn = state.turnNumber;
        out(`\n${renderBoard(viewFor(state, null), ctx)}`);
        process.stdout.write('[Enter] next turn ');
        if ((await reader.next()) === null) {
          out('');
          waiting = false;
        }
      }
      out(ctx.c.dim(`· ${logMove(viewFor(state, null), move, ctx)}`));
      const result = applyMove(state, move);
      if (!result.ok)
        throw new RuntimeError(`${file}: move refused on the second pass: ${result.error.message}`);
      for (const event of visibleEvents(result.events, null)) {
        const line = describeEvent(event, ctx);
        if (line) out(`  ${line}`);
      }
      state = result.state;
    }
    out(`\n${renderBoard(viewFor(state, null), ctx)}\n`);
    out(state.result ? renderScores(state.result, ctx) : 'The game was saved before its end.');
  } finally {
    reader?.close();
  }
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('verify that a saved game replays, then show it turn by turn')
    .argument('<file>', 'a game record saved by "gangsta play --save"')
    .option('--step', 'show the board and wait for Enter before each turn')
    .option('--json', 'print a JSON summary (moves, turns, result) instead of the log')
    .addHelpText(
      'after',
      `
Examples:
  gangsta replay game.json
  gangsta replay game.json --step
  gangsta replay game.json --json`,
    )
    .action((file: string, flags: ReplayFlags) => replayFile(file, flags));
}
