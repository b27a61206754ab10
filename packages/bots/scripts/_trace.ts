import { createBot, playGame } from '@gangsta/bots';

const seen: string[] = [];
try {
  playGame(
    { players: 2, seed: 0 },
    [createBot({ kind: 'heuristic', seed: 1 }), createBot({ kind: 'random', seed: 2 })],
    {
      maxMoves: 3000,
      onMove: ({ move, decision, state }) => {
        seen.push(
          `${state.turnNumber} ${state.phase} ${JSON.stringify(move)} ${decision.reason ?? ''}`,
        );
      },
    },
  );
} catch (e) {
  console.log(String(e));
}
console.log(seen.slice(-30).join('\n'));
