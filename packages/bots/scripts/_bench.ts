import { createBot, playGame, runMatch, search } from '@gangsta/bots';
import { applyMove, createGame, legalMoves, pendingDecision, viewFor } from '@gangsta/engine';

// heuristic self-play stats
const t0 = performance.now();
let total = 0;
for (let g = 0; g < 10; g++) {
  const { moves, state } = playGame(
    { players: 4, seed: g, resources: true, families: g % 2 === 0 },
    [0, 1, 2, 3].map((i) => createBot({ kind: 'heuristic', seed: i })),
  );
  total += moves.length;
}
console.log('4p heuristic game avg moves', total / 10, 'ms/game', (performance.now() - t0) / 10);
// reach chapter II with 4 heuristic players
const bots = [0, 1, 2, 3].map((i) => createBot({ kind: 'heuristic', seed: i }));
let st = createGame({ players: 4, seed: 7 }).state!;
while (st.chapter < 2) {
  const d = pendingDecision(st);
  const seat = d.kind === 'keepResources' ? d.seats[0] : (d as { seat: number }).seat;
  const m = bots[seat].decide(viewFor(st, seat), legalMoves(st, seat)).move;
  const r = applyMove(st, m);
  if (!r.ok) throw r.error;
  st = r.state;
}
const d = pendingDecision(st);
const seat = (d as { seat: number }).seat;
const view = viewFor(st, seat);
const legal = legalMoves(st, seat);
for (const policy of ['light', 'mixed', 'heuristic'] as const)
  for (const depth of [40, 120, 1000]) {
    const r = search(view, legal, { timeMs: 1000, policy, depth, seed: 1 });
    console.log(policy, depth, 'iterations/s', r.iterations, 'value', r.value.toFixed(2));
  }
