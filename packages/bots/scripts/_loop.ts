import { createBot, playGame } from '@gangsta/bots';
const flags = ['families','resources','expertResources','minimumPassIncome','catchUpCash','privateHeistInfluence'];
for (const players of [3, 4]) {
const seen: string[] = [];
const v: Record<string, boolean> = {}; flags.forEach((f, b) => { v[f] = Boolean((players * 7) & (1 << b)); }); if (v.expertResources) v.resources = true;
try { playGame({ ...v, players, seed: 50 + players }, Array.from({ length: players }, (_, s) => createBot(s === 0 ? { kind: 'ismcts', seed: s, iterations: 12 } : { kind: 'heuristic', seed: s })), { maxMoves: 3000, onMove: ({ move, state }) => { seen.push(`${state.turnNumber} ${state.phase} ${JSON.stringify(move)} cash=${state.players[move.seat].cash} bank=${state.players[move.seat].bank}`); } }); } catch (e) { console.log(String(e)); }
console.log(players, seen.length, seen.slice(-12).join('\n'));
}
