import { createBot, playGame } from '@gangsta/bots';
for (const players of [2, 4]) {
  const t0 = performance.now(); let moves = 0;
  for (let g = 0; g < 5; g++) moves += playGame({ players, seed: g, resources: true }, Array.from({ length: players }, (_, i) => createBot({ kind: 'heuristic', seed: i }))).moves.length;
  console.log(players, 'ms/game', ((performance.now() - t0) / 5).toFixed(0), 'ms/move', ((performance.now() - t0) / moves).toFixed(2));
}
