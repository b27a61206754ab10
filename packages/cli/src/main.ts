/**
 * The `gangsta` command line. Each command lives in src/commands; this file wires them into
 * commander and turns failures into one line on stderr and an exit code: 2 for usage errors
 * (commander's and ours), 1 for runtime errors.
 */
import { Command, CommanderError } from 'commander';
import { registerBalance } from './commands/balance.ts';
import { registerBench } from './commands/bench.ts';
import { registerOnline } from './commands/online.ts';
import { registerPlay } from './commands/play.ts';
import { registerReplay } from './commands/replay.ts';
import { registerReview } from './commands/review.ts';
import { registerSimulate } from './commands/simulate.ts';
import { registerTournament } from './commands/tournament.ts';
import { RuntimeError, UsageError } from './errors.ts';

export function buildProgram(): Command {
  const program = new Command('gangsta')
    .description(
      'Gangsta! in the terminal: play against bots or online, simulate, replay, benchmark',
    )
    .version('0.1.0')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  registerPlay(program);
  registerOnline(program);
  registerSimulate(program);
  registerTournament(program);
  registerReplay(program);
  registerReview(program);
  registerBench(program);
  registerBalance(program);
  return program;
}

async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander printed its message already; help and --version end with code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError || error instanceof RuntimeError) {
      process.stderr.write(`gangsta: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(
      `gangsta: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

process.exitCode = await main(process.argv);
