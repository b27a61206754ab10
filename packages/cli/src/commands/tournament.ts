/**
 * `gangsta tournament`: the bots' strength measurement. Wraps the bots package's match
 * (seats rotate every game; a shared victory counts 1/k) and spreads its games over worker
 * threads, then prints each bot's win rate with its 95% interval.
 */
import { type BotConfig, type GameSummary, type MatchOptions, summarize } from '@gangsta/bots';
import type { Command } from 'commander';
import {
  addVariantOptions,
  checkPlayerCount,
  gameOptionsFrom,
  intArg,
  PLAYER_COUNTS,
  seedOrRandom,
  type VariantFlags,
} from '../options.ts';
import { colorWanted, makePalette, padEnd, padStart } from '../render/color.ts';
import { botLabel, seatBotSeed } from '../seats.ts';
import { defaultWorkers, runInWorkers } from '../sim/pool.ts';
import { progressBar } from '../sim/run.ts';
import { pct } from '../sim/stats.ts';
import { botListArg } from './simulate.ts';

interface TournamentFlags extends VariantFlags {
  bots: Omit<BotConfig, 'seed'>[];
  games: number;
  rotate: boolean;
  workers?: number;
  json?: boolean;
}

async function run(flags: TournamentFlags): Promise<void> {
  const players = flags.bots.length;
  checkPlayerCount(players, '--bots (one bot per seat)');
  const seed = seedOrRandom(flags.seed);
  const { players: _p, seed: _s, ...variants } = gameOptionsFrom(flags, players, seed);
  const options: Omit<MatchOptions, 'onGame'> = {
    players,
    variants,
    bots: flags.bots.map((config, i) => ({ ...config, seed: seatBotSeed(seed, i) })),
    games: flags.games,
    seed,
    rotateSeats: flags.rotate,
  };
  const workers = flags.workers ?? defaultWorkers();
  const requests = Array.from({ length: flags.games }, (_, index) => ({
    kind: 'match' as const,
    options,
    index,
  }));
  const summaries: GameSummary[] = [];
  const progress = progressBar('tournament', flags.games);
  const started = performance.now();
  try {
    await runInWorkers<GameSummary>(requests, workers, (summary) => {
      summaries.push(summary);
      progress.tick();
    });
  } finally {
    progress.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  summaries.sort((a, b) => a.index - b.index);
  const result = summarize(options.bots, summaries);
  if (flags.json) {
    const { summaries, ...rest } = result;
    process.stdout.write(
      `${JSON.stringify({ seed, players, variants, seconds, ...rest, summaries }, null, 1)}\n`,
    );
    return;
  }
  const c = makePalette(colorWanted(process.stdout));
  const rows = result.results.map((r) => ({
    ...r,
    label: `${r.index + 1}. ${botLabel(r.config)}`,
  }));
  const width = Math.max(12, ...rows.map((r) => r.label.length)) + 2;
  const lines = [
    c.bold(
      `Tournament: ${flags.games} games, ${players} players, seed ${seed}, seats ${flags.rotate ? 'rotated' : 'fixed'} · ${seconds.toFixed(1)} s`,
    ),
    c.dim(
      `  ${padEnd('bot', width)}${padStart('wins', 8)}${padStart('win rate', 10)}${padStart('95% CI', 18)}${padStart('mean IP', 9)}`,
    ),
  ];
  rows.forEach((r) => {
    const ci = `${pct(r.ci95[0])}–${pct(r.ci95[1])}`;
    lines.push(
      `  ${padEnd(r.label, width)}${padStart(r.wins.toFixed(1), 8)}${padStart(pct(r.winRate), 10)}${padStart(ci, 18)}${padStart(r.meanScore.toFixed(1), 9)}`,
    );
  });
  lines.push(
    c.dim(
      `An even table wins ${pct(1 / players)} each; a shared victory counts 1/k to each winner.`,
    ),
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function registerTournament(program: Command): void {
  const command = program
    .command('tournament')
    .description(
      'measure bot strength: bots play each other with rotated seats (win rates, 95% CI)',
    )
    .requiredOption(
      '--bots <list>',
      `one bot per seat (${PLAYER_COUNTS}): random, heuristic, ismcts[:level|:iterations]`,
      botListArg,
    )
    .option('-n, --games <n>', 'number of games', intArg(1, 1_000_000), 100)
    .option('--no-rotate', 'keep each bot at its seat')
    .option('--workers <k>', 'worker threads (default: one per core)', intArg(1, 512))
    .option('--json', 'print the result as JSON');
  addVariantOptions(command, 'seed of the match');
  command.addHelpText(
    'after',
    `
Examples:
  gangsta tournament --bots heuristic,random -n 200
  gangsta tournament --bots ismcts:200,heuristic,heuristic,heuristic -n 40 --seed 7`,
  );
  command.action((flags: TournamentFlags) => run(flags));
}
