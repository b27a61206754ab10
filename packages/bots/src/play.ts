/**
 * Plays a whole game between bots, each seeing only its seat's view and its own legal moves.
 * Simultaneous choices (keeping resource cards) are decided by every seat from the same
 * position before any is applied.
 */
import {
  applyMove,
  type CardSet,
  createGame,
  type GameOptionsInput,
  type GameRecord,
  type GameState,
  itemAt,
  legalMoves,
  type Move,
  pendingDecision,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import type { Bot, BotDecision } from './types.ts';

export interface PlayOptions {
  /** Stop (and throw) after this many moves: a guard against a stuck game. */
  maxMoves?: number;
  /** Called after every applied move, e.g. to print a log or collect statistics. */
  onMove?: (info: { move: Move; decision: BotDecision; state: GameState; seat: Seat }) => void;
}

export interface PlayedGame {
  state: GameState;
  record: GameRecord;
  moves: Move[];
}

const DEFAULT_MAX_MOVES = 20_000;

export function playGame(
  options: GameOptionsInput & { cardSet?: CardSet },
  bots: Bot[],
  opts: PlayOptions = {},
): PlayedGame {
  const created = createGame(options);
  if (!created.ok) throw new Error(`cannot create the game: ${created.error.message}`);
  if (bots.length !== created.state.players.length) {
    throw new Error(`${created.state.players.length} seats need as many bots, got ${bots.length}`);
  }
  // One bot per seat (checked just above).
  const botAt = (seat: Seat) => itemAt(bots, seat, 'bot');
  let state = created.state;
  const moves: Move[] = [];
  const maxMoves = opts.maxMoves ?? DEFAULT_MAX_MOVES;
  while (true) {
    const decision = pendingDecision(state);
    if (decision.kind === 'gameOver') break;
    const seats = decision.kind === 'keepResources' ? decision.seats : [decision.seat];
    // Everyone decides from the same position, then the choices are applied in seat order.
    const chosen = seats.map((seat) => {
      const legal = legalMoves(state, seat);
      return { seat, decision: botAt(seat).decide(viewFor(state, seat), legal) };
    });
    for (const { seat, decision: made } of chosen) {
      const result = applyMove(state, made.move);
      if (!result.ok) {
        throw new Error(
          `seat ${seat} (${botAt(seat).config.kind}) played an illegal move ${JSON.stringify(made.move)}: ${result.error.message}`,
        );
      }
      state = result.state;
      moves.push(made.move);
      opts.onMove?.({ move: made.move, decision: made, state, seat });
      if (moves.length > maxMoves) throw new Error(`the game did not end within ${maxMoves} moves`);
    }
  }
  const record: GameRecord = {
    format: 'gangsta-game',
    version: 1,
    options: state.options,
    ...(options.cardSet ? { cardSet: options.cardSet } : {}),
    moves,
  };
  return { state, record, moves };
}
