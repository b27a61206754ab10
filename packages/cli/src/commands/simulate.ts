/** `gangsta simulate`: many bot games on every core, summarized (text, JSON, HTML). */
import { writeFileSync } from 'node:fs';
import type { BotConfig } from '@gangsta/bots';
import { CLASSIC_CARDS, MAX_PLAYERS } from '@gangsta/engine';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { RuntimeError, UsageError } from '../errors.ts';
import {
  addVariantOptions,
  gameOptionsFrom,
  intArg,
  listArg,
  PLAYER_COUNTS,
  playerCountArg,
  seedOrRandom,
  type VariantFlags,
} from '../options.ts';
import { colorWanted, makePalette } from '../render/color.ts';
import { renderHtml } from '../report/html.ts';
import { renderSummaryText } from '../report/text.ts';
import { botLabel, parseSeat } from '../seats.ts';
import { defaultWorkers } from '../sim/pool.ts';
import { simulate } from '../sim/run.ts';

interface SimulateFlags extends VariantFlags {
  games: number;
  players: number;
  bots: Omit<BotConfig, 'seed'>[];
  rotate: boolean;
  workers?: number;
  json?: string;
  html?: string;
}

export function botListArg(text: string): Omit<BotConfig, 'seed'>[] {
  return listArg((item) => {
    try {
      const spec = parseSeat(item, false);
      if (spec.kind !== 'bot') throw new Error('expected a bot');
      return spec.config;
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  })(text);
}

/** The bots by seat: one bot fills every seat, otherwise one per seat. */
export function seatBots(
  bots: Omit<BotConfig, 'seed'>[],
  players: number,
): Omit<BotConfig, 'seed'>[] {
  const [only] = bots;
  if (bots.length === 1 && only) return Array.from({ length: players }, () => only);
  if (bots.length !== players) {
    throw new UsageError(
      `--bots lists ${bots.length} bots for ${players} players (give 1 or ${players})`,
    );
  }
  return bots;
}

/** "heuristic ×4" or "heuristic, random, heuristic". */
function describeTable(bots: Omit<BotConfig, 'seed'>[]): string {
  const labels = bots.map(botLabel);
  return new Set(labels).size === 1 ? `${labels[0]} ×${labels.length}` : labels.join(', ');
}

function write(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new RuntimeError(
      `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

async function run(flags: SimulateFlags): Promise<void> {
  const seed = seedOrRandom(flags.seed);
  const bots = seatBots(flags.bots, flags.players);
  const workers = flags.workers ?? defaultWorkers();
  const options = gameOptionsFrom(flags, flags.players, seed);
  const { aggregate, seconds } = await simulate(
    { games: flags.games, options, seed, bots, rotate: flags.rotate },
    workers,
  );
  const c = makePalette(colorWanted(process.stdout));
  const facts = [
    `${flags.games} games, ${flags.players} players, bots ${describeTable(bots)}${flags.rotate && new Set(bots.map(botLabel)).size > 1 ? ' (rotated through the seats)' : ''}`,
    `seeds ${seed} to ${seed + flags.games - 1}; ${workers} workers; ${seconds.toFixed(1)} s (${(flags.games / seconds).toFixed(1)} games/s)`,
  ];
  process.stdout.write(
    `${c.bold('Simulation')}: ${facts.join('; ')}\n\n${renderSummaryText(aggregate, CLASSIC_CARDS, c)}\n`,
  );
  const command = `gangsta ${process.argv.slice(2).join(' ')}`;
  if (flags.json) {
    write(
      flags.json,
      `${JSON.stringify({ command, seed, options, seconds, aggregate }, null, 1)}\n`,
    );
    process.stdout.write(`Aggregate written to ${flags.json}\n`);
  }
  if (flags.html) {
    write(
      flags.html,
      renderHtml(aggregate, CLASSIC_CARDS, { title: 'Gangsta! simulation', command, facts }),
    );
    process.stdout.write(`Report written to ${flags.html}\n`);
  }
}

export function registerSimulate(program: Command): void {
  const command = program
    .command('simulate')
    .description('simulate many bot games on all cores and summarize the balance')
    .option('-n, --games <n>', 'number of games', intArg(1, 10_000_000), 100)
    .option('--players <p>', `players per game (${PLAYER_COUNTS})`, playerCountArg, MAX_PLAYERS)
    .addOption(
      new Option(
        '--bots <list>',
        'one bot for every seat or one per seat: random, heuristic, ismcts[:level]',
      )
        .argParser(botListArg)
        .default([{ kind: 'heuristic' }], 'heuristic'),
    )
    .option('--no-rotate', 'keep each bot at its seat (by default bots move one seat each game)')
    .option('--workers <k>', 'worker threads (default: one per core)', intArg(1, 512))
    .option('--json <file>', 'write the raw aggregate as JSON')
    .option('--html <file>', 'write a self-contained HTML report with charts');
  addVariantOptions(command, 'seed of the first game (game i uses seed + i)');
  command.addHelpText(
    'after',
    `
Examples:
  gangsta simulate -n 1000 --players 3
  gangsta simulate -n 400 --players 4 --bots heuristic,random,heuristic,random --html report.html
  gangsta simulate -n 200 --families --resources --json out.json`,
  );
  command.action((flags: SimulateFlags) => run(flags));
}
