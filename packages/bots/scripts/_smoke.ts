import { createBot, playGame, runMatch } from '@gangsta/bots';

const t0 = performance.now();
for (let g = 0; g < 3; g++) {
  const { state, moves } = playGame({ players: 2, seed: g }, [
    createBot({ kind: 'heuristic', seed: 1 }),
    createBot({ kind: 'random', seed: 2 }),
  ]);
  console.log(
    g,
    moves.length,
    JSON.stringify(state.result?.scores.map((s) => s.total)),
    state.result?.winners,
    state.result?.reason,
  );
}
console.log('ms', performance.now() - t0);
const r = runMatch({
  players: 2,
  bots: [
    { kind: 'heuristic', seed: 1 },
    { kind: 'random', seed: 2 },
  ],
  games: 20,
  seed: 5,
});
console.log(r.results.map((x) => [x.config.kind, x.winRate, x.meanScore]));
console.log('ms', performance.now() - t0);
