/**
 * `gangsta bench`: speed figures of the engine and the bots on one core — random games per
 * second through the fast API, moves per second, median µs to list and apply a move (safe
 * and fast API), heuristic-bot games per second, ISMCTS iterations per second at the start of
 * chapter II with 4 players. Figures depend on the machine; nothing here is a test.
 */
import { createBot } from '@gangsta/bots';
import {
  applyMove,
  createGame,
  fast,
  type GameState,
  isGameOver,
  itemAt,
  legalMoves,
  type Move,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import type { Command } from 'commander';
import { RuntimeError } from '../errors.ts';
import { intArg } from '../options.ts';
import { colorWanted, makePalette, padEnd } from '../render/color.ts';
import { median } from '../sim/stats.ts';

interface BenchFlags {
  seconds: number;
  ismctsMs: number;
  seed: number;
  json?: boolean;
}

/** A small seeded generator for the random policy (the engine's own is internal). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function newGame(seed: number, players = 4): GameState {
  const created = createGame({ players, seed });
  if (!created.ok) throw new RuntimeError(`cannot create a game: ${created.error.message}`);
  return created.state;
}

/** One of the legal moves, uniformly; a game that is not over always has one. */
function randomMove(legal: readonly Move[], random: () => number): Move {
  return itemAt(legal, Math.floor(random() * legal.length), 'legal move');
}

/** Random 4-player games through fast.* for `seconds`: games/s and moves/s. */
function fastRandomGames(seconds: number, seed: number) {
  const random = mulberry32(seed);
  const deadline = performance.now() + seconds * 1000;
  let games = 0;
  let moves = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    const state = newGame(seed + games);
    while (!isGameOver(state)) {
      const legal = fast.legalMoves(state);
      fast.apply(state, randomMove(legal, random));
      moves += 1;
    }
    games += 1;
  }
  const elapsed = (performance.now() - started) / 1000;
  return { games, moves, gamesPerSecond: games / elapsed, movesPerSecond: moves / elapsed };
}

/** Median µs of legalMoves and applyMove (safe) and of their fast twins, over random positions. */
function perMoveTimes(samples: number, seed: number) {
  const random = mulberry32(seed ^ 0x5bd1e995);
  const safeList: number[] = [];
  const safeApply: number[] = [];
  const fastList: number[] = [];
  const fastApply: number[] = [];
  let game = 0;
  let state = newGame(seed);
  const time = (fn: () => void): number => {
    const t0 = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - t0) / 1000;
  };
  while (safeList.length < samples) {
    if (isGameOver(state)) state = newGame(seed + ++game);
    const decision = pendingDecision(state);
    const seat =
      decision.kind === 'keepResources'
        ? decision.seats[0]
        : 'seat' in decision
          ? decision.seat
          : 0;
    let legal = legalMoves(state, seat);
    safeList.push(
      time(() => {
        legal = legalMoves(state, seat);
      }),
    );
    const move = randomMove(legal, random);
    let next = state;
    safeApply.push(
      time(() => {
        const result = applyMove(state, move);
        if (result.ok) next = result.state;
      }),
    );
    const copy = fast.clone(state);
    fastList.push(
      time(() => {
        fast.legalMoves(copy);
      }),
    );
    fastApply.push(time(() => fast.apply(copy, move)));
    state = next;
  }
  return {
    samples,
    safeLegalMovesUs: median(safeList),
    safeApplyUs: median(safeApply),
    fastLegalMovesUs: median(fastList),
    fastApplyUs: median(fastApply),
  };
}

/** Four heuristic bots through the safe API (what `simulate` does), for `seconds`. */
function heuristicGames(seconds: number, seed: number) {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let games = 0;
  while (performance.now() < deadline) {
    let state = newGame(seed + games);
    const bots = [0, 1, 2, 3].map((seat) => createBot({ kind: 'heuristic', seed: seed + seat }));
    while (!isGameOver(state)) {
      const decision = pendingDecision(state);
      const seats =
        decision.kind === 'keepResources'
          ? decision.seats
          : 'seat' in decision
            ? [decision.seat]
            : [];
      const seat = seats.find((s) => legalMoves(state, s).length > 0)!;
      const { move } = itemAt(bots, seat, 'bot').decide(
        viewFor(state, seat),
        legalMoves(state, seat),
      );
      const result = applyMove(state, move);
      if (!result.ok) throw new RuntimeError(`heuristic bot move refused: ${result.error.message}`);
      state = result.state;
    }
    games += 1;
  }
  return { games, gamesPerSecond: games / ((performance.now() - started) / 1000) };
}

