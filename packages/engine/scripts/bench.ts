/**
 * Engine speed figures (not a test): complete random 4-player games per second on one core,
 * moves per second, and the median cost of listing legal moves and applying one.
 * Run: npm run bench -w packages/engine  [-- --games 2000]
 */
import {
  applyMove,
  createGame,
  fast,
  type GameState,
  legalMoves,
  type Move,
} from '../src/index.ts';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** A tiny seeded generator for the random player (not the engine's). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** One of `moves` at random (a game that is not over always has one). */
function pick(random: () => number, moves: readonly Move[]): Move {
  const move = moves[Math.floor(random() * moves.length)];
  if (move === undefined) throw new Error('no legal move in a game that is not over');
  return move;
}

function newGame(seed: number, variants: boolean): GameState {
  const created = createGame({ players: 4, seed, resources: variants, families: variants });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

function playFast(seed: number, variants: boolean): number {
  const state = newGame(seed, variants);
  const random = lcg(seed);
  let moves = 0;
  while (state.phase !== 'gameOver') {
    const legal = fast.legalMoves(state);
    fast.apply(state, pick(random, legal));
    moves++;
  }
  return moves;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function benchGames(games: number, variants: boolean) {
  for (let i = 0; i < 50; i++) playFast(1_000_000 + i, variants); // warm-up
  const start = performance.now();
  let moves = 0;
  for (let i = 0; i < games; i++) moves += playFast(i, variants);
  const seconds = (performance.now() - start) / 1000;
  return {
    gamesPerSecond: games / seconds,
    movesPerSecond: moves / seconds,
    movesPerGame: moves / games,
  };
}

/** Median microseconds of legalMoves and apply, safe and fast, sampled along random games. */
function benchCalls(samples: number) {
  const legalSafe: number[] = [];
  const applySafe: number[] = [];
  const legalFast: number[] = [];
  const applyFast: number[] = [];
  let seed = 0;
  while (legalSafe.length < samples) {
    let state = newGame(seed++, true);
    const random = lcg(seed);
    while (state.phase !== 'gameOver' && legalSafe.length < samples) {
      let t = performance.now();
      const legal: Move[] = legalMoves(state);
      legalSafe.push(performance.now() - t);
      const move = pick(random, legal);
      const copy = fast.clone(state);
      t = performance.now();
      fast.legalMoves(copy);
      legalFast.push(performance.now() - t);
      t = performance.now();
      fast.apply(copy, move);
      applyFast.push(performance.now() - t);
      t = performance.now();
      const result = applyMove(state, move);
      applySafe.push(performance.now() - t);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
  }
  const us = (values: number[]) => Math.round(median(values) * 1000 * 100) / 100;
  return {
    legalMovesSafeUs: us(legalSafe),
    applyMoveSafeUs: us(applySafe),
    legalMovesFastUs: us(legalFast),
    applyFastUs: us(applyFast),
  };
}

const games = argument('games', 2000);
const plain = benchGames(games, false);
const variants = benchGames(Math.ceil(games / 2), true);
const calls = benchCalls(argument('samples', 20000));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `random 4-player games, classic rules:     ${fmt(plain.gamesPerSecond)} games/s, ${fmt(plain.movesPerSecond)} moves/s, ${fmt(plain.movesPerGame)} moves/game`,
);
console.log(
  `random 4-player games, families+resources: ${fmt(variants.gamesPerSecond)} games/s, ${fmt(variants.movesPerSecond)} moves/s, ${fmt(variants.movesPerGame)} moves/game`,
);
console.log(
  `median legalMoves: safe ${calls.legalMovesSafeUs} µs, fast ${calls.legalMovesFastUs} µs`,
);
console.log(
  `median apply:      safe ${calls.applyMoveSafeUs} µs (validated, copied, with events), fast ${calls.applyFastUs} µs`,
);
if (process.argv.includes('--json')) console.log(JSON.stringify({ plain, variants, calls }));
