import { type BotConfig, runMatch, type SearchTuning } from '@gangsta/bots';

const [players, games, seed, bots, tuning] = process.argv.slice(2);
const t0 = performance.now();
const r = runMatch({
  players: Number(players),
  bots: JSON.parse(bots) as BotConfig[],
  tuning: tuning ? (JSON.parse(tuning) as SearchTuning[]) : undefined,
  games: Number(games),
  seed: Number(seed),
  onGame: (g, done) => process.stderr.write(`${done}:${g.winners} `),
});
console.log(
  JSON.stringify(
    r.results.map((x) => ({
      kind: x.config.kind,
      t: x.config.timeMs,
      it: x.config.iterations,
      wins: x.wins,
      rate: x.winRate.toFixed(3),
      ci: x.ci95.map((v) => v.toFixed(2)),
      score: x.meanScore.toFixed(1),
    })),
  ),
);
console.log('s', ((performance.now() - t0) / 1000).toFixed(0));
