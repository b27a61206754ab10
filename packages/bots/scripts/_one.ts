import { search, createBot } from '@gangsta/bots';
import { createGame, viewFor, legalMoves, pendingDecision, applyMove, type GameState } from '@gangsta/engine';
const bots = [0,1].map(i => createBot({ kind: 'heuristic', seed: i }));
const c = createGame({ players: 2, seed: 7 }); if (!c.ok) throw 0; let st: GameState = c.state;
let n = 0;
while (st.phase !== 'gameOver' && n < 400) { const d = pendingDecision(st); if (d.kind === 'gameOver') break; const seat = d.kind === 'keepResources' ? d.seats[0] : d.seat; const legal = legalMoves(st, seat);
  if (n % 40 === 0 && legal.length > 1) { const t = performance.now(); const r = search(viewFor(st, seat), legal, { iterations: 400, seed: 1 }); console.log(n, st.chapter, d.kind, legal.length, r.iterations, (performance.now() - t).toFixed(0), 'ms'); }
  const t1 = performance.now(); const m = bots[seat].decide(viewFor(st, seat), legal).move; const dt = performance.now() - t1; if (dt > 50) console.log('slow heuristic', d.kind, dt.toFixed(0));
  const r = applyMove(st, m); if (!r.ok) throw r.error; st = r.state; n++; }
