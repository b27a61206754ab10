import { createGame, fast, determinize, viewFor, type GameState } from '@gangsta/engine';
const c = createGame({ players: 2, seed: 7 }); if (!c.ok) throw 0;
let t = performance.now(); let moves = 0;
for (let g = 0; g < 300; g++) { const s = fast.clone(c.state); let k = 0; while (s.phase !== 'gameOver' && k < 3000) { const m = fast.legalMoves(s); fast.apply(s, m[Math.floor(Math.random() * m.length)]); k++; } moves += k; }
console.log('random playout moves', moves, 'us/move', ((performance.now() - t) * 1000 / moves).toFixed(1));
t = performance.now();
const v = viewFor(c.state, 0);
for (let i = 0; i < 1000; i++) determinize(v, i);
console.log('determinize us', ((performance.now() - t)).toFixed(1));
