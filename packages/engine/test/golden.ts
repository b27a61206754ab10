/**
 * Golden games: seeded random games whose whole event log is kept in test/golden/. A change
 * to the rules that alters any of them shows up as a diff; regenerate on purpose with
 * `npm run golden -w packages/engine` and review the diff.
 */
import {
  applyMove,
  createGame,
  type GameEvent,
  type GameOptionsInput,
  legalMoves,
  type Move,
} from '../src/index.ts';
import { randomSource } from './harness.ts';
import { pick } from './helpers.ts';

export const GOLDEN_GAMES: { name: string; options: GameOptionsInput }[] = [
  { name: 'classic-2p', options: { players: 2, seed: 11 } },
  {
    name: 'families-3p',
    options: { players: 3, seed: 22, families: true, minimumPassIncome: true },
  },
  {
    name: 'resources-expert-4p',
    options: { players: 4, seed: 33, resources: true, expertResources: true, catchUpCash: true },
  },
  {
    // R-OPT-4: the printed rules (resource cards before the rows, the Bank at a snitch, 90
    // heists), with R-OPT-3's private influence.
    name: 'printed-resources-3p',
    options: {
      players: 3,
      seed: 44,
      resources: true,
      privateHeistInfluence: true,
      ruleset: 'printed',
    },
  },
];

/** The game's log: the moves and events, one JSON line each. */
export function goldenLog(options: GameOptionsInput): string {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const random = randomSource(options.seed ?? 0);
  const lines: string[] = created.events.map((e: GameEvent) => JSON.stringify(e));
  while (state.phase !== 'gameOver') {
    const moves = legalMoves(state);
    const move: Move = pick(random, moves);
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    lines.push(`> ${JSON.stringify(move)}`, ...result.events.map((e) => JSON.stringify(e)));
    state = result.state;
  }
  return `${lines.join('\n')}\n`;
}