/** A 4-player position at the first action of chapter II, reached by random play. */
function chapterTwoStart(seed: number): GameState {
  for (let attempt = 0; attempt < 100; attempt++) {
    const random = mulberry32(seed + attempt);
    const state = newGame(seed + attempt);
    while (!isGameOver(state)) {
      if (state.chapter === 2 && fast.decision(state).kind === 'action') return state;
      const legal = fast.legalMoves(state);
      fast.apply(state, randomMove(legal, random));
    }
  }
  throw new RuntimeError('no random game reached chapter II');
}

function ismctsSpeed(ms: number, seed: number) {
  const state = chapterTwoStart(seed);
  const decision = pendingDecision(state);
  const seat = 'seat' in decision ? decision.seat : 0;
  const bot = createBot({ kind: 'ismcts', seed, timeMs: ms });
  const started = performance.now();
  const result = bot.decide(viewFor(state, seat), legalMoves(state, seat));
  const elapsed = performance.now() - started;
  const iterations = result.stats?.iterations ?? 0;
  const searchMs = result.stats?.ms ?? elapsed;
  return { iterations, ms: searchMs, iterationsPerSecond: (iterations / searchMs) * 1000 };
}

async function run(flags: BenchFlags): Promise<void> {
  const c = makePalette(colorWanted(process.stdout));
  const say = (text: string) => {
    if (!flags.json) process.stdout.write(`${text}\n`);
  };
  say(c.bold(`Benchmark on one core (Node ${process.version}); ${flags.seconds} s per measure.`));
  // A short warm-up so the JIT has compiled the hot paths before anything is timed.
  fastRandomGames(Math.min(1, flags.seconds / 2), flags.seed + 1_000_000);
  const random = fastRandomGames(flags.seconds, flags.seed);
  say(
    `${padEnd('random 4-player games (fast API)', 48)}${random.gamesPerSecond.toFixed(1)} games/s`,
  );
  say(
    `${padEnd('moves (fast API, random policy)', 48)}${Math.round(random.movesPerSecond)} moves/s`,
  );
  const perMove = perMoveTimes(20_000, flags.seed);
  say(
    `${padEnd('legalMoves, median', 48)}${perMove.safeLegalMovesUs.toFixed(1)} µs safe · ${perMove.fastLegalMovesUs.toFixed(1)} µs fast`,
  );
  say(
    `${padEnd('apply a move, median', 48)}${perMove.safeApplyUs.toFixed(1)} µs safe · ${perMove.fastApplyUs.toFixed(1)} µs fast`,
  );
  const heuristic = heuristicGames(flags.seconds, flags.seed);
  say(
    `${padEnd('heuristic-bot 4-player games (safe API)', 48)}${heuristic.gamesPerSecond.toFixed(1)} games/s`,
  );
  const ismcts = ismctsSpeed(flags.ismctsMs, flags.seed);
  say(
    `${padEnd('ISMCTS at the start of chapter II, 4 players', 48)}${Math.round(ismcts.iterationsPerSecond)} iterations/s (${ismcts.iterations} in ${Math.round(ismcts.ms)} ms)`,
  );
  if (flags.json) {
    const figures = {
      node: process.version,
      seconds: flags.seconds,
      random,
      perMove,
      heuristic,
      ismcts,
    };
    process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
  }
}

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('measure engine and bot speed on one core')
    .option('--seconds <s>', 'time spent on each games-per-second figure', intArg(1, 600), 3)
    .option('--ismcts-ms <ms>', 'search time for the ISMCTS figure', intArg(10, 600_000), 2000)
    .option('--seed <n>', 'seed of the benchmark games', intArg(0, 2 ** 31 - 1), 1)
    .option('--json', 'print the figures as JSON')
    .addHelpText('after', '\nExample:\n  gangsta bench --seconds 5 --json')
    .action((flags: BenchFlags) => run(flags));
}
