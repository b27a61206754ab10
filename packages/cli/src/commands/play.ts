/** `gangsta play`: a whole game in the terminal against bots (or hot-seat humans). */
import { createBot } from '@gangsta/bots';
import { createGame, viewFor } from '@gangsta/engine';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.ts';
import { LineReader } from '../io/lines.ts';
import {
  addVariantOptions,
  checkPlayerCount,
  gameOptionsFrom,
  listArg,
  seedOrRandom,
  type VariantFlags,
} from '../options.ts';
import { runGame } from '../play/game.ts';
import { Session } from '../play/session.ts';
import { makeTerminal } from '../play/terminal.ts';
import { loadGame, writeRecord } from '../records.ts';
import { renderBoard } from '../render/board.ts';
import { colorWanted, makePalette } from '../render/color.ts';
import type { RenderContext } from '../render/context.ts';
import { renderScores } from '../render/scores.ts';
import { parseSeat, type SeatSpec, seatBotSeed, seatLabel } from '../seats.ts';

interface PlayFlags extends VariantFlags {
  seats?: SeatSpec[];
  save?: string;
  resume?: string;
  explain?: boolean;
}

function seatNames(seats: SeatSpec[]): string[] {
  const humans = seats.filter((s) => s.kind === 'human').length;
  return seats.map((spec, i) =>
    spec.kind === 'human' && humans === 1 ? 'You' : `Seat ${i + 1} (${seatLabel(spec)})`,
  );
}

function startSession(flags: PlayFlags): { session: Session; seats: SeatSpec[]; resumed: boolean } {
  if (flags.resume) {
    const loaded = loadGame(flags.resume);
    const players = loaded.record.options.players;
    const seats =
      flags.seats ??
      Array.from(
        { length: players },
        (_, i): SeatSpec =>
          i === 0 ? { kind: 'human' } : { kind: 'bot', config: { kind: 'heuristic' } },
      );
    if (seats.length !== players) {
      throw new UsageError(
        `--seats lists ${seats.length} seats but ${flags.resume} is a ${players}-player game`,
      );
    }
    return { session: new Session(loaded.state, loaded.record.moves), seats, resumed: true };
  }
  const seats = flags.seats ?? [{ kind: 'human' }, { kind: 'bot', config: { kind: 'heuristic' } }];
  checkPlayerCount(seats.length, '--seats');
  const seed = seedOrRandom(flags.seed);
  const created = createGame(gameOptionsFrom(flags, seats.length, seed));
  if (!created.ok) throw new UsageError(`cannot start the game: ${created.error.message}`);
  return { session: new Session(created.state), seats, resumed: false };
}

async function play(flags: PlayFlags): Promise<void> {
  const { session, seats, resumed } = startSession(flags);
  const seed = session.options.seed;
  const bots = seats.map((spec, seat) =>
    spec.kind === 'bot' ? createBot({ ...spec.config, seed: seatBotSeed(seed, seat) }) : null,
  );
  const humans = seats.flatMap((spec, seat) => (spec.kind === 'human' ? [seat] : []));
  const ctx: RenderContext = {
    cards: session.state.cards,
    c: makePalette(colorWanted(process.stdout)),
    seatNames: seatNames(seats),
    viewer: humans[0] ?? null,
  };
  const reader = new LineReader(process.stdin);
  const term = makeTerminal(reader, process.stdout, process.stdin.isTTY !== true);
  term.print(
    `${ctx.c.bold('Gangsta!')} — ${seats.length} players, seed ${seed}${resumed ? `, resumed after ${session.moves.length} moves` : ''}. Type ? at a prompt for help.`,
  );
  const playContext = {
    session,
    bots,
    ctx,
    term,
    savePath: flags.save,
    defaultSaveName: `gangsta-${seed}.json`,
    explain: flags.explain === true,
  };
  try {
    const outcome = await runGame(playContext);
    if (outcome === 'finished') {
      const state = session.state;
      term.print(`\n${renderBoard(viewFor(state, ctx.viewer), ctx)}\n`);
      if (state.result) term.print(renderScores(state.result, ctx));
    } else {
      term.print('Game left unfinished.');
    }
    // "At exit": the record goes to --save (or to the file chosen at an earlier "s").
    if (playContext.savePath) {
      writeRecord(playContext.savePath, session.record());
      term.print(`Game record saved to ${playContext.savePath}.`);
    }
  } finally {
    reader.close();
  }
}

export function registerPlay(program: Command): void {
  const command = program
    .command('play')
    .description('play a game in the terminal against bots')
    .option(
      '--seats <list>',
      'comma-separated seats: human, random, heuristic, ismcts, easy|medium|hard, kind:level (default: human,heuristic)',
      listArg((text) => {
        try {
          return parseSeat(text);
        } catch (error) {
          throw new InvalidArgumentError((error as Error).message);
        }
      }),
    )
    .option('--save <file>', 'save the game record (JSON) to this file at the end and on "s"')
    .option('--resume <file>', 'continue a saved game')
    .option('--explain', "print why each bot chose its move (the bots' reasons)");
  addVariantOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  gangsta play                                   you against the heuristic bot
  gangsta play --seats human,heuristic,ismcts:hard --families --seed 42
  gangsta play --seats human,random --save game.json < answers.txt
At each prompt type a move number, u (undo), s (save), b (board), t (tip), q (quit) or ? (help).`,
  );
  command.action((flags: PlayFlags) => play(flags));
}
