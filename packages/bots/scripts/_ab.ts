// A/B: current heuristic (bot 0) against a snapshot in /tmp/bots/base (bot 1).

import type { Bot } from '@gangsta/bots';
import { createBot, playGame } from '@gangsta/bots';
import { HeuristicBot as OldBot } from '../../../node_modules/.cache/bots-base/src/bots.ts';

const games = Number(process.argv[2] ?? 200);
for (const players of [2, 3, 4]) {
  let wins = 0;
  let score0 = 0;
  let score1 = 0;
  let n0 = 0;
  let n1 = 0;
  for (let g = 0; g < games; g++) {
    const bots: Bot[] = [];
    const who: number[] = [];
    for (let s = 0; s < players; s++) {
      const isNew = (s + g) % 2 === 0;
      who.push(isNew ? 0 : 1);
      bots.push(
        isNew
          ? createBot({ kind: 'heuristic', seed: s })
          : new OldBot({ kind: 'heuristic', seed: s }),
      );
    }
    const { state } = playGame(
      { players, seed: 10000 + g, resources: g % 2 === 0, families: g % 3 === 0 },
      bots,
    );
    const w = state.result!.winners;
    for (const s of w) if (who[s] === 0) wins += 1 / w.length;
    for (const sc of state.result!.scores) {
      if (who[sc.seat] === 0) {
        score0 += sc.total;
        n0++;
      } else {
        score1 += sc.total;
        n1++;
      }
    }
  }
  // expected share of wins for "new" if equal strength = share of seats it holds
  let seatsNew = 0;
  for (let g = 0; g < games; g++)
    for (let s = 0; s < players; s++) if ((s + g) % 2 === 0) seatsNew++;
  console.log(
    `${players}p new wins ${wins.toFixed(1)}/${games} (fair share ${(seatsNew / players).toFixed(1)}) score new ${(score0 / n0).toFixed(1)} old ${(score1 / n1).toFixed(1)}`,
  );
}
