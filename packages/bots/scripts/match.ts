/// <reference types="node" />
/**
 * A quick match for tuning experiments:
 *
 *   npx tsx packages/bots/scripts/match.ts PLAYERS GAMES SEED 'BOTS_JSON' ['TUNING_JSON']
 *
 * e.g. 2 20 11 '[{"kind":"ismcts","seed":1,"iterations":400},{"kind":"heuristic","seed":2}]'
 * '[{"priorWeight":0}]'. Prints each game's winners (bot indexes), then the results as JSON.
 */
import { type BotConfig, runMatch, type SearchTuning } from '../src/index.ts';

const [players, games, seed, bots, tuning] = process.argv.slice(2);
if (!bots) {
  process.stderr.write('usage: match.ts PLAYERS GAMES SEED BOTS_JSON [TUNING_JSON]\n');
  process.exit(2);
}
const started = Date.now();
const result = runMatch({
  players: Number(players),
  bots: JSON.parse(bots) as BotConfig[],
  ...(tuning && { tuning: JSON.parse(tuning) as SearchTuning[] }),
  games: Number(games),
  seed: Number(seed),
  onGame: (game, done) => process.stderr.write(`${done}:${game.winners.join('+')} `),
});
process.stderr.write('\n');
const rows = result.results.map((r) => ({
  bot: r.config,
  wins: r.wins,
  winRate: Number(r.winRate.toFixed(3)),
  ci95: r.ci95.map((x) => Number(x.toFixed(3))),
  meanScore: Number(r.meanScore.toFixed(1)),
}));
process.stdout.write(`${JSON.stringify({ games: result.games, results: rows }, null, 1)}\n`);
process.stdout.write(`${((Date.now() - started) / 1000).toFixed(0)} s\n`);
