import { createBot, playGame } from '@gangsta/bots';

const lines: string[] = [];
const { state } = playGame(
  { players: 3, seed: 4, resources: true },
  [0, 1, 2].map((i) => createBot({ kind: 'heuristic', seed: i })),
  {
    onMove: ({ move, decision, state, seat }) => {
      const p = state.players[seat];
      lines.push(
        `T${state.turnNumber} c${state.chapter} s${seat} $${p.cash} g${p.gang.length} ${move.type} ${'card' in move ? move.card : 'member' in move ? move.member : ''} | ${decision.reason ?? ''}`,
      );
    },
  },
);
console.log(lines.join('\n'));
console.log(JSON.stringify(state.result));
